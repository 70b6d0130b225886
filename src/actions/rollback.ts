// Roll an app back to one of its releases, one descriptor for the command (a release row, or
// the app's releases picked in the palette) and the agent's tool ("v12", "12" or an id).
import * as vscode from 'vscode';
import { ApiError, type Release } from '../api';
import type { Core } from '../core';
import type { AppAction, Performing } from '../kit/appAction';
import { explainApiError } from '../kit/apiErrors';
import { inform } from '../kit/notices';
import { confirm } from '../kit/prompts';
import { resolveItem } from '../kit/targets';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';
import { releaseLabel } from '../tree/groups/releases';

/** The release to go back to, and the row it was chosen on (busy meanwhile). */
export interface RollbackPlan {
  readonly release: Release;
  readonly row?: Row;
}

/**
 * Rolls the app back to the release (the user confirmed it): the release's row busy (else the
 * row clicked, else the app's first), then the tree shows the new release and the app's status.
 */
async function rollbackTo(s: Core, app: AppRef, { release, row }: RollbackPlan, { clicked, options, around = (_busy, call) => call() }: Performing): Promise<Release> {
  const label = releaseLabel(release);
  const busy = vscode.l10n.t('Rolling {0} back to {1}…', app.name, label);
  const rows = row ? [row] : clicked ? [clicked] : s.tree.appRows(app).slice(0, 1);
  const created = await s.tree.busyWhile(rows, busy, () => around(busy, async () => {
    try {
      return await s.connections.of(app.service).api().releases.rollback(app.id, release.id, { workspace: app.workspace, ...options });
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
  }));
  s.tree.reloadPart(app, 'releases');
  // The rollback restarts the app: its row shows the new status.
  await s.tree.reloadApp(app);
  return created;
}

export const rollback: AppAction<Release, RollbackPlan> = {
  command: 'apphost.release.rollback',
  tool: 'apphost_rollback_release',
  texts: {
    title: (n) => vscode.l10n.t('Roll {0} back?', n),
    effect: () => vscode.l10n.t('A new release runs the code of an earlier one. The app restarts; config vars stay as they are now.'),
    busy: (n) => vscode.l10n.t('Rolling {0} back…', n),
    pick: () => vscode.l10n.t('Select the app whose releases to use'),
  },
  toolProgress: (app, input) => vscode.l10n.t('Rolling {0} back to {1}…', app, String(input.release ?? '')),
  async choose(s, app, target) {
    const { item: release, node: row } = await resolveItem<Release>(
      s,
      target?.kind === 'item' ? target : { kind: 'app', app },
      'release',
      {
        appPlaceHolder: vscode.l10n.t('Select the app whose releases to use'),
        title: (a) => vscode.l10n.t('Releases of {0}', a.name),
        placeHolder: vscode.l10n.t('Release to roll back to'),
        empty: (a) => vscode.l10n.t('{0} has no earlier release to roll back to.', a.name),
      },
      // Newest first; the first one is what runs now, so it is no rollback target.
      async (a) => (await s.connections.of(a.service).api().releases.list(a.id, { workspace: a.workspace, priority: 'user' })).slice(1),
      (r) => ({ label: releaseLabel(r), description: r.description, detail: r.createdAt && new Date(r.createdAt).toLocaleString() }),
    );
    const label = releaseLabel(release);
    await confirm(s,
      vscode.l10n.t('Roll {0} back to {1}?', app.name, label),
      vscode.l10n.t('A new release runs the code of {0}{1}. The app restarts; config vars stay as they are now.', label, release.description ? ` (${release.description})` : ''),
      vscode.l10n.t('Roll Back'),
    );
    return { release, row };
  },
  async plan(s, app, input, options) {
    const releases = await s.connections.of(app.service).api().releases.list(app.id, { workspace: app.workspace, ...options });
    const wanted = String(input.release ?? '').trim().replace(/^v(?=\d+$)/i, '');
    const index = releases.findIndex((r) => r.id === wanted || (r.version !== undefined && String(r.version) === wanted));
    if (index < 0) {
      const known = releases.slice(0, 10).map(releaseLabel).join(', ');
      return { answer: vscode.l10n.t('{0} has no release "{1}". Its releases, newest first: {2}.', app.name, String(input.release ?? ''), known || vscode.l10n.t('none')) };
    }
    const release = releases[index];
    if (index === 0) return { answer: vscode.l10n.t('{0} already runs {1} (its current release): nothing to roll back.', app.name, releaseLabel(release)) };
    const label = releaseLabel(release);
    return {
      plan: { release },
      title: vscode.l10n.t('Roll {0} back to {1}?', app.name, label),
      lines: [
        vscode.l10n.t('Now: {0}. Back to: {1}{2}{3}.', releaseLabel(releases[0]), label, release.description ? ` — ${release.description}` : '', release.createdAt ? vscode.l10n.t(', created {0}', release.createdAt) : ''),
        vscode.l10n.t('A new release runs the code of {0}. The app restarts; config vars stay as they are now.', label),
      ],
    };
  },
  perform: (s, app, how, plan) => rollbackTo(s, app, plan, how),
  tell: async (s, app, created, { release }) => void inform(s, vscode.l10n.t('{0} rolled back to {1}: now {2}.', app.name, releaseLabel(release), releaseLabel(created))),
  answer: async (_s, app, created, { release }) => ({ text: vscode.l10n.t('{0} rolled back to {1}: its new release is {2}. The app restarts.', app.name, releaseLabel(release), releaseLabel(created)) }),
};
