// Deploy logs: the Deploys rows open their build log read-only in an editor tab,
// which follows a running deploy and stops by itself when it finishes or closes.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppRef } from '../../src/model';
import type { RunningServer } from '../server';
import { asAppHost, extensionApi, serviceOf, sleep, startSignedIn, stopSignedIn, until } from './support/env';
import { labelOf, nodeAt, runScripted } from './support/resourceTree';


describe('logs: deploy log', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let storefront: AppRef;
  const deployReads = () => server.control.requestLog.filter((e) => /\/deploys\/[^/]+$/.test(e.path));

  before(async () => {
    server = await startSignedIn();
    storefront = asAppHost({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
    (await extensionApi()).logs.deployLogs.interval = { activeMs: 150, quietMs: 300 };
  });
  afterEach(async () => {
    server.control.setActionDelay(20);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await stopSignedIn(server);
  });

  it('lists deploys with status icons; a click opens the finished build log read-only, in the apphost-log language', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Deploys');
    const [row] = await (await extensionApi()).treeInsides.resources.getChildren(group);
    const item = await row.getTreeItem();
    assert.match(item.contextValue!, /^deploy:(succeeded|failed|timed_out)$/);
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    assert.equal(item.command?.command, 'apphost.deploy.showLog');
    await vscode.commands.executeCommand(item.command!.command, ...(item.command!.arguments ?? []));
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.uri.scheme, 'apphost-deploy-log');
    assert.equal(doc.languageId, 'apphost-log');
    assert.match(doc.uri.path, /^\/storefront\/deploy [0-9a-f]{7}\.log$/);
    const deploy = server.control.deploysOf('storefront')[0];
    for (const line of deploy.log) assert.ok(doc.getText().includes(line), line);
    assert.match(doc.getText().trimEnd().split('\n').at(-1)!, new RegExp(`^… ${deploy.status} at `));
    assert.equal((await extensionApi()).logs.deployLogs.isFollowing(doc.uri), false, 'finished: nothing to follow');
    // Read-only: a virtual document, not a file that could be saved.
    assert.equal(doc.isUntitled, false);
    assert.notEqual(doc.uri.scheme, 'file');
    assert.ok(await labelOf(row));
  });

  it('updates live while the deploy builds, then stops polling by itself', async () => {
    server.control.setActionDelay(2000); // a build step every 500 ms
    const deployId = server.control.startDeploy('storefront', { description: 'Live deploy' });
    // As templates call it: (appRef, deployId).
    await vscode.commands.executeCommand('apphost.deploy.showLog', storefront, deployId);
    const doc = vscode.window.activeTextEditor!.document;
    const deployLogs = (await extensionApi()).logs.deployLogs;
    assert.match(doc.getText(), /… (pending|building)/);
    assert.ok(deployLogs.isFollowing(doc.uri));
    const versions: string[] = [doc.getText()];
    const sub = vscode.workspace.onDidChangeTextDocument((e) => e.document === doc && versions.push(doc.getText()));
    try {
      await until('the deploy finished in the tab', () => /… succeeded at /.test(doc.getText()), 20_000);
    } finally {
      sub.dispose();
    }
    assert.ok(versions.length >= 3, `the tab changed while building (${versions.length} versions)`);
    assert.ok(versions.some((v) => /-----> Building storefront/.test(v) && !/Application deployed/.test(v)), 'a half-built log was shown');
    const final = server.control.deploysOf('storefront').find((d) => d.id === deployId)!;
    assert.ok(doc.getText().includes(final.log.join('\n')), 'the whole log, in order, once');
    await until('following stopped', () => !deployLogs.isFollowing(doc.uri));
    server.control.clearRequestLog();
    await sleep(600);
    assert.deepEqual(deployReads(), [], 'no reads once finished');
  });

  it('stops following when the tab is closed', async () => {
    server.control.setActionDelay(4000);
    const deployId = server.control.startDeploy('storefront', { description: 'Closed early' });
    await vscode.commands.executeCommand('apphost.deploy.showLog', storefront, deployId);
    const uri = vscode.window.activeTextEditor!.document.uri;
    const deployLogs = (await extensionApi()).logs.deployLogs;
    assert.ok(deployLogs.isFollowing(uri));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await until('following stopped', () => !deployLogs.isFollowing(uri));
    server.control.clearRequestLog();
    await sleep(600);
    assert.deepEqual(deployReads(), [], 'no reads after the tab closed');
  });

  it('from the palette: picks an app, then one of its deploys', async () => {
    const deploy = server.control.deploysOf('api-gateway')[1];
    await runScripted('apphost.deploy.showLog', { picks: ['api-gateway', deploy.description!] });
    const doc = vscode.window.activeTextEditor!.document;
    assert.match(doc.uri.path, /^\/api-gateway\/deploy /);
    assert.ok(doc.getText().includes(deploy.log.join('\n')));
  });
});
