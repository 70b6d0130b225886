import * as vscode from 'vscode';

import { vouch } from '../callers';
import type { TreeNode } from './commandTarget';

export interface RefreshOptions {
  /** Fetch the node's children again (default) or only re-render what is cached. */
  refetch?: boolean;
}

/**
 * Data provider of `apphost.resources`. While no account is connected it has no roots,
 * which lets VS Code show the welcome content (`viewsWelcome`).
 */
export class ResourcesProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly roots: { get(): Promise<TreeNode[]>; invalidate(): void }) {}

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.getTreeItem();
  }

  /** Every row handed to the view is vouched for: a command given one acts for the user (callers.ts). */
  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    const children = !node ? await this.roots.get() : node.getChildren ? await node.getChildren() : [];
    for (const child of children) vouch(child);
    return children;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    item.tooltip ??= node.tooltip?.();
    return item;
  }

  /** Refreshes one node (by default fetching its children again), or the whole view. */
  refresh(node?: TreeNode, options: RefreshOptions = {}): void {
    if (options.refetch !== false) {
      if (node) node.invalidate?.();
      else this.roots.invalidate();
    }
    this.changed.fire(node);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
