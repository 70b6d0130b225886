// Act tools on a running app that take more than the app: scale, roll back (start, stop,
// restart and rebuild are built from their descriptors: appActionTool.ts). Each confirmation
// names the app, its workspace and the service, and says what happens; the tree's rows
// show the action as when the user clicks.
import * as vscode from 'vscode';
import { readProcessReport, type Release } from '../api';
import { formatScaling, parseScaling, type Scaling } from '../actions/scale';
import { rollbackTo } from '../actions/rollback';
import type { AppRef } from '../model';
import { releaseLabel } from '../tree/groups/releases';
import { serviceText } from './serviceInput';
import { type AppInput, resolveApp, workspaceName } from './appInput';
import {type ActTool, callOptions, type ToolContext } from './toolBase';
import { ToolFailure } from './modelText';

/** "App shop-api in workspace Personal, on https://…/api/v1": where an action lands. */
export async function where(ctx: ToolContext, app: AppRef): Promise<string> {
  const { session } = await ctx.s.connections.of(app.service).signedIn();
  return vscode.l10n.t('App **{0}** in workspace {1}, on {2}.', app.name, workspaceName(ctx.s, app.workspace), serviceText(ctx.s, session.apiRoot));
}

export interface ScaleInput extends AppInput {
  /** "web=2 worker=1". */
  readonly scaling: string;
}

export const scaleApp: ActTool<ScaleInput, { app: AppRef; changes: Scaling; current: Scaling }> = {
  name: 'apphost_scale_processes',
  kind: 'act',
  progress: (input) => vscode.l10n.t('Scaling {0} to {1}…', input.app ?? vscode.l10n.t('the linked app'), input.scaling),
  async plan(input, ctx) {
    const parsed = parseScaling(String(input.scaling ?? ''));
    if ('error' in parsed) throw new ToolFailure(parsed.error);
    const app = await resolveApp(ctx, input);
    const report = readProcessReport(await ctx.s.connections.of(app.service).api().processes.get(app.id, callOptions(ctx, app)));
    const current: Scaling = Object.fromEntries(report.types.map((t) => [t.type, t.instances.length]));
    const changes = Object.fromEntries(Object.entries(parsed.scaling).filter(([k, v]) => current[k] !== v));
    if (!Object.keys(changes).length) return { answer: vscode.l10n.t('Nothing to change: {0} already runs {1}.', app.name, formatScaling(parsed.scaling)) };
    const lines = Object.entries(changes).map(([k, v]) => `- ${k}: ${current[k] ?? 0} → ${v}${v === 0 ? ` (${k === 'web' ? vscode.l10n.t('the app stops answering requests') : vscode.l10n.t('stops every {0} process', k)})` : ''}`);
    return {
      plan: { app, changes, current },
      confirmation: {
        title: vscode.l10n.t('Scale {0}?', app.name),
        message: [await where(ctx, app), '', ...lines, '', vscode.l10n.t('Process types not listed keep their count.')].join('\n'),
      },
    };
  },
  async run({ app, changes, current }, ctx) {
    const api = ctx.s.connections.of(app.service).api();
    const opts = callOptions(ctx, app);
    const result = await ctx.s.tree.busyWhile(ctx.s.tree.appRows(app), vscode.l10n.t('Scaling {0} to {1}…', app.name, formatScaling(changes)), () => api.processes.scale(app.id, changes, opts));
    ctx.s.tree.reloadPart(app, 'processes');
    return vscode.l10n.t('{0} scaled: {1}.', app.name, formatScaling({ ...current, ...result.scaling }));
  },
};

export interface RollbackInput extends AppInput {
  /** "v12", "12" or a release id. */
  readonly release: string;
}

export const rollbackApp: ActTool<RollbackInput, { app: AppRef; release: Release }> = {
  name: 'apphost_rollback_release',
  kind: 'act',
  progress: (input) => vscode.l10n.t('Rolling {0} back to {1}…', input.app ?? vscode.l10n.t('the linked app'), input.release),
  async plan(input, ctx) {
    const app = await resolveApp(ctx, input);
    const releases = await ctx.s.connections.of(app.service).api().releases.list(app.id, callOptions(ctx, app));
    const wanted = String(input.release ?? '').trim().replace(/^v(?=\d+$)/i, '');
    const index = releases.findIndex((r) => r.id === wanted || (r.version !== undefined && String(r.version) === wanted));
    if (index < 0) {
      const known = releases.slice(0, 10).map(releaseLabel).join(', ');
      throw new ToolFailure(vscode.l10n.t('{0} has no release "{1}". Its releases, newest first: {2}.', app.name, input.release, known || vscode.l10n.t('none')));
    }
    const release = releases[index];
    if (index === 0) return { answer: vscode.l10n.t('{0} already runs {1} (its current release): nothing to roll back.', app.name, releaseLabel(release)) };
    const label = releaseLabel(release);
    return {
      plan: { app, release },
      confirmation: {
        title: vscode.l10n.t('Roll {0} back to {1}?', app.name, label),
        message: [
          await where(ctx, app),
          '',
          vscode.l10n.t('Now: {0}. Back to: {1}{2}{3}.', releaseLabel(releases[0]), label, release.description ? ` — ${release.description}` : '', release.createdAt ? vscode.l10n.t(', created {0}', release.createdAt) : ''),
          vscode.l10n.t('A new release runs the code of {0}. The app restarts; config vars stay as they are now.', label),
        ].join('\n'),
      },
    };
  },
  async run({ app, release }, ctx) {
    const created = await rollbackTo(ctx.s, app, release, ctx.s.tree.appRows(app)[0]);
    return vscode.l10n.t('{0} rolled back to {1}: its new release is {2}. The app restarts.', app.name, releaseLabel(release), releaseLabel(created));
  },
};
