// What the commands on an app's parts (domains, releases, processes, checks, addons,
// log drains) share: finding the row they were invoked on, asking for one when they
// come from the palette, refreshing only the part that changed, and wording errors.
import * as vscode from 'vscode';
import { ApiError, summarizeMessages } from '../api';
import type { Core } from '../core';
import type { CommandTarget, Row } from '../tree/commandTarget';
import type { NodeKind } from '../tree/contextValues';
import { itemOf, resolveApp } from './targets';
import { type AppRef, UserCancelled } from '../model';

/**
 * The item a command acts on: the row it was invoked on, or (from the palette) one the
 * user picks among the app's items, after picking the app.
 */
export async function resolveItem<T>(
  s: Core,
  target: CommandTarget | undefined,
  kind: NodeKind,
  ask: { appPlaceHolder: string; title: (app: AppRef) => string; placeHolder: string; empty: (app: AppRef) => string },
  load: (app: AppRef) => Promise<T[]>,
  toPick: (item: T) => vscode.QuickPickItem,
): Promise<{ app: AppRef; item: T; node?: Row }> {
  const row = itemOf<T>(target, kind);
  if (row?.app) return { app: row.app, item: row.data, node: row.row };
  const app = await resolveApp(s, target, ask.appPlaceHolder);
  const items = load(app).then((list) => {
    if (!list.length) throw new Error(ask.empty(app));
    return list.map((item) => ({ ...toPick(item), item }));
  });
  const picked = await vscode.window.showQuickPick(items, { title: ask.title(app), placeHolder: ask.placeHolder, matchOnDescription: true });
  if (!picked) throw new UserCancelled();
  return { app, item: picked.item };
}

/**
 * Rewords what the service said so that it names the action: the validation messages of
 * a 422 (`{errors:[...]}` or the platform's stderr; the first few, the full list stays in
 * the cause for Show Details), and what to do about an unreachable host (503). Other
 * errors pass through unchanged.
 */
export function explain(error: unknown, action: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 422) return new Error(vscode.l10n.t('{0}: {1}', action, summarizeMessages(error.messages)), { cause: error });
  if (error.status === 503) {
    return new Error(vscode.l10n.t('{0}: the app\'s server cannot be reached ({1}). Try again when it is back.', action, error.message), { cause: error });
  }
  return error;
}

/** Runs a call and rewords its failure with `explain`. */
export async function explained<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw explain(error, action);
  }
}
