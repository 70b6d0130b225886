import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { appRequests, closeAll, diagnosticsOf, editEnv, openDocument, save, setText, settled, skipRestartPrompt, type Kind } from './support/configDocs';
import { extensionApi, startSignedIn, stopSignedIn, until } from './support/env';
import { labelOf, labelsUnder, nodeAt, runScripted } from './support/resourceTree';

describe('config: checks.json, app.json and the .env round trip', function () {
  let server: RunningServer;
  const folder = () => vscode.workspace.workspaceFolders![0].uri;
  const read = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder(), name)));
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder(), name), new TextEncoder().encode(text));
  const remove = (name: string) => vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), name)).then(() => undefined, () => undefined);

  before(async () => {
    server = await startSignedIn();
    await skipRestartPrompt(true);
  });
  afterEach(async () => {
    server.control.clearFaults();
    await closeAll();
  });
  after(async () => {
    await skipRestartPrompt(false);
    for (const name of ['.env', '.env.staging', '.gitignore']) await remove(name);
    await stopSignedIn(server);
  });

  /** "key=value" of each row under a group of the app, as the tree shows them now. */
  const rowsUnder = async (...path: string[]) => {
    const api = await extensionApi();
    return Promise.all((await api.treeInsides.resources.getChildren(await nodeAt(...path))).map(async (n) => {
      const item = await n.getTreeItem();
      return `${String(item.label)}=${String(item.description)}`;
    }));
  };

  it('AppHost documents are never auto-saved: each save changes the app, so only the user saves them', async () => {
    // Auto-save after a short delay (code-server's default is afterDelay): a file of the
    // folder, edited after config.env, is saved by it; config.env stays dirty and unsent.
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await files.update('autoSaveDelay', 200, vscode.ConfigurationTarget.Global);
    try {
      const languages: Record<Kind, string> = { config: 'apphost-env', checks: 'apphost-json', app: 'apphost-json', buildpacks: 'apphost-buildpacks' };
      for (const [kind, language] of Object.entries(languages) as [Kind, string][]) {
        const doc = await openDocument(server, 'storefront', kind);
        assert.equal(doc.languageId, language, kind);
        assert.equal(vscode.workspace.getConfiguration('files', doc).get('autoSave'), 'off', `${kind}: auto-save off for ${language}`);
      }
      const doc = await openDocument(server, 'storefront', 'config');
      server.control.clearRequestLog();
      await editEnv(doc, { AUTO_SAVE_PROBE: 'typed' });
      await write('auto-save-control.txt', 'before\n');
      const control = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder(), 'auto-save-control.txt'));
      await vscode.window.showTextDocument(control, { preview: false });
      const edit = new vscode.WorkspaceEdit();
      edit.insert(control.uri, new vscode.Position(0, 0), 'after ');
      assert.ok(await vscode.workspace.applyEdit(edit));
      await until('the folder\'s file auto-saved', async () => !control.isDirty && (await read('auto-save-control.txt')).startsWith('after '), 30_000);
      assert.equal(doc.isDirty, true, 'config.env still holds the unsaved edit');
      assert.equal(server.control.findApp('storefront')!.config.AUTO_SAVE_PROBE, undefined, 'nothing reached the service');
      assert.deepEqual(appRequests(server, 'storefront').filter((r) => r.startsWith('PUT')), []);
      assert.equal((await save(doc)).saved, true, 'the user\'s own save goes through');
      assert.equal(server.control.findApp('storefront')!.config.AUTO_SAVE_PROBE, 'typed');
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
      await remove('auto-save-control.txt');
    }
  });

  it('checks.json: typed JSON; one PUT with only the changed setting; out-of-range values blocked with diagnostics', async () => {
    await labelsUnder(await nodeAt('Personal', 'Apps', 'storefront', 'Health Checks'));
    const doc = await openDocument(server, 'storefront', 'checks');
    const opened = JSON.parse(doc.getText());
    assert.deepEqual(Object.keys(opened), ['enabled', 'path', 'wait', 'timeout', 'attempts']);
    assert.equal(typeof opened.enabled, 'boolean');

    await setText(doc, JSON.stringify({ ...opened, wait: 9999 }, null, 2));
    await until('a diagnostic on wait', () => diagnosticsOf(doc).some((d) => /"wait": must be a whole number from 0 to 300/.test(d.message)));
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, false);
    assert.deepEqual(appRequests(server, 'storefront'), []);
    assert.equal(doc.isDirty, true);

    await setText(doc, JSON.stringify({ ...opened, wait: 12 }, null, 2));
    assert.equal((await save(doc)).saved, true);
    assert.equal(server.control.findApp('storefront')!.checks.wait, 12);
    assert.equal(server.control.findApp('storefront')!.checks.timeout, opened.timeout, 'the others untouched');
    const rows = await rowsUnder('Personal', 'Apps', 'storefront', 'Health Checks');
    assert.ok(rows.includes('wait=12') && rows.includes(`timeout=${opened.timeout}`), rows.join(', '));
    await settled(server);
    assert.deepEqual(appRequests(server, 'storefront'), ['GET /checks', 'PUT /checks'], 'the tree shows the save without reading again');
  });

  it('checks.json: a remote change to the edited setting is a conflict; Overwrite sends mine', async () => {
    const doc = await openDocument(server, 'api-gateway', 'checks');
    const opened = JSON.parse(doc.getText());
    await setText(doc, JSON.stringify({ ...opened, attempts: 7, path: '/ready' }, null, 2));
    server.control.findApp('api-gateway')!.checks.attempts = 2;
    const cancelled = await save(doc);
    assert.equal(cancelled.saved, false);
    assert.ok(cancelled.ui.shown.some((s) => /attempts changed on the server since you opened checks\.json/.test(s.text)), JSON.stringify(cancelled.ui.shown));
    assert.equal(server.control.findApp('api-gateway')!.checks.path, opened.path, 'nothing written');
    assert.equal((await save(doc, { buttons: [[/changed on the server/, 'Overwrite']] })).saved, true);
    assert.equal(server.control.findApp('api-gateway')!.checks.attempts, 7);
    assert.equal(server.control.findApp('api-gateway')!.checks.path, '/ready');
  });

  it('app.json: renames the app and the tab keeps working; a remote branch change is a conflict; Keep Server\'s keeps it', async () => {
    const row = await nodeAt('Personal', 'Apps', 'image-resizer');
    const doc = await openDocument(server, 'image-resizer', 'app');
    assert.deepEqual(JSON.parse(doc.getText()), { name: 'image-resizer', deploy_branch: 'main' });
    await setText(doc, JSON.stringify({ name: 'thumbnailer', deploy_branch: 'main' }, null, 2));
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, true);
    const app = server.control.findApp('thumbnailer');
    assert.ok(app, 'renamed');
    assert.equal(await labelOf(row), 'thumbnailer', 'the app row shows the new name');
    await settled(server);
    assert.deepEqual(appRequests(server, 'thumbnailer'), ['GET /', 'PUT /'], 'the row takes the app the PUT returned: no read after it');

    await setText(doc, JSON.stringify({ name: 'thumbnailer', deploy_branch: 'release' }, null, 2));
    app.deployBranch = 'hotfix';
    const keep = await save(doc, { buttons: [[/deploy_branch changed on the server since you opened app\.json of thumbnailer/, "Keep Server's"]] });
    assert.equal(keep.saved, true, JSON.stringify(keep.ui.shown));
    assert.equal(server.control.findApp('thumbnailer')!.deployBranch, 'hotfix');
    await until('the tab shows the server\'s branch', () => doc.getText().includes('"hotfix"'));

    await setText(doc, JSON.stringify({ name: 'thumbnailer', deploy_branch: 'release' }, null, 2));
    assert.equal((await save(doc)).saved, true, 'the tab opened under the old name still saves');
    assert.equal(server.control.findApp('thumbnailer')!.deployBranch, 'release');
    await setText(doc, JSON.stringify({ name: 'Not Valid!' }, null, 2));
    assert.equal((await save(doc)).saved, false, 'invalid name and a removed setting are refused');
    assert.ok(diagnosticsOf(doc).length >= 2);
  });

  it('pulls config into .env, warns that it is not git-ignored, and adds it to .gitignore on request', async () => {
    await remove('.env');
    await remove('.gitignore');
    const ui = await runScripted('apphost.config.pull', { picks: ['storefront'], inputs: ['.env'], buttons: [[/not ignored by git/, 'Add to .gitignore']] });
    const text = await read('.env');
    assert.match(text, /^# Config vars of storefront, pulled /);
    assert.match(text, /^SESSION_SECRET=f3c9a1d07be24e5c9a6e1f0b8d7c2a41$/m);
    assert.ok(ui.shown.some((s) => s.kind === 'warning' && /\.env is not ignored by git/.test(s.text)), JSON.stringify(ui.shown));
    assert.match(await read('.gitignore'), /^\/\.env$/m);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /Pulled \d+ config vars of storefront into \.env/.test(s.text)));

    // Again: asks before replacing; once ignored, no warning.
    await write('.env', 'MINE=1\n');
    await runScripted('apphost.config.pull', { picks: ['storefront'], inputs: ['.env'] });
    assert.equal(await read('.env'), 'MINE=1\n', 'dismissed: the file is kept');
    const again = await runScripted('apphost.config.pull', { picks: ['storefront'], inputs: ['.env'], buttons: [[/\.env already exists/, 'Replace']] });
    assert.match(await read('.env'), /SESSION_SECRET=/);
    assert.ok(!again.shown.some((s) => /not ignored by git/.test(s.text)), JSON.stringify(again.shown));
  });

  it('pushes a .env file after a preview, with only the differences', async () => {
    await runScripted('apphost.config.pull', { picks: ['billing-worker'], inputs: ['.env.staging'], buttons: [[/\.env\.staging already exists/, 'Replace']] });
    const pulled = await read('.env.staging');
    const edited = pulled.replace(/^QUEUE=.*$/m, 'QUEUE=billing-staging').replace(/^STRIPE_SECRET_KEY=.*\n/m, '') + 'NEW_FLAG=on\n';
    await write('.env.staging', edited);
    const file = vscode.Uri.joinPath(folder(), '.env.staging');

    const dismissed = await runScripted('apphost.config.push', { picks: ['billing-worker'] }, file);
    assert.ok(dismissed.shown.some((s) => /Push \.env\.staging to billing-worker\?/.test(s.text)), JSON.stringify(dismissed.shown));
    assert.equal(server.control.getConfig('billing-worker').QUEUE, pulled.match(/^QUEUE=(.*)$/m)![1], 'dismissed: nothing pushed');

    const withoutRemoving = await runScripted('apphost.config.push', { picks: ['billing-worker'], buttons: [[/Push \.env\.staging/, 'Push Without Removing']] }, file);
    assert.ok(withoutRemoving.shown.some((s) => s.kind === 'info' && /Pushed/.test(s.text)), JSON.stringify(withoutRemoving.shown));
    let config = server.control.getConfig('billing-worker');
    assert.equal(config.QUEUE, 'billing-staging');
    assert.equal(config.NEW_FLAG, 'on');
    assert.ok(config.STRIPE_SECRET_KEY, 'kept');

    server.control.clearRequestLog();
    await runScripted('apphost.config.push', { picks: ['billing-worker'], buttons: [[/Push \.env\.staging/, 'Push']] }, file);
    config = server.control.getConfig('billing-worker');
    assert.equal(config.STRIPE_SECRET_KEY, undefined, 'removed as in the file');
    assert.deepEqual(appRequests(server, 'billing-worker').filter((r) => !r.startsWith('GET')), ['DELETE /config'], 'only the removal was left');

    const nothing = await runScripted('apphost.config.push', { picks: ['billing-worker'] }, file);
    assert.ok(nothing.shown.some((s) => /already matches/.test(s.text)), JSON.stringify(nothing.shown));
  });

  it('refuses to push a file with invalid lines, naming the line', async () => {
    await write('.env.staging', 'GOOD=1\nBAD KEY=2\n');
    const ui = await runScripted('apphost.config.push', { picks: ['billing-worker'] }, vscode.Uri.joinPath(folder(), '.env.staging'));
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /\.env\.staging was not pushed: Line 2:/.test(s.text)), JSON.stringify(ui.shown));
  });
});
