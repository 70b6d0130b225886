// Upgrade to several services (#28): a single-service user's state, as AppHost stored it
// before (the session in SecretStorage keyed by the API root, manual workspaces and the
// folder links in global state, config tabs without a service in their URI), is the first
// service's: it carries over with no prompt and the view looks as it did.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import { DEMO_USER, type RunningServer } from '../server';
import { extensionApi, serviceOf, signOutQuietly, until, useServer } from './support/env';
import { labelOf } from './support/resourceTree';
import { scriptUi } from './support/scriptedUi';

describe('services: upgrade from a single service', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let root: string;
  let folder: vscode.WorkspaceFolder;

  before(async () => {
    server = await useServer();
    api = await extensionApi();
    root = serviceOf(server);
    folder = vscode.workspace.workspaceFolders![0];
  });
  after(async () => {
    await api.context.globalState.update('apphost.folderLinks', undefined);
    await api.context.globalState.update(`workspaces:${root}`, undefined);
    await signOutQuietly();
    await server.close();
  });

  it('carries the token, the workspaces, the folder links and open config tabs over, with no prompt', async () => {
    const storefront = server.control.findApp('storefront')!;
    const ui = scriptUi();
    try {
      // What the previous version stored: a link without a service, a manual workspace, then the session.
      await api.context.globalState.update('apphost.folderLinks', { [`${root} ${folder.uri.toString()}`]: { app: { id: storefront.id, name: 'storefront' } } });
      await api.context.globalState.update(`workspaces:${root}`, ['globex']);
      const session = {
        id: 'from-before', apiRoot: root, token: server.control.issueToken(DEMO_USER.email, 'before the upgrade'),
        account: { id: 'demo', email: DEMO_USER.email }, method: 'token', createdAt: new Date().toISOString(),
      };
      await api.context.secrets.store('apphost.sessions', JSON.stringify({ writer: 'an older window', seq: 1, sessions: { [root]: session } }));
      await until('the first service has the stored session', async () => (await api.connections.first.session())?.id === 'from-before', 10_000);

      assert.deepEqual(api.connections.services().map((s) => [s.id, s.isBase]), [[root, true]], 'one service: the base URL');
      api.treeInsides.resources.refresh();
      const top = await api.treeInsides.resources.getChildren();
      const labels = await Promise.all(top.map(labelOf));
      assert.equal(labels[0], 'Personal', 'the workspaces are the top level, as before');
      assert.ok(labels.some((l) => /globex/.test(l)), `the manual workspace is still shown: ${labels.join(', ')}`);
      for (const node of top) assert.doesNotMatch(String((await node.getTreeItem()).contextValue), /^service\b/);

      await until('the folder link is read', () => api.deploy.links.linkOf(folder.uri)?.app.id === storefront.id, 10_000);
      assert.equal(api.deploy.links.linksOf({ service: root, workspace: undefined, id: storefront.id, name: 'storefront' }).length, 1, 'the link is the first service\'s');

      // A config tab restored from before: its URI names no service.
      // (AppHost serves its documents only at addresses it made, with their key: the key is added here, the service is not.)
      const uri = api.fileSystem.keys.lock(vscode.Uri.from({ scheme: 'apphost', path: `/~personal/apps/${storefront.id}/storefront/config.env` }));
      server.control.clearRequestLog();
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.match(doc.getText(), /=/, 'the config is read');
      assert.ok(server.control.requestLog.some((e) => e.path === `/api/v1/apps/${storefront.id}/config`), 'from the first service');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      ui.restore();
    }
    assert.deepEqual(ui.shown, [], 'no prompt, no message');
  });
});
