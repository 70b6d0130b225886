// The `apphost` task door of an action on one app that names a task (kit/appAction.ts):
//   { "type": "apphost", "app": "shop-api", "rebuild": true }
// Its terminal says what runs and where, the action runs as after a click (a rebuild's build
// followed in its deploy log tab), and the action's last lines close it with 0 (succeeded)
// or 1. Asked for before it runs, like every `apphost` task (actions/taskConsent.ts).
import * as vscode from 'vscode';
import { whereText } from '../actions/consent';
import { allowTask } from '../actions/taskConsent';
import { errorMessage } from '../connection';
import type { Core } from '../core';
import type { AppAction, TaskDoor, TaskLines } from '../kit/appAction';
import { TASK_TYPE } from '../schemes';
import { onceTerminal } from '../kit/onceTerminal';
import type { DeployArea } from './';
import { taskApp } from './runTask';

/** An `apphost` task that runs an action (package.json, taskDefinitions). */
export interface ActionTaskDefinition extends vscode.TaskDefinition {
  app: string;
  folder?: string;
}

type TaskScope = vscode.WorkspaceFolder | vscode.TaskScope.Global | vscode.TaskScope.Workspace;

/** The action a task definition asks for (its property set to true), if any. */
export function actionOfTask(actions: readonly AppAction[], definition: vscode.TaskDefinition): AppAction | undefined {
  return typeof definition.app === 'string' ? actions.find((a) => a.task && definition[a.task.property] === true) : undefined;
}

export function appActionTask<R>(s: Core, area: DeployArea, action: AppAction<R>, definition: ActionTaskDefinition, scope: TaskScope): vscode.Task {
  const door = action.task as TaskDoor<R>;
  // Any extension can call the execution: it gets a terminal of closures, asked for when opened.
  const execution = new vscode.CustomExecution(async () => actionTerminal(s, area, action, door, definition, scope));
  const task = new vscode.Task(definition, scope, door.label(definition.app), TASK_TYPE, execution, []);
  task.detail = door.detail(definition.app);
  return task;
}

const STYLES = { dim: '\x1b[2m', passed: '\x1b[1;32m', failed: '\x1b[1;31m', bold: '\x1b[1m' } as const;

/** The task's terminal: an object of closures that leads nowhere; it runs once. */
function actionTerminal<R>(s: Core, area: DeployArea, action: AppAction<R>, door: TaskDoor<R>, definition: ActionTaskDefinition, scope: TaskScope): vscode.Pseudoterminal {
  const terminal = onceTerminal(() => run());
  const line = (text: string, style?: keyof typeof STYLES) => terminal.write(`${style ? STYLES[style] : ''}${text.replace(/\r?\n/g, '\r\n')}${style ? '\x1b[0m' : ''}\r\n`);
  const lines: TaskLines = { line };

  const run = async (): Promise<number> => {
    terminal.write('\x1b[?25l');
    try {
      const app = await allowTask(s, await taskApp(s, area, definition, scope), scope, { kind: 'action', asks: door.asks, effect: action.texts.effect, key: door.property });
      line(action.texts.busy(app.name), 'bold');
      line(whereText(s, app), 'dim');
      // An action with a task needs nothing beyond the app (no plan).
      const result = await action.perform(s, app, { options: { priority: 'user' } }, undefined as never);
      return (await door.finish(s, app, result, lines)) ? 0 : 1;
    } catch (error) {
      line(errorMessage(error), 'failed');
      return 1;
    }
  };

  return terminal.pty;
}
