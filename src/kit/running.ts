// Running a command: the wrapper every action's command runs in (a row becomes a
// CommandTarget, a multi-selection reaches only actions that take it, errors are reported
// once), and the selection's apps.
import * as vscode from 'vscode';
import { apiErrorIn } from '../api';
import { errorMessage } from '../connection';
import { appKey, UserCancelled, type AppRef } from '../model';
import { serviceNotice } from '../connections';
import { openSettingCommand, settingToFix } from '../settingToFix';
import { commandCaller, handedUri } from '../callers';
import { foreignCommand } from '../commandCalls';
import { isGenuineRow, toCommandTarget, type CommandTarget, type Row, type TreeNode } from '../tree/commandTarget';
import { notify } from '../notices';
import type { Action } from './action';
import type { ServiceCore } from '../core';

// The Resources view allows selecting several rows. VS Code then calls a row's command as
// (clicked, selected[]): context menus, inline actions and title actions alike. Most
// actions act on the clicked row only, so the runner drops the selection unless the action
// says it takes one (`selection`). A row passed first (and every row of a selection)
// reaches the run as what it stands for, a CommandTarget (tree/commandTarget.ts); a Uri
// AppHost handed over (callers.ts, handUri) as the Uri; anything else (a ref, a Uri) as it came.

/** The arguments an action's run gets: its target, then the tree selection if it takes one, then the rest. */
export function argsFor(action: Action, args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const target = toCommandTarget(first) ?? handedUri(first) ?? first;
  if (!isTreeSelection(rest[0])) return [target, ...rest];
  if (!action.selection) return [target, ...rest.slice(1)];
  return [target, rest[0].map((row) => row.commandTarget()), ...rest.slice(1)];
}

function isTreeSelection(value: unknown): value is TreeNode[] {
  return Array.isArray(value) && value.length > 0 && value.every(isGenuineRow);
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

function isCancellation(error: unknown): boolean {
  return error instanceof UserCancelled || (error instanceof Error && error.name === 'CancelledError') || error instanceof vscode.CancellationError;
}

/**
 * Shows a short, actionable message and writes the full detail to the log. The detail
 * never contains secrets: errors from the API layer are built without token values.
 */
export async function reportError(log: vscode.LogOutputChannel, commandId: string, error: unknown, serviceName?: string): Promise<void> {
  if (isCancellation(error)) return;
  // With several services, the message says which one answered.
  const message = serviceNotice(serviceName, errorMessage(error));
  // A long list of errors (a 422) shows its first few; all of them are here, behind "Show Details".
  const answer = apiErrorIn(error);
  const all = answer && answer.messages.length > 1 ? `\n${answer.messages.map((m) => `  - ${m}`).join('\n')}` : '';
  log.error(`${commandId} failed: ${error instanceof Error ? (error.stack ?? message) : message}${all}`);
  const showDetails = vscode.l10n.t('Show Details');
  const setting = settingToFix(error);
  const open = setting ? openSettingCommand(setting) : undefined;
  const choice = await notify('error', message, ...(open ? [open.title] : []), showDetails);
  if (choice === showDetails) log.show(true);
  else if (open && choice === open.title) await foreignCommand(open.command, ...(open.arguments ?? []));
}

/** Where a command runs: its action, the ServiceCore of the service it acts on, the arguments for that service. */
export interface Routed {
  readonly action: Action;
  readonly s: ServiceCore;
  readonly args: unknown[];
  /** The service named in its errors (when several are known and it acted on one). */
  readonly serviceName?: string;
}

/**
 * Runs every command through one wrapper, so that errors are reported the same way
 * everywhere: cancellation is silent, everything else gets a short message plus details
 * in the extension log. A row reaches a run as a CommandTarget (see argsFor); a tree
 * multi-selection reaches only actions that take it. A command run by someone other than
 * the user (callers.ts) goes through `consent` first: AppHost's own question, and the
 * arguments the service vouches for in place of the caller's.
 */
export async function runCommand(
  log: vscode.LogOutputChannel,
  id: string,
  args: unknown[],
  /** The action and the service it acts on (commands/serviceRouting.ts), given the arguments its run gets. */
  route: (id: string, args: (action: Action) => unknown[]) => Promise<Routed>,
  /** For a caller other than the user: asks, and gives the arguments to use (throws UserCancelled when declined). */
  consent?: (id: string, args: unknown[]) => Promise<unknown[] | undefined>,
): Promise<unknown> {
  let serviceName: string | undefined;
  const caller = commandCaller(args);
  try {
    // Undefined: the command asks nobody (it acts on nothing); it runs for that caller.
    const agreed = caller === 'other' && consent ? await consent(id, args) : undefined;
    // A row becomes its target once, here: the routing and the run read that target.
    const routed = await route(id, (action) => argsFor(action, agreed ?? args));
    serviceName = routed.serviceName;
    const run = routed.action.run as (s: ServiceCore, ...a: unknown[]) => unknown;
    return await run(routed.s, ...routed.args);
  } catch (error) {
    await reportError(log, id, error, serviceName);
    return undefined;
  }
}
