import * as vscode from 'vscode';
import type { Core } from '../core';
import type { TreeNode } from '../tree/commandTarget';

/**
 * Runs a slow action with a progress notification, marking `node` busy meanwhile
 * ("Restarting…" in its description, a spinner icon). Only that node re-renders; its
 * cached children are kept.
 */
export async function runAction<T>(s: Core, node: TreeNode | undefined, title: string, action: () => Promise<T>): Promise<T> {
  const rows = node ? [node] : [];
  s.tree.markBusy(rows, title);
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, action);
  } finally {
    s.tree.markBusy(rows, undefined);
  }
}

