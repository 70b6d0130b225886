// The auto-refresh's walk: every list the view shows is fetched again, and only the lists
// whose rows changed are re-rendered. A whole-view refresh would make VS Code build every
// shown row anew, and VS Code keeps a small store for each row it ever built for as long as
// the view exists (ExtHostTreeView.createTreeNode registers one per row and never drops it):
// a refresh every 15 s grew the extension host's heap by about 1 MB an hour. A list that
// did not change now costs its request and nothing else.
import type * as vscode from 'vscode';
import type { TreeNode } from './commandTarget';
import { ListNode } from './listNode';

export class QuietRefresh implements vscode.Disposable {
  /** Rows the user collapsed (by id, stable across refreshes): what is under them is not shown. */
  private readonly collapsed = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(view: Pick<vscode.TreeView<TreeNode>, 'onDidExpandElement' | 'onDidCollapseElement'>) {
    this.disposables = [
      view.onDidCollapseElement(({ element }) => this.collapsed.add(element.id)),
      view.onDidExpandElement(({ element }) => this.collapsed.delete(element.id)),
    ];
  }

  /**
   * Fetches again each list shown under `nodes`, re-rendering (`rerender`) those that changed;
   * lists fetched before but not shown now (under a collapsed row) are only marked stale,
   * so their next look fetches them, as a full refresh would.
   */
  async run(nodes: readonly TreeNode[], rerender: (node: TreeNode) => void): Promise<void> {
    await Promise.all(nodes.map((node) => this.visit(node, rerender)));
  }

  private async visit(node: TreeNode, rerender: (node: TreeNode) => void): Promise<void> {
    if (this.collapsed.has(node.id)) {
      node.invalidate?.();
      return;
    }
    if (node instanceof ListNode) {
      if (!node.loadedChildren()) return; // never fetched: nothing shown to refresh
      if ((await node.reload()) === 'changed') {
        rerender(node); // VS Code asks for its rows again, and for those of its expanded rows
        return;
      }
    }
    await this.run(node.loadedChildren?.() ?? [], rerender);
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }
}
