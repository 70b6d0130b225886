// What a row shows and stands for, as one string: a quiet refresh (quietRefresh.ts) keeps
// a list's rows when the fetched ones have the same signatures, and tells VS Code nothing.
import * as vscode from 'vscode';
import type { TreeNode } from './commandTarget';

const isNode = (value: unknown): boolean => !!value && typeof value === 'object' && typeof (value as TreeNode).getTreeItem === 'function';

function iconKey(icon: vscode.TreeItem['iconPath']): unknown {
  if (icon instanceof vscode.ThemeIcon) return [icon.id, (icon.color as { id?: string } | undefined)?.id];
  if (icon instanceof vscode.Uri) return icon.toString();
  return icon && typeof icon === 'object' && 'light' in icon ? [String(icon.light), String(icon.dark)] : undefined;
}

function text(value: string | vscode.MarkdownString | vscode.TreeItemLabel | undefined): unknown {
  if (value instanceof vscode.MarkdownString) return value.value;
  return value;
}

/** The row's item (label, description, icon, menus, tooltip) and the data its commands get. */
export async function rowSignature(node: TreeNode): Promise<string> {
  try {
    const item = await node.getTreeItem();
    const target = JSON.stringify(node.commandTarget(), (key, value: unknown) => (key === 'row' || isNode(value) ? undefined : value));
    return JSON.stringify([
      node.id, text(item.label), item.description, item.contextValue, iconKey(item.iconPath), item.collapsibleState,
      item.command?.command, item.resourceUri?.toString(), text(node.tooltip?.() ?? item.tooltip), target,
    ]);
  } catch {
    return `unreadable ${Math.random()}`; // never equal: the row is shown again
  }
}

/** Whether two lists of rows show and stand for the same things, in the same order. */
export async function sameRows(shown: readonly TreeNode[], fetched: readonly TreeNode[]): Promise<boolean> {
  if (shown.length !== fetched.length) return false;
  for (let i = 0; i < shown.length; i++) {
    if ((await rowSignature(shown[i])) !== (await rowSignature(fetched[i]))) return false;
  }
  return true;
}
