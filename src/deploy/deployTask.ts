// The `apphost` task type: a "Deploy <app>" task for each linked folder, so tasks.json can
// run it, bind a key to it and chain it ("dependsOn"), and tasks written by hand
// ({ "type": "apphost", "app": "storefront" }) resolve to it. It runs the same deploy as the
// status bar (./deployFlow.ts), in the task's terminal (./taskTerminal.ts). A task with a
// "command" runs that one-off command on the app instead (./runTask.ts). Before anything is
// sent, a task is asked for like any caller other than the user (actions/taskConsent.ts):
// VS Code does not say who started it.
import * as vscode from 'vscode';
import type { Core } from '../core';
import type { DeployTarget } from './deployTarget';
import { refOf } from './deployTarget';
import type { DeployArea } from './';
import { TASK_TYPE } from '../schemes';
import { deployTerminal } from './taskTerminal';
import { APP_ACTIONS } from '../actions';
import { actionOfTask, appActionTask } from './appActionTask';
import { isRunTask, runTask } from './runTask';
import { allowTask } from '../actions/taskConsent';

export interface AppHostTaskDefinition extends vscode.TaskDefinition {
  /** The app to deploy (its name, as the AppHost view shows it). */
  app: string;
  /** The workspace folder to deploy (its name), for a task of the workspace rather than of a folder. */
  folder?: string;
  /** A one-off command to run on the app instead of deploying it (./runTask.ts). */
  command?: string;
}

export class DeployTaskProvider implements vscode.TaskProvider {
  constructor(
    private readonly s: Core,
    private readonly area: DeployArea,
  ) {}

  /** One task per linked folder (no request: the links come from git remotes and what the user linked). */
  async provideTasks(): Promise<vscode.Task[]> {
    await this.area.links.settled();
    return this.area.links.links().map((link) => this.task({ type: TASK_TYPE, app: link.app.name }, link.folder));
  }

  /** A task of tasks.json: the same task, with its definition as written. */
  resolveTask(task: vscode.Task): vscode.Task | undefined {
    const definition = task.definition as AppHostTaskDefinition;
    if (typeof definition.app !== 'string' || !definition.app.trim()) return undefined;
    const scope = task.scope ?? vscode.TaskScope.Workspace;
    if (isRunTask(definition)) return runTask(this.s, this.area, definition, scope);
    const action = actionOfTask(APP_ACTIONS, definition);
    return action ? appActionTask(this.s, this.area, action, definition, scope) : this.task(definition, scope);
  }

  private task(definition: AppHostTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope.Global | vscode.TaskScope.Workspace): vscode.Task {
    // Any extension can call the execution: it gets a terminal of closures, asked for when opened.
    const execution = new vscode.CustomExecution(async () => deployTerminal(this.s, this.area, definition.app, () => allowedTarget(this.s, this.area, definition, scope)));
    const task = new vscode.Task(definition, scope, vscode.l10n.t('Deploy {0}', definition.app), TASK_TYPE, execution, []);
    task.detail = vscode.l10n.t('git push to {0}, with the build in the terminal', definition.app);
    return task;
  }
}

/** What the task deploys, once signed in to its service and allowed (asked unless allowed "always"). */
async function allowedTarget(s: Core, area: DeployArea, definition: AppHostTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope): Promise<DeployTarget> {
  const target = await taskTarget(s, area, definition, scope);
  await s.connections.of(target.app.service).signedIn();
  await allowTask(s, target.app, scope, { kind: 'deploy', folder: target.folder });
  return target;
}

/** The folder and app a task deploys: its folder's link, checked against the app it names. Nothing is asked. */
export async function taskTarget(s: Core, area: DeployArea, definition: AppHostTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope): Promise<DeployTarget> {
  await area.links.settled();
  const { app } = definition;
  const folders = vscode.workspace.workspaceFolders ?? [];
  const folder = definition.folder ? folders.find((f) => f.name === definition.folder) : typeof scope === 'object' ? scope : undefined;
  if (definition.folder && !folder) {
    throw new Error(vscode.l10n.t('The task names folder "{0}", which is not open in this window (open folders: {1}).', definition.folder, folders.map((f) => f.name).join(', ')));
  }
  if (folder) {
    const link = area.links.linkOf(folder);
    if (!link) {
      throw new Error(vscode.l10n.t('Folder {0} is not linked to an AppHost app. Link it to {1} (AppHost: Link Folder to App…), or deploy it once with AppHost: Deploy, then run the task again.', folder.name, app));
    }
    if (link.app.name !== app) {
      throw new Error(vscode.l10n.t('Folder {0} is linked to {1}, not {2}. Change "app" in the task to "{1}", or link the folder to {2} (AppHost: Link Folder to App…).', folder.name, link.app.name, app));
    }
    return { folder, app: await refOf(s, link) };
  }
  const linked = area.links.links().filter((l) => l.app.name === app);
  if (linked.length === 1) return { folder: linked[0].folder, app: await refOf(s, linked[0]) };
  if (!linked.length) throw new Error(vscode.l10n.t('No open folder is linked to {0}. Link its folder (AppHost: Link Folder to App…), then run the task again.', app));
  throw new Error(vscode.l10n.t('Folders {0} are all linked to {1}: add "folder" to the task to say which one it deploys.', linked.map((l) => l.folder.name).join(', '), app));
}
