// One deploy, whoever started it (the command: status bar, palette, tree; or an AppHost
// task): one at a time per app, the checks, the pre-deploy task, then the push. The checks
// come first, so their questions are asked while the user is there, before a long build.
import * as vscode from 'vscode';
import { onService, type Core, type ServiceCore } from '../core';
import type { AppRef } from '../model';
import { serviceNoticeOf } from '../kit/notices';
import type { DeployOutput } from './deployOutput';
import { runDeploy, type DeployResult } from './deployRun';
import type { DeployTarget } from './deployTarget';
import type { DeployArea } from './';
import { preflight, type PreflightOptions, type PushPlan, type Unattended } from './preflight';
import { checkRunnable, findPreDeployTask, PRE_DEPLOY_SETTING, PreDeployTaskError, preDeployTaskName, runPreDeployTask } from './preDeployTask';

/** How a task's deploy shows itself: its terminal, with no question asked. */
export interface TaskDeploy extends Unattended {
  output(plan: PushPlan): DeployOutput;
  /** A line of what happens (the pre-deploy task starting, ending). */
  say(text: string): void;
  readonly token: vscode.CancellationToken;
}

/**
 * Which deploys are one: an app of a service and workspace, by name (a folder's link names
 * its app by name, the tree by id; names are unique there). Same-named apps of two
 * services are two.
 */
export function deployKey(app: AppRef): string {
  return `${app.service} ${app.workspace ?? ''}/${app.name}`;
}

/**
 * The deploy, or undefined when one of the app is already running. `confirmedWarnings`: what
 * the user already accepted (the agent tool's confirmation) is not asked again.
 */
export async function deployFlow(
  caller: Core, area: DeployArea, target: DeployTarget, task?: TaskDeploy, confirmed: Pick<PreflightOptions, 'confirmedWarnings'> = {},
): Promise<{ plan: PushPlan; result: DeployResult } | undefined> {
  const { app } = target;
  // The deploy goes to the app's service (a folder's link names it), whoever started it.
  const s = onService(caller, app.service);
  // A pre-deploy task that deploys this app itself (an AppHost task in its dependsOn) would never end.
  const before = area.preDeploying.get(deployKey(app));
  if (before) {
    const loop = new PreDeployTaskError(
      vscode.l10n.t('The pre-deploy task "{0}" starts a deploy of {1} itself (through dependsOn): the deploy would wait for itself forever. Remove the AppHost task from its dependsOn, or set {2} to another task.', before.name, app.name, PRE_DEPLOY_SETTING),
      'setting',
    );
    before.run.stop(loop);
    throw loop;
  }
  if (area.running.has(deployKey(app))) return undefined;
  const running = (async () => {
    const plan = await preflight(s, area, target, { ...confirmed, unattended: task });
    await preDeploy(s, area, plan, task);
    if (task?.token.isCancellationRequested) throw new vscode.CancellationError();
    return { plan, result: await runDeploy(s, area, plan, { output: task?.output(plan) }) };
  })();
  area.running.set(deployKey(app), running.then(() => undefined, () => undefined));
  try {
    return await running;
  } finally {
    area.running.delete(deployKey(app));
  }
}

/** Runs the folder's pre-deploy task, if it has one; throws when it fails (the deploy does not start). */
async function preDeploy(s: ServiceCore, area: DeployArea, plan: PushPlan, task?: TaskDeploy): Promise<void> {
  const name = preDeployTaskName(plan.folder);
  if (!name) return;
  const found = await findPreDeployTask(name, plan.folder);
  checkRunnable(found, name);
  const running = vscode.l10n.t('Running the pre-deploy task "{0}" (setting {1})…', name, PRE_DEPLOY_SETTING);
  s.log.info(`[deploy] ${plan.app.name}: pre-deploy task "${name}"`);
  const wait = async (token: vscode.CancellationToken) => {
    const run = runPreDeployTask(found, name, token);
    area.preDeploying.set(deployKey(plan.app), { name, run });
    try {
      await run.done;
    } finally {
      area.preDeploying.delete(deployKey(plan.app));
    }
  };
  if (task) {
    task.say(running);
    await wait(task.token);
    task.say(vscode.l10n.t('The pre-deploy task "{0}" succeeded.', name));
    return;
  }
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: serviceNoticeOf(s, vscode.l10n.t('Deploying {0}', plan.app.name), plan.app.service), cancellable: true }, (progress, token) => {
    progress.report({ message: running });
    return wait(token);
  });
}
