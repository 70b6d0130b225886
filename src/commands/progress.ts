import * as vscode from 'vscode';
import type { Services } from '../services';
import type { TreeNode } from '../tree/resourcesProvider';

/**
 * Runs a slow action with a progress notification, marking `node` busy meanwhile
 * ("Restarting…" in its description, a spinner icon). Only that node re-renders; its
 * cached children are kept.
 */
export async function runAction<T>(s: Services, node: TreeNode | undefined, title: string, action: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (node) {
    s.tree.busy.set(node.id, title);
    s.resources.refresh(node, { refetch: false });
  }
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, () =>
      action(new AbortController().signal),
    );
  } finally {
    if (node) {
      s.tree.busy.delete(node.id);
      s.resources.refresh(node, { refetch: false });
    }
  }
}
