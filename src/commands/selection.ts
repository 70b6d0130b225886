// The Resources view allows selecting several rows. VS Code then calls a row's command
// as (clicked, selected[]) — context menus, inline actions and title actions alike. Most
// commands act on the clicked row only, so the registration wrapper drops the selection
// unless the handler was marked with `withSelection`.
import { AppNode } from '../tree/appNode';
import type { TreeNode } from '../tree/resourcesProvider';
import type { CommandHandler } from './commandTypes';
import type { AppRef } from '../model';

const takesSelection = new WeakSet<CommandHandler>();

/** Marks a handler that acts on every selected row: it receives `(clicked, selected[])`. */
export function withSelection<H extends CommandHandler>(handler: H): H {
  takesSelection.add(handler);
  return handler;
}

/** The arguments a handler gets: without the tree selection unless it takes one. */
export function argsFor(handler: CommandHandler, args: unknown[]): unknown[] {
  if (takesSelection.has(handler) || !isTreeSelection(args[1])) return args;
  return [args[0], ...args.slice(2)];
}

function isTreeNode(value: unknown): value is TreeNode {
  const node = value as TreeNode | undefined;
  return !!node && typeof node === 'object' && typeof node.id === 'string' && typeof node.getTreeItem === 'function';
}

export function isTreeSelection(value: unknown): value is TreeNode[] {
  return Array.isArray(value) && value.length > 0 && value.every(isTreeNode);
}

/** An app of a selection, with the selected rows showing it. */
export interface SelectedApp {
  readonly app: AppRef;
  readonly rows: AppNode[];
}

/**
 * The apps of a selection, each once (an app shows under Apps and under its server),
 * in selection order; rows that are not apps are ignored.
 */
export function selectedApps(selection: readonly TreeNode[]): SelectedApp[] {
  const byKey = new Map<string, SelectedApp>();
  for (const node of selection) {
    if (!(node instanceof AppNode)) continue;
    const app = node.appRef();
    const key = `${app.workspace ?? ''}|${app.id}`;
    const seen = byKey.get(key);
    if (seen) seen.rows.push(node);
    else byKey.set(key, { app, rows: [node] });
  }
  return [...byKey.values()];
}
