// Act tool: deploy the open folder to its linked app, as the Deploy command does (the same
// checks, push and build followed to its end), after a confirmation that names the app,
// the branch, the commit and what will not be deployed. It answers when the build ended.
import * as vscode from 'vscode';
import { deployArea } from '../deploy';
import { deployFlow, deployKey } from '../deploy/deployFlow';
import { report, type DeployResult } from '../deploy/deployRun';
import { onService } from '../core';
import { refOf, type DeployTarget } from '../deploy/deployTarget';
import type { FolderLink } from '../deploy/folderLinks';
import { deployBranchOf, deployWarnings, type PushPlan } from '../deploy/preflight';
import { explainPush } from '../deploy/pushProblems';
import { buildFailure } from '../logs';
import { serviceText } from './serviceInput';
import { workspaceName } from './appInput';
import { appOutputScrub } from './appOutput';
import { ToolFailure } from './modelText';
import { type ActTool, callOptions, type ToolContext } from './toolBase';
import { clip } from '../format';

/** Lines of the build the answer ends with. */
const BUILD_LINES = 30;

interface DeployPlan {
  target: DeployTarget;
  /** The commit the user confirmed. */
  commit: string;
  warnings: string[];
}

export const deployFolder: ActTool<{ folder?: string; service?: string }, DeployPlan> = {
  name: 'apphost_deploy_folder',
  kind: 'act',
  progress: (input) => (input.folder ? vscode.l10n.t('Deploying folder {0}…', input.folder) : vscode.l10n.t('Deploying the open folder…')),
  async plan(input, ctx) {
    const area = deployArea(ctx.s);
    await area.links.ready;
    // A service named: its folders only (else the folder's link says the service).
    const all = area.links.links();
    const link = linkOf(input.service ? all.filter((l) => l.service === ctx.s.service) : all, input.folder);
    // The folder's link names the service the deploy goes to.
    const s = onService(ctx.s, link.service);
    const { session, api } = await s.connections.of(link.service).signedIn();
    const app = await refOf(s, link);
    const repo = area.links.repoOf(link.folder);
    if (!area.links.gitAvailable) throw new ToolFailure(vscode.l10n.t('The Git extension of VS Code is disabled or missing: AppHost deploys through it. Ask the user to enable it (setting git.enabled).'));
    if (!repo) throw new ToolFailure(vscode.l10n.t('Folder {0} is not a git repository: AppHost deploys with git push. Its code must be committed in a repository first.', link.folder.name));
    if (area.running.has(deployKey(app))) return { answer: vscode.l10n.t('A deploy of {0} is already running: wait for it (apphost_get_deploy_log shows it).', app.name) };
    const details = await api.apps.get(app.id, callOptions(ctx, app));
    const deployBranch = deployBranchOf(details);
    const remote = area.links.remoteFor(link.folder, app, details.gitRemote)?.remote;
    await repo.status().catch(() => undefined);
    const head = repo.state.HEAD;
    if (!head?.commit) throw new ToolFailure(vscode.l10n.t('Nothing to deploy: folder {0} has no commit yet. The code must be committed first.', link.folder.name));
    const commit = await repo.getCommit(head.commit).catch(() => ({ hash: head.commit!, message: '' }));
    const onDeployBranch = !head.name || head.name === deployBranch;
    const warnings = remote && onDeployBranch ? await deployWarnings(repo, head, 'HEAD', remote) : [];
    const branch = head.name ?? vscode.l10n.t('a detached HEAD');
    const bullets = [
      vscode.l10n.t('- Folder {0}, branch `{1}`, commit `{2}` {3}', link.folder.name, branch, commit.hash.slice(0, 7), commit.message ? `"${clip(commit.message.split('\n')[0], 100)}"` : ''),
      remote
        ? vscode.l10n.t('- Pushed to the app\'s branch `{0}` with `git push {1}`.', deployBranch, remote)
        : vscode.l10n.t('- The folder has no git remote for {0} yet: VS Code asks before adding it.', app.name),
      onDeployBranch ? '' : vscode.l10n.t('- You are on `{0}` but {1} deploys `{2}`: VS Code asks which branch to push.', branch, app.name, deployBranch),
      ...warnings.map((w) => `- ⚠ ${w}`),
    ].filter(Boolean);
    const message = [
      vscode.l10n.t('App **{0}** in workspace {1}, on {2}.', app.name, workspaceName(s, app.workspace), serviceText(s, session.apiRoot)),
      '',
      ...bullets,
      '',
      vscode.l10n.t('The service builds it and restarts {0} with the new code. The agent waits until the build ends.', app.name),
    ].join('\n');
    return {
      plan: { target: { folder: link.folder, app }, commit: head.commit, warnings },
      confirmation: { title: vscode.l10n.t('Deploy folder {0} to {1}?', link.folder.name, app.name), message },
    };
  },
  async run(plan, ctx) {
    const { s } = ctx;
    const area = deployArea(s);
    const { folder, app } = plan.target;
    const now = area.links.repoOf(folder)?.state.HEAD?.commit;
    if (now !== plan.commit) {
      return vscode.l10n.t('Not deployed: folder {0} is now at commit {1}, not the confirmed {2}. Call the tool again to confirm what is there now.', folder.name, now?.slice(0, 7) ?? '?', plan.commit.slice(0, 7));
    }
    const done = await deployFlow(s, area, plan.target, undefined, { confirmedWarnings: plan.warnings });
    if (!done) return vscode.l10n.t('A deploy of {0} is already running: wait for it (apphost_get_deploy_log shows it).', app.name);
    // The user sees the outcome as after a click (its buttons wait for them, not for the agent).
    void report(onService(s, app.service), area, done.plan, done.result).catch((e: unknown) => s.log.warn(`[agent] deploy report: ${String(e)}`));
    // The build printed what the app's build scripts print: its config values are masked for the model.
    // (The whole answer: a failure's reason quotes the build too.) The deploy is done whatever
    // happens now: when the config cannot be read, the answer goes without the build's lines.
    const scrub = await appOutputScrub(ctx, done.plan.app).catch(() => undefined);
    if (scrub) return scrub(answer(ctx, done.plan, done.result));
    const { deploy } = done.result;
    return answer(ctx, done.plan, { ...done.result, buildLines: [], deploy: deploy && { ...deploy, log: undefined } });
  },
};

