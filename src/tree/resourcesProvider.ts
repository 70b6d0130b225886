import * as vscode from 'vscode';

/** A node of the Resources view. Each kind of resource implements it in its own class. */
export interface TreeNode {
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren?(): Promise<TreeNode[]>;
}

/**
 * Data provider of `apphost.resources`. While no account is connected it has no roots,
 * which lets VS Code show the welcome content (`viewsWelcome`).
 */
export class ResourcesProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly roots: () => Promise<TreeNode[]>) {}

  getTreeItem(node: TreeNode): vscode.TreeItem | Promise<vscode.TreeItem> {
    return node.getTreeItem();
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (!node) return this.roots();
    return node.getChildren ? node.getChildren() : [];
  }

  /** Refreshes one node, or the whole view when none is given. */
  refresh(node?: TreeNode): void {
    this.changed.fire(node);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
