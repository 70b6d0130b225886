// Act tool: rebuild an app from its last push (actions/rebuild.ts), after a confirmation
// naming the app, its workspace and the service. The build is followed in the deploy log tab
// the user sees, as after a click; the answer comes when it ended, with the build's last
// lines (the app's config values masked: build scripts can print them).
import * as vscode from 'vscode';
import { followRebuild, REBUILD_TEXTS, rebuildSummary, startRebuild } from '../actions/rebuild';
import { NotOffered } from '../kit/offered';
import type { AppRef } from '../model';
import { where } from './appActions';
import { type AppInput, resolveApp } from './appInput';
import { appOutputScrub } from './appOutput';
import { ToolFailure } from './modelText';
import { type ActTool, callOptions, clip } from './toolBase';

/** Lines of the build the answer ends with. */
const BUILD_LINES = 30;

export const rebuildApp: ActTool<AppInput, AppRef> = {
  name: 'apphost_rebuild_app',
  kind: 'act',
  progress: (input) => REBUILD_TEXTS.busy(input.app ?? vscode.l10n.t('the linked app')),
  async plan(input, ctx) {
    const app = await resolveApp(ctx, input);
    return { plan: app, confirmation: { title: REBUILD_TEXTS.title(app.name), message: `${await where(ctx, app)}\n\n${REBUILD_TEXTS.effect(app.name)}` } };
  },
  async run(app, ctx) {
    const started = await startRebuild(ctx.s, app, { options: callOptions(ctx, app) }).catch((error: unknown) => {
      throw error instanceof NotOffered ? new ToolFailure(error.message) : error;
    });
    if (!started.deployId) return REBUILD_TEXTS.unknown(app.name);
    const deploy = await followRebuild(ctx.s, app, started.deployId);
    if (!deploy) return vscode.l10n.t('The rebuild of {0} started (deploy {1}); its tab was closed before the build ended. apphost_get_deploy_log shows how it goes.', app.name, started.deployId);
    const lines = (deploy.log ?? '').split(/\r?\n/).filter((l) => l.trim());
    const tail = lines.length ? [vscode.l10n.t('The last {0} of {1} lines of the build:', Math.min(BUILD_LINES, lines.length), lines.length), ...lines.slice(-BUILD_LINES).map((l) => clip(l, 300))] : [];
    const scrub = await appOutputScrub(ctx, app);
    return scrub([rebuildSummary(app, deploy).text, ...tail].join('\n'));
  },
};
