import * as vscode from 'vscode';
import type { Deploy } from '../api';
import { relativeTime } from '../format';
import { logsArea } from '../logViews/registerLogs';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { selectedApps } from '../kit/running';
import { askRecentLineCount, askTailFilter } from './logFilters';
import { appOf, itemOf, resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import { notify } from '../notices';
import { serviceNoticeOf } from '../kit/notices';
import type { Action } from '../kit/action';

/** Tail Logs / Stop Tailing, filters of a tail, recent lines and deploy logs in editor tabs. */
export const logActions: readonly Action[] = [
  { command: 'apphost.logs.tail', selection: true, run: async (s: ServiceCore, target?: CommandTarget, selection?: CommandTarget[]) => {
    const apps = selection?.length ? selectedApps(selection).map((a) => a.app) : undefined;
    if (!apps) {
      await logsArea(s).tails.tail(await resolveApp(s, target, vscode.l10n.t('Select the app whose logs to tail')));
      return;
    }
    // Local work (the tails poll in the background): one after the other, the last channel shown.
    for (const app of apps) await logsArea(s).tails.tail(app);
    if (apps.length > 1) {
      void notify('info', vscode.l10n.t('Tailing the logs of {0} apps: each has its own channel in the Output panel.', apps.length));
    }
  } },
  { command: 'apphost.logs.stop', consent: 'harmless', needs: 'none', selection: true, run: async (s: ServiceCore, target?: CommandTarget, selection?: CommandTarget[]) => {
    if (selection?.length) {
      await Promise.all(selectedApps(selection).map((a) => logsArea(s).tails.stop(a.app)));
      return;
    }
    const app = target === undefined ? await pickTailed(logsArea(s).tails.tailed(), vscode.l10n.t('Stop tailing the logs of')) : await resolveApp(s, target);
    if (app) await logsArea(s).tails.stop(app);
  } },
  { command: 'apphost.logs.stopAll', consent: 'harmless', needs: 'none', run: async (s: ServiceCore) => {
    const count = await logsArea(s).tails.stopAll();
    if (count === 0) void notify('info', vscode.l10n.t('No AppHost logs are being tailed.'));
  } },
  { command: 'apphost.logs.filter', consent: 'harmless', needs: 'none', run: async (s: ServiceCore, target?: CommandTarget) => {
    const app = appOf(target) ?? (await pickTailed(logsArea(s).tails.tailed(), vscode.l10n.t('Filter the tail of')));
    if (!app) return;
    if (!logsArea(s).tails.isTailing(app)) {
      void notify('info', serviceNoticeOf(s, vscode.l10n.t('{0} is not being tailed: run Tail Logs first, then Filter Tail….', app.name), app.service));
      return;
    }
    logsArea(s).tails.setFilter(app, await askTailFilter(app.name, logsArea(s).tails.filterOf(app)));
  } },
  { command: 'apphost.logs.clearFilter', consent: 'harmless', needs: 'none', run: async (s: ServiceCore, target?: CommandTarget) => {
    const app = appOf(target) ?? (await pickTailed(logsArea(s).tails.filtered(), vscode.l10n.t('Show every line of'), vscode.l10n.t('No AppHost tail is filtered.')));
    if (app) logsArea(s).tails.setFilter(app, undefined);
  } },
  { command: 'apphost.logs.showRecent', run: async (s: ServiceCore, target?: CommandTarget) => {
    const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose recent lines to show'));
    await logsArea(s).recentLines.open(app, await askRecentLineCount(app.name));
  } },
  { command: 'apphost.logs.toggleTimestamps', consent: 'harmless', needs: 'none', run: async () => {
    const settings = vscode.workspace.getConfiguration('apphost.logs');
    await settings.update('showTimestamps', !settings.get<boolean>('showTimestamps', true), vscode.ConfigurationTarget.Global);
  } },
  { command: 'apphost.deploy.showLog', run: showDeployLog },
];

/** A tail from the palette: the only one, or the one the user picks. */
async function pickTailed(tailed: AppRef[], title: string, none = vscode.l10n.t('No AppHost logs are being tailed.')): Promise<AppRef | undefined> {
  if (tailed.length === 0) {
    void notify('info', none);
    return undefined;
  }
  if (tailed.length === 1) return tailed[0];
  const picked = await vscode.window.showQuickPick(
    tailed.map((app) => ({ label: app.name, description: app.workspace, app })),
    { title },
  );
  if (!picked) throw new UserCancelled();
  return picked.app;
}

/**
 * From a Deploys row, from another command as `(appRef, deployId)` (templates do
 * that after a deploy), or from the palette (pick an app, then one of its deploys).
 */
async function showDeployLog(s: ServiceCore, target: CommandTarget | undefined, deployId?: string): Promise<void> {
  const deployLogs = logsArea(s).deployLogs;
  const row = itemOf<Deploy>(target, 'deploy');
  if (row?.app) {
    await deployLogs.open(row.app, row.data.id);
    return;
  }
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose deploy log to show'));
  await deployLogs.open(app, deployId ?? (await pickDeploy(s, app)));
}

async function pickDeploy(s: Core, app: AppRef): Promise<string> {
  const deploys = s.connections.of(app.service)
    .api()
    .deploys.list(app.id, { workspace: app.workspace, priority: 'user' })
    .then((list) =>
      list.map((d) => ({
        label: d.description || d.commitSha?.slice(0, 7) || d.id,
        description: [d.status, d.commitSha?.slice(0, 7), relativeTime(d.startedAt ?? d.createdAt)].filter(Boolean).join(' · '),
        id: d.id,
      })),
    );
  const picked = await vscode.window.showQuickPick(deploys, { title: vscode.l10n.t('Deploys of {0}', app.name), placeHolder: vscode.l10n.t('Select a deploy') });
  if (!picked) throw new UserCancelled();
  return picked.id;
}
