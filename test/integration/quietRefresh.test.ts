// The auto-refresh fetches each list the view shows again, and re-renders only the lists
// whose rows changed (tree/quietRefresh.ts): VS Code builds a row anew on each re-render
// and keeps a little of every row it ever built, so unchanged lists must cost nothing but
// their request.
import assert from 'node:assert/strict';
import type { AppHostTestApi } from '../../src/extension';
import type { TreeNode } from '../../src/tree/commandTarget';
import type { RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn } from './support/env';
import { childOf, labelOf, nodeAt } from './support/resourceTree';

describe('tree: the auto-refresh re-renders only what changed', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let apps: TreeNode;
  let config: TreeNode;
  const requests = () => server.control.requestLog.map((e) => `${e.method} ${e.path.replace(/^\/api\/v1/, '')}`);

  /** The nodes the view was told to re-render during `work`. */
  async function rerendered(work: () => Promise<void>): Promise<(TreeNode | undefined)[]> {
    const fired: (TreeNode | undefined)[] = [];
    const listening = api.treeInsides.resources.onDidChangeTreeData((node) => fired.push(node ?? undefined));
    try {
      await work();
    } finally {
      listening.dispose();
    }
    return fired;
  }

  before(async () => {
    server = await startSignedIn();
    api = await extensionApi();
    api.treeInsides.resources.refresh();
    apps = await nodeAt('Personal', 'Apps');
    const storefront = await childOf(apps, 'storefront');
    config = await childOf(storefront, 'Config');
    await api.treeInsides.resources.getChildren(config);
  });
  after(() => stopSignedIn(server));

  it('fetches every shown list again, and re-renders none when nothing changed (the rows stay the ones VS Code holds)', async () => {
    const rowsBefore = await api.treeInsides.resources.getChildren(apps);
    const storefront = rowsBefore.find((r) => r.id.endsWith(`/${encodeURIComponent(server.control.findApp('storefront')!.id)}`))!;
    server.control.clearRequestLog();
    const fired = await rerendered(() => api.treeInsides.autoRefreshNow());
    assert.deepEqual(fired, [], 'nothing re-rendered');
    const asked = requests();
    assert.ok(asked.some((r) => /^GET \/apps$/.test(r)), asked.join(', '));
    assert.ok(asked.some((r) => /^GET \/apps\/[^/]+\/config$/.test(r)), asked.join(', '));
    server.control.clearRequestLog();
    const rowsAfter = await api.treeInsides.resources.getChildren(apps);
    assert.deepEqual(requests(), [], 'the list was fresh: no second request');
    assert.ok(rowsAfter.every((row, i) => row === rowsBefore[i]), 'the same row objects');
    const ref = { service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' };
    assert.ok(api.treeInsides.state.rowsOf(ref).includes(storefront as never), 'the state updates the row VS Code shows, not the one the refresh dropped');
  });

  it('re-renders only the list whose rows changed, with the new rows at hand', async () => {
    server.control.setConfig('storefront', { QUIET_REFRESH_CHECK: 'yes' });
    const fired = await rerendered(() => api.treeInsides.autoRefreshNow());
    assert.deepEqual(fired.map((n) => n?.id), [config.id], 'the Config group, nothing else');
    server.control.clearRequestLog();
    const vars = await Promise.all((await api.treeInsides.resources.getChildren(config)).map(labelOf));
    assert.ok(vars.includes('QUIET_REFRESH_CHECK'), vars.join(', '));
    assert.deepEqual(requests(), [], 'the new rows came with the refresh');
  });

  it('an app whose status changed re-renders the Apps list (its rows, and what is under them, are read again as VS Code shows them)', async () => {
    server.control.setAppStatus('storefront', 'stopped');
    const fired = await rerendered(() => api.treeInsides.autoRefreshNow());
    assert.deepEqual(fired.map((n) => n?.id), [apps.id]);
    server.control.clearRequestLog();
    const storefront = await childOf(apps, 'storefront');
    assert.match(String((await storefront.getTreeItem()).description), /stopped/);
    assert.deepEqual(requests(), [], 'the new rows came with the refresh');
  });
});
