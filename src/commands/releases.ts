// Releases of an app: details (read-only JSON through Show Details) and roll back
// (confirmed; the service answers with the new release, which then tops the list).
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import type { Release } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget, ItemTarget } from '../tree/commandTarget';
import { releaseLabel } from '../tree/groups/releases';
import { resolveItem } from '../kit/targets';
import { confirm } from '../kit/prompts';
import type { AppRef } from '../model';
import { rollbackTo } from '../actions/rollback';
import { ownCommand } from '../commandCalls';
import type { Action } from '../kit/action';

export const releaseActions: readonly Action[] = [
  { command: 'apphost.release.rollback', run: rollback },
  { command: 'apphost.release.showDetails', run: showDetails },
];

function resolveRelease(s: ServiceCore, target: CommandTarget | undefined, placeHolder: string, skipCurrent: boolean) {
  return resolveItem<Release>(
    s,
    target,
    'release',
    {
      appPlaceHolder: vscode.l10n.t('Select the app whose releases to use'),
      title: (app) => vscode.l10n.t('Releases of {0}', app.name),
      placeHolder,
      empty: (app) => (skipCurrent ? vscode.l10n.t('{0} has no earlier release to roll back to.', app.name) : vscode.l10n.t('{0} has no release yet.', app.name)),
    },
    // Newest first; the first one is what runs now, so it is no rollback target.
    async (app) => (await s.connections.of(app.service).api().releases.list(app.id, { workspace: app.workspace, priority: 'user' })).slice(skipCurrent ? 1 : 0),
    (r) => ({ label: releaseLabel(r), description: r.description, detail: r.createdAt && new Date(r.createdAt).toLocaleString() }),
  );
}

async function rollback(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item: release, node } = await resolveRelease(s, target, vscode.l10n.t('Release to roll back to'), true);
  const label = releaseLabel(release);
  const action = vscode.l10n.t('Roll Back');
  await confirm(s,
    vscode.l10n.t('Roll {0} back to {1}?', app.name, label),
    vscode.l10n.t('A new release runs the code of {0}{1}. The app restarts; config vars stay as they are now.', label, release.description ? ` (${release.description})` : ''),
    action,
  );
  const created = await rollbackTo(s, app, release, node);
  void inform(s, vscode.l10n.t('{0} rolled back to {1}: now {2}.', app.name, label, releaseLabel(created)));
}


/** From the palette: pick an app and a release, then show it as "Show Details" does for a row. */
async function showDetails(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item, node } = await resolveRelease(s, target, vscode.l10n.t('Release to show'), false);
  await ownCommand('apphost.showDetails', node ?? releaseTarget(app, item));
}

/** A release that is not in the tree, as its row would pass it. */
function releaseTarget(app: AppRef, release: Release): ItemTarget<Release> {
  return { kind: 'item', item: 'release', key: release.id, data: release, app };
}
