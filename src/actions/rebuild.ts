// Rebuild: the app is built again from what was last pushed (wokku's POST /apps/:id/deploy,
// `dokku ps:rebuild`), with no local push. One descriptor: the command (menus, palette), the
// agent's tool and the `apphost` task ({"app": …, "rebuild": true}) are built from it.
// The service answers at once with the deploy the build runs as; the build follows as that
// deploy (pending, building, then succeeded or failed), its log written when it ends, in the
// deploy log tab the user sees build, whichever door started it.
import * as vscode from 'vscode';
import { deployFinished, splitLines, type Deploy, type RebuildStarted } from '../api';
import { offered } from '../kit/offered';
import type { Core } from '../core';
import { buildFailure } from '../logs';
import { logsArea } from '../logViews/registerLogs';
import type { AppRef } from '../model';
import type { AppAction, Performing } from '../kit/appAction';
import { inform, serviceNoticeOf } from '../kit/notices';
import { notify } from '../notices';
import { ownCommand } from '../commandCalls';
import { clip } from '../format';

/** Lines of the build a tool's answer ends with. */
const BUILD_LINES = 30;

const REBUILD_TEXTS = {
  title: (app: string) => vscode.l10n.t('Rebuild {0}?', app),
  effect: (app: string) => vscode.l10n.t('The service builds {0} again from its last push and restarts it with the new build; nothing is pushed from this editor. Requests may fail for a few seconds at the switch.', app),
  busy: (app: string) => vscode.l10n.t('Rebuilding {0}…', app),
  pick: () => vscode.l10n.t('Select the app to rebuild from its last push'),
  cannot: (app: string) => vscode.l10n.t('Cannot rebuild {0}', app),
  started: (app: string) => vscode.l10n.t('{0} is being rebuilt: the deploy log tab follows the build.', app),
  succeeded: (app: string) => vscode.l10n.t('{0} rebuilt from its last push.', app),
  failed: (app: string, why: string) => vscode.l10n.t('The rebuild of {0} failed: {1}', app, why),
  unknown: (app: string) => vscode.l10n.t('The service did not say which deploy rebuilds {0}: its Deploys part shows it.', app),
};

/** Starts the rebuild (one POST, never sent twice): the rows show it busy meanwhile, then the app's Deploys and Releases are read again. */
async function startRebuild(
  s: Core,
  app: AppRef,
  { clicked, options, around = (_busy, call) => call() }: Performing,
): Promise<RebuildStarted> {
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, ...options };
  const rows = [...new Set([...(clicked ? [clicked] : []), ...s.tree.appRows(app)])];
  const busy = REBUILD_TEXTS.busy(app.name);
  const started = await s.tree.busyWhile(rows, busy, () =>
    around(busy, () => offered(s, app.service, 'rebuild', () => api.apps.rebuild(app.id, opts), () => api.apps.get(app.id, opts))));
  s.tree.reloadParts(app, ['deploys', 'releases']);
  return started;
}

/**
 * Follows the rebuild in its deploy log tab, which the user sees build, to its end; then the
 * app's rows show it. Undefined when the tab was closed first (the Deploys part shows the end).
 */
async function followRebuild(s: Core, app: AppRef, deployId: string): Promise<Deploy | undefined> {
  const logs = logsArea(s).deployLogs;
  const deploy = await logs.outcome((await logs.open(app, deployId)).document.uri);
  if (deploy) {
    s.tree.reloadParts(app, ['deploys', 'releases']);
    void s.tree.readState(app, { rerender: true });
  }
  return deploy;
}

/** How a finished rebuild ended, in one sentence (the notice, the tool's answer, the task's last line). */
function rebuildSummary(app: AppRef, deploy: Deploy): { ok: boolean; text: string } {
  if (deploy.status === 'succeeded') return { ok: true, text: REBUILD_TEXTS.succeeded(app.name) };
  const why = (deployFinished(deploy.status) && buildFailure(splitLines(deploy.log ?? ''))) || deploy.status;
  return { ok: false, text: REBUILD_TEXTS.failed(app.name, why) };
}

/** The deploy the rebuild ran as, once it ended (undefined: the service named none, or its tab closed first). */
type Rebuilt = { deployId?: string; deploy?: Deploy };

export const rebuild: AppAction<Rebuilt> = {
  command: 'apphost.app.rebuild',
  tool: 'apphost_rebuild_app',
  task: {
    property: 'rebuild',
    label: (app) => vscode.l10n.t('Rebuild {0}', app),
    detail: (app) => vscode.l10n.t('{0} built again from its last push; the task ends with the build', app),
    asks: (app) => vscode.l10n.t('A task asks AppHost to rebuild {0}.', app),
    async finish(_s, app, { deployId, deploy }, terminal) {
      if (!deployId) {
        terminal.line(REBUILD_TEXTS.unknown(app.name));
        return false;
      }
      if (!deploy) {
        terminal.line(vscode.l10n.t('The log tab was closed before the build ended: the app\'s Deploys part shows how it ends.'));
        return false;
      }
      if (deploy.log) terminal.line(deploy.log.trimEnd());
      const { ok, text } = rebuildSummary(app, deploy);
      terminal.line(text, ok ? 'passed' : 'failed');
      return ok;
    },
  },
  texts: REBUILD_TEXTS,
  async perform(s, app, how) {
    const { deployId } = await startRebuild(s, app, how);
    return { deployId, deploy: deployId ? await followRebuild(s, app, deployId) : undefined };
  },
  async tell(s, app, { deployId, deploy }) {
    if (!deployId) return void inform(s, REBUILD_TEXTS.unknown(app.name));
    // Its tab closed before the end: the Deploys part shows how it ends.
    if (!deploy) return;
    const { ok, text } = rebuildSummary(app, deploy);
    const openApp = vscode.l10n.t('Open App');
    const tail = vscode.l10n.t('Tail Logs');
    const diagnose = vscode.l10n.t('Diagnose Failure');
    const canDiagnose = !ok && !s.connections.of(app.service).offers.lacks('diagnose');
    const choice = ok ? await inform(s, text, openApp, tail) : await notify('error', serviceNoticeOf(s, text, app.service), ...(canDiagnose ? [diagnose] : []), tail);
    if (choice === diagnose) await ownCommand('apphost.deploy.diagnose', app, deploy.id);
    else if (choice === openApp) await ownCommand('apphost.app.openInBrowser', app);
    else if (choice === tail) await ownCommand('apphost.logs.tail', app);
  },
  async answer(_s, app, { deployId, deploy }) {
    if (!deployId) return { text: REBUILD_TEXTS.unknown(app.name) };
    if (!deploy) return { text: vscode.l10n.t('The rebuild of {0} started (deploy {1}); its tab was closed before the build ended. apphost_get_deploy_log shows how it goes.', app.name, deployId) };
    const lines = (deploy.log ?? '').split(/\r?\n/).filter((l) => l.trim());
    const tail = lines.length ? [vscode.l10n.t('The last {0} of {1} lines of the build:', Math.min(BUILD_LINES, lines.length), lines.length), ...lines.slice(-BUILD_LINES).map((l) => clip(l, 300))] : [];
    // Build scripts can print the app's config values.
    return { text: [rebuildSummary(app, deploy).text, ...tail].join('\n'), appOutput: true };
  },
};
