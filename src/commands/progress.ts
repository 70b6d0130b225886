import * as vscode from 'vscode';
import type { Services } from '../services';
import type { TreeNode } from '../tree/resourcesProvider';

/**
 * Runs a slow action with a progress notification, marking `node` busy meanwhile
 * ("Restarting…" in its description, a spinner icon). Only that node re-renders; its
 * cached children are kept.
 */
export async function runAction<T>(s: Services, node: TreeNode | undefined, title: string, action: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const rows = node ? [node] : [];
  markBusy(s, rows, title);
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: false }, () =>
      action(new AbortController().signal),
    );
  } finally {
    markBusy(s, rows, undefined);
  }
}

/** Shows rows as busy with `text` (spinner icon, text as description), or clears that; only they re-render. */
export function markBusy(s: Services, rows: readonly TreeNode[], text: string | undefined): void {
  for (const row of rows) {
    if (text) s.tree.busy.set(row.id, text);
    else s.tree.busy.delete(row.id);
    s.resources.refresh(row, { refetch: false });
  }
}
