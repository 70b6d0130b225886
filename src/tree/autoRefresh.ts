import * as vscode from 'vscode';
import type { TreeNode } from './commandTarget';
import type { Refresher } from './roots';
import { settings } from '../settings';

/**
 * Refreshes the Resources view on an interval (quietly: only the lists that changed are
 * re-rendered, quietRefresh.ts), but only while it is visible and the
 * window has focus, and each part (the view, or with several services each service's row)
 * only when its service's request budget has room: a hidden view costs nothing, and a
 * throttled service never holds up another. `apphost.autoRefreshSeconds` (0 = off).
 */
export class AutoRefresh implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  /** Parts whose last refresh has not finished (a slow service is not asked twice at once). */
  private readonly running = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly view: Pick<vscode.TreeView<TreeNode>, 'visible' | 'onDidChangeVisibility'>,
    /** The parts to refresh, each with its service's budget (ResourceRoots.refreshers). */
    private readonly parts: () => readonly Refresher[],
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
    for (const part of this.parts()) {
      // Leave the budget to the user's actions and log tails when it runs low.
      const { available, capacity } = part.budget.snapshot();
      if (available < capacity / 2 || this.running.has(part.key)) continue;
      this.running.add(part.key);
      void part.refresh().catch(() => undefined).finally(() => this.running.delete(part.key));
    }
  }

  dispose(): void {
    clearInterval(this.timer);
    this.disposables.forEach((d) => d.dispose());
  }
}
