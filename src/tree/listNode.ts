import * as vscode from 'vscode';
import type { CommandTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { errorNode, MessageNode, staleNode } from './messageNode';
import type { TreeNode } from './commandTarget';
import { keepsStaleRows, type ThrottleHealer } from './throttleHealer';
import { sameRows } from './rowSignature';

/** Long lists show this many rows, then a "Load more" row. */
export const PAGE_SIZE = 200;

/**
 * A node whose children come from exactly one request. The result is cached until the
 * node is invalidated, so re-rendering after an action costs nothing; failures and empty
 * results become explanatory rows; long results are paged on the client.
 *
 * A refresh that fails because the service is busy (429, 5xx, unreachable) keeps the rows
 * already shown, the same nodes (so what was expanded stays expanded), under a row saying
 * they are stale; a throttled list refreshes itself once the service allows (ThrottleHealer).
 */
export abstract class ListNode implements TreeNode {
  /** Set by activate(): heals lists the service throttled. */
  static healer: Pick<ThrottleHealer, 'add' | 'healed'> | undefined;

  private cached: TreeNode[] | undefined;
  /** false after invalidate(): the next look fetches again, showing the old rows if that fails. */
  private fresh = false;
  /** When the cached rows were fetched. */
  private loadedAt = 0;
  /** The failure of the last refresh, while the older rows are shown instead. */
  private staleError: unknown;
  private shown = PAGE_SIZE;

  constructor(
    readonly id: string,
    readonly parent: TreeNode | undefined,
  ) {}

  abstract getTreeItem(): vscode.TreeItem;
  abstract commandTarget(): CommandTarget;
  /** The one request behind this node. */
  protected abstract fetch(): Promise<TreeNode[]>;
  /** Team workspace the node belongs to, to word a 403 precisely. */
  protected abstract get workspaceSlug(): string | undefined;

  protected emptyLabel(): string {
    return vscode.l10n.t('None yet');
  }

  async getChildren(): Promise<TreeNode[]> {
    if (!this.cached || !this.fresh) {
      try {
        this.cached = await this.fetch();
        this.loadedAt = Date.now();
        this.staleError = undefined;
        ListNode.healer?.healed(this);
      } catch (error) {
        ListNode.healer?.add(this, error);
        if (!this.cached || !keepsStaleRows(error)) {
          this.cached = undefined;
          return [errorNode(this.id, error, { workspace: this.workspaceSlug, retry: this })];
        }
        this.staleError = error;
      }
      // Also after a failure: re-rendering shows the stale rows without asking again.
      this.fresh = true;
    }
    const note = this.staleError === undefined ? [] : [staleNode(this.id, this.staleError, this.loadedAt, this)];
    if (!this.cached.length) return [...note, new MessageNode(`${this.id}/empty`, this.emptyLabel(), 'info')];
    if (this.cached.length <= this.shown) return [...note, ...this.cached];
    return [...note, ...this.cached.slice(0, this.shown), new LoadMoreNode(this, this.cached.length - this.shown)];
  }

  /** True while the rows shown are older than the last refresh attempt (it failed). */
  get isStale(): boolean {
    return this.staleError !== undefined;
  }

  /** The cached children, when they were fetched (used to update a row without a request). */
  get children(): readonly TreeNode[] | undefined {
    return this.cached;
  }

  loadedChildren(): readonly TreeNode[] | undefined {
    return this.cached;
  }

  /**
   * A quiet refresh (quietRefresh.ts): fetches again, and keeps the rows shown (telling
   * VS Code nothing) when the fetched ones show and stand for the same. 'changed': the
   * caller re-renders this node (which then shows the new rows, or the failure).
   */
  async reload(): Promise<'changed' | 'same'> {
    const shown = this.cached;
    let fetched: TreeNode[];
    try {
      fetched = await this.fetch();
      ListNode.healer?.healed(this);
    } catch (error) {
      ListNode.healer?.add(this, error);
      if (!shown || !keepsStaleRows(error)) {
        this.invalidate(); // the next look fetches again, and shows the failure
        return 'changed';
      }
      const news = this.staleError === undefined;
      this.staleError = error;
      return news ? 'changed' : 'same';
    }
    const wasStale = this.staleError !== undefined;
    this.staleError = undefined;
    this.loadedAt = Date.now();
    this.fresh = true;
    if (shown && !wasStale && (await sameRows(shown, fetched))) {
      for (const row of shown) row.kept?.();
      return 'same';
    }
    this.cached = fetched;
    return 'changed';
  }

  /**
   * Rebuilds the cached children from data already at hand (e.g. what a save sent), without
   * a request. False when they were never fetched: the first look fetches them anyway.
   */
  update(rebuild: () => TreeNode[]): boolean {
    if (!this.cached) return false;
    this.cached = rebuild();
    return true;
  }

  /** The next look fetches again; until it succeeds, the rows shown so far stay. */
  invalidate(): void {
    this.fresh = false;
  }

  /** Drops the rows too (the list's meaning changed, e.g. a new filter): the next look starts empty. */
  reset(): void {
    this.cached = undefined;
    this.fresh = false;
    this.staleError = undefined;
    this.shown = PAGE_SIZE;
  }

  /** Shows the next page of the cached list (no request). */
  showMore(): void {
    this.shown += PAGE_SIZE;
  }
}

/** "Load 200 more (1,800 remaining)": pages through a long cached list. */
export class LoadMoreNode implements TreeNode {
  readonly id: string;
  constructor(readonly parent: ListNode, private readonly remaining: number) {
    this.id = `${parent.id}/load-more`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Load {0} more ({1} remaining)', Math.min(PAGE_SIZE, this.remaining), this.remaining.toLocaleString()),
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = contextValue('loadMore');
    item.command = { command: 'apphost.loadMore', title: vscode.l10n.t('Load More'), arguments: [this] };
    return item;
  }

  commandTarget(): CommandTarget {
    return { kind: 'loadMore', row: this };
  }
}
