// A deploy by git push: the push runs in a cancellable progress notification, its
// build output fills an editor tab live (the platform streams the build to the
// pusher; the deploy record gets its log only at the end), the deploy the push
// started is found once the build begins and read again when the push ends, the
// tree's Deploys and Releases follow, and the end is reported with what to do next.
// Requests: deploys before the push (1), the new deploy (1), its outcome (1, a few
// more only if the record lags behind the push), the app's row (1).
import * as vscode from 'vscode';
import { deployFailed, deployFinished, sleep, splitLines, systemClock, type Deploy } from '../api';
import { serviceNoticeOf } from '../kit/notices';
import { logsArea } from '../logViews/registerLogs';
import type { PushLog } from '../logViews/deployLogs';
import { notificationOutput, type DeployOutput } from './deployOutput';
import type { Core, ServiceCore } from '../core';
import { gitOutput, runPush } from './gitProcess';
import type { DeployArea } from './';
import type { PushPlan } from './preflight';
import { ACTION_TITLES, explainPush, type ExplainedAction } from './pushProblems';
import { pushOutcome, type PushOutcome } from './pushOutput';
import { buildFailure } from '../logs';
import { type AppRef, UserCancelled } from '../model';
import { ask, notify } from '../notices';
import { ownCommand } from '../commandCalls';


export interface DeployResult {
  outcome: PushOutcome;
  deploy?: Deploy;
  /** The build's lines as the push received them. */
  buildLines: string[];
  /** The tab of the build, opened once the build began (undefined when git refused the push before). */
  pushLog?: PushLog;
}

export async function runDeploy(s: ServiceCore, area: DeployArea, plan: PushPlan, options: { force?: boolean; output?: DeployOutput } = {}): Promise<DeployResult> {
  const { app } = plan;
  const force = options.force ?? false;
  const out = options.output ?? notificationOutput(s, plan);
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  const before = new Set((await api.deploys.list(app.id, opts)).map((d) => d.id));
  const refspec = `${plan.source}:refs/heads/${plan.deployBranch}`;
  area.statusBar.setActivity(app, vscode.l10n.t('deploying…'));
  s.log.info(`[deploy] ${app.name}: git push ${force ? '--force ' : ''}${plan.remote} ${refspec} (${plan.folder.name})`);

  const gitLines: string[] = [];
  const buildLines: string[] = [];
  let found: Promise<Deploy | undefined> | undefined;
  let cancelled = false;
  // The deploy the push started: the newest one not there before it (wokku creates it as the build starts).
  const findDeploy = async () => {
    const list = await api.deploys.list(app.id, { ...opts, priority: 'background' }).catch(() => []);
    const fresh = list.find((d) => !before.has(d.id));
    if (fresh) {
      out.attach(fresh);
      s.tree.reloadParts(app, ['deploys', 'releases']);
    }
    return fresh;
  };
  try {
    const code = await out.during(async (token) => {
      const run = runPush({
        gitPath: plan.gitPath,
        cwd: plan.repo.rootUri.fsPath,
        remote: plan.remote,
        refspec,
        force,
        credential: plan.credential,
        onEvent: (e) => {
          if (e.kind === 'remote') {
            buildLines.push(e.text);
            out.build(e.text);
            found ??= findDeploy();
          } else if (e.kind === 'progress') {
            out.progress(e.text);
          } else {
            gitLines.push(e.text);
            out.git(e.text);
            s.log.info(`[deploy] git: ${e.text}`);
          }
        },
      });
      const sub = token.onCancellationRequested(() => {
        cancelled = true;
        run.cancel();
      });
      try {
        return await run.exit;
      } finally {
        sub.dispose();
      }
    });
    const outcome: PushOutcome = cancelled ? { problem: 'cancelled' } : pushOutcome(code, gitLines, plan.remote);
    const started = found ? await found : outcome.problem === 'ok' || outcome.problem === 'buildFailed' ? await findDeploy() : undefined;
    // Cancelled: the build goes on without us; the tab follows the record at its own pace.
    const deploy = started && (cancelled ? started : await settle(s, area, app, started));
    out.finish(deploy, endStatus(outcome, deploy));
    if (deploy) {
      s.tree.reloadParts(app, ['deploys', 'releases']);
      if (deploy.status === 'succeeded') s.tree.deploysSeen(app);
    }
    await s.tree.reloadApp(app).catch(() => undefined);
    return { outcome, deploy: deploy ?? undefined, buildLines, pushLog: out.pushLog };
  } finally {
    area.statusBar.setActivity(app, undefined);
  }

  function endStatus(outcome: PushOutcome, deploy: Deploy | undefined): string {
    if (deploy) return deployFinished(deploy.status) ? deploy.status : vscode.l10n.t('the push ended; the deploy is still {0}: this tab follows it', deploy.status);
    if (outcome.problem === 'cancelled') return vscode.l10n.t('push cancelled');
    if (outcome.problem === 'upToDate') return vscode.l10n.t('nothing to deploy: {0}/{1} already has this commit', plan.remote, plan.deployBranch);
    return vscode.l10n.t('push failed: {0}', outcome.detail ?? outcome.problem);
  }
}

