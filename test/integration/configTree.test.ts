import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { appRequests, closeAll, lastRelease, releaseNotes } from './support/configDocs';
import { asAppHost, extensionApi, startSignedIn, stopSignedIn, until } from './support/env';
import { labelsUnder, nodeAt, runScripted } from './support/resourceTree';

describe('config: variables in the tree', function () {
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
  });
  afterEach(async () => {
    server.control.clearFaults();
    await closeAll();
  });
  after(async () => {
    await stopSignedIn(server);
  });

  const row = (app: string, key: string) => nodeAt('Personal', 'Apps', app, 'Config', key);
  const look = async (app: string, key: string) => (await row(app, key)).getTreeItem();

  it('masks secret-looking values by default; Reveal and Hide per variable; the setting turns masking off', async () => {
    const secret = await look('storefront', 'SESSION_SECRET');
    assert.equal(secret.description, '••••••••');
    assert.equal(secret.contextValue, 'configVar:secret:masked');
    assert.ok(!JSON.stringify([secret.label, secret.description, secret.tooltip]).includes('f3c9a1d07be24e5c9a6e1f0b8d7c2a41'), 'the value is nowhere in the row');
    assert.equal((await look('storefront', 'NODE_ENV')).description, 'production');
    assert.equal((await look('storefront', 'NODE_ENV')).contextValue, 'configVar');
    assert.equal((await look('storefront', 'STRIPE_SECRET_KEY')).description, '••••••••');

    server.control.clearRequestLog();
    await vscode.commands.executeCommand('apphost.config.reveal', await row('storefront', 'SESSION_SECRET'));
    const revealed = await look('storefront', 'SESSION_SECRET');
    assert.equal(revealed.description, 'f3c9a1d07be24e5c9a6e1f0b8d7c2a41');
    assert.equal(revealed.contextValue, 'configVar:secret:revealed');
    assert.equal((await look('storefront', 'STRIPE_SECRET_KEY')).description, '••••••••', 'only that variable');
    await vscode.commands.executeCommand('apphost.config.hide', await row('storefront', 'SESSION_SECRET'));
    assert.equal((await look('storefront', 'SESSION_SECRET')).description, '••••••••');
    assert.deepEqual(appRequests(server, 'storefront'), [], 'revealing costs no request');

    const config = vscode.workspace.getConfiguration('apphost');
    await config.update('maskSecrets', false, vscode.ConfigurationTarget.Global);
    try {
      assert.equal((await look('storefront', 'STRIPE_SECRET_KEY')).description, 'sk_live_51Hc2RfK8xYzQ0demoSecretKey9aB');
    } finally {
      await config.update('maskSecrets', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal((await look('storefront', 'STRIPE_SECRET_KEY')).description, '••••••••');
  });

  it('opens config.env at the line of a clicked variable', async () => {
    const item = await look('api-gateway', 'RATE_LIMIT_PER_MINUTE');
    assert.equal(item.command?.command, 'apphost.config.edit');
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const editor = vscode.window.activeTextEditor!;
    assert.match(editor.document.uri.path, /\/api-gateway\/config\.env$/);
    assert.match(editor.document.lineAt(editor.selection.active.line).text, /^RATE_LIMIT_PER_MINUTE=600$/);
  });

  it('copies a value', async () => {
    const ui = await runScripted('apphost.config.copyValue', {}, await row('api-gateway', 'NODE_ENV'));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'Value of NODE_ENV copied.'), JSON.stringify(ui.shown));
    // The web clipboard may be unavailable to a headless page; when it works, it holds the value.
    const text = await Promise.resolve(vscode.env.clipboard.readText()).catch(() => '');
    if (text) assert.equal(text, 'production');
  });

  it('edits one value with a single-key PUT, then refreshes Config', async () => {
    const group = await nodeAt('Personal', 'Apps', 'api-gateway', 'Config');
    await labelsUnder(group);
    const since = lastRelease(server, 'api-gateway');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.config.editValue', { inputs: ['1200'] }, await row('api-gateway', 'RATE_LIMIT_PER_MINUTE'));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /RATE_LIMIT_PER_MINUTE updated on api-gateway/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(server.control.getConfig('api-gateway').RATE_LIMIT_PER_MINUTE, '1200');
    assert.deepEqual(releaseNotes(server, 'api-gateway', since), ['Set RATE_LIMIT_PER_MINUTE config vars']);
    assert.deepEqual(appRequests(server, 'api-gateway').filter((r) => r !== 'GET /releases'), ['GET /config', 'PUT /config'], 'a guard read, then the one PUT');
    assert.equal((await look('api-gateway', 'RATE_LIMIT_PER_MINUTE')).description, '1200');
  });

  it('asks before overwriting a value changed on the server since the list was loaded', async () => {
    const node = await row('api-gateway', 'NODE_ENV');
    server.control.setConfig('api-gateway', { NODE_ENV: 'staging' });
    const ui = await runScripted('apphost.config.editValue', { inputs: ['test'] }, node);
    assert.ok(ui.shown.some((s) => /NODE_ENV changed on the server/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(server.control.getConfig('api-gateway').NODE_ENV, 'staging', 'dismissed: not overwritten');
  });

  it('deletes a variable after a modal confirmation (single-key DELETE)', async () => {
    const node = await row('billing-worker', 'QUEUE');
    const since = lastRelease(server, 'billing-worker');
    await runScripted('apphost.config.delete', {}, node);
    assert.equal(server.control.getConfig('billing-worker').QUEUE, 'billing', 'dismissed: kept');
    const ui = await runScripted('apphost.config.delete', { buttons: [[/Delete QUEUE from billing-worker\?/, 'Delete']] }, node);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /QUEUE deleted/.test(s.text)));
    assert.equal(server.control.getConfig('billing-worker').QUEUE, undefined);
    assert.deepEqual(releaseNotes(server, 'billing-worker', since), ['Unset QUEUE config vars']);
    assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Apps', 'billing-worker', 'Config'))).includes('QUEUE'));
  });

  it('adds a variable: the name is validated, an existing one is not replaced silently', async () => {
    const group = await nodeAt('Personal', 'Apps', 'billing-worker', 'Config');
    const bad = await runScripted('apphost.config.add', { inputs: ['2FAST'] }, group);
    assert.ok(bad.shown.some((s) => /rejected: Use letters, digits and underscores/.test(s.text)), JSON.stringify(bad.shown));
    await runScripted('apphost.config.add', { inputs: ['WORKERS', '4'] }, group);
    assert.equal(server.control.getConfig('billing-worker').WORKERS, '4');
    assert.ok((await labelsUnder(group)).includes('WORKERS'));
    const existing = await runScripted('apphost.config.add', { inputs: ['WORKERS', '8'] }, group);
    assert.ok(existing.shown.some((s) => /WORKERS already exists on billing-worker/.test(s.text)));
    assert.equal(server.control.getConfig('billing-worker').WORKERS, '4', 'not replaced without a yes');
  });

  it('works from the palette: pick the app, then the variable', async () => {
    await runScripted('apphost.config.editValue', { picks: ['image-resizer', 'MAX_WIDTH'], inputs: ['1024'] });
    assert.equal(server.control.getConfig('image-resizer').MAX_WIDTH, '1024');
  });

  it('reloads an open config.env without edits after a tree action', async () => {
    const app = server.control.findApp('analytics')!;
    await vscode.commands.executeCommand('apphost.config.edit', asAppHost({ workspace: undefined, id: app.id, name: 'analytics' }));
    const doc = vscode.window.activeTextEditor!.document;
    assert.match(doc.getText(), /RETENTION_DAYS=400/);
    await runScripted('apphost.config.add', { inputs: ['REGION', 'eu'] }, asAppHost({ workspace: undefined, id: app.id, name: 'analytics' }));
    await until('the tab shows the new variable', () => doc.getText().includes('REGION=eu'));
    assert.equal(doc.isDirty, false);
    assert.ok((await extensionApi()).context, 'still active');
  });
});
