import * as vscode from 'vscode';
import { apiErrorIn } from '../api';
import { errorMessage } from '../connection';
import { UserCancelled } from '../model';
import { openSettingCommand, settingToFix } from '../settingToFix';

function isCancellation(error: unknown): boolean {
  return error instanceof UserCancelled || (error instanceof Error && error.name === 'CancelledError') || error instanceof vscode.CancellationError;
}

/**
 * Shows a short, actionable message and writes the full detail to the log. The detail
 * never contains secrets: errors from the API layer are built without token values.
 */
export async function reportError(log: vscode.LogOutputChannel, commandId: string, error: unknown): Promise<void> {
  if (isCancellation(error)) return;
  const message = errorMessage(error);
  // A long list of errors (a 422) shows its first few; all of them are here, behind "Show Details".
  const answer = apiErrorIn(error);
  const all = answer && answer.messages.length > 1 ? `\n${answer.messages.map((m) => `  - ${m}`).join('\n')}` : '';
  log.error(`${commandId} failed: ${error instanceof Error ? (error.stack ?? message) : message}${all}`);
  const showDetails = vscode.l10n.t('Show Details');
  const setting = settingToFix(error);
  const open = setting ? openSettingCommand(setting) : undefined;
  const choice = await vscode.window.showErrorMessage(message, ...(open ? [open.title] : []), showDetails);
  if (choice === showDetails) log.show(true);
  else if (open && choice === open.title) await vscode.commands.executeCommand(open.command, ...(open.arguments ?? []));
}
