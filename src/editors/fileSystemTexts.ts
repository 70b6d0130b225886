// What the `apphost:` file system says: its refusals, its failures, its waits.
import * as vscode from 'vscode';
import { AppHostError } from '../api';
import type { ChangeSet } from '../configText/configDiff';
import { FILE_NAMES } from '../configText/documentKinds';
import type { DocumentAddress } from './apphostUri';
import { listKeys } from './savePrompts';

/** A read or write of an address AppHost did not make: how to open the document. */
export function refusal(uri: vscode.Uri): string {
  return vscode.l10n.t('AppHost opens {0} only in an editor of its own: open it with Edit Config, Edit Health Checks, Edit App Settings or Edit Buildpacks on the app in the AppHost view', uri.path.split('/').pop() ?? '');
}

/** A write that no save in the editor announced (another extension's `workspace.fs.writeFile`). */
export function notFromEditor(address: DocumentAddress, appName: string): string {
  return vscode.l10n.t(
    'AppHost saves {0} of {1} only from its editor: this write did not come from a save there, so nothing was sent. Save it in its editor (File > Save).',
    FILE_NAMES[address.kind], appName,
  );
}

/**
 * While a request of an open or a save queues for the request budget (tails and views took
 * the bucket, or the service limits requests), the status bar says so: the save is under
 * way, and its real outcome follows.
 */
export function waitNotice(address: DocumentAddress, phase: 'read' | 'save'): () => () => void {
  return () => {
    let over = () => {};
    const waiting = new Promise<void>((resolve) => (over = resolve));
    const file = FILE_NAMES[address.kind];
    const title = phase === 'save'
      ? vscode.l10n.t("Saving {0}… (waiting for the service's rate limit)", file)
      : vscode.l10n.t("Opening {0}… (waiting for the service's rate limit)", file);
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => waiting);
    return over;
  };
}

/** "Partly saved: saved A and B; not saved: removal of C (reason)." */
export function partialMessage(applied: ChangeSet, rest: ChangeSet, reason: string): string {
  const describe = (c: ChangeSet) => [
    ...(Object.keys(c.set).length ? [vscode.l10n.t('{0} set', listKeys(Object.keys(c.set)))] : []),
    ...(c.unset.length ? [vscode.l10n.t('{0} removed', listKeys(c.unset))] : []),
  ].join('; ');
  return vscode.l10n.t('Partly saved: {0}. Not saved: {1} — {2} The unsaved part is kept in the editor: save again to send it.', describe(applied), describe(rest), withStop(reason));
}

export function messageOf(error: unknown): string {
  return error instanceof AppHostError || error instanceof Error ? error.message : String(error);
}

export function withStop(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
