// The questions commands ask before they act (naming the service while several are known) (one modal confirmation, the typed name that
// guards a destructive delete; any other answer cancels: UserCancelled), and slow work
// shown with progress and a busy row.
import * as vscode from 'vscode';
import { UserCancelled } from '../model';
import type { ServiceCore } from '../core';
import { serviceNoticeOf, warn } from './notices';
import type { TreeNode } from '../tree/commandTarget';
import { ask } from '../notices';

/**
 * A modal question with one action button (default "Remove"); anything else cancels. It
 * names the service of `s`; undefined for a question about the list of services itself.
 */
export async function confirm(s: ServiceCore | undefined, message: string, detail: string, action = vscode.l10n.t('Remove')): Promise<void> {
  const answer = await (s ? warn(s, message, { modal: true, detail }, action) : ask('warning', message, detail, action));
  if (answer !== action) throw new UserCancelled();
}

/**
 * Asks the user to type `name` before a destructive action (a delete by default; a restore,
 * an import); `consequence` says what is lost. Any other answer cancels (UserCancelled).
 */
export async function confirmByTypingName(
  s: ServiceCore,
  name: string,
  consequence: string,
  { title = vscode.l10n.t('Delete {0}', name), mismatch = vscode.l10n.t('Type "{0}" exactly to delete it', name) }: { title?: string; mismatch?: string } = {},
): Promise<void> {
  const typed = await vscode.window.showInputBox({
    title: serviceNoticeOf(s, title),
    prompt: consequence,
    placeHolder: name,
    ignoreFocusOut: true,
    validateInput: (v) => (v === name ? undefined : mismatch),
  });
  if (typed !== name) throw new UserCancelled();
}

/**
 * Runs a slow action with a progress notification, marking `node` busy meanwhile
 * ("Restarting…" in its description, a spinner icon). Only that node re-renders; its
 * cached children are kept.
 */
export function runAction<T>(s: ServiceCore, node: TreeNode | undefined, title: string, action: () => Promise<T>): Promise<T> {
  return s.tree.busyWhile(node ? [node] : [], title, () => withProgress(s, title, action));
}

/** A progress notification (naming the service while several are known) while `action` runs. */
export function withProgress<T>(s: ServiceCore, title: string, action: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: serviceNoticeOf(s, title), cancellable: false }, action));
}
