import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ApiClient, RequestBudget } from '../../src/api';
import { validateAppName } from '../../src/commands/apps';
import type { AppTarget } from '../../src/tree/commandTarget';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { extensionApi, signInWithIssuedToken, startSignedIn, stopSignedIn, until, useServer } from './support/env';
import { childOf, labelOf, nodeAt, withScript } from './support/resourceTree';

const label = labelOf;
const child = childOf;
const path = nodeAt;
const run = (command: string, script: Parameters<typeof withScript>[0], ...args: unknown[]) =>
  withScript(script, () => vscode.commands.executeCommand(command, ...args));

describe('tree: resources, request economy and lifecycle', function () {
  let server: RunningServer;

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  const requests = () =>
    server.control.requestLog.map((e) => `${e.method} ${e.path}${Object.keys(e.query ?? {}).length ? `?${new URLSearchParams(e.query)}` : ''}`);

  it('costs exactly one request per expanded list, and none to render rows', async () => {
    const api = await extensionApi();
    api.treeInsides.resources.refresh();
    server.control.clearRequestLog();
    const roots = await api.treeInsides.resources.getChildren();
    assert.deepEqual(requests(), ['GET /api/v1/teams'], 'roots: the teams');
    const personal = roots[0];
    const groups = await api.treeInsides.resources.getChildren(personal);
    assert.equal(server.control.requestLog.length, 1, 'a workspace shows its groups for free');
    server.control.clearRequestLog();
    const apps = await api.treeInsides.resources.getChildren(groups[1]);
    assert.equal(requests().length, 1);
    assert.match(requests()[0], /^GET \/api\/v1\/apps/);
    server.control.clearRequestLog();
    for (const a of apps) await a.getTreeItem();
    const storefront = await child(groups[1], 'storefront');
    const parts = await api.treeInsides.resources.getChildren(storefront);
    assert.deepEqual(await Promise.all(parts.map(label)), ['Config', 'Domains', 'Releases', 'Processes', 'Health Checks', 'Deploys', 'Addons', 'Log Drains', 'Buildpacks', 'Previews']);
    assert.deepEqual(requests(), [], 'rendering rows and showing app parts costs nothing');
    for (const part of parts) await api.treeInsides.resources.getChildren(part);
    // Previews: the workspace's one apps list with previews, and (storefront has one) at most one read of the app for its GitHub link.
    const all = requests();
    const previewLists = all.filter((r) => /include_previews/.test(r));
    const appReads = all.filter((r) => /^GET \/api\/v1\/apps\/[^/?]+$/.test(r));
    assert.equal(previewLists.length, 1, all.join(', '));
    assert.ok(appReads.length <= 1, all.join(', '));
    assert.equal(all.length - previewLists.length - appReads.length, 9, `one request per other part: ${all.join(', ')}`);
    server.control.clearRequestLog();
    await api.treeInsides.resources.getChildren(groups[1]);
    assert.deepEqual(requests(), [], 'a second look uses the cache');
  });

  it('shows state at a glance: status icon, status and server in the description', async () => {
    const api = await extensionApi();
    await api.treeInsides.resources.getChildren(await path('Personal', 'Servers')); // server names become known
    const crashed = await (await path('Personal', 'Apps', 'image-resizer')).getTreeItem();
    assert.equal((crashed.iconPath as vscode.ThemeIcon).id, 'error');
    assert.match(String(crashed.description), /^crashed · /);
    assert.match(String(crashed.contextValue), /^app:crashed\b/);
    const tooltip = (await path('Personal', 'Apps', 'image-resizer')).tooltip?.();
    assert.match(String((tooltip as vscode.MarkdownString).value), /image-resizer/);
  });

  it('restarts an app from its node: busy while running, then only that app’s process report is read', async () => {
    const api = await extensionApi();
    server.control.setActionDelay(300);
    const node = await path('Personal', 'Apps', 'api-gateway');
    server.control.clearRequestLog();
    const restarting = vscode.commands.executeCommand('apphost.app.restart', node);
    await until('the busy mark', () => (api.treeInsides.state.busy.get(node.id) ?? '').startsWith('Restarting'));
    assert.match(String((await node.getTreeItem()).description), /^Restarting api-gateway…/);
    await restarting;
    server.control.setActionDelay(20);
    assert.equal(api.treeInsides.state.busy.has(node.id), false);
    assert.deepEqual(requests().map((r) => r.replace(/[0-9a-f-]{36}/g, ':id')), ['POST /api/v1/apps/:id/restart', 'GET /api/v1/apps/:id/ps']);
    assert.match(String((await node.getTreeItem()).description), /^running/);
  });

  it('stops and starts an app picked from the Command Palette; the row shows the process report, not the stale status', async () => {
    const row = await path('Personal', 'Apps', 'analytics');
    await run('apphost.app.stop', { picks: ['analytics'] });
    // wokku never updates an app's status after start/stop: the process report is the truth.
    assert.equal(server.control.findApp('analytics')?.status, 'running');
    assert.equal(server.control.processReport('analytics').running, 'false');
    let item = await row.getTreeItem();
    assert.match(String(item.description), /^stopped/, 'the row follows the process report');
    assert.match(item.contextValue!, /^app:stopped\b/, 'the menu offers Start');
    const tooltip = (row as unknown as { tooltip(): vscode.MarkdownString }).tooltip();
    assert.match(tooltip.value, /From its process report.*the service's app list says "running"/s);
    await run('apphost.app.start', { picks: ['analytics'] });
    assert.equal(server.control.processReport('analytics').running, 'true');
    item = await row.getTreeItem();
    assert.match(String(item.description), /^running/, 'the row was updated without refetching the list');
    assert.match(item.contextValue!, /^app:running\b/);
  });

  it('shows "mixed" when only some containers run, with Start and Stop both offered', async () => {
    const row = await path('Personal', 'Apps', 'search-indexer');
    const { app } = row.commandTarget() as AppTarget;
    await (await extensionApi()).tree.readState(app);
    const item = await row.getTreeItem();
    assert.match(String(item.description), /^mixed/);
    assert.match(item.contextValue!, /^app:mixed\b/);
  });

  it('creates an app (server picked, name validated) and reveals it', async () => {
    const apps = await path('Personal', 'Apps');
    const ui = await run('apphost.app.create', { picks: ['eu-central'], inputs: ['shop-api', 'main'] }, apps);
    assert.ok(!ui.shown.some((m) => m.kind === 'error'), JSON.stringify(ui.shown));
    assert.ok(server.control.findApp('shop-api'));
    await child(apps, 'shop-api');
  });

  it('explains the platform refusing a new app (wokku: 422 {"error": Dokku\'s words}), naming the app and server', async () => {
    server.control.failNext({ method: 'POST', path: /\/apps$/, status: 422, body: { error: 'Dokku command failed: apps:create shop-cart\n !     Unable to create app: No space left on device' } });
    const ui = await run('apphost.app.create', { picks: ['eu-central'], inputs: ['shop-cart', 'main'] }, await path('Personal', 'Apps'));
    assert.ok(ui.shown.some((m) => m.kind === 'error' && m.text === 'Cannot create shop-cart on eu-central-1: Unable to create app: No space left on device'), JSON.stringify(ui.shown));
    assert.equal(server.control.findApp('shop-cart'), undefined);
  });

  it('explains a taken name as wokku says it (Dokku refuses first: "Name is already taken"), naming the app and server', async () => {
    const ui = await run('apphost.app.create', { picks: ['eu-central'], inputs: ['storefront', 'main'] }, await path('Personal', 'Apps'));
    const error = ui.shown.find((m) => m.kind === 'error');
    assert.equal(error?.text, 'Cannot create storefront on eu-central-1: an app named storefront already exists on that server (names are unique per server, across every team, so it may be one you cannot see). Choose another name.', JSON.stringify(ui.shown));
    assert.equal(server.control.listApps().filter((a) => a.name === 'storefront').length, 1);
  });

  it('explains a taken name in the validation form too ({"errors":["Name has already been taken"]})', async () => {
    server.control.setTakenName('validation');
    try {
      const ui = await run('apphost.app.create', { picks: ['eu-central'], inputs: ['storefront', 'main'] }, await path('Personal', 'Apps'));
      const error = ui.shown.find((m) => m.kind === 'error');
      assert.equal(error?.text, 'Cannot create storefront on eu-central-1: an app named storefront already exists on that server (names are unique per server, across every team, so it may be one you cannot see). Choose another name.', JSON.stringify(ui.shown));
      const posts = server.control.requestLog.filter((r) => r.method === 'POST' && r.path === '/api/v1/apps');
      assert.equal(posts.at(-1)?.status, 422, 'the service answered the validation form');
    } finally {
      server.control.setTakenName('dokku');
    }
  });

  it('the app limit counts preview apps, as wokku does, and the notice says so', async () => {
    const { store } = server.control.state;
    const user = store.userByEmail(DEMO_USER.email)!;
    const apps = store.workspacesOf(user.id).flatMap((ws) => store.appsIn(ws.id));
    const previews = apps.filter((a) => a.isPreview).length;
    assert.ok(previews > 0, 'the demo has preview apps');
    // Room for one more app, were previews not counted.
    server.control.setPlan(undefined, { maxApps: apps.length - previews + 1 });
    try {
      const ui = await run('apphost.app.create', { picks: ['eu-central'], inputs: ['one-more', 'main'] }, await path('Personal', 'Apps'));
      const error = ui.shown.find((m) => m.kind === 'error');
      assert.match(error?.text ?? '', /^Cannot create one-more on eu-central-1: App limit reached for your plan \(\d+\)\. Preview apps count toward this limit: delete the previews you no longer need, or upgrade the plan\.$/, JSON.stringify(ui.shown));
      assert.equal(server.control.findApp('one-more'), undefined);
    } finally {
      server.control.setPlan(undefined, { maxApps: 50 });
    }
  });

  it('refuses invalid app names as they are typed', async () => {
    for (const bad of ['Shop', '1app', 'shop_api', 'shop.api', '']) assert.ok(validateAppName(bad), bad);
    // wokku's rule, which sets no length limit (nor does Dokku).
    for (const ok of ['shop-api-2', 'shop-', 'x'.repeat(80)]) assert.equal(validateAppName(ok), undefined, ok);
  });

  it('renames an app and changes its deploy branch', async () => {
    const node = await path('Personal', 'Apps', 'shop-api');
    await run('apphost.app.update', { picks: ['Change Deploy Branch'], inputs: ['release/v2'] }, node);
    assert.equal(server.control.findApp('shop-api')?.deployBranch, 'release/v2');
    await run('apphost.app.update', { picks: ['Rename'], inputs: ['shop-backend'] }, node);
    assert.ok(server.control.findApp('shop-backend'));
    assert.equal(await label(node), 'shop-backend');
  });

  it('deletes an app only when its name is typed', async () => {
    const node = await path('Personal', 'Apps', 'shop-backend');
    await run('apphost.app.delete', { inputs: [undefined] }, node);
    assert.ok(server.control.findApp('shop-backend'), 'Escape keeps the app');
    await run('apphost.app.delete', { inputs: ['shop-backend'] }, node);
    assert.equal(server.control.findApp('shop-backend'), undefined);
    const names = await Promise.all((await (await extensionApi()).treeInsides.resources.getChildren(await path('Personal', 'Apps'))).map(label));
    assert.ok(!names.includes('shop-backend'));
  });

  it('opens the first domain, copies the git remote and the push instructions', async () => {
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const original = env.openExternal;
    let opened: string | undefined;
    env.openExternal = async (uri) => {
      opened = uri.toString(true);
      return true;
    };
    try {
      await run('apphost.app.openInBrowser', {}, await path('Personal', 'Apps', 'storefront'));
    } finally {
      env.openExternal = original;
    }
    assert.match(opened ?? '', /^https:\/\//);
    const node = await path('Personal', 'Apps', 'storefront');
    await run('apphost.app.copyGitRemote', {}, node);
    assert.match(await vscode.env.clipboard.readText(), /storefront/);
    await run('apphost.app.copyPushInstructions', {}, node);
    assert.match(await vscode.env.clipboard.readText(), /git/);
  });

  it('filters apps on the server; a preview app shows under its app, in the list only when asked or when its app is not there', async () => {
    const apps = await path('Acme Corp', 'Apps');
    const rows = async () => (await extensionApi()).treeInsides.resources.getChildren(apps);
    const names = async () => (await Promise.all((await rows()).map(label))).sort();
    assert.deepEqual(await names(), ['acme-api', 'acme-queue', 'acme-web'], 'no preview beside its app');
    server.control.clearRequestLog();
    await run('apphost.apps.filter', { inputs: ['web'] }, apps);
    assert.deepEqual(await names(), ['acme-web']);
    assert.ok(server.control.requestLog.some((e) => e.path === '/api/v1/apps' && e.query.q === 'web'), 'filtered by the service');
    assert.match(String((await apps.getTreeItem()).description), /^filter: "web"$/);
    await run('apphost.apps.showPreviews', {}, apps);
    assert.deepEqual(await names(), ['acme-web', 'acme-web-pr-7']);
    assert.match(String((await apps.getTreeItem()).description), /filter: "web" · with preview apps/);
    await run('apphost.apps.hidePreviews', {}, apps);
    // Its app filtered out, the preview has no Previews part to show under: it shows in the list, saying why.
    await run('apphost.apps.filter', { inputs: ['pr-7'] }, apps);
    const [orphan, ...more] = await rows();
    assert.equal(more.length, 0);
    const item = await orphan.getTreeItem();
    assert.equal(await label(orphan), 'acme-web-pr-7');
    assert.match(String(item.description), /preview; its app is not listed here/);
    await run('apphost.apps.clearFilter', {}, apps);
    assert.deepEqual(await names(), ['acme-api', 'acme-queue', 'acme-web']);
  });

  it('explains failures under the failing node, and Retry fetches again', async () => {
    const api = await extensionApi();
    const apps = await path('Personal', 'Apps');
    api.treeInsides.resources.refresh(apps);
    server.control.failNext({ count: 1, status: 500, method: 'GET', path: '/apps' });
    const [row] = await api.treeInsides.resources.getChildren(apps);
    const item = await row.getTreeItem();
    assert.match(String(item.label), /click to retry/);
    assert.equal(item.command?.command, 'apphost.refresh');
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    assert.ok((await api.treeInsides.resources.getChildren(apps)).length > 5, 'retry worked');
  });

  it('the title-bar Refresh refreshes the whole view, whichever row VS Code passes it', async () => {
    const api = await extensionApi();
    const row = await path('Personal', 'Apps', 'storefront');
    await api.treeInsides.resources.getChildren();
    server.control.clearRequestLog();
    await vscode.commands.executeCommand('apphost.refreshAll', row);
    await api.treeInsides.resources.getChildren();
    assert.deepEqual(requests(), ['GET /api/v1/teams'], 'the roots were read again');
  });

  it('says the server is unreachable for an app hosted on it', async () => {
    const api = await extensionApi();
    const legacy = await path('Personal', 'Apps', 'legacy-crm');
    const processes = (await api.treeInsides.resources.getChildren(legacy))[3];
    const [row] = await api.treeInsides.resources.getChildren(processes);
    assert.match(await label(row), /Cannot connect to server/);
  });
});

describe('tree: long lists', function () {
  let server: RunningServer;
  this.timeout(120_000);

  before(async () => {
    server = await useServer({ seed: 'empty' });
    // An empty service: the admin adds a server, then 2,000 apps on it.
    await signInWithIssuedToken(server, ADMIN_USER.email);
    server.control.setPlan(ADMIN_USER.email, { maxApps: 5000 });
    const token = server.control.issueToken(ADMIN_USER.email);
    const client = new ApiClient({ baseUrl: server.url, getToken: () => token, budget: new RequestBudget({ perMinute: 1_000_000 }) });
    const { id: serverId } = await client.servers.create({ name: 'big-box', host: '10.0.0.5', port: 22, sshUser: 'dokku', sshPrivateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\ntest\n-----END OPENSSH PRIVATE KEY-----' });
    await until('the new server to connect', async () => (await client.servers.get(serverId)).status === 'connected');
    const names = Array.from({ length: 2000 }, (_, i) => `app-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 50) {
      await Promise.all(names.slice(i, i + 50).map((name) => client.apps.create({ name, serverId })));
    }
  });
  after(async () => {
    await stopSignedIn(server);
  });

  it('shows the first 200 of 2,000 apps with "Load more", in one request', async () => {
    const api = await extensionApi();
    api.treeInsides.resources.refresh();
    const apps = await path('Personal', 'Apps');
    server.control.clearRequestLog();
    let rows = await api.treeInsides.resources.getChildren(apps);
    assert.equal(rows.length, 201);
    assert.match(await label(rows[200]), /^Load 200 more \(1,800 remaining\)/);
    const more = await rows[200].getTreeItem();
    await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments ?? []));
    rows = await api.treeInsides.resources.getChildren(apps);
    assert.equal(rows.length, 401);
    assert.equal(server.control.requestLog.length, 1, 'paging is client-side');
  });
});
