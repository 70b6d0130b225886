// The Resources view allows selecting several rows. VS Code then calls a row's command
// as (clicked, selected[]) — context menus, inline actions and title actions alike. Most
// commands act on the clicked row only, so the registration wrapper drops the selection
// unless the handler was marked with `withSelection`.
//
// A row passed first (and every row of a selection) reaches the handler as what it stands
// for, a CommandTarget (tree/commandTarget.ts); anything else (a ref, a Uri) as it came.
import { isTreeNode, toCommandTarget, type CommandTarget, type Row } from '../tree/commandTarget';
import type { TreeNode } from '../tree/commandTarget';
import type { CommandHandler } from './commandTypes';
import { appKey, type AppRef } from '../model';

const takesSelection = new WeakSet<CommandHandler>();

/** Marks a handler that acts on every selected row: it receives `(clicked, selected[])`. */
export function withSelection<H extends CommandHandler>(handler: H): H {
  takesSelection.add(handler);
  return handler;
}

/** The arguments a handler gets: its target, then the tree selection if it takes one, then the rest. */
export function argsFor(handler: CommandHandler, args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const target = toCommandTarget(first) ?? first;
  if (!isTreeSelection(rest[0])) return [target, ...rest];
  if (!takesSelection.has(handler)) return [target, ...rest.slice(1)];
  return [target, rest[0].map((row) => row.commandTarget()), ...rest.slice(1)];
}

export function isTreeSelection(value: unknown): value is TreeNode[] {
  return Array.isArray(value) && value.length > 0 && value.every(isTreeNode);
}

/** An app of a selection, with the selected rows showing it. */
export interface SelectedApp {
  readonly app: AppRef;
  readonly rows: Row[];
}

/**
 * The apps of a selection, each once (an app shows under Apps and under its server),
 * in selection order; rows that are not apps are ignored.
 */
export function selectedApps(selection: readonly CommandTarget[]): SelectedApp[] {
  const byKey = new Map<string, SelectedApp>();
  for (const target of selection) {
    if (target.kind !== 'app' || !target.row) continue;
    const { app, row } = target;
    const key = appKey(app);
    const seen = byKey.get(key);
    if (seen) seen.rows.push(row);
    else byKey.set(key, { app, rows: [row] });
  }
  return [...byKey.values()];
}
