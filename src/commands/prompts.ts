// The questions commands ask before they act: one modal confirmation, and the typed name
// that guards a destructive delete. Any answer but the expected one cancels (UserCancelled).
import * as vscode from 'vscode';
import { UserCancelled } from '../model';

/** A modal question with one action button (default "Remove"); anything else cancels. */
export async function confirm(message: string, detail: string, action = vscode.l10n.t('Remove')): Promise<void> {
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  if (answer !== action) throw new UserCancelled();
}

/** Asks the user to type `name` before a destructive delete; `consequence` says what is lost. */
export async function confirmByTypingName(name: string, consequence: string): Promise<void> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Delete {0}', name),
    prompt: consequence,
    placeHolder: name,
    ignoreFocusOut: true,
    validateInput: (v) => (v === name ? undefined : vscode.l10n.t('Type "{0}" exactly to delete it', name)),
  });
  if (typed !== name) throw new UserCancelled();
}
