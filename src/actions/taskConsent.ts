// AppHost's consent rule (consent.ts) for its `apphost` tasks. VS Code tells a task nothing
// about who started it: the user's Run Task, a tasks.json's dependsOn or key binding, and
// any extension's `vscode.tasks.executeTask` with a definition it made up (VS Code resolves
// it through AppHost's provider) all look the same. So every task counts as "someone else":
// the first time a task runs in this workspace, AppHost asks with its own modal, naming what
// it will do with the app as the service names it (read by id), where, and that a task
// started it. Declined: nothing is sent (TaskNotAllowed ends the task with exit code 1).
// "Always for This Task" remembers that exact task in workspaceState: its service,
// workspace and app id, deploy (and the folder deployed) or the exact command line, and
// the folder whose task it is. A changed app, command or folder asks again. A remembered
// task runs for whoever starts it: a neighbour that starts it does only what the user
// allowed "always". Only a hash of each is kept (a command line may hold a secret).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { Core } from '../core';
import { UserCancelled, type AppRef } from '../model';
import { ask } from '../notices';
import { appFromService, whereText } from './consent';
import { RUN_TEXTS } from './runCommand';

/**
 * What a task does: deploy a folder, run a command line (exactly as the task wrote it), or an
 * action on the app (deploy/appActionTask.ts: its question, what happens, its key).
 */
export type TaskAction =
  | { readonly kind: 'deploy'; readonly folder: vscode.WorkspaceFolder }
  | { readonly kind: 'run'; readonly command: string }
  | { readonly kind: 'action'; asks(app: string): string; effect(app: string): string; readonly key: string };

/** Where VS Code says a task belongs: a folder (its tasks.json, or the folder a caller named), the workspace, or the user. */
export type TaskScope = vscode.WorkspaceFolder | vscode.TaskScope;

/** The task was declined (or its question closed): nothing was sent. */
export class TaskNotAllowed extends UserCancelled {
  constructor() {
    super();
    this.message = vscode.l10n.t('Not run: the task was not allowed, so nothing was sent to the service.');
  }
}

const REMEMBERED = 'apphost.allowedTasks';

/**
 * Asks before a task acts on `app` (as the task found it), unless this exact task was
 * allowed "always" in this workspace; resolves with the app as its service names it.
 * Throws TaskNotAllowed when the user declines.
 */
export async function allowTask(s: Core, found: AppRef, scope: TaskScope, action: TaskAction): Promise<AppRef> {
  const app = await appFromService(s, found);
  const key = taskKey(app, scope, action);
  if (remembered(s).includes(key)) return app;
  const run = vscode.l10n.t('Run');
  const always = vscode.l10n.t('Always for This Task');
  const what = action.kind === 'deploy'
    ? vscode.l10n.t('A task asks AppHost to deploy folder {0} to {1}.', action.folder.name, app.name)
    : action.kind === 'run' ? vscode.l10n.t('A task asks AppHost to run "{0}" on {1}.', action.command, app.name) : action.asks(app.name);
  const effect = action.kind === 'deploy'
    ? vscode.l10n.t('The folder\'s current commit is pushed with git; the service builds it and replaces what {0} runs.', app.name)
    : action.kind === 'run' ? RUN_TEXTS.effect(app.name) : action.effect(app.name);
  const origin = vscode.l10n.t('It was started as a task of {0}: from a tasks.json, a compound task, Run Task, or another extension (VS Code does not tell AppHost which). Allow it only if you expected it.', scopeLabel(scope));
  const remember = vscode.l10n.t('"Always for This Task" runs this same task in this workspace without asking again; a changed app, folder or command asks again.');
  const answer = await ask('warning', what, [whereText(s, app), effect, origin, remember].join('\n\n'), run, always);
  if (answer === always) await s.context.workspaceState.update(REMEMBERED, [...remembered(s), key]);
  else if (answer !== run) throw new TaskNotAllowed();
  return app;
}

/** Forgets every task allowed "always" in this workspace; how many there were. */
export async function forgetAllowedTasks(s: Core): Promise<number> {
  const count = remembered(s).length;
  await s.context.workspaceState.update(REMEMBERED, undefined);
  return count;
}

function remembered(s: Core): string[] {
  const value = s.context.workspaceState.get<unknown>(REMEMBERED);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** One task, exactly: its hash. */
function taskKey(app: AppRef, scope: TaskScope, action: TaskAction): string {
  const what = action.kind === 'deploy' ? ['deploy', action.folder.uri.toString()] : action.kind === 'run' ? ['run', action.command] : [action.key];
  const parts = [app.service, app.workspace ?? '', String(app.id), scopeKey(scope), ...what];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function scopeKey(scope: TaskScope): string {
  return typeof scope === 'object' ? scope.uri.toString() : scope === vscode.TaskScope.Global ? 'global' : 'workspace';
}

function scopeLabel(scope: TaskScope): string {
  return typeof scope === 'object' ? vscode.l10n.t('folder {0}', scope.name) : vscode.l10n.t('this workspace');
}