/** Reads the deploy until it has finished (the record is updated right after the build; a few, spaced reads at most). */
async function settle(s: Core, area: DeployArea, app: AppRef, deploy: Deploy): Promise<Deploy> {
  const api = s.connections.of(app.service).api();
  let current = await api.deploys.get(app.id, deploy.id, { workspace: app.workspace, priority: 'user' }).catch(() => deploy);
  for (const ms of area.settleDelaysMs) {
    if (deployFinished(current.status)) break;
    await sleep(systemClock, ms);
    current = await api.deploys.get(app.id, deploy.id, { workspace: app.workspace, priority: 'background' }).catch(() => current);
  }
  return current;
}

/** How a deploy ended: its state and the sentence that tells it (the command's message, the task's last line). */
export interface DeployEnd {
  state: 'succeeded' | 'failed' | 'running' | 'cancelled' | 'upToDate' | 'refused';
  message: string;
}

export function deployEnd(plan: PushPlan, result: DeployResult): DeployEnd {
  const { app } = plan;
  const { outcome, deploy } = result;
  const short = plan.commit.hash.slice(0, 7);
  if (deploy?.status === 'succeeded') return { state: 'succeeded', message: vscode.l10n.t('{0} deployed: {1} "{2}".', app.name, short, plan.commit.subject) };
  if (deploy && deployFinished(deploy.status)) {
    return { state: 'failed', message: vscode.l10n.t('The deploy of {0} failed: {1}', app.name, buildFailure(splitLines(deploy.log ?? '')) ?? deploy.status) };
  }
  if (deploy) return { state: 'running', message: vscode.l10n.t('The push of {0} ended; its deploy is still {1}. The log tab follows it.', app.name, deploy.status) };
  switch (outcome.problem) {
    case 'cancelled':
      return { state: 'cancelled', message: vscode.l10n.t('Deploy of {0} cancelled. A build that had started goes on on the service: its deploy is listed under Deploys.', app.name) };
    case 'upToDate':
      return {
        state: 'upToDate',
        message: vscode.l10n.t('Nothing to deploy: {0} already has commit {1} ({2}/{3} is up to date). Commit a change, then deploy.', app.name, short, plan.remote, plan.deployBranch),
      };
    case 'buildFailed':
      return { state: 'failed', message: vscode.l10n.t('The deploy of {0} failed: {1}', app.name, buildFailure(result.buildLines) ?? outcome.detail ?? '') };
    default:
      return { state: 'refused', message: explainPush(outcome, plan).message };
  }
}

