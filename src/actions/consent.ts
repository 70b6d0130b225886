// AppHost's own question when someone other than the user asks for an action (callers.ts):
// another extension running a command with its own argument, a tool call outside a chat.
// The question names the action, the app (the service's name for the id it was given,
// never the caller's), the workspace and the service, and says another extension or tool
// asked. Declined: nothing is sent. The caller's argument never reaches the command: the
// command gets the app as the service names it, a folder's Uri, or nothing (then it asks
// the user to pick, in AppHost's own pickers). The `apphost` tasks follow the same rule in
// taskConsent.ts: VS Code does not say who started a task, so a task always asks first
// (once, when the user allows that exact task "always").
import * as vscode from 'vscode';
import type { Core } from '../core';
import { isAppRef, UserCancelled, type AppRef } from '../model';
import { ask } from '../notices';
import type { Action } from '../kit/action';

/**
 * Whether a command asks before it runs for someone other than the user (`args`: what it
 * was given): every action asks, but for those that act on nothing and reveal nothing, a
 * file's action given a file (it asks in its own pickers) and a tab's button given the tab
 * the user has in front of them (kit/action.ts, Consent).
 */
export function asksOthers(action: Action, args: readonly unknown[] = []): boolean {
  switch (action.consent ?? 'asks') {
    case 'harmless': return false;
    case 'asksAboutAFile': return !(args[0] instanceof vscode.Uri && args[0].scheme === 'file');
    case 'aboutActiveTab': return !isActiveTab(args[0]);
    case 'asks': return true;
  }
}

/** The exact address (its key included) of the document in the active editor. */
function isActiveTab(arg: unknown): boolean {
  const active = vscode.window.activeTextEditor?.document.uri;
  return arg instanceof vscode.Uri && !!active && active.toString() === arg.toString();
}

/** The app a caller's argument claims: a ref, or a target naming one (unchecked). */
function claimedApp(arg: unknown): AppRef | undefined {
  if (isAppRef(arg)) return arg;
  const app = (arg as { app?: unknown } | undefined)?.app;
  return arg && typeof arg === 'object' && isAppRef(app) ? app : undefined;
}

/** The app as its service names it, read by id; an id the service does not know fails here, before anything is sent. */
export async function appFromService(s: Core, claimed: AppRef): Promise<AppRef> {
  const service = typeof claimed.service === 'string' ? claimed.service : s.connections.firstId();
  if (!s.connections.service(service) && service !== s.connections.firstId()) {
    throw new Error(vscode.l10n.t('AppHost does not know the service {0}.', String(service)));
  }
  const workspace = typeof claimed.workspace === 'string' ? claimed.workspace : undefined;
  const app = await s.connections.of(service).api().apps.get(String(claimed.id), { workspace, priority: 'user' });
  return { service, workspace, id: app.id, name: app.name };
}

/** "Personal" / the workspace's label as the view shows it. */
function workspaceLabel(s: Core, app: AppRef): string {
  return app.workspace ? (s.tree.shownWorkspace(app.service, app.workspace)?.label ?? app.workspace) : vscode.l10n.t('Personal');
}

/** The service as the user knows it: its name and address. */
function serviceLabel(s: Core, service: string): string {
  const name = s.connections.service(service)?.name;
  return name && name !== service ? `${name} (${service})` : service;
}

/** "App shop-api in workspace Personal, on Staging (https://…)." */
export function whereText(s: Core, app: AppRef): string {
  return vscode.l10n.t('App {0} in workspace {1}, on {2}.', app.name, workspaceLabel(s, app), serviceLabel(s, app.service));
}

/**
 * AppHost's modal for a caller other than the user; anything but the action's button
 * cancels (UserCancelled: nothing was sent). `what` says what will happen, where.
 */
export async function askOtherCaller(action: string, what: string, button = action.replace(/\?$/, '')): Promise<void> {
  const answer = await ask('warning',
    vscode.l10n.t('Another extension or tool asked AppHost to: {0}', action), `${what}\n\n${vscode.l10n.t('You did not ask for this in AppHost. Allow it only if you expected it.')}`,
    button);
  if (answer !== button) throw new UserCancelled();
}

/**
 * A command run by someone other than the user: asks (the action is the command's title),
 * and gives the command what the service says in place of the caller's argument.
 */
export async function consentToCommand(s: Core, action: string, args: readonly unknown[]): Promise<unknown[]> {
  const [first, ...rest] = args;
  // Only plain values (a deploy's id, a line count) pass through; objects a caller made are dropped.
  const plain = rest.filter((arg) => arg === undefined || typeof arg === 'string' || typeof arg === 'number' || typeof arg === 'boolean');
  const claimed = claimedApp(first);
  if (claimed) {
    const app = await appFromService(s, claimed);
    await askOtherCaller(action, whereText(s, app));
    return [app, ...plain];
  }
  if (first instanceof vscode.Uri) {
    // A menu of VS Code (the Explorer's, an editor title's) passes a Uri as any extension can: the question says both.
    // A document's address without its query: that holds the document's key (editors/documentKeys.ts), not for the eye.
    const where = first.scheme === 'file' ? first.fsPath : first.with({ query: '', fragment: '' }).toString(true);
    const answer = await ask('warning',
      vscode.l10n.t('{0}: {1}?', action, where), vscode.l10n.t('Asked from a menu of VS Code (the Explorer, an editor\'s title) or by another extension or tool.'),
      action);
    if (answer !== action) throw new UserCancelled();
    return [first, ...plain];
  }
  const service = s.connections.firstId();
  await askOtherCaller(action, s.connections.several ? vscode.l10n.t('AppHost asks you which service, app or item, if the action needs one.') : vscode.l10n.t('On {0}. AppHost asks you which app or item, if the action needs one.', serviceLabel(s, service)));
  return [];
}
