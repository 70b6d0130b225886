import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { RequestBudget } from '../../src/api';
import { AutoRefresh } from '../../src/tree/autoRefresh';
import { until } from './support/env';

describe('tree: automatic refresh', () => {
  const visibility = new vscode.EventEmitter<vscode.TreeViewVisibilityChangeEvent>();
  const view = { visible: true, onDidChangeVisibility: visibility.event };
  let refreshes = 0;
  const resources = { refresh: () => void refreshes++ };
  let auto: AutoRefresh;

  before(async () => {
    await vscode.workspace.getConfiguration('apphost').update('autoRefreshSeconds', 1, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    auto?.dispose();
    await vscode.workspace.getConfiguration('apphost').update('autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('refreshes on the interval while the view is visible, and never while it is hidden', async function () {
    this.timeout(15_000);
    if (!vscode.window.state.focused) this.skip(); // the timer also waits for window focus
    const budget = new RequestBudget({ perMinute: 6000 });
    auto = new AutoRefresh(view, () => [{ key: '', budget, refresh: async () => resources.refresh() }], 0);
    await until('two refreshes while visible', () => refreshes >= 2, 8_000);
    view.visible = false;
    visibility.fire({ visible: false });
    refreshes = 0;
    await new Promise((r) => setTimeout(r, 2_300));
    assert.equal(refreshes, 0, 'a hidden view costs nothing');
  });

  it('skips a round when the request budget runs low', async function () {
    this.timeout(15_000);
    if (!vscode.window.state.focused) this.skip();
    auto?.dispose();
    const budget = new RequestBudget({ perMinute: 60 });
    const low = { snapshot: () => ({ ...budget.snapshot(), available: 0 }) };
    view.visible = true;
    refreshes = 0;
    auto = new AutoRefresh(view, () => [{ key: '', budget: low, refresh: async () => resources.refresh() }], 0);
    await new Promise((r) => setTimeout(r, 2_300));
    assert.equal(refreshes, 0);
  });

  it('with several services, a service whose budget runs low is skipped and the others refresh', async function () {
    this.timeout(15_000);
    if (!vscode.window.state.focused) this.skip();
    auto?.dispose();
    const roomy = new RequestBudget({ perMinute: 6000 });
    const low = { snapshot: () => ({ ...roomy.snapshot(), available: 0 }) };
    const counts = { throttled: 0, other: 0 };
    view.visible = true;
    auto = new AutoRefresh(view, () => [{ key: 'a', budget: low, refresh: async () => void counts.throttled++ }, { key: 'b', budget: roomy, refresh: async () => void counts.other++ }], 0);
    // Timers run late on a busy machine: wait for the other service's refreshes, then check the throttled one had none.
    await until('two refreshes of the other service', () => counts.other >= 2, 8_000);
    assert.equal(counts.throttled, 0, 'the throttled service waits');
  });
});