/** Tells how the deploy ended, with the next steps; runs the step chosen. */
export async function report(s: ServiceCore, area: DeployArea, plan: PushPlan, result: DeployResult): Promise<void> {
  const { app } = plan;
  const openApp = vscode.l10n.t('Open App');
  const tail = vscode.l10n.t('Tail Logs');
  const showLog = vscode.l10n.t('Show Log');
  const diagnose = vscode.l10n.t('Diagnose Failure');
  const run = async (choice: string | undefined) => {
    if (choice === diagnose && result.deploy) await ownCommand('apphost.deploy.diagnose', app, result.deploy.id);
    else if (choice === openApp) await ownCommand('apphost.app.openInBrowser', app);
    else if (choice === tail) await ownCommand('apphost.logs.tail', app);
    else if (choice === showLog) await showPushLog(s, plan, result);
  };
  const end = deployEnd(plan, result);
  const message = serviceNoticeOf(s, end.message, app.service);
  switch (end.state) {
    case 'succeeded':
      return run(await notify('info', message, openApp, tail));
    case 'failed':
      return run(await notify('error', message, ...(result.deploy ? [...(canDiagnose(s, app, result.deploy) ? [diagnose] : []), showLog, tail] : [showLog])));
    case 'running':
      return run(await notify('info', message, showLog));
    case 'cancelled':
    case 'upToDate':
      void notify('info', message);
      return;
    case 'refused':
      return problem(s, area, plan, result.outcome);
  }
}

/** A failed deploy of a service not found to lack diagnoses (an older wokku answers 404). */
function canDiagnose(s: Core, app: AppRef, deploy: Deploy): boolean {
  return deployFailed(deploy.status) && !s.connections.of(app.service).offers.lacks('diagnose');
}

/** A push git refused: the explanation, and what its buttons do. */
async function problem(s: ServiceCore, area: DeployArea, plan: PushPlan, outcome: PushOutcome): Promise<void> {
  const { message: text, actions } = explainPush(outcome, plan);
  const message = serviceNoticeOf(s, text, plan.app.service);
  if (outcome.problem === 'authentication') area.keysChecked.clear();
  const titles = actions.map((a) => ACTION_TITLES[a]());
  const choice = await notify('error', message, ...titles);
  const action: ExplainedAction | undefined = choice ? actions[titles.indexOf(choice)] : undefined;
  switch (action) {
    case 'forceDeploy': {
      const replace = vscode.l10n.t('Replace and Deploy');
      const sure = await ask('warning',
        vscode.l10n.t('Replace {0}\'s branch {1} with yours?', plan.app.name, plan.deployBranch), vscode.l10n.t('git push --force: the commits only the app\'s repository has are dropped from it, and your commit {0} is built.', plan.commit.hash.slice(0, 7)),
        replace);
      if (sure !== replace) throw new UserCancelled();
      const result = await runDeploy(s, area, plan, { force: true });
      await report(s, area, plan, result);
      return;
    }
    case 'fixRemote':
      if (plan.details.gitRemote && (await gitOutput(plan.gitPath, plan.repo.rootUri.fsPath, ['remote', 'set-url', plan.remote, plan.details.gitRemote])) !== undefined) {
        void notify('info', vscode.l10n.t('Remote "{0}" now points at {1}. Deploy again.', plan.remote, plan.details.gitRemote));
      }
      return;
    case 'manageSshKeys':
      await ownCommand('apphost.sshKeys.manage');
      return;
    case 'signIn':
      await ownCommand('apphost.signIn');
      return;
    case 'showGitOutput':
      s.log.show(true);
      return;
  }
}

/** Opens the deploy's log: the push's tab when still open, else the record's log. */
export async function showPushLog(s: Core, plan: PushPlan, result: DeployResult): Promise<void> {
  if (await result.pushLog?.reveal()) return;
  if (result.deploy) await logsArea(s).deployLogs.open(plan.app, result.deploy.id);
}

