// Read tools about what happened: a deploy's build log (the latest by default), the
// releases, and the active workspace's activity feed.
import * as vscode from 'vscode';
import { deployFailed, teamOfWorkspace, type Deploy } from '../api';
import { diagnosisSummary, readDiagnosis } from '../actions/diagnose';
import { NotOffered } from '../kit/offered';
import type { AppRef } from '../model';
import { activitySentence } from '../activity/activitySentence';
import { buildFailure } from '../logs';
import { sanitizeLine } from '../logs';
import { releaseLabel } from '../tree/groups/releases';
import { type AppInput, resolveApp, workspaceName } from './appInput';
import { appOutputScrub } from './appOutput';
import { deployLine } from './appTools';
import { callOptions, type ReadTool, tailText, type ToolContext } from './toolBase';
import { clip } from '../format';

const FINISHED = new Set(['succeeded', 'failed', 'timed_out']);

export interface DeployLogInput extends AppInput {
  readonly deployId?: string;
  readonly lines?: number;
}

export const deployLog: ReadTool<DeployLogInput> = {
  name: 'apphost_get_deploy_log',
  kind: 'read',
  progress: (input) => (input.app ? vscode.l10n.t('Reading the deploy log of {0}…', input.app) : vscode.l10n.t('Reading the deploy log of the linked app…')),
  reads: async (input, ctx) => ({
    app: await resolveApp(ctx, input),
    what: input.deployId?.trim()
      ? vscode.l10n.t('the last {0} lines of the build log of one of its deploys', deployLogLines(input))
      : vscode.l10n.t('the last {0} lines of the build log of its latest deploy', deployLogLines(input)),
  }),
  async run(input, ctx) {
    const app = await resolveApp(ctx, input);
    const api = ctx.s.connections.of(app.service).api();
    const opts = callOptions(ctx, app);
    let id = input.deployId?.trim();
    if (!id) {
      const latest = (await api.deploys.list(app.id, opts))[0];
      if (!latest) return vscode.l10n.t('{0} has never been deployed: it has no deploy yet.', app.name);
      id = latest.id;
    }
    const [deploy, scrub] = await Promise.all([api.deploys.get(app.id, id, opts), appOutputScrub(ctx, app)]);
    const lines = (deploy.log ?? '').split(/\r?\n/).map(sanitizeLine).map(scrub).filter((l) => l.trim());
    const wanted = deployLogLines(input);
    const shown = lines.slice(-wanted).map((l) => clip(l, 500));
    const finished = FINISHED.has(deploy.status);
    // A failed deploy only: the diagnosis is one more request (the service may wait for its model).
    const diagnosis = deployFailed(deploy.status) ? scrub(await diagnosisText(ctx, app, deploy)) : '';
    return [
      vscode.l10n.t('Deploy of {0}: {1}.', app.name, deployLine(deploy)),
      finished ? '' : vscode.l10n.t('It has not finished yet: its log is complete once it has.'),
      deploy.status === 'failed' || deploy.status === 'timed_out' ? vscode.l10n.t('Why it failed: {0}', buildFailure(lines) ?? deploy.status) : '',
      lines.length
        ? vscode.l10n.t('Build log, the last {0} of {1} lines:', shown.length, lines.length)
        : vscode.l10n.t('The build log is empty{0}.', finished ? '' : vscode.l10n.t(' (the service writes it when the build ends)')),
      tailText(shown.join('\n'), 40_000),
      diagnosis,
    ].filter(Boolean).join('\n');
  },
};

function deployLogLines(input: DeployLogInput): number {
  return Math.max(1, Math.min(500, Math.floor(Number(input.lines) || 100)));
}

/** The service's diagnosis of the failed deploy, or why there is none; it never fails the tool. */
async function diagnosisText(ctx: ToolContext, app: AppRef, deploy: Deploy): Promise<string> {
  try {
    return diagnosisSummary(app, await readDiagnosis(ctx.s, app, deploy.id, { options: callOptions(ctx, app) }));
  } catch (error) {
    if (error instanceof NotOffered) return error.message;
    return vscode.l10n.t('The service\'s diagnosis could not be read: {0}', error instanceof Error ? error.message : String(error));
  }
}

export const listReleases: ReadTool<AppInput & { limit?: number }> = {
  name: 'apphost_list_releases',
  kind: 'read',
  progress: (input) => (input.app ? vscode.l10n.t('Listing the releases of {0}…', input.app) : vscode.l10n.t('Listing the releases of the linked app…')),
  reads: async (input, ctx) => ({ app: await resolveApp(ctx, input), what: vscode.l10n.t('its releases') }),
  async run(input, ctx) {
    const app = await resolveApp(ctx, input);
    const releases = await ctx.s.connections.of(app.service).api().releases.list(app.id, callOptions(ctx, app));
    if (!releases.length) return vscode.l10n.t('{0} has no release yet (never deployed).', app.name);
    const limit = Math.max(1, Math.min(50, Math.floor(Number(input.limit) || 10)));
    return [
      vscode.l10n.t('Releases of {0} (workspace {1}), newest first, {2} of {3}. The first runs now; apphost_rollback_release goes back to another.', app.name, workspaceName(ctx.s, app.workspace), Math.min(limit, releases.length), releases.length),
      ...releases.slice(0, limit).map((r, i) => `- ${[
        releaseLabel(r) + (i === 0 ? vscode.l10n.t(' (current)') : ''),
        r.description ? clip(r.description, 160) : '',
        r.commitSha ? vscode.l10n.t('commit {0}', r.commitSha.slice(0, 7)) : '',
        r.deployId ? vscode.l10n.t('deploy {0}', r.deployId) : '',
        r.createdAt ? vscode.l10n.t('created {0}', r.createdAt) : '',
      ].filter(Boolean).join(' · ')}`),
    ].join('\n');
  },
};

export const recentActivity: ReadTool<{ limit?: number }> = {
  name: 'apphost_get_activity',
  kind: 'read',
  progress: () => vscode.l10n.t('Reading the AppHost activity…'),
  async reads(input, ctx) {
    await ctx.s.connections.of(ctx.s.service).signedIn();
    return { what: vscode.l10n.t('your recent AppHost activity ({0} entries at most)', activityLimit(input)) };
  },
  async run(input, ctx) {
    const { session, api } = await ctx.s.connections.of(ctx.s.service).signedIn();
    const workspace = ctx.s.workspaces.active(session.apiRoot);
    const limit = activityLimit(input);
    const items = await api.activities.list({ limit }, callOptions(ctx, { workspace }));
    const name = workspaceName(ctx.s, workspace);
    return [
      teamOfWorkspace(workspace)
        ? vscode.l10n.t('Activity (the service shows your personal feed, whatever workspace is active: {0}), newest first:', name)
        : vscode.l10n.t('Activity of workspace {0}, newest first:', name),
      ...(items.length ? items.map((a) => `- ${a.createdAt ?? ''} ${clip(activitySentence(a), 300)}`) : [vscode.l10n.t('No activity yet.')]),
    ].join('\n');
  },
};

function activityLimit(input: { limit?: number }): number {
  return Math.max(1, Math.min(100, Math.floor(Number(input.limit) || 20)));
}
