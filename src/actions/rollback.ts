// Roll an app back to a release: written once for the command and the agent's tool.
import * as vscode from 'vscode';
import { ApiError, type Release } from '../api';
import type { ServiceCore } from '../core';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';
import { releaseLabel } from '../tree/groups/releases';
import { explainApiError } from '../kit/apiErrors';
import { runAction } from '../kit/prompts';

/** Rolls the app back to the release (the user confirmed it); the tree shows the new release and the app's status. */
export async function rollbackTo(s: ServiceCore, app: AppRef, release: Release, node?: Row): Promise<Release> {
  const label = releaseLabel(release);
  const created = await runAction(s, node, vscode.l10n.t('Rolling {0} back to {1}…', app.name, label), async () => {
    try {
      return await s.connections.of(app.service).api().releases.rollback(app.id, release.id, { workspace: app.workspace });
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
