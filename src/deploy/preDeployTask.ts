// apphost.deploy.preDeployTask: a task (a build, the tests) that runs before every deploy
// of a folder, from the status bar, the palette or the AppHost task. It is found by the
// name Terminal > Run Task shows ("build", "npm: build"), among the folder's own tasks,
// then the workspace's and the user's, as VS Code resolves dependsOn. The deploy starts
// only when the task ended with exit code 0.
import * as vscode from 'vscode';
import { settings } from '../settings';
import { UserCancelled } from '../model';
import { TASK_TYPE } from '../schemes';

export const PRE_DEPLOY_SETTING = 'apphost.deploy.preDeployTask';

/** Why the deploy did not start; `fix` tells which button helps (the setting, or nothing: the task's terminal says why). */
export class PreDeployTaskError extends Error {
  constructor(message: string, readonly fix: 'setting' | 'task') {
    super(message);
  }
}

/** The task the folder's setting names, or undefined when none is set. */
export function preDeployTaskName(folder: vscode.WorkspaceFolder): string | undefined {
  return settings.preDeployTask(folder.uri);
}

/** The name Terminal > Run Task shows: the label of a tasks.json task, "source: name" for a provided one. */
function shownName(task: vscode.Task): string {
  return task.source === 'Workspace' || task.source === 'User' || task.definition.type === '$composite' ? task.name : `${task.source}: ${task.name}`;
}

/** 0: the folder's own task, 1: the workspace's, 2: the user's; undefined: another folder's. */
function reach(task: vscode.Task, folder: vscode.WorkspaceFolder): number | undefined {
  const scope = task.scope;
  if (typeof scope === 'object') return scope.uri.toString() === folder.uri.toString() ? 0 : undefined;
  return scope === vscode.TaskScope.Global ? 2 : 1;
}

/** The task named `name` for the folder; a message that lists its tasks when there is none. */
export async function findPreDeployTask(name: string, folder: vscode.WorkspaceFolder): Promise<vscode.Task> {
  const tasks = await vscode.tasks.fetchTasks();
  const named = tasks.filter((t) => t.name === name || shownName(t) === name || `${t.source}: ${t.name}` === name);
  const found = named
    .map((task) => ({ task, rank: reach(task, folder) }))
    .filter((c): c is { task: vscode.Task; rank: number } => c.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)[0]?.task;
  if (found) return found;
  const own = [...new Set(tasks.filter((t) => reach(t, folder) !== undefined && t.definition.type !== TASK_TYPE).map((t) => `"${shownName(t)}"`))];
  const elsewhere = named.map((t) => (typeof t.scope === 'object' ? t.scope.name : undefined)).find((f) => f);
  const parts = [
    vscode.l10n.t('No task named "{0}" was found for folder {1} (setting {2}), so the deploy did not start.', name, folder.name, PRE_DEPLOY_SETTING),
    elsewhere ? vscode.l10n.t('Folder {0} has one, but only the deployed folder\'s tasks and the workspace\'s run before its deploy.', elsewhere) : undefined,
    own.length ? vscode.l10n.t('Its tasks: {0}.', own.slice(0, 8).join(', ') + (own.length > 8 ? ', …' : '')) : vscode.l10n.t('It has no tasks: define one in .vscode/tasks.json.'),
    vscode.l10n.t('Set the setting to a name as Terminal > Run Task shows it (e.g. "build" or "npm: build"), or clear it to deploy without a task.'),
  ];
  throw new PreDeployTaskError(parts.filter(Boolean).join(' '), 'setting');
}

/** Refuses tasks a deploy cannot wait for: one that never ends, or an AppHost deploy (it would deploy before deploying, forever). */
export function checkRunnable(task: vscode.Task, name: string): void {
  if (task.definition.type === TASK_TYPE) {
    throw new PreDeployTaskError(
      vscode.l10n.t('The pre-deploy task "{0}" is an AppHost deploy: it would start a deploy before every deploy, forever. Set {1} to the task to run before (e.g. your build), or chain the deploy after it with dependsOn in tasks.json instead.', name, PRE_DEPLOY_SETTING),
      'setting',
    );
  }
  if (task.isBackground) {
    throw new PreDeployTaskError(
      vscode.l10n.t('The pre-deploy task "{0}" is a background task: it runs until stopped, so the deploy cannot wait for its end. Set {1} to a task that ends, e.g. a build or the tests.', name, PRE_DEPLOY_SETTING),
      'setting',
    );
  }
}

export interface PreDeployRun {
  /** Resolves when the task ended with exit code 0; rejects with what failed. */
  readonly done: Promise<void>;
  /** Stops the task (the deploy is cancelled, or it started a deploy of its own). */
  stop(error: Error): void;
}

const sameTask = (a: vscode.Task, b: vscode.Task) =>
  a.name === b.name && a.source === b.source && (typeof a.scope === 'object' ? a.scope.uri.toString() : a.scope) === (typeof b.scope === 'object' ? b.scope.uri.toString() : b.scope);

/**
 * Runs the task and waits for its end. A task made of others (dependsOn) has no process of
 * its own: it failed when one of the tasks it started ended with another exit code than 0.
 */
export function runPreDeployTask(task: vscode.Task, name: string, token?: vscode.CancellationToken): PreDeployRun {
  let stop: (error: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    let execution: vscode.TaskExecution | undefined;
    let stopped = false;
    let ownExit: number | undefined;
    let failedStep: { name: string; code: number } | undefined;
    const settle = (error?: Error) => {
      subs.forEach((s) => s.dispose());
      if (error) reject(error);
      else resolve();
    };
    const failed = (code: number, step?: string) =>
      new PreDeployTaskError(
        step
          ? vscode.l10n.t('The pre-deploy task "{0}" failed: its task "{1}" ended with exit code {2}. The deploy did not start; the task\'s terminal shows why.', name, step, code)
          : vscode.l10n.t('The pre-deploy task "{0}" failed with exit code {1}. The deploy did not start; the task\'s terminal shows why.', name, code),
        'task',
      );
    const subs: vscode.Disposable[] = [
      vscode.tasks.onDidEndTaskProcess((e) => {
        if (sameTask(e.execution.task, task)) ownExit = e.exitCode;
        else if (e.exitCode !== undefined && e.exitCode !== 0) failedStep ??= { name: e.execution.task.name, code: e.exitCode };
      }),
      vscode.tasks.onDidEndTask((e) => {
        if (!sameTask(e.execution.task, task)) return;
        if (ownExit !== undefined) settle(ownExit === 0 ? undefined : failed(ownExit));
        else settle(failedStep && failed(failedStep.code, failedStep.name));
      }),
    ];
    stop = (error) => {
      stopped = true;
      execution?.terminate();
      settle(error);
    };
    if (token) subs.push(token.onCancellationRequested(() => stop(new UserCancelled())));
    vscode.tasks.executeTask(task).then(
      (started) => {
        execution = started;
        if (stopped) started.terminate();
      },
      (error: unknown) => settle(new PreDeployTaskError(vscode.l10n.t('The pre-deploy task "{0}" could not start: {1}', name, error instanceof Error ? error.message : String(error)), 'task')),
    );
  });
  return { done, stop: (error) => stop(error) };
}
