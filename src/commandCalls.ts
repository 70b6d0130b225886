// The only door from AppHost to `vscode.commands.executeCommand` (eslint's
// no-restricted-properties refuses it elsewhere in src/). Two kinds of call:
// - ownCommand: one of AppHost's own commands, run for the user. Its target goes as a
//   capability minted for that one call (callers.ts, handOver): the user is never
//   inferred from what surrounds a call.
// - foreignCommand: a command AppHost does not own (setContext, vscode.open, vscode.diff,
//   workbench.*, markdown.*, the git extension's). Any extension may register such an id in
//   the extension host; its handler gets only the arguments given here, and nothing it runs
//   can act as the user (there is no inherited context to leak, and no capability is passed).
import * as vscode from 'vscode';
import { handOver, isRowShaped } from './callers';

type OwnId = `apphost.${string}`;

/** Runs an AppHost command for the user, its target handed over as a fresh capability (see handOver). */
export function ownCommand<T = unknown>(id: OwnId, target?: unknown, ...rest: unknown[]): Thenable<T | undefined> {
  // A row goes as it is: the view vouched for it when it showed it (one it never showed asks).
  const given = isRowShaped(target) ? target : handOver(target);
  return vscode.commands.executeCommand<T>(id, ...(target === undefined && !rest.length ? [] : [given]), ...rest);
}

/** Runs a command AppHost does not own: it gets these arguments and no capability. */
export function foreignCommand<T = unknown>(id: string, ...args: unknown[]): Thenable<T | undefined> {
  if (id.startsWith('apphost.')) throw new Error(`${id} is AppHost's own command: run it with ownCommand`);
  return vscode.commands.executeCommand<T>(id, ...args);
}
