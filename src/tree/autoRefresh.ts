import * as vscode from 'vscode';
import type { RequestBudget } from '../api';
import type { ResourcesProvider } from './resourcesProvider';
import type { TreeNode } from './commandTarget';
import { settings } from '../settings';

/**
 * Refreshes the Resources view on an interval, but only while it is visible and the
 * window has focus, and only when the shared request budget has room: a hidden view
 * costs nothing. `apphost.autoRefreshSeconds` (0 = off).
 */
export class AutoRefresh implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly view: Pick<vscode.TreeView<TreeNode>, 'visible' | 'onDidChangeVisibility'>,
    private readonly resources: Pick<ResourcesProvider, 'refresh'>,
    private readonly budget: Pick<RequestBudget, 'snapshot'>,
    /** Shortest interval, whatever the setting says (tests lower it). */
    private readonly floorMs = 15_000,
  ) {
    this.disposables = [
      view.onDidChangeVisibility(() => this.schedule()),
      vscode.window.onDidChangeWindowState(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('apphost.autoRefreshSeconds') && this.schedule()),
    ];
    this.schedule();
  }

  /** Re-reads the setting and the view's visibility (also called on their change events). */
  schedule(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const seconds = settings.autoRefreshSeconds();
    if (!seconds || !this.view.visible || !vscode.window.state.focused) return;
    this.timer = setInterval(() => this.tick(), Math.max(this.floorMs, seconds * 1000));
  }

  private tick(): void {
    // Leave the budget to the user's actions and log tails when it runs low.
    const { available, capacity } = this.budget.snapshot();
    if (available < capacity / 2) return;
    this.resources.refresh();
  }

  dispose(): void {
    clearInterval(this.timer);
    this.disposables.forEach((d) => d.dispose());
  }
}
