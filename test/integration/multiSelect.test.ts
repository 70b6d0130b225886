// Several rows selected in the Resources view: VS Code calls a row's command as
// (clicked, selected[]). Lifecycle and log commands act on every selected app (once
// each, other rows ignored); every other command still acts on the clicked row only.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { APPS_MIME } from '../../src/schemes';
import { ResourcesDragAndDrop } from '../../src/tree/dragAndDrop';
import type { AppHostTestApi } from '../../src/extension';
import type { TreeNode } from '../../src/tree/commandTarget';
import type { RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import { nodeAt, requestsOf, runScripted, withScript } from './support/resourceTree';

const app = (name: string) => nodeAt('Personal', 'Apps', name);
/** What VS Code passes for a right-click on `clicked` while `selected` are selected. */
const onSelection = (command: string, script: Parameters<typeof runScripted>[1], clicked: TreeNode, selected: TreeNode[]) =>
  runScripted(command, script, clicked, selected);

describe('multi-select: lifecycle and logs on several apps', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let ext: AppHostTestApi;

  before(async () => {
    server = await startSignedIn();
    ext = await extensionApi();
  });
  afterEach(() => {
    server.control.clearFaults();
    server.control.setActionDelay(20);
  });
  after(() => stopSignedIn(server));

  const idOf = (name: string) => server.control.findApp(name)!.id;
  /** Requests since the log was cleared, with app ids replaced by names. */
  const requests = (...names: string[]) =>
    requestsOf(server)
      .map((r) => names.reduce((text, n) => text.replace(idOf(n), n), r))
      .sort();

  it('restarts three selected apps: one POST and one process report per app, each row busy while its call runs', async () => {
    const names = ['api-gateway', 'storefront', 'billing-worker'];
    const rows = await Promise.all(names.map(app));
    server.control.setActionDelay(400);
    server.control.clearRequestLog();
    const ui = withScript({}, () => vscode.commands.executeCommand('apphost.app.restart', rows[0], rows));
    await until('every row busy at once', () => rows.every((r) => (ext.treeInsides.state.busy.get(r.id) ?? '').startsWith('Restarting')));
    assert.match(String((await rows[1].getTreeItem()).description), /^Restarting storefront…/);
    const shown = (await ui).shown;
    assert.deepEqual(requests(...names), names.flatMap((n) => [`GET /api/v1/apps/${n}/ps`, `POST /api/v1/apps/${n}/restart`]).sort());
    assert.ok(rows.every((r) => !ext.treeInsides.state.busy.has(r.id)), 'no row left busy');
    for (const r of rows) assert.match(String((await r.getTreeItem()).description), /^running/);
    assert.deepEqual(shown.map((s) => `${s.kind}: ${s.text}`), ['info: Restarted 3 apps.']);
  });

  it('sends one call for an app selected twice (under Apps and under its server)', async () => {
    const underApps = await app('api-gateway');
    const underServer = await nodeAt('Personal', 'Servers', 'eu-central-1', 'api-gateway');
    server.control.clearRequestLog();
    const ui = await onSelection('apphost.app.restart', {}, underServer, [underApps, underServer]);
    assert.deepEqual(requests('api-gateway'), ['GET /api/v1/apps/api-gateway/ps', 'POST /api/v1/apps/api-gateway/restart']);
    assert.deepEqual(ui.shown.map((s) => s.text), ['api-gateway restarted.'], 'as a single restart');
  });

  it('acts only on the apps of a mixed selection', async () => {
    const gateway = await app('api-gateway');
    const database = await nodeAt('Personal', 'Databases', 'cache');
    const config = await nodeAt('Personal', 'Apps', 'storefront', 'Config');
    server.control.clearRequestLog();
    await onSelection('apphost.app.stop', {}, gateway, [database, gateway, config]);
    assert.deepEqual(requests('api-gateway'), ['GET /api/v1/apps/api-gateway/ps', 'POST /api/v1/apps/api-gateway/stop']);
    assert.equal(server.control.processReport('api-gateway').running, 'false');
    assert.equal(server.control.processReport('storefront').running, 'true', 'a Config row does not stand for its app');
    const names = ['api-gateway', 'admin-panel'];
    server.control.clearRequestLog();
    const ui = await onSelection('apphost.app.start', {}, gateway, [gateway, database, await app('admin-panel')]);
    assert.deepEqual(requests(...names).filter((r) => r.startsWith('POST')), names.map((n) => `POST /api/v1/apps/${n}/start`).sort());
    assert.deepEqual(ui.shown.map((s) => s.text), ['Started 2 apps.']);
  });

  it('names the apps that failed and why, in one message; the others are done', async () => {
    const names = ['storefront', 'api-gateway', 'billing-worker'];
    const rows = await Promise.all(names.map(app));
    server.control.failNext({ method: 'POST', path: new RegExp(`/apps/${idOf('api-gateway')}/restart$`), status: 503, body: { error: 'Cannot connect to server: eu-central-1' } });
    server.control.clearRequestLog();
    const ui = await onSelection('apphost.app.restart', {}, rows[0], rows);
    assert.equal(requests(...names).filter((r) => r.startsWith('POST')).length, 3, 'each app sent once, none retried');
    assert.deepEqual(requests(...names).filter((r) => r.startsWith('GET')), ['GET /api/v1/apps/billing-worker/ps', 'GET /api/v1/apps/storefront/ps'], 'only the restarted ones: their process report');
    assert.deepEqual(ui.shown.map((s) => s.kind), ['warning'], 'one message');
    assert.equal(ui.shown[0].text, 'Restarted 2 of 3 apps. api-gateway: Cannot connect to server: eu-central-1.');
    assert.ok(rows.every((r) => !ext.treeInsides.state.busy.has(r.id)));
  });

  it('stops sending when cancelled from the notification', async () => {
    const names = ['storefront', 'api-gateway', 'billing-worker', 'analytics', 'cron-jobs'];
    const rows = await Promise.all(names.map(app));
    server.control.setActionDelay(300);
    server.control.clearRequestLog();
    const posts = () => requestsOf(server).filter((r) => r.startsWith('POST')).length;
    // Cancel while the first three calls run (the server logs a request when it answers).
    const running = () => rows.filter((r) => ext.treeInsides.state.busy.has(r.id)).length === 3;
    const ui = await withCancellingProgress(running, () => onSelection('apphost.app.restart', {}, rows[0], rows));
    // A row turns busy just before its call leaves: cancelled then, the third may not have been sent.
    await until('the calls in flight logged', () => posts() >= 2, 5_000).catch(() => undefined);
    const sent = posts();
    assert.ok(sent >= 2 && sent <= 3, `the calls in flight complete; the others are not sent (${sent} sent)`);
    assert.deepEqual(ui.shown.map((s) => `${s.kind}: ${s.text}`), [`info: Restarted ${sent} of 5 apps. Not sent: ${names.slice(sent).join(', ')}.`]);
    assert.ok(rows.every((r) => !ext.treeInsides.state.busy.has(r.id)));
  });

  it('Delete App still deletes only the clicked app, after its name is typed', async () => {
    const blog = await app('blog');
    const others = [await app('api-gateway'), await app('storefront')];
    const ui = await onSelection('apphost.app.delete', { inputs: ['blog'] }, blog, [blog, ...others]);
    assert.equal(ui.shown.filter((s) => s.kind === 'inputBox').length, 1, 'one confirmation');
    assert.equal(server.control.findApp('blog'), undefined);
    assert.ok(server.control.findApp('api-gateway') && server.control.findApp('storefront'));
  });

  it('other row commands ignore the selection (Link Database asks which app instead of taking the rows)', async () => {
    const cache = await nodeAt('Personal', 'Databases', 'cache');
    const other = await nodeAt('Personal', 'Databases', 'storefront-db');
    server.control.clearRequestLog();
    const ui = await onSelection('apphost.database.link', { picks: [undefined] }, cache, [cache, other]);
    assert.deepEqual(ui.shown.map((s) => s.kind), ['quickPick'], JSON.stringify(ui.shown));
    assert.deepEqual(requestsOf(server).filter((r) => r.startsWith('POST')), []);
  });

  it('drags an app selected twice as one app', async () => {
    const transfer = new vscode.DataTransfer();
    await new ResourcesDragAndDrop().handleDrag([await app('storefront'), await nodeAt('Personal', 'Servers', 'eu-central-1', 'storefront')], transfer);
    assert.deepEqual((transfer.get(APPS_MIME)!.value as { name: string }[]).map((a) => a.name), ['storefront']);
  });

  it('tails and stops tailing several apps at once', async () => {
    const { tails } = ext.logs;
    const names = ['storefront', 'api-gateway'];
    const rows = await Promise.all(names.map(app));
    const refs = names.map((name) => ({ service: serviceOf(server), workspace: undefined, id: idOf(name), name }));
    const ui = await onSelection('apphost.logs.tail', {}, rows[0], [...rows, await nodeAt('Personal', 'Databases', 'cache')]);
    assert.deepEqual(tails.tailed().map((a) => a.name).sort(), [...names].sort());
    assert.ok(ui.shown.some((s) => /Tailing the logs of 2 apps/.test(s.text)), JSON.stringify(ui.shown));
    for (const r of rows) assert.match(String((await r.getTreeItem()).contextValue), /:tailing\b/);
    await onSelection('apphost.logs.stop', {}, rows[1], rows);
    assert.ok(refs.every((ref) => !tails.isTailing(ref)), 'both stopped');
  });
});

/** Runs `action` with withProgress cancelled (as from the notification's Cancel) once `when` holds. */
async function withCancellingProgress(when: () => boolean, action: () => Promise<{ shown: { kind: string; text: string }[] }>) {
  const win = vscode.window as { withProgress: typeof vscode.window.withProgress };
  const original = win.withProgress;
  win.withProgress = ((options, task) => {
    const source = new vscode.CancellationTokenSource();
    void until('the moment to cancel', when, 10_000).then(() => source.cancel());
    return original(options, (progress) => task(progress, source.token));
  }) as typeof vscode.window.withProgress;
  try {
    return await action();
  } finally {
    win.withProgress = original;
  }
}
