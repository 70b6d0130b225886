// A row of an app part that shows when an action runs on it ("Enabling SSL…", a spinner),
// the way app rows do: the busy text lives in the shared TreeState, keyed by node id.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../../format';
import type { AppGroupNode } from '../appGroupNode';
import type { NodeKind } from '../contextValues';
import { ItemNode, type ItemLook } from '../itemNode';

export function partItem<T>(group: AppGroupNode, kind: NodeKind, key: string, data: T, look: (data: T) => ItemLook): ItemNode<T> {
  const busy = group.app.workspaceNode.ctx.state.busy;
  const node: ItemNode<T> = new ItemNode<T>(group, kind, key, data, (x) => {
    const base = look(x);
    const doing = busy.get(node.id);
    return doing ? { ...base, description: doing, icon: new vscode.ThemeIcon('loading~spin'), flags: [...(base.flags ?? []), 'busy'] } : base;
  });
  return node;
}

/** "**label**: value" lines of a tooltip, skipping empty values. */
export function tooltipLines(title: string, rows: [string, string | number | undefined][]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(`**${escapeMarkdown(title)}**\n\n`);
  for (const [label, value] of rows) if (value !== undefined && value !== '') md.appendMarkdown(`${escapeMarkdown(label)}: ${escapeMarkdown(String(value))}  \n`);
  return md;
}


