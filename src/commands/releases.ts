// Releases of an app: details (read-only JSON through Show Details). Roll back is an action
// of its own, with its tool (actions/rollback.ts).
import * as vscode from 'vscode';
import type { Release } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget, ItemTarget } from '../tree/commandTarget';
import { releaseLabel } from '../tree/groups/releases';
import { resolveItem } from '../kit/targets';
import type { AppRef } from '../model';
import { ownCommand } from '../commandCalls';
import type { Action } from '../kit/action';

export const releaseActions: readonly Action[] = [
  { command: 'apphost.release.showDetails', run: showDetails },
];

function resolveRelease(s: ServiceCore, target: CommandTarget | undefined, placeHolder: string) {
  return resolveItem<Release>(
    s,
    target,
    'release',
    {
      appPlaceHolder: vscode.l10n.t('Select the app whose releases to use'),
      title: (app) => vscode.l10n.t('Releases of {0}', app.name),
      placeHolder,
      empty: (app) => vscode.l10n.t('{0} has no release yet.', app.name),
    },
    async (app) => s.connections.of(app.service).api().releases.list(app.id, { workspace: app.workspace, priority: 'user' }),
    (r) => ({ label: releaseLabel(r), description: r.description, detail: r.createdAt && new Date(r.createdAt).toLocaleString() }),
  );
}

/** From the palette: pick an app and a release, then show it as "Show Details" does for a row. */
async function showDetails(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const { app, item, node } = await resolveRelease(s, target, vscode.l10n.t('Release to show'));
  await ownCommand('apphost.showDetails', node ?? releaseTarget(app, item));
}

/** A release that is not in the tree, as its row would pass it. */
function releaseTarget(app: AppRef, release: Release): ItemTarget<Release> {
  return { kind: 'item', item: 'release', key: release.id, data: release, app };
}
