// An `apphost` task with a "command" runs that one-off command on its app (the action:
// actions/runCommand.ts) in the task's terminal, and ends with the command's exit code, so a
// compound task can deploy and then migrate:
//   { "type": "apphost", "app": "shop-api", "command": "rails db:migrate" }
// The app is the one a folder of this window is linked to under that name, else the app of
// that name in the first service's active workspace. Before it runs, the task is asked for
// like any caller other than the user (actions/taskConsent.ts): VS Code does not say who
// started it.
import * as vscode from 'vscode';
import { planRun } from '../actions/runCommand';
import { runTerminal, runTerminalName } from '../actions/runTerminal';
import { allowTask } from '../actions/taskConsent';
import { activeWorkspace, inWorkspace } from '../kit/targets';
import { onService, type Core } from '../core';
import type { AppRef } from '../model';
import { TASK_TYPE } from '../schemes';
import { refOf } from './deployTarget';
import type { DeployArea } from './';

/** An `apphost` task that runs a command (package.json, taskDefinitions). */
export interface RunTaskDefinition extends vscode.TaskDefinition {
  app: string;
  folder?: string;
  command: string;
}

/** Whether a task definition runs a command (rather than deploying). */
export function isRunTask(definition: vscode.TaskDefinition): definition is RunTaskDefinition {
  return typeof definition.app === 'string' && typeof definition.command === 'string';
}

export function runTask(s: Core, area: DeployArea, definition: RunTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope.Global | vscode.TaskScope.Workspace): vscode.Task {
  const name = runTerminalName(definition.app, definition.command);
  // Any extension can call the execution: it gets a terminal of closures, asked for when opened.
  const execution = new vscode.CustomExecution(async () =>
    runTerminal(s, name, async () => {
      // A service known not to offer one-off commands refuses before anything is asked.
      const plan = planRun(s, await taskApp(s, area, definition, scope), definition.command);
      return { ...plan, app: await allowTask(s, plan.app, scope, { kind: 'run', command: plan.command }) };
    }, true).pty);
  const task = new vscode.Task(definition, scope, vscode.l10n.t('Run {0} on {1}', definition.command, definition.app), TASK_TYPE, execution, []);
  task.detail = vscode.l10n.t('a one-off command in a new container of {0}; the task ends with its exit code', definition.app);
  return task;
}

/** The app the task names: a linked folder's (the task's own folder first), else the first service's app of that name. */
export async function taskApp(s: Core, area: DeployArea, definition: { app: string; folder?: string }, scope: vscode.WorkspaceFolder | vscode.TaskScope): Promise<AppRef> {
  await area.links.settled();
  const { app } = definition;
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folder = definition.folder ? folders.find((f) => f.name === definition.folder) : typeof scope === 'object' ? scope : undefined;
  const own = folder ? area.links.linkOf(folder) : undefined;
  const link = own?.app.name === app ? own : area.links.links().find((l) => l.app.name === app);
  if (link) {
    await s.connections.of(link.service).signedIn();
    return refOf(s, link);
  }
  const service = s.connections.firstId();
  const on = onService(s, service);
  const { api } = await s.connections.of(service).signedIn();
  const { slug } = await activeWorkspace(on);
  const apps = await inWorkspace(on, slug, await api.apps.list({}, { workspace: slug, priority: 'user' }));
  const found = apps.find((a) => a.name === app);
  if (!found) {
    throw new Error(vscode.l10n.t('No app named {0} in the active workspace, and no open folder is linked to it. Check "app" in the task, or link the app\'s folder (AppHost: Link Folder to App…).', app));
  }
  return { service, workspace: slug, id: found.id, name: found.name };
}
