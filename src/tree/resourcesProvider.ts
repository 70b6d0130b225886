import * as vscode from 'vscode';

/** A node of the Resources view. Each kind of resource implements it in its own class. */
export interface TreeNode {
  /** Stable id from the resource path, so expansion survives refreshes. */
  readonly id: string;
  readonly parent?: TreeNode;
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren?(): Promise<TreeNode[]>;
  /** Forgets cached children, so the next look fetches them again. */
  invalidate?(): void;
  /** Built on hover only (resolveTreeItem), from data already at hand: no request. */
  tooltip?(): vscode.MarkdownString | string | undefined;
}

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

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.roots.get();
    return node.getChildren ? node.getChildren() : [];
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
