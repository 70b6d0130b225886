// The fault suite, VS Code part: what the user sees under faults, inside a real VS Code
// (code-server) against the reference server's fault injection. Run by
// `npm run test:faults` (APPHOST_TEST_DIR points the integration runner here).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { requestsPerMinute } from '../../../src/connection';
import { ConfigFileSystem } from '../../../src/editors/configFileSystem';
import { DocumentKeys } from '../../../src/editors/documentKeys';
import { EditBases } from '../../../src/editors/editBases';
import type { SaveOrigins } from '../../../src/editors/editorSaves';
import type { SavePrompts } from '../../../src/editors/savePrompts';
import type { TreeNode } from '../../../src/tree/commandTarget';
import type { RunningServer } from '../../server';
import { closeAll, editEnv, openDocument, save, skipRestartPrompt } from '../../integration/support/configDocs';
import { asAppHost, extensionApi, startSignedIn, stopSignedIn, until } from '../../integration/support/env';
import { labelOf, labelsUnder, nodeAt, runScripted } from '../../integration/support/resourceTree';
import { scriptUi } from '../../integration/support/scriptedUi';

const logText = async () => {
  const dir = (await extensionApi()).logUri.fsPath;
  const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
  return files(dir).map((f) => readFileSync(f, 'utf8')).join('\n');
};

/** The window's save of the tab, as the editor announces it, for a provider built by the test (the window's own writes only from the editor). */
const editorSave: SaveOrigins = { take: () => true };

