import * as vscode from 'vscode';
import type { Services } from '../services';
import type { TreeNode } from '../tree/commandTarget';

/**
 * Runs a slow action with a progress notification, marking `node` busy meanwhile
 * ("Restarting…" in its description, a spinner icon). Only that node re-renders; its
 * cached children are kept.
 */
export async function runAction<T>(s: Services, node: TreeNode | undefined, title: string, action: () => Promise<T>): Promise<T> {
  const rows = node ? [node] : [];
  s.treeService.markBusy(rows, title);
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, action);
  } finally {
    s.treeService.markBusy(rows, undefined);
  }
}

