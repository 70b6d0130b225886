// Rebuild: the app is built again from what was last pushed (wokku's POST /apps/:id/deploy,
// `dokku ps:rebuild`), with no local push. Written once: the command (menus, palette), the
// agent's tool and the `apphost` task are doors onto these texts, the call and its summary.
// The service answers at once with the deploy the build runs as; the build follows as that
// deploy (pending, building, then succeeded or failed), its log written when it ends.
import * as vscode from 'vscode';
import { deployFinished, splitLines, type CallOptions, type Deploy, type RebuildStarted } from '../api';
import { offered } from '../kit/offered';
import type { Core } from '../core';
import { buildFailure } from '../logs';
import { logsArea } from '../logViews/registerLogs';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';

export const REBUILD_TEXTS = {
  title: (app: string) => vscode.l10n.t('Rebuild {0}?', app),
  effect: (app: string) => vscode.l10n.t('The service builds {0} again from its last push and restarts it with the new build; nothing is pushed from this editor. Requests may fail for a few seconds at the switch.', app),
  busy: (app: string) => vscode.l10n.t('Rebuilding {0}…', app),
  started: (app: string) => vscode.l10n.t('{0} is being rebuilt: the deploy log tab follows the build.', app),
  succeeded: (app: string) => vscode.l10n.t('{0} rebuilt from its last push.', app),
  failed: (app: string, why: string) => vscode.l10n.t('The rebuild of {0} failed: {1}', app, why),
  unknown: (app: string) => vscode.l10n.t('The service did not say which deploy rebuilds {0}: its Deploys part shows it.', app),
};

/** Starts the rebuild (one POST, never sent twice): the rows show it busy meanwhile, then the app's Deploys and Releases are read again. */
export async function startRebuild(
  s: Core,
  app: AppRef,
  { clicked, options = {}, around = (call) => call() }: { clicked?: Row; options?: CallOptions; around?: <T>(call: () => Promise<T>) => Promise<T> } = {},
): Promise<RebuildStarted> {
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, ...options };
  const rows = [...new Set([...(clicked ? [clicked] : []), ...s.tree.appRows(app)])];
  const started = await s.tree.busyWhile(rows, REBUILD_TEXTS.busy(app.name), () =>
    around(() => offered(s, app.service, 'rebuild', () => api.apps.rebuild(app.id, opts), () => api.apps.get(app.id, opts))));
  s.tree.reloadParts(app, ['deploys', 'releases']);
  return started;
}

/**
 * Follows the rebuild in its deploy log tab, which the user sees build, to its end; then the
 * app's rows show it. Undefined when the tab was closed first (the Deploys part shows the end).
 */
export async function followRebuild(s: Core, app: AppRef, deployId: string): Promise<Deploy | undefined> {
  const logs = logsArea(s).deployLogs;
  const deploy = await logs.outcome((await logs.open(app, deployId)).document.uri);
  if (deploy) {
    s.tree.reloadParts(app, ['deploys', 'releases']);
    void s.tree.readState(app, { rerender: true });
  }
  return deploy;
}

/** How a finished rebuild ended, in one sentence (the notice, the tool's answer, the task's last line). */
export function rebuildSummary(app: AppRef, deploy: Deploy): { ok: boolean; text: string } {
  if (deploy.status === 'succeeded') return { ok: true, text: REBUILD_TEXTS.succeeded(app.name) };
  const why = (deployFinished(deploy.status) && buildFailure(splitLines(deploy.log ?? ''))) || deploy.status;
  return { ok: false, text: REBUILD_TEXTS.failed(app.name, why) };
}
