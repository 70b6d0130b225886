// A failed tool call, as text the model can act on: what happened and what to do next.
// Never a stack trace; never a token (API errors are built without one, and every answer
// passes the client's scrubber as well, see ./agentTools.ts).
import * as vscode from 'vscode';
import { ApiError, AppHostError, ConfigurationError, isCancelled, isNotDeployed } from '../api';
import { errorMessage } from '../connection';
import { NotSignedIn, UserCancelled } from '../model';
import { ToolFailure } from './toolBase';

/** "14:05:32 (in 45 s)": local time on a 24-hour clock, unambiguous for a model. */
export function untilText(epochMs: number, now = Date.now()): string {
  const time = new Date(epochMs).toTimeString().slice(0, 8);
  return vscode.l10n.t('{0} (in {1} s)', time, Math.max(1, Math.ceil((epochMs - now) / 1000)));
}

export function rateLimitedText(untilMs: number): string {
  return vscode.l10n.t(
    'Rate limited: the AppHost service accepts no more requests until {0}. Nothing was changed. Wait until then before calling AppHost tools again, or tell the user.',
    untilText(untilMs),
  );
}

export function failureText(error: unknown): string {
  if (error instanceof ToolFailure) return error.message;
  if (error instanceof NotSignedIn) {
    return vscode.l10n.t('Not signed in to AppHost. Ask the user to sign in (Command Palette: "AppHost: Sign In"), then call the tool again.');
  }
  if (error instanceof UserCancelled || isCancelled(error) || error instanceof vscode.CancellationError) {
    return vscode.l10n.t('Cancelled before it finished: nothing more was done.');
  }
  if (error instanceof ConfigurationError) {
    return vscode.l10n.t('AppHost is not set up: {0} Ask the user to fix the setting apphost.baseUrl.', withStop(error.message));
  }
  if (isNotDeployed(error)) {
    return vscode.l10n.t('The app has never been deployed yet, so it has no containers, logs or processes. Deploy it first (apphost_deploy_folder from its linked folder).');
  }
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return vscode.l10n.t('The AppHost session expired or was revoked. Ask the user to sign in again (Command Palette: "AppHost: Sign In").');
    }
    if (error.status === 429) return rateLimitedText(Date.now() + (error.retryAfterMs ?? 60_000));
    if (error.status === 403) return vscode.l10n.t('Not allowed: {0} The signed-in account may only read this (a viewer of the team), or it belongs to another team.', withStop(error.message));
    if (error.status === 422) return vscode.l10n.t('The service refused it: {0}', error.messages.join(' · ') || error.message);
    if (error.status === 503) return vscode.l10n.t('The app\'s server cannot be reached ({0}). Try again later.', error.message);
  }
  if (error instanceof AppHostError && error.outcomeUnknown) {
    return vscode.l10n.t('{0} Read the state again before retrying: the change may have been made.', withStop(error.message));
  }
  return vscode.l10n.t('Failed: {0}', errorMessage(error));
}

function withStop(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