describe('faults (VS Code)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
    await skipRestartPrompt(true);
  });
  afterEach(async () => {
    server.control.clearFaults();
    (await extensionApi()).connection.budget.resume();
    await closeAll();
  });
  after(async () => {
    await skipRestartPrompt(false);
    await stopSignedIn(server);
  });

  it('R4 tree under a 429 storm: keeps its rows (same nodes, stale row), then heals by itself once the service allows', async () => {
    const api = await extensionApi();
    const apps = await nodeAt('Personal', 'Apps');
    const before = (await api.treeInsides.resources.getChildren(apps)).filter((n) => !n.id.endsWith('/stale'));
    const roots = await api.treeInsides.resources.getChildren(undefined);
    // Another client spent the budget: every request gets 429 (Retry-After: 60).
    server.control.failNext({ status: 429, retryAfter: 60, count: 10_000 });
    api.treeInsides.resources.refresh();
    const rootsNow = await api.treeInsides.resources.getChildren(undefined);
    assert.match(await labelOf(rootsNow[0]), /^Stale \(loaded .*\): the service is limiting requests/);
    assert.deepEqual(rootsNow.slice(1), roots, 'the same workspace nodes: expansion stays');
    const during = await api.treeInsides.resources.getChildren(apps);
    assert.match(await labelOf(during[0]), /^Stale/);
    assert.deepEqual(during.slice(1), before, 'the same app rows');
    assert.ok(api.connection.budget.isThrottled());
    const t0 = Date.now();
    server.control.clearFaults();
    // Nobody clicks: the probe (every few seconds) finds the service open and the lists refresh.
    await until('the Apps list to heal', async () => !(await labelsUnder(apps)).some((l) => l.startsWith('Stale')), 15_000);
    assert.ok(Date.now() - t0 < 8_000, `healed after ${Date.now() - t0} ms`);
    assert.ok(!api.connection.budget.isThrottled());
    assert.ok(!(await Promise.all((await api.treeInsides.resources.getChildren(undefined)).map(labelOf))).some((l) => l.startsWith('Stale')));
  });

  it('D4 a restored editor (hot exit) merges against the base it was opened with: a change made meanwhile by someone else survives', async () => {
    const api = await extensionApi();
    server.control.setConfig('analytics', { RESTORED_A: '1', RESTORED_B: '1' });
    const doc = await openDocument(server, 'analytics', 'config');
    await editEnv(doc, { RESTORED_A: 'mine' });
    // Someone else changes another key; then the window reloads: a new provider, no read.
    server.control.setConfig('analytics', { RESTORED_B: 'theirs' });
    const prompts = { confirmRestart: async () => true, resolveConflict: async () => undefined } as unknown as SavePrompts;
    // The tab's key, kept across the reload: the new window's keys admit it.
    await api.fileSystem.keys.flushed();
    const keys = new DocumentKeys(api.context.secrets);
    const restored = new ConfigFileSystem(api.connections, prompts, new EditBases(api.context.secrets), keys, editorSave);
    try {
      await restored.writeFile(doc.uri, new TextEncoder().encode(doc.getText()));
    } finally {
      restored.dispose();
      keys.dispose();
    }
    const config = server.control.getConfig('analytics');
    assert.equal(config.RESTORED_A, 'mine');
    assert.equal(config.RESTORED_B, 'theirs', 'the other change was not reverted');
  });

  it('D5 a restored editor whose base is unknown shows the differences first and writes nothing until the user decides', async () => {
    const api = await extensionApi();
    server.control.setConfig('image-resizer', { UNKNOWN_A: '1', UNKNOWN_B: '1' });
    const doc = await openDocument(server, 'image-resizer', 'config');
    await editEnv(doc, { UNKNOWN_A: 'mine' });
    server.control.setConfig('image-resizer', { UNKNOWN_B: 'theirs' });
    await new EditBases(api.context.secrets).forget(doc.uri);
    const asked: string[][] = [];
    const prompts = {
      confirmRestart: async () => true,
      resolveConflict: async (_u: unknown, _a: unknown, _k: unknown, conflicts: string[], _t: string, unknownBase: boolean) => {
        assert.equal(unknownBase, true);
        asked.push(conflicts);
        return undefined;
      },
    } as unknown as SavePrompts;
    await api.fileSystem.keys.flushed();
    const keys = new DocumentKeys(api.context.secrets);
    const restored = new ConfigFileSystem(api.connections, prompts, new EditBases(api.context.secrets), keys, editorSave);
    server.control.clearRequestLog();
    try {
      await assert.rejects(restored.writeFile(doc.uri, new TextEncoder().encode(doc.getText())), /Not saved/);
    } finally {
      restored.dispose();
      keys.dispose();
    }
    assert.deepEqual(asked, [['UNKNOWN_A', 'UNKNOWN_B']]);
    assert.deepEqual(server.control.requestLog.filter((e) => e.method !== 'GET'), [], 'nothing written');
    assert.equal(server.control.getConfig('image-resizer').UNKNOWN_B, 'theirs');
  });

  it('D6 a save whose PUT worked and DELETE failed says exactly what was saved and keeps the rest in the editor', async () => {
    server.control.setConfig('marketing-site', { PART_SET: '1', PART_DEL: 'x' });
    const doc = await openDocument(server, 'marketing-site', 'config');
    await editEnv(doc, { PART_SET: '2' }, ['PART_DEL']);
    server.control.failNext({ method: 'DELETE', path: /\/config$/, status: 500 });
    // The editor's save, watched at the provider to read the message the user gets.
    const fileSystem = (await extensionApi()).fileSystem;
    let failure: unknown;
    fileSystem.writeFile = async (...args) => ConfigFileSystem.prototype.writeFile.apply(fileSystem, args).catch((e: unknown) => {
      failure = e;
      throw e;
    });
    try {
      assert.equal((await save(doc)).saved, false);
    } finally {
      delete (fileSystem as Partial<ConfigFileSystem>).writeFile;
    }
    assert.match(String((failure as Error | undefined)?.message), /Partly saved: PART_SET set\. Not saved: PART_DEL removed — Internal server error\. The unsaved part is kept in the editor/);
    assert.equal(doc.isDirty, true);
    assert.equal(server.control.getConfig('marketing-site').PART_SET, '2');
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, true, 'saving again sends the rest');
    assert.deepEqual(server.control.requestLog.filter((e) => e.method !== 'GET').map((e) => e.method), ['DELETE']);
    assert.equal(server.control.getConfig('marketing-site').PART_DEL, undefined);
  });

  it('D7 a config save whose connection dropped after the server applied it is read back, not sent twice', async () => {
    const doc = await openDocument(server, 'storefront', 'config');
    await editEnv(doc, { DROPPED: 'yes' });
    server.control.resetAfterNext({ method: 'PUT', path: /\/config$/ });
    server.control.clearRequestLog();
    const { saved, ui } = await save(doc);
    assert.equal(saved, true);
    assert.equal(server.control.requestLog.filter((e) => e.method === 'PUT').length, 1, 'one PUT: one restart');
    assert.ok(ui.shown.some((s) => /reading it back shows your changes on the server/.test(s.text)), JSON.stringify(ui.shown));
  });

  it('D8 deleting an app whose connection dropped after the delete: read back, "deleted", no second DELETE', async () => {
    const api = await extensionApi();
    await api.connection.api().apps.create({ name: 'doomed-app', serverId: server.control.findServer('eu-central-1')?.id ?? '' }).catch(() => undefined);
    const app = server.control.findApp('doomed-app');
    assert.ok(app, 'created');
    server.control.resetAfterNext({ method: 'DELETE', path: /\/apps\/[^/]+$/ });
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.app.delete', { inputs: ['doomed-app'] }, asAppHost({ id: app.id, name: 'doomed-app', workspace: undefined }));
    assert.equal(server.control.findApp('doomed-app'), undefined);
    assert.equal(server.control.requestLog.filter((e) => e.method === 'DELETE').length, 1);
    assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
    assert.ok(ui.shown.some((s) => /reading back shows it was done/.test(s.text)), JSON.stringify(ui.shown));
  });

  it('H6 an app name from the server cannot inject markdown (links, images) into its tooltip', async () => {
    const api = await extensionApi();
    const hostile = 'x](https://evil.example/) ![t](https://tracker.example/p.png) <b>';
    server.control.failNext({ status: 200, method: 'GET', path: '/apps', body: [{ id: 'hostile-1', name: hostile, status: 'running' }] });
    const apps = await nodeAt('Personal', 'Apps');
    api.treeInsides.resources.refresh(apps);
    const row = (await api.treeInsides.resources.getChildren(apps)).find((n) => n.id.endsWith('hostile-1')) as TreeNode;
    const md = row.tooltip?.() as vscode.MarkdownString;
    assert.doesNotMatch(md.value, /(^|[^\\])\]\(https/);
    assert.doesNotMatch(md.value, /(^|[^\\])!\[/);
    assert.doesNotMatch(md.value, /(^|[^\\])<b>/);
    assert.equal(md.isTrusted, undefined);
    api.treeInsides.resources.refresh(apps);
  });

  it('S5 Show Details masks secret-looking fields until "Reveal Secrets"', async () => {
    const app = server.control.findApp('storefront')!;
    server.control.failNext({ status: 200, method: 'GET', path: new RegExp(`/apps/${app.id}$`), body: { id: app.id, name: 'storefront', status: 'running', github_webhook_secret: 'whsec_visible_only_on_reveal' } });
    await vscode.commands.executeCommand('apphost.showDetails', asAppHost({ id: app.id, name: 'storefront', workspace: undefined }));
    const editor = (await until('the details tab', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'apphost-details')))!;
    assert.match(editor.document.getText(), /"github_webhook_secret": "••••••••"/);
    assert.doesNotMatch(editor.document.getText(), /whsec_visible_only_on_reveal/);
    await vscode.commands.executeCommand('apphost.details.reveal', asAppHost(editor.document.uri));
    await until('the revealed text', () => editor.document.getText().includes('whsec_visible_only_on_reveal'));
  });

  it('S6 a device sign-in link on another host is shown and asked about, never opened silently', async () => {
    const api = await extensionApi();
    const opened: string[] = [];
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const openExternal = env.openExternal;
    env.openExternal = async (uri) => {
      opened.push(uri.toString(true));
      return true;
    };
    server.control.failNext({
      status: 200, method: 'POST', path: '/auth/device/code',
      body: { device_code: 'd', user_code: 'ABCD-EFGH', verification_uri: 'https://evil.example/device', expires_in: 600, interval: 1 },
    });
    const session = await api.connection.session();
    const ui = scriptUi({ picks: ['browser'], buttons: [[/not on/, undefined]] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      env.openExternal = openExternal;
      ui.restore();
    }
    assert.deepEqual(opened, []);
    assert.ok(ui.shown.some((s) => /sign-in page that is not on 127\.0\.0\.1/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal((await api.connection.session())?.token, session?.token, 'still the same session');
  });

  it('S7 security and budget settings are application-scoped (user settings only), and the budget is bounded by what the service allows', async () => {
    const manifest = (await extensionApi()).context.extension.packageJSON as { contributes: { configuration: { properties: Record<string, { scope?: string; maximum?: number }> } } };
    const props = manifest.contributes.configuration.properties;
    for (const key of ['apphost.maskSecrets', 'apphost.requestsPerMinute', 'apphost.allowInsecureHttp']) assert.equal(props[key].scope, 'application', key);
    assert.equal(props['apphost.requestsPerMinute'].maximum, 60);
    const config = vscode.workspace.getConfiguration('apphost');
    const previous = config.inspect<number>('requestsPerMinute')?.globalValue;
    await config.update('requestsPerMinute', 5000, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(requestsPerMinute({}), 60, 'the service allows 60');
      assert.equal(requestsPerMinute({ APPHOST_SERVICE_REQUESTS_PER_MINUTE: '120' }), 120);
    } finally {
      await config.update('requestsPerMinute', previous, vscode.ConfigurationTarget.Global);
    }
  });

  it('S8 a long 422 list shows the first few in the notification, all of them behind "Show Details" (the log)', async () => {
    const errors = Array.from({ length: 9 }, (_, i) => `Reason number ${i + 1}`);
    server.control.failNext({ status: 422, method: 'POST', path: '/apps', body: { errors } });
    const ui = await runScripted('apphost.app.create', { picks: ['eu-central-1'], inputs: ['long-errors-app', 'main'] });
    const error = ui.shown.find((s) => s.kind === 'error');
    assert.ok(error, JSON.stringify(ui.shown));
    assert.match(error.text, /Reason number 3 \(and 6 more\)/);
    assert.doesNotMatch(error.text, /Reason number 9/);
    await until('the full list in the log', async () => (await logText()).includes('Reason number 9'));
  });

  it('S11 a 422 with 100,000 errors to a command that names its action: the first few in the notification, all of them in the log', async () => {
    const errors = Array.from({ length: 100_000 }, (_, i) => `Line ${i + 1} is invalid`);
    server.control.failNext({ status: 422, method: 'POST', path: /\/addons$/, body: { errors } });
    const ui = await runScripted('apphost.addon.add', { picks: ['analytics', 'redis'], inputs: [''] });
    const error = ui.shown.find((s) => s.kind === 'error');
    assert.equal(error?.text, 'Cannot add a redis addon to analytics: Line 1 is invalid; Line 2 is invalid; Line 3 is invalid (and 99997 more)');
    await until('the full list in the log', async () => (await logText()).includes('  - Line 100000 is invalid'), 15_000);
  });

  it('S9 config values echoed back in a 422 never reach a notification or the log, however short', async () => {
    server.control.echoErrorNext({ method: 'PUT', path: /\/config$/ });
    const ui = await runScripted('apphost.config.add', { inputs: ['SHORT_PIN', 'q7Z'] }, asAppHost({ id: server.control.findApp('analytics')!.id, name: 'analytics', workspace: undefined }));
    const error = ui.shown.find((s) => s.kind === 'error');
    assert.ok(error && /The command exited with status 1/.test(error.text), JSON.stringify(ui.shown));
    assert.doesNotMatch(error.text, /q7Z/);
    await until('the failure in the log', async () => (await logText()).includes('The command exited with status 1'));
    assert.doesNotMatch(await logText(), /q7Z/);
  });
});
