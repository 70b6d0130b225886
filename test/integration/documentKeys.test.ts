// AppHost's documents are served only at the addresses AppHost made for the user (#34):
// a guessed address of any scheme is refused without a request, and what a tab showed
// (a details body, recent lines) goes when its tab closes.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { documentUri } from '../../src/editors/apphostUri';
import { deployLogUri } from '../../src/logViews/deployLogs';
import { recentLinesUri } from '../../src/logViews/recentLines';
import type { RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import { nodeAt, runScripted } from './support/resourceTree';

describe('document keys: AppHost documents only at the addresses AppHost made', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopSignedIn(server);
  });

  const open = (uri: vscode.Uri) => Promise.resolve(vscode.workspace.openTextDocument(uri));
  const withKey = (uri: vscode.Uri, key: string) => uri.with({ query: `${uri.query}&key=${key}` });

  it('refuses a guessed address of every scheme, made-up key or none, and sends nothing', async () => {
    const storefront = server.control.findApp('storefront')!;
    const app = { service: serviceOf(server), workspace: undefined, id: storefront.id, name: 'storefront' };
    const config = documentUri(app, 'config');
    const guessed = [
      config,
      withKey(config, 'guessed'),
      documentUri(app, 'checks'),
      vscode.Uri.from({ scheme: 'apphost-server', path: config.path, query: config.query }),
      vscode.Uri.from({ scheme: 'apphost-details', path: '/personal/apps/storefront.json', query: `service=${encodeURIComponent(app.service)}` }),
      recentLinesUri(app, 100),
      withKey(recentLinesUri(app, 100), 'guessed'),
      deployLogUri(app, { id: server.control.deploysOf('storefront')[0]?.id ?? 'd1', commitSha: 'abcdef1' }),
    ];
    server.control.clearRequestLog();
    for (const uri of guessed) await assert.rejects(open(uri), Error, uri.toString());
    assert.deepEqual(server.control.requestLog.map((e) => `${e.method} ${e.path}`), [], 'no request for a guessed address');
  });

  it('forgets the key of a details tab and a recent lines tab when the tab closes (their copies go with it)', async () => {
    await runScripted('apphost.showDetails', {}, await nodeAt('Personal', 'Apps', 'storefront'));
    const details = vscode.window.activeTextEditor!.document.uri;
    assert.match(details.query, /(^|&)key=/, 'the address AppHost made carries its key');
    assert.match(vscode.window.activeTextEditor!.document.getText(), /"name": "storefront"/);
    await runScripted('apphost.logs.showRecent', { inputs: ['5'] }, await nodeAt('Personal', 'Apps', 'storefront'));
    const recent = vscode.window.activeTextEditor!.document.uri;
    assert.equal(recent.scheme, 'apphost-recent-log');
    const keys = (await extensionApi()).fileSystem.keys;
    for (const uri of [details, recent]) assert.equal(await keys.admits(uri), true, `${uri.scheme} while its tab is open`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await until('the tabs are closed', () => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0));
    // (VS Code keeps a closed document a while, so opening it again would not ask AppHost: the keys tell.)
    for (const uri of [details, recent]) assert.equal(await keys.admits(uri), false, `${uri.scheme} after its tab closed`);
  });
});
