// An `apphost` task with "rebuild": true rebuilds its app from its last push (the action:
// actions/rebuild.ts), with nothing pushed from the folder:
//   { "type": "apphost", "app": "shop-api", "rebuild": true }
// The build is followed live in its deploy log tab, as after the command; the task's terminal
// says where it stands, prints the build's log when it ended and closes with 0 (succeeded) or
// 1. Asked for before it runs, like every `apphost` task (actions/taskConsent.ts).
import * as vscode from 'vscode';
import { followRebuild, REBUILD_TEXTS, rebuildSummary, startRebuild } from '../actions/rebuild';
import { whereText } from '../actions/consent';
import { allowTask } from '../actions/taskConsent';
import { errorMessage } from '../connection';
import type { Core } from '../core';
import { TASK_TYPE } from '../schemes';
import type { DeployArea } from './';
import { taskApp } from './runTask';

/** An `apphost` task that rebuilds (package.json, taskDefinitions). */
export interface RebuildTaskDefinition extends vscode.TaskDefinition {
  app: string;
  folder?: string;
  rebuild: true;
}

export function isRebuildTask(definition: vscode.TaskDefinition): definition is RebuildTaskDefinition {
  return typeof definition.app === 'string' && definition.rebuild === true;
}

export function rebuildTask(s: Core, area: DeployArea, definition: RebuildTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope.Global | vscode.TaskScope.Workspace): vscode.Task {
  // Any extension can call the execution: it gets a terminal of closures, asked for when opened.
  const execution = new vscode.CustomExecution(async () => rebuildTerminal(s, area, definition, scope));
  const task = new vscode.Task(definition, scope, vscode.l10n.t('Rebuild {0}', definition.app), TASK_TYPE, execution, []);
  task.detail = vscode.l10n.t('{0} built again from its last push; the task ends with the build', definition.app);
  return task;
}

/** The task's terminal: an object of closures that leads nowhere; it runs once. */
function rebuildTerminal(s: Core, area: DeployArea, definition: RebuildTaskDefinition, scope: vscode.WorkspaceFolder | vscode.TaskScope): vscode.Pseudoterminal {
  const written = new vscode.EventEmitter<string>();
  const closed = new vscode.EventEmitter<number>();
  let started = false;
  const line = (text: string, style = '') => written.fire(`${style}${text.replace(/\r?\n/g, '\r\n')}${style ? '\x1b[0m' : ''}\r\n`);

  const run = async (): Promise<number> => {
    written.fire('\x1b[?25l');
    try {
      const app = await allowTask(s, await taskApp(s, area, definition, scope), scope, { kind: 'rebuild' });
      line(REBUILD_TEXTS.busy(app.name), '\x1b[1m');
      line(whereText(s, app), '\x1b[2m');
      const { deployId } = await startRebuild(s, app, { options: { priority: 'user' } });
      if (!deployId) {
        line(REBUILD_TEXTS.unknown(app.name));
        return 1;
      }
      line(vscode.l10n.t('Deploy {0}: its log tab follows the build; its log comes here when it ends.', deployId), '\x1b[2m');
      const deploy = await followRebuild(s, app, deployId);
      if (!deploy) {
        line(vscode.l10n.t('The log tab was closed before the build ended: the app\'s Deploys part shows how it ends.'));
        return 1;
      }
      if (deploy.log) line(deploy.log.trimEnd());
      const { ok, text } = rebuildSummary(app, deploy);
      line(text, ok ? '\x1b[1;32m' : '\x1b[1;31m');
      return ok ? 0 : 1;
    } catch (error) {
      line(errorMessage(error), '\x1b[1;31m');
      return 1;
    }
  };

  return {
    onDidWrite: written.event,
    onDidClose: closed.event,
    open: () => {
      if (started) return;
      started = true;
      void run().then((code) => closed.fire(code));
    },
    close: () => {
      started = true;
    },
  };
}
