import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateCheckValue } from '../../src/commands/checkSettings';
import { parseScaling, validateScaling } from '../../src/actions/scale';
import type { RunningServer } from '../server';
import { extensionApi, startSignedIn, stopSignedIn } from './support/env';
import { labelsUnder, nodeAt, requestsOf as allRequests, runScripted, withScript } from './support/resourceTree';

/** Requests of the actions (walking the tree from its roots re-reads the workspace list). */
const requestsOf = (server: RunningServer) => allRequests(server).filter((r) => r !== 'GET /api/v1/teams');

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Runs a command with scripted answers and records the options of each input box (to see prefills). */
async function runCapturing(command: string, script: Parameters<typeof runScripted>[1], ...args: unknown[]) {
  const boxes: vscode.InputBoxOptions[] = [];
  const ui = await withScript(script, () => {
    const win = vscode.window as Mutable<typeof vscode.window>;
    const scripted = win.showInputBox;
    win.showInputBox = ((options?: vscode.InputBoxOptions) => {
      boxes.push(options ?? {});
      return scripted(options);
    }) as typeof win.showInputBox;
    return vscode.commands.executeCommand(command, ...args);
  });
  return { ui, boxes };
}

describe('parts: processes and health checks', function () {
  let server: RunningServer;
  const shown = (ui: { shown: { kind: string; text: string }[] }) => JSON.stringify(ui.shown);
  const scaling = (app: string) => ({ ...server.control.findApp(app)!.scaling });

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  it('validates a scaling as you type', () => {
    assert.deepEqual(parseScaling('web=2 worker=1'), { scaling: { web: 2, worker: 1 } });
    assert.deepEqual(parseScaling(' web = 0, clock_2=10 '), { scaling: { web: 0, clock_2: 10 } });
    const cases: [string, RegExp][] = [
      ['', /Enter process types and counts/],
      ['web', /write type=count/],
      ['Web=1', /"Web" is not a process type/],
      ['1web=1', /not a process type/],
      ['web-api=1', /not a process type/],
      ['web=-1', /whole number, 0 or more/],
      ['web=1.5', /whole number/],
      ['web=', /whole number/],
      ['web=1 web=2', /web is given twice/],
    ];
    for (const [value, message] of cases) assert.match(validateScaling(value) ?? '', message, value);
  });

  it('shows process types with counts, and each instance with its platform status (no extra request)', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Processes');
    assert.deepEqual(await labelsUnder(group), ['web', 'worker']);
    const web = await nodeAt('Personal', 'Apps', 'storefront', 'Processes', 'web');
    const item = await web.getTreeItem();
    assert.equal(item.contextValue, 'process:healthy');
    assert.equal(item.description, '2 × running');
    assert.equal(item.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    server.control.clearRequestLog();
    const api = await extensionApi();
    const instances = await api.treeInsides.resources.getChildren(web);
    const rows = await Promise.all(instances.map((n) => n.getTreeItem()));
    assert.deepEqual(rows.map((r) => r.label), ['web.1', 'web.2']);
    assert.match(String(rows[0].description), /^running · [0-9a-f]{7}$/);
    assert.equal(rows[0].contextValue, 'processInstance:running');
    assert.deepEqual(requestsOf(server), []);
  });

  it('marks a stopped app\'s processes and explains an app never deployed', async () => {
    const web = await (await nodeAt('Personal', 'Apps', 'admin-panel', 'Processes', 'web')).getTreeItem();
    assert.equal(web.contextValue, 'process:degraded');
    assert.equal(web.description, '0 of 1 running · exited');
    assert.deepEqual(await labelsUnder(await nodeAt('Personal', 'Apps', 'blog', 'Processes')), ['Not deployed yet: push code to start processes']);
  });

  it('scales several types in one PUT from the group, prefilled with the current counts; then only Processes is fetched', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Processes');
    await labelsUnder(group);
    server.control.clearRequestLog();
    const { ui, boxes } = await runCapturing('apphost.processes.scale', { inputs: ['web=3 worker=2 mailer=1'] }, group);
    assert.equal(boxes[0].value, 'web=2 worker=1');
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'storefront scaled: web=3 worker=2 mailer=1.'), shown(ui));
    assert.deepEqual(scaling('storefront'), { web: 3, worker: 2, mailer: 1 });
    assert.deepEqual(await labelsUnder(group), ['mailer', 'web', 'worker']);
    const id = server.control.findApp('storefront')!.id;
    assert.deepEqual(requestsOf(server), [`PUT /api/v1/apps/${id}/ps`, `GET /api/v1/apps/${id}/ps`], 'counts came from the loaded group');
  });

  it('from a process row, selects that type\'s count and sends only what changed', async () => {
    const worker = await nodeAt('Personal', 'Apps', 'storefront', 'Processes', 'worker');
    const { boxes } = await runCapturing('apphost.processes.scale', { inputs: ['mailer=1 web=3 worker=4'] }, worker);
    const value = boxes[0].value!;
    assert.equal(value, 'mailer=1 web=3 worker=2');
    assert.equal(value.slice(...boxes[0].valueSelection!), '2');
    assert.deepEqual(scaling('storefront'), { web: 3, worker: 4, mailer: 1 });
  });

  it('sends nothing when nothing changes, and asks before stopping a type', async () => {
    server.control.clearRequestLog();
    const same = await runScripted('apphost.processes.scale', { picks: ['storefront'], inputs: ['web=3'] });
    assert.ok(same.shown.some((s) => s.kind === 'info' && /nothing to change/.test(s.text)), shown(same));
    await runScripted('apphost.processes.scale', { picks: ['storefront'], inputs: ['mailer=0'] });
    assert.deepEqual(requestsOf(server).filter((r) => r.startsWith('PUT')), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.processes.scale', { picks: ['storefront'], inputs: ['mailer=0'], buttons: [[/Stop every mailer process of storefront/, 'Scale']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /storefront scaled/.test(s.text)), shown(ui));
    assert.equal(scaling('storefront').mailer, 0);
  });

  it('refuses a bad scaling in place, and shows the service\'s own limits (422)', async () => {
    const bad = await runScripted('apphost.processes.scale', { picks: ['analytics'], inputs: ['web=two'] });
    assert.ok(bad.shown.some((s) => s.kind === 'error' && /rejected: The count of web must be a whole number/.test(s.text)), shown(bad));
    const ui = await runScripted('apphost.processes.scale', { picks: ['analytics'], inputs: ['web=25'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && s.text === 'Cannot scale analytics: Quantity for web must be an integer between 0 and 20'), shown(ui));
    assert.deepEqual(scaling('analytics'), { web: 1, worker: 1 });
  });

  it('explains an unreachable server (503)', async () => {
    const ui = await runScripted('apphost.processes.scale', { picks: ['legacy-crm'], inputs: ['web=2'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot read the processes of legacy-crm: the app's server cannot be reached/.test(s.text)), shown(ui));
  });

  it('validates health-check values as you type', () => {
    for (const [setting, value] of [['enabled', 'true'], ['path', '/health'], ['wait', '0'], ['timeout', '30'], ['attempts', '5']] as const) {
      assert.equal(validateCheckValue(setting, value), undefined, `${setting}=${value}`);
    }
    assert.match(validateCheckValue('enabled', 'yes') ?? '', /true or false/);
    assert.match(validateCheckValue('path', 'health') ?? '', /starts with "\/"/);
    assert.match(validateCheckValue('path', '/a b') ?? '', /spaces/);
    assert.match(validateCheckValue('wait', '-1') ?? '', /0 or more/);
    assert.match(validateCheckValue('timeout', '0') ?? '', /1 or more/);
    assert.match(validateCheckValue('attempts', '2.5') ?? '', /whole number/);
  });

  it('changes one health-check setting from its row: one PUT, then only Health Checks is fetched', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Health Checks');
    assert.deepEqual(await labelsUnder(group), ['attempts', 'enabled', 'path', 'timeout', 'wait']);
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Health Checks', 'path');
    const before = server.control.findApp('storefront')!.checks.path;
    server.control.clearRequestLog();
    const { boxes } = await runCapturing('apphost.checks.change', { inputs: ['/healthz'] }, row);
    assert.equal(boxes[0].value, before, 'prefilled with the current value');
    assert.equal(server.control.findApp('storefront')!.checks.path, '/healthz');
    assert.equal((await (await nodeAt('Personal', 'Apps', 'storefront', 'Health Checks', 'path')).getTreeItem()).description, '/healthz');
    const id = server.control.findApp('storefront')!.id;
    assert.deepEqual(requestsOf(server), [`PUT /api/v1/apps/${id}/checks`, `GET /api/v1/apps/${id}/checks`]);
  });

  it('toggles checks from the palette, refuses a bad value in place and explains a 422', async () => {
    const off = await runScripted('apphost.checks.change', { picks: ['storefront', 'enabled', 'Disabled'] });
    assert.ok(off.shown.some((s) => s.kind === 'info' && /enabled is now false/.test(s.text)), shown(off));
    assert.equal(server.control.findApp('storefront')!.checks.enabled, false);
    const bad = await runScripted('apphost.checks.change', { picks: ['storefront', 'wait'], inputs: ['soon'] });
    assert.ok(bad.shown.some((s) => s.kind === 'error' && /rejected: Enter a whole number, 0 or more/.test(s.text)), shown(bad));
    const ui = await runScripted('apphost.checks.change', { picks: ['storefront', 'timeout'], inputs: ['9999'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && s.text === 'Cannot change timeout of storefront: Timeout must be an integer between 1 and 600'), shown(ui));
  });

  it('explains an unreachable server when changing checks (503)', async () => {
    const ui = await runScripted('apphost.checks.change', { picks: ['legacy-crm'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot read the health checks of legacy-crm: the app's server cannot be reached/.test(s.text)), shown(ui));
  });
});
