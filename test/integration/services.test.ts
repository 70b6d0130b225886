// Several services side by side (#28): two reference servers at once, one in wokku's form
// (the first service, apphost.baseUrl) and one with workspaces (the specification's header),
// each with its own token, budget and rows; every command goes to the service of its row.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { TreeNode } from '../../src/tree/commandTarget';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { asAppHost, extensionApi, serviceOf, startSignedIn, until } from './support/env';
import { stopTwoServices } from './support/twoServices';
import { childOf, labelOf, runScripted, withScript } from './support/resourceTree';
import { closeAll, editEnv, save } from './support/configDocs';
import { documentUri } from '../../src/editors/apphostUri';
import { deployLogUri } from '../../src/logViews/deployLogs';
import { recentLinesUri } from '../../src/logViews/recentLines';

describe('services: several side by side', function () {
  this.timeout(60_000);
  let a: RunningServer;
  let b: RunningServer;
  let api: AppHostTestApi;
  let tokenB: string;
  const config = () => vscode.workspace.getConfiguration('apphost');
  const roots = () => api.treeInsides.resources.getChildren();
  const children = (node: TreeNode) => api.treeInsides.resources.getChildren(node);
  const contextOf = async (node: TreeNode) => String((await node.getTreeItem()).contextValue);
  const paths = (server: RunningServer) => server.control.requestLog.map((e) => `${e.method} ${e.path}`);
  const storefrontOf = (server: RunningServer) => ({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
  /** The decoration of an AppHost document's tab, as VS Code gets it. */
  const decorationOf = (uri: vscode.Uri) => {
    const d = api.serviceDecorations.provideFileDecoration(uri) as vscode.FileDecoration | undefined;
    return d && { badge: d.badge, tooltip: d.tooltip, color: (d.color as unknown as { id: string } | undefined)?.id };
  };

  before(async () => {
    a = await startSignedIn();
    b = await startServer({ rateLimit: false, actionDelayMs: 20, logIntervalMs: 0, workspaceHeader: true });
    api = await extensionApi();
  });
  after(() => stopTwoServices(a, b));
  afterEach(() => [a, b].forEach((server) => server.control.clearFaults()));

  it('with one service, the view is its workspaces as always: no service row', async () => {
    api.treeInsides.resources.refresh();
    const top = await roots();
    assert.ok(top.length > 0);
    for (const node of top) assert.doesNotMatch(await contextOf(node), /^service\b/);
    assert.equal(await labelOf(top[0]), 'Personal');
  });

  it('with one service, AppHost tabs carry no decoration (they look as they always did)', () => {
    assert.equal(decorationOf(documentUri(storefrontOf(a), 'config')), undefined);
    assert.equal(decorationOf(recentLinesUri(storefrontOf(a), 100)), undefined);
  });

  it('Add Service tests the address, keeps its name in user settings and signs in by any way', async () => {
    tokenB = b.control.issueToken(DEMO_USER.email, 'integration test B');
    const ui = await runScripted('apphost.addService', {
      inputs: [b.url, 'Staging', tokenB],
      buttons: [[/added\. Sign in/, 'Sign In']],
      picks: ['Paste an API token'],
    });
    assert.deepEqual(config().inspect('services')?.globalValue, [{ url: b.url, name: 'Staging' }], JSON.stringify(ui.shown));
    assert.ok(paths(b).includes('GET /'), `the address was tested on B before it was kept: ${paths(b).join(', ')}`);
    const session = await api.connections.of(serviceOf(b)).session();
    assert.equal(session?.apiRoot, serviceOf(b));
    assert.equal(session?.token, tokenB);
    assert.ok(await api.connections.first.session(), 'the first service stays signed in');
  });

  it('shows one row per service, in its colour, signed in, with its own workspaces under it', async () => {
    api.treeInsides.resources.refresh();
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    const top = await roots();
    assert.deepEqual(await Promise.all(top.map(labelOf)), [new URL(a.url).host, 'Staging']);
    const [rowA, rowB] = top;
    const itemB = await rowB.getTreeItem();
    assert.match(String(itemB.contextValue), /^service:signedIn:removable$/);
    assert.equal((itemB.iconPath as vscode.ThemeIcon).id, 'cloud');
    assert.match(String(((itemB.iconPath as vscode.ThemeIcon).color as unknown as { id: string }).id), /^charts\./);
    assert.equal(itemB.description, DEMO_USER.email);
    assert.match(await contextOf(rowA), /^service:signedIn$/, 'the first service cannot be removed (its address is apphost.baseUrl)');
    const workspacesA = await Promise.all((await children(rowA)).map(labelOf));
    const workspacesB = await Promise.all((await children(rowB)).map(labelOf));
    assert.ok(workspacesA.includes('Personal') && workspacesB.includes('Personal'), `${workspacesA} / ${workspacesB}`);
    assert.deepEqual(paths(a), ['GET /api/v1/teams'], 'A listed its workspaces once');
    assert.deepEqual(paths(b), ['GET /api/v1/teams'], 'B listed its workspaces once');
  });

  it('a command on a row of service B goes to B, never to A (same app name on both)', async () => {
    const [, rowB] = await roots();
    const apps = await childOf(await childOf(rowB, 'Personal'), 'Apps');
    const storefront = await childOf(apps, 'storefront');
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    const ui = await runScripted('apphost.app.restart', {}, storefront);
    const idB = b.control.findApp('storefront')!.id;
    await until('B restarted its storefront', () => paths(b).includes(`POST /api/v1/apps/${idB}/restart`), 10_000);
    assert.deepEqual(paths(a), [], 'nothing was sent to A');
    // The question and the notice name the service: two storefronts exist.
    const texts = ui.shown.map((m) => `${m.kind}: ${m.text}`);
    assert.ok(texts.includes('info: Staging: storefront restarted.'), JSON.stringify(texts));
    assert.notEqual(a.control.findApp('storefront')!.id, idB, 'the two services have their own ids');
  });

  it('tabs of two services: each document in its service\'s colour (its tree icon\'s), a badge of its own and the name as tooltip', async () => {
    const [rowA, rowB] = await roots();
    const iconColor = async (row: TreeNode) => ((((await row.getTreeItem()).iconPath as vscode.ThemeIcon).color as unknown as { id: string }).id);
    const hostA = new URL(a.url).host;
    const ofA = decorationOf(documentUri(storefrontOf(a), 'config'));
    const ofB = decorationOf(documentUri(storefrontOf(b), 'config'));
    assert.deepEqual(ofA, { badge: ofA?.badge, tooltip: `Service: ${hostA}`, color: await iconColor(rowA) });
    assert.deepEqual(ofB, { badge: 'St', tooltip: 'Service: Staging', color: await iconColor(rowB) });
    assert.ok(ofA?.badge && ofA.badge !== ofB?.badge, `distinct badges: ${ofA?.badge} / ${ofB?.badge}`);
    // Every AppHost document says its service the same way: the same decoration as B's config.env.
    const refB = storefrontOf(b);
    const uris = [
      documentUri(refB, 'checks'),
      deployLogUri(refB, { id: 'd1', commitSha: 'abcdef1234' }, 'Staging'),
      recentLinesUri(refB, 100, 'Staging'),
      vscode.Uri.from({ scheme: 'apphost-details', path: '/Staging/storefront.json', query: `service=${encodeURIComponent(serviceOf(b))}` }),
      vscode.Uri.from({ scheme: 'apphost-server', path: documentUri(refB, 'config').path, query: documentUri(refB, 'config').query }),
    ];
    for (const uri of uris) assert.deepEqual(decorationOf(uri), ofB, uri.toString());
    assert.deepEqual(decorationOf(vscode.Uri.from({ scheme: 'apphost', path: documentUri(refB, 'config').path })), ofA, 'a tab restored from before several services is the first service\'s');
    assert.equal(decorationOf(vscode.Uri.file('/tmp/storefront/config.env')), undefined, 'other files are not AppHost\'s to decorate');
  });

  it('config.env of the same-named app on both services: two tabs, each save goes to its own service', async () => {
    const refOf = (server: RunningServer) => asAppHost({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
    const open = async (server: RunningServer) => {
      const ref = refOf(server);
      const find = () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'apphost' && d.uri.path.endsWith(`/${ref.id}/storefront/config.env`));
      await vscode.commands.executeCommand('apphost.config.edit', ref);
      await until(`config.env of ${server.url}`, () => !!find(), 10_000);
      return find()!;
    };
    try {
      const docA = await open(a);
      const docB = await open(b);
      assert.notEqual(docA.uri.toString(), docB.uri.toString(), 'two tabs, not one');
      await editEnv(docA, { WHERE: 'service-a' });
      await editEnv(docB, { WHERE: 'service-b' });
      for (const doc of [docA, docB]) assert.equal((await save(doc, { buttons: [[/Saving restarts/, 'Save and Restart']] })).saved, true);
      assert.equal(a.control.getConfig('storefront').WHERE, 'service-a');
      assert.equal(b.control.getConfig('storefront').WHERE, 'service-b');
    } finally {
      await closeAll();
    }
  });

  it('an error of a command on B\'s row names B (several services: which one answered)', async () => {
    const [, rowB] = await roots();
    const storefront = await childOf(await childOf(await childOf(rowB, 'Personal'), 'Apps'), 'storefront');
    b.control.failNext({ method: 'POST', path: /\/restart$/, status: 500, count: 3 });
    const ui = await runScripted('apphost.app.restart', { buttons: [[/Restart/, 'Restart']] }, storefront);
    const errors = ui.shown.filter((m) => m.kind === 'error').map((m) => m.text);
    assert.equal(errors.length, 1, JSON.stringify(ui.shown));
    assert.match(errors[0], /^Staging: /);
  });

  it('from the palette, with two services signed in, asks for the service first', async () => {
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    const ui = await runScripted('apphost.app.restart', { picks: ['Staging', 'api-gateway'], buttons: [[/Restart/, 'Restart']] });
    assert.equal(ui.shown[0]?.kind, 'quickPick');
    assert.deepEqual(ui.shown[0]?.items?.map((i) => i.replace(/^\$\(cloud\) /, '')), [new URL(a.url).host, 'Staging'], JSON.stringify(ui.shown));
    const idB = b.control.findApp('api-gateway')!.id;
    await until('B restarted its api-gateway', () => paths(b).includes(`POST /api/v1/apps/${idB}/restart`), 10_000);
    assert.ok(!paths(a).some((p) => p.startsWith('POST')), 'nothing was changed on A');
  });

  it('a selection of apps of both services restarts each on its own service', async () => {
    const [rowA, rowB] = await roots();
    const storefrontA = await childOf(await childOf(await childOf(rowA, 'Personal'), 'Apps'), 'storefront');
    const storefrontB = await childOf(await childOf(await childOf(rowB, 'Personal'), 'Apps'), 'storefront');
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    const ui = await withScript({}, () => vscode.commands.executeCommand('apphost.app.restart', storefrontB, [storefrontA, storefrontB]));
    const [idA, idB] = [a.control.findApp('storefront')!.id, b.control.findApp('storefront')!.id];
    await until('both restarted', () => paths(a).includes(`POST /api/v1/apps/${idA}/restart`) && paths(b).includes(`POST /api/v1/apps/${idB}/restart`), 10_000);
    assert.ok(!paths(a).includes(`POST /api/v1/apps/${idB}/restart`) && !paths(b).includes(`POST /api/v1/apps/${idA}/restart`), 'no app went to the other service');
    // Apps of two services: the summary names no one service.
    assert.ok(ui.shown.some((m) => m.kind === 'info' && m.text === 'Restarted 2 apps.'), JSON.stringify(ui.shown));
  });

  it('a failure in a selection across services names the app with its service', async () => {
    const [rowA, rowB] = await roots();
    const storefrontA = await childOf(await childOf(await childOf(rowA, 'Personal'), 'Apps'), 'storefront');
    const storefrontB = await childOf(await childOf(await childOf(rowB, 'Personal'), 'Apps'), 'storefront');
    b.control.failNext({ method: 'POST', path: /\/restart$/, status: 500, count: 3 });
    const ui = await withScript({}, () => vscode.commands.executeCommand('apphost.app.restart', storefrontA, [storefrontA, storefrontB]));
    const warning = ui.shown.find((m) => m.kind === 'warning');
    assert.ok(warning, JSON.stringify(ui.shown));
    assert.match(warning.text, /^Restarted 1 of 2 apps\. storefront \(Staging\): /);
  });

  it('a workspace cannot add a service (apphost.services is machine scoped)', async () => {
    await assert.rejects(async () => config().update('services', [{ url: 'https://evil.example.com' }], vscode.ConfigurationTarget.Workspace));
    assert.equal(api.connections.services().length, 2);
  });

  it('a 429 storm on A leaves B refreshing (each service has its own budget)', async () => {
    const [rowA, rowB] = await roots();
    const appsA = await childOf(await childOf(rowA, 'Personal'), 'Apps');
    const appsB = await childOf(await childOf(rowB, 'Personal'), 'Apps');
    a.control.failNext({ status: 429, count: 20, retryAfter: 30 });
    api.treeInsides.resources.refresh(appsA);
    await children(appsA);
    assert.ok(api.connections.of(serviceOf(a)).budget.isThrottled(), 'A is throttled');
    assert.equal(api.connections.of(serviceOf(b)).budget.isThrottled(), false, 'B is not');
    b.control.clearRequestLog();
    api.treeInsides.resources.refresh(appsB);
    const rowsB = await Promise.all((await children(appsB)).map(labelOf));
    assert.ok(rowsB.includes('storefront'), rowsB.join(', '));
    assert.ok(paths(b).some((p) => p.startsWith('GET /api/v1/apps')), 'B asked its server');
    api.connections.of(serviceOf(a)).budget.resume();
  });

  it('an expired session on B prompts once, for B only; A keeps working', async () => {
    const [rowA, rowB] = await roots();
    const appsA = await childOf(await childOf(rowA, 'Personal'), 'Apps');
    const appsB = await childOf(await childOf(rowB, 'Personal'), 'Apps');
    b.control.expireToken(tokenB);
    const ui = await withScript({}, async () => {
      api.treeInsides.resources.refresh(appsB);
      await children(appsB);
      api.treeInsides.resources.refresh(appsB);
      await children(appsB);
      await until('the prompt for B', () => ui.shown.some((s) => s.kind === 'warning'), 5_000).catch(() => undefined);
    });
    const prompts = ui.shown.filter((s) => /session .*expired/.test(s.text));
    assert.equal(prompts.length, 1, JSON.stringify(ui.shown));
    assert.match(prompts[0].text, /on Staging expired/);
    a.control.clearRequestLog();
    api.treeInsides.resources.refresh(appsA);
    assert.ok((await Promise.all((await children(appsA)).map(labelOf))).includes('storefront'), 'A still lists its apps');
    assert.ok(await api.connections.first.session(), 'A is still signed in');
  });

  it('Sign In on B\'s row signs in to B only, by e-mail and password', async () => {
    const before = await api.connections.first.session();
    const [, rowB] = await roots();
    await runScripted('apphost.signIn', { picks: ['e-mail and password'], inputs: [DEMO_USER.email, DEMO_USER.password] }, rowB);
    const session = await api.connections.of(serviceOf(b)).session();
    assert.equal(session?.method, 'password');
    assert.ok(session?.tokenId, 'B issued a token it can revoke');
    assert.equal((await api.connections.first.session())?.id, before?.id, 'A\'s session is untouched');
  });

  it('Rename Service renames B\'s row, nothing else', async () => {
    const [, rowB] = await roots();
    let changed = 0;
    const listening = api.serviceDecorations.onDidChangeFileDecorations(() => changed++);
    try {
      await runScripted('apphost.renameService', { inputs: ['Staging EU'] }, rowB);
      await until('the tabs\' decorations were told to change', () => changed > 0, 10_000);
    } finally {
      listening.dispose();
    }
    assert.deepEqual([decorationOf(documentUri(storefrontOf(b), 'config'))?.tooltip, decorationOf(documentUri(storefrontOf(b), 'config'))?.badge], ['Service: Staging EU', 'SE']);
    assert.deepEqual(config().inspect('services')?.globalValue, [{ url: b.url, name: 'Staging EU' }]);
    api.treeInsides.resources.refresh();
    assert.deepEqual(await Promise.all((await roots()).map(labelOf)), [new URL(a.url).host, 'Staging EU']);
  });

  it('the Activity view shows one service\'s feed at a time: the first, then B once picked (one request per refresh)', async function () {
    // This suite spends much of B's budget (60 a minute): a view's read may wait for the next window.
    this.timeout(200_000);
    const activities = (server: RunningServer) => server.control.requestLog.filter((e) => e.path === '/api/v1/activities');
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    try {
      await vscode.commands.executeCommand('apphost.activity.focus');
      await until('A\'s feed', () => activities(a).length > 0, 65_000);
      assert.equal(activities(b).length, 0, 'B is not asked while A\'s feed shows');
      const ui = await runScripted('apphost.activity.showService', { picks: ['Staging EU'] });
      assert.ok(ui.shown.some((m) => m.kind === 'quickPick' && m.items?.some((i) => i.includes('Staging EU'))), JSON.stringify(ui.shown));
      await until('B\'s feed', () => activities(b).length > 0, 65_000);
      a.control.clearRequestLog();
      await vscode.commands.executeCommand('apphost.activity.refresh');
      await until('B\'s feed again', () => activities(b).length > 1, 65_000);
      assert.equal(activities(a).length, 0, 'A is not asked while B\'s feed shows');
    } finally {
      await vscode.commands.executeCommand('workbench.view.explorer');
    }
  });

  it('Remove Service signs out of B (its token revoked there) and forgets it, ending its tails: one service again', async () => {
    const [, rowB] = await roots();
    const tailed = asAppHost({ service: serviceOf(b), workspace: undefined, id: b.control.findApp('storefront')!.id, name: 'storefront' });
    await vscode.commands.executeCommand('apphost.logs.tail', tailed);
    await until('B\'s tail runs', () => api.logs.tails.isTailing(tailed), 10_000);
    b.control.clearRequestLog();
    const ui = await runScripted('apphost.removeService', { buttons: [[/Remove service Staging EU/, 'Remove']] }, rowB);
    assert.ok(ui.shown.some((s) => /Remove service Staging EU\?/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(await api.connections.of(serviceOf(a)).session() !== undefined, true, 'A stays signed in');
    assert.deepEqual(config().inspect('services')?.globalValue, []);
    assert.equal(api.connections.service(serviceOf(b)), undefined);
    assert.ok(paths(b).some((p) => /^DELETE \/api\/v1\/auth\/tokens\//.test(p)), `the token was revoked on B: ${paths(b).join(', ')}`);
    await until('B\'s tail ended', () => api.logs.tails.tailOf(tailed)?.state === 'stopped', 10_000);
    api.treeInsides.resources.refresh();
    assert.equal(await labelOf((await roots())[0]), 'Personal');
    assert.equal(decorationOf(documentUri(storefrontOf(a), 'config')), undefined, 'one service again: no decoration');
  });
});
