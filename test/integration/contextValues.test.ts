// Every context menu entry can appear: each `viewItem` pattern of the manifest matches a
// contextValue that the real tree produces (walked in full against the demo data, as a
// developer and as an admin).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/tree/commandTarget';
import { ADMIN_USER, DEMO_USER, startServer, type RunningServer } from '../server';
import { extensionApi, serviceOf, signInWithIssuedToken, signOutQuietly, useServer } from './support/env';
import { scriptUi } from './support/scriptedUi';

/** The positive `viewItem` conditions of a `when` clause, as regexes (negated ones are skipped). */
export function viewItemConditions(when: string): RegExp[] {
  const conditions: RegExp[] = [];
  for (const m of when.matchAll(/(!\s*\(\s*)?viewItem\s*=~\s*\/((?:\\\/|[^/])+)\/([a-z]*)/g)) {
    if (!m[1]) conditions.push(new RegExp(m[2], m[3]));
  }
  for (const m of when.matchAll(/(!?)viewItem\s*==\s*([\w:.-]+)/g)) {
    if (!m[1]) conditions.push(new RegExp(`^${m[2].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
  return conditions;
}

/** Walks the tree below `node`, siblings at once (as a user expanding them would not, but the walk is long). */
async function collect(node: TreeNode | undefined, into: Set<string>): Promise<void> {
  const api = await extensionApi();
  const children = await api.treeInsides.resources.getChildren(node);
  await Promise.all(children.map(async (child) => {
    const item = await child.getTreeItem();
    if (item.contextValue) into.add(item.contextValue);
    if (item.collapsibleState !== vscode.TreeItemCollapsibleState.None) await collect(child, into);
  }));
}

describe('manifest: context menus match what the tree produces', function () {
  this.timeout(120_000);
  let server: RunningServer;
  const produced = new Set<string>();

  before(async () => {
    server = await useServer();
    const api = await extensionApi();
    for (const email of [DEMO_USER.email, ADMIN_USER.email]) {
      await signInWithIssuedToken(server, email);
      const apiRoot = (await api.connection.session())!.apiRoot;
      await api.workspaces.addSlug(apiRoot, 'globex'); // a workspace added by hand
      api.treeInsides.resources.refresh();
      // A tailed app carries `:tailing` (Stop Tailing's menus), a filtered tail `:filtered`; an app linked to an open folder `:linked` (Deploy's inline button).
      const storefront = { service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' };
      await api.logs.tails.tail(storefront);
      api.logs.tails.setFilter(storefront, { kind: 'level', level: 'error' }); // `:filtered` (Clear Filter's menu)
      await api.deploy.links.link(vscode.workspace.workspaceFolders![0], storefront);
      await collect(undefined, produced);
      await api.logs.tails.stopAll();
      await api.deploy.links.unlink(vscode.workspace.workspaceFolders![0]);
      // The filtered states of the Apps group.
      const [personal] = await api.treeInsides.resources.getChildren();
      api.treeInsides.state.filters.set(personal.id, { q: 'a', previews: false });
      api.treeInsides.resources.refresh();
      await collect(undefined, produced);
      api.treeInsides.state.filters.clear();
      await api.workspaces.removeSlug(apiRoot, 'globex');
      await signOutQuietly();
    }
    // Several services: a row per service, the first signed out, a second one signed in.
    const second = await startServer({ rateLimit: false, logIntervalMs: 0 });
    try {
      await vscode.workspace.getConfiguration('apphost').update('services', [{ url: second.url, name: 'Second' }], vscode.ConfigurationTarget.Global);
      const ui = scriptUi({ picks: ['Paste an API token'], inputs: [second.control.issueToken(DEMO_USER.email)] });
      try {
        await vscode.commands.executeCommand('apphost.signIn', serviceOf(second));
      } finally {
        ui.restore();
      }
      api.treeInsides.resources.refresh();
      await collect(undefined, produced);
      await api.auth.signOut(api.connections.of(serviceOf(second)));
    } finally {
      await vscode.workspace.getConfiguration('apphost').update('services', undefined, vscode.ConfigurationTarget.Global);
      await second.close();
    }
  });
  after(async () => server.close());

  it('produces the kinds of rows the menus are written for', () => {
    for (const kind of ['service:signedIn:removable', 'service:signedOut', 'workspace:personal', 'workspace:team', 'list:apps', 'app:running', 'app:stopped', 'server:connected', 'database:running']) {
      assert.ok([...produced].some((v) => v.startsWith(kind)), `${kind} in ${[...produced].join(' ')}`);
    }
  });

  it('has, for every view/item/context entry, a row it applies to', () => {
    const manifest = vscode.extensions.getExtension('apphost.apphost')!.packageJSON;
    const entries: { command: string; when?: string }[] = manifest.contributes.menus['view/item/context'];
    const orphans: string[] = [];
    for (const entry of entries) {
      if (!entry.when?.includes('view == apphost.resources')) continue;
      const conditions = viewItemConditions(entry.when);
      if (!conditions.length) continue;
      const matches = [...produced].some((value) => conditions.every((re) => re.test(value)));
      if (!matches) orphans.push(`${entry.command} when ${entry.when}`);
    }
    assert.deepEqual(orphans, [], `menu entries that no row can show:\n${orphans.join('\n')}\nproduced: ${[...produced].sort().join(' ')}`);
  });
});
