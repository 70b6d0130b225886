// Running a command: the shape of a command table, the wrapper every command runs in
// (a row becomes a CommandTarget, a multi-selection reaches only handlers that take it,
// errors are reported once), and the selection's apps.
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

/** A command handler: receives the tree node (or nothing, from the palette) and any extra args. */
export type CommandHandler = (...args: never[]) => unknown;
export type CommandTable = Record<string, CommandHandler>;

// The Resources view allows selecting several rows. VS Code then calls a row's command as
// (clicked, selected[]): context menus, inline actions and title actions alike. Most
// commands act on the clicked row only, so the runner drops the selection unless the
// handler was marked with `withSelection`. A row passed first (and every row of a
// selection) reaches the handler as what it stands for, a CommandTarget
// (tree/commandTarget.ts); a Uri AppHost handed over (callers.ts, handUri) as the
// Uri; anything else (a ref, a Uri) as it came.
const takesSelection = new WeakSet<CommandHandler>();

/** Marks a handler that acts on every selected row: it receives `(clicked, selected[])`. */
export function withSelection<H extends CommandHandler>(handler: H): H {
  takesSelection.add(handler);
  return handler;
}

/** The arguments a handler gets: its target, then the tree selection if it takes one, then the rest. */
export function argsFor(handler: CommandHandler, args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const target = toCommandTarget(first) ?? handedUri(first) ?? first;
  if (!isTreeSelection(rest[0])) return [target, ...rest];
  if (!takesSelection.has(handler)) return [target, ...rest.slice(1)];
  return [target, rest[0].map((row) => row.commandTarget()), ...rest.slice(1)];
}

export function isTreeSelection(value: unknown): value is TreeNode[] {
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

/**
 * Runs every command through one wrapper, so that errors are reported the same way
 * everywhere: cancellation is silent, everything else gets a short message plus details
 * in the extension log. A row reaches a handler as a CommandTarget (see argsFor); a tree
 * multi-selection reaches only handlers that take it. A command run by someone other than
 * the user (callers.ts) goes through `consent` first: AppHost's own question, and
 * the arguments the service vouches for in place of the caller's.
 */
export async function runCommand(
  log: vscode.LogOutputChannel,
  id: string,
  args: unknown[],
  /** The handler of the service the command acts on (serviceRouting.ts), with its arguments. */
  route: (id: string, args: unknown[]) => Promise<{ handler: CommandHandler | undefined; args: unknown[]; serviceName?: string }>,
  /** For a caller other than the user: asks, and gives the arguments to use (throws UserCancelled when declined). */
  consent?: (id: string, args: unknown[]) => Promise<unknown[] | undefined>,
): Promise<unknown> {
  let serviceName: string | undefined;
  const caller = commandCaller(args);
  try {
    // Undefined: the command asks nobody (it acts on nothing); it runs for that caller.
    const agreed = caller === 'other' && consent ? await consent(id, args) : undefined;
    const given = agreed ?? args;
    const routed = await route(id, given);
    serviceName = routed.serviceName;
    if (!routed.handler) throw new Error(`No handler for ${id}`);
    const handler = routed.handler as (...a: unknown[]) => unknown;
    return await handler(...argsFor(routed.handler, routed.args));
  } catch (error) {
    await reportError(log, id, error, serviceName);
    return undefined;
  }
}
