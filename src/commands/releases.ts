// Releases of an app: details (read-only JSON through Show Details) and roll back
// (confirmed; the service answers with the new release, which then tops the list).
import * as vscode from 'vscode';
import { inform } from './kit/notices';
import { ApiError, type Release } from '../api';
import type { Core } from '../core';
import type { CommandTarget, ItemTarget, Row } from '../tree/commandTarget';
import { releaseLabel } from '../tree/groups/releases';
import { explainApiError } from './kit/apiErrors';
import { resolveItem } from './kit/targets';
import type { CommandTable } from './kit/running';
import { runAction, confirm } from './kit/prompts';
import type { AppRef } from '../model';

export function releaseCommands(s: Core): CommandTable {
  return {
    'apphost.release.rollback': (target?: CommandTarget) => rollback(s, target),
    'apphost.release.showDetails': (target?: CommandTarget) => showDetails(s, target),
  };
}

function resolveRelease(s: Core, target: CommandTarget | undefined, placeHolder: string, skipCurrent: boolean) {
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
    async (app) => (await s.connection.api().releases.list(app.id, { workspace: app.workspace, priority: 'user' })).slice(skipCurrent ? 1 : 0),
    (r) => ({ label: releaseLabel(r), description: r.description, detail: r.createdAt && new Date(r.createdAt).toLocaleString() }),
  );
}

async function rollback(s: Core, target?: CommandTarget): Promise<void> {
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

/** Rolls the app back to the release (the user confirmed it); the tree shows the new release and the app's status. */
export async function rollbackTo(s: Core, app: AppRef, release: Release, node?: Row): Promise<Release> {
  const label = releaseLabel(release);
  const created = await runAction(s, node, vscode.l10n.t('Rolling {0} back to {1}…', app.name, label), async () => {
    try {
      return await s.connection.api().releases.rollback(app.id, release.id, { workspace: app.workspace });
    } catch (error) {
      // wokku rebuilds the commit the release's deploy recorded; a git push or a config change records none.
      if (error instanceof ApiError && error.status === 422 && /no commit/i.test(error.message)) {
        throw new Error(
          vscode.l10n.t(
            'Cannot roll {0} back to {1}: the service recorded no commit for it (releases of a git push or a config change have none), so there is nothing to rebuild. Pick a release deployed from GitHub or made by a rollback, or check out that code and deploy it.',
            app.name,
            label,
          ),
          { cause: error },
        );
      }
      throw explainApiError(error, vscode.l10n.t('Cannot roll {0} back to {1}', app.name, label));
    }
  });
  s.tree.reloadPart(app, 'releases');
  // The rollback restarts the app: its row shows the new status.
  await s.tree.reloadApp(app);
  return created;
}

/** From the palette: pick an app and a release, then show it as "Show Details" does for a row. */
async function showDetails(s: Core, target?: CommandTarget): Promise<void> {
  const { app, item, node } = await resolveRelease(s, target, vscode.l10n.t('Release to show'), false);
  await vscode.commands.executeCommand('apphost.showDetails', node ?? releaseTarget(app, item));
}

/** A release that is not in the tree, as its row would pass it. */
function releaseTarget(app: AppRef, release: Release): ItemTarget<Release> {
  return { kind: 'item', item: 'release', key: release.id, data: release, app };
}
