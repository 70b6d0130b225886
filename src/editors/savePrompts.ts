// The two questions a save may ask. Both are modal, so the save waits for the
// answer; dismissing either one leaves the buffer dirty and untouched.
import * as vscode from 'vscode';
import type { ConflictWinner } from '../configText/threeWayMerge';
import { FILE_NAMES, type DocumentKind } from '../configText/documentKinds';
import { openDiff, type ServerSnapshots } from './serverSnapshots';
import { appKey, type AppRef } from '../model';
import { ask } from '../notices';

/** globalState key: the user chose "Don't Ask Again" on the restart question. */
export const SKIP_RESTART_PROMPT = 'apphost.config.skipRestartPrompt';

export class SavePrompts {
  /** Apps whose restart the user already accepted in this session (asked once). */
  private readonly accepted = new Set<string>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly snapshots: ServerSnapshots,
  ) {}

  /** Config writes restart the app: ask before the first one. Returns false when the user declined. */
  async confirmRestart(app: AppRef): Promise<boolean> {
    const key = appKey(app);
    if (this.state.get<boolean>(SKIP_RESTART_PROMPT) || this.accepted.has(key)) return true;
    const save = vscode.l10n.t('Save and Restart');
    const never = vscode.l10n.t("Don't Ask Again");
    const choice = await ask('warning',
      vscode.l10n.t('Saving restarts {0}', app.name), vscode.l10n.t('Every change to config vars restarts the app. AppHost sends only what you changed, in at most two requests.'),
      save,
      never);
    if (choice === never) await this.state.update(SKIP_RESTART_PROMPT, true);
    else if (choice !== save) return false;
    this.accepted.add(key);
    return true;
  }

  /**
   * Keys the user changed were also changed on the server: shows "server ↔ yours" and
   * asks which side wins on them. undefined = Cancel (send nothing).
   */
  async resolveConflict(
    uri: vscode.Uri, app: AppRef, kind: DocumentKind, conflicts: string[], serverText: string,
    /** The editor was restored without its base: which of these the user changed is unknown. */
    unknownBase = false,
  ): Promise<ConflictWinner | undefined> {
    const file = FILE_NAMES[kind];
    const left = this.snapshots.put(uri, serverText);
    const closeDiff = await openDiff(left, uri, vscode.l10n.t('{0}/{1}: Server ↔ Yours', app.name, file));
    const overwrite = vscode.l10n.t('Overwrite');
    const keep = vscode.l10n.t("Keep Server's");
    const choice = await ask('warning',
      unknownBase
        ? vscode.l10n.t('{0} of {1} differ between the server and your editor, and AppHost does not know which of them you changed', listKeys(conflicts), app.name)
        : vscode.l10n.t('{0} changed on the server since you opened {1} of {2}', listKeys(conflicts), file, app.name), unknownBase
          ? vscode.l10n.t(
            "This {0} was restored after a window reload without the values it was opened with. Compare server and yours first. Overwrite: the server gets exactly your file. Keep Server's: your editor gets the server's values. Cancel: save nothing; your edits stay in the editor.",
            file,
          )
          : vscode.l10n.t(
            "Overwrite: save your values for these. Keep Server's: keep the server's values for these and save your other changes. Cancel: save nothing; your edits stay in the editor.",
          ),
      overwrite,
      keep);
    // Cancel leaves the comparison open: the user may want to look before deciding.
    if (choice) await closeDiff();
    return choice === overwrite ? 'mine' : choice === keep ? 'theirs' : undefined;
  }
}

/** "A", "A and B", "A, B and 3 more". */
export function listKeys(keys: string[]): string {
  if (keys.length === 1) return keys[0];
  if (keys.length === 2) return vscode.l10n.t('{0} and {1}', keys[0], keys[1]);
  return vscode.l10n.t('{0}, {1} and {2} more', keys[0], keys[1], keys.length - 2);
}
