import * as vscode from 'vscode';
import { contextValue } from './contextValues';
import { errorNode, MessageNode } from './messageNode';
import type { TreeNode } from './resourcesProvider';

/** Long lists show this many rows, then a "Load more" row. */
export const PAGE_SIZE = 200;

/**
 * A node whose children come from exactly one request. The result is cached until the
 * node is invalidated, so re-rendering after an action costs nothing; failures and empty
 * results become explanatory rows; long results are paged on the client.
 */
export abstract class ListNode implements TreeNode {
  private cached: TreeNode[] | undefined;
  private shown = PAGE_SIZE;

  constructor(
    readonly id: string,
    readonly parent: TreeNode | undefined,
  ) {}

  abstract getTreeItem(): vscode.TreeItem;
  /** The one request behind this node. */
  protected abstract fetch(): Promise<TreeNode[]>;
  /** Team workspace the node belongs to, to word a 403 precisely. */
  protected abstract get workspaceSlug(): string | undefined;

  protected emptyLabel(): string {
    return vscode.l10n.t('None yet');
  }

  async getChildren(): Promise<TreeNode[]> {
    if (!this.cached) {
      try {
        this.cached = await this.fetch();
      } catch (error) {
        return [errorNode(this.id, error, { workspace: this.workspaceSlug, retry: this })];
      }
    }
    if (!this.cached.length) return [new MessageNode(`${this.id}/empty`, this.emptyLabel(), 'info')];
    if (this.cached.length <= this.shown) return this.cached;
    return [...this.cached.slice(0, this.shown), new LoadMoreNode(this, this.cached.length - this.shown)];
  }

  /** The cached children, when they were fetched (used to update a row without a request). */
  get children(): readonly TreeNode[] | undefined {
    return this.cached;
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

  invalidate(): void {
    this.cached = undefined;
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
}