/** The linked folder the call means. */
function linkOf(links: readonly FolderLink[], folder: string | undefined): FolderLink {
  const named = folder?.trim();
  const all = links.map((l) => vscode.l10n.t('folder {0} → app {1}', l.folder.name, l.app.name)).join('; ');
  if (named) {
    const link = links.find((l) => l.folder.name === named);
    if (link) return link;
    throw new ToolFailure(vscode.l10n.t('No open folder named {0} is linked to an app. Linked: {1}.', named, all || vscode.l10n.t('none')));
  }
  if (links.length === 1) return links[0];
  if (links.length > 1) throw new ToolFailure(vscode.l10n.t('Several open folders are linked to apps ({0}): name the folder.', all));
  throw new ToolFailure(vscode.l10n.t('No open folder is linked to an AppHost app. Ask the user to link one (Command Palette: "AppHost: Link Folder to App…"), then call again.'));
}

function answer(ctx: ToolContext, plan: PushPlan, result: DeployResult): string {
  const { app } = plan;
  const { deploy, outcome } = result;
  const short = plan.commit.hash.slice(0, 7);
  const lines = (deploy?.log ? deploy.log.split(/\r?\n/) : result.buildLines).filter((l) => l.trim());
  const tail = lines.length ? [vscode.l10n.t('The last {0} of {1} lines of the build:', Math.min(BUILD_LINES, lines.length), lines.length), ...lines.slice(-BUILD_LINES).map((l) => clip(l, 300))] : [];
  if (deploy?.status === 'succeeded') {
    return [vscode.l10n.t('Deployed {0}: commit {1} "{2}", deploy {3} succeeded. The app runs the new code.', app.name, short, plan.commit.subject, deploy.id), ...tail].join('\n');
  }
  if (deploy && (deploy.status === 'failed' || deploy.status === 'timed_out')) {
    return [vscode.l10n.t('The deploy of {0} failed ({1}): {2}. The app keeps running its previous release.', app.name, deploy.status, buildFailure(lines) ?? deploy.status), ...tail].join('\n');
  }
  if (deploy) {
    return vscode.l10n.t('The push of {0} ended; deploy {1} is still {2}. Check it later with apphost_get_deploy_log.', app.name, deploy.id, deploy.status);
  }
  switch (outcome.problem) {
    case 'upToDate':
      return vscode.l10n.t('Nothing to deploy: {0} already has commit {1} ({2}/{3} is up to date). Commit a change first.', app.name, short, plan.remote, plan.deployBranch);
    case 'cancelled':
      return vscode.l10n.t('The deploy of {0} was cancelled. A build that had started goes on on the service.', app.name);
    case 'buildFailed':
      return [vscode.l10n.t('The deploy of {0} failed: {1}', app.name, buildFailure(result.buildLines) ?? outcome.detail ?? ''), ...tail].join('\n');
    default:
      ctx.s.log.info(`[agent] deploy of ${app.name}: ${outcome.problem}`);
      return vscode.l10n.t('Not deployed: {0}', explainPush(outcome, plan).message);
  }
}
