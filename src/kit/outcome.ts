// Writes whose answer never came. The API layer never sends a write again after its
// connection dropped (it may have been applied: a second DELETE would say "Not found", a
// second config write would restart the app twice). Here the state is read back instead,
// and the user is told what actually happened.
import * as vscode from 'vscode';
import { ApiError, AppHostError, type LostAnswer } from '../api';
import { notify } from '../notices';

/**
 * Runs `write`. If its outcome is unknown, `happened` reads the server back: true = the
 * write took effect (resolves, with a note to the user), false = it did not (a clear
 * error: nothing changed, nothing was sent again).
 */
export async function writeOrReadBack<T>(what: string, write: () => Promise<T>, happened: () => Promise<boolean>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppHostError) || !error.outcomeUnknown) throw error;
    let done: boolean;
    try {
      done = await happened();
    } catch (readError) {
      const reason = readError instanceof Error ? readError.message : String(readError);
      throw new Error(vscode.l10n.t('Not known whether {0} happened: the connection dropped before the server answered, and reading back failed ({1}). Refresh to see the current state before trying again.', what, reason), { cause: readError });
    }
    if (!done) {
      throw new Error(vscode.l10n.t('{0} did not happen: the connection dropped before the server answered, and reading back shows no change. Nothing was sent twice; try again.', what), { cause: error });
    }
    void notify('info', vscode.l10n.t('{0}: the connection dropped before the server answered, but reading back shows it was done.', what));
    return undefined;
  }
}

/** For read-backs of a deleted resource: a 404 (or 410) means it is gone. */
export async function isGone(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return false;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return true;
    throw error;
  }
}

/**
 * A long write (a restore, an import, a command, a diagnosis) runs inside the service's
 * request: when the proxy in front cuts the answer, or the connection drops, the work may
 * go on and nothing reports back. The words say what is known, how to check, and that
 * nothing was sent again; never that it failed, never that it was done.
 */
export function unansweredText(what: string, lost: LostAnswer, waited: string, check: string): string {
  const why = {
    gatewayTimeout: vscode.l10n.t('the proxy in front of the service stopped waiting for it (504 Gateway Timeout)'),
    badGateway: vscode.l10n.t('the proxy in front of the service lost the answer (502 Bad Gateway)'),
    dropped: vscode.l10n.t('the connection dropped after the request was sent'),
    timedOut: vscode.l10n.t('AppHost stopped waiting'),
  }[lost];
  return vscode.l10n.t('{0}: no answer after {1}: {2}. The service may still be doing it, and it reports nothing back when it ends. {3} AppHost did not send it again.', what, waited, why, check);
}
