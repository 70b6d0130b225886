// What the model reads that does not depend on VS Code (pure, unit-tested): a failure as
// text it can act on (what happened, what to do next), and config values as masked as the
// tree shows them. Never a stack trace, never a token (API errors are built without one,
// and every answer passes the client's scrubber too, see ./agentTools.ts).
import * as l10n from '@vscode/l10n';
import { ApiError, AppHostError, ConfigurationError, isCancelled, isNotDeployed } from '../api';
import { looksSecret, MASKED } from '../configText/secrets';
import { NotSignedIn, UserCancelled } from '../model';

/** A failure whose text is already what the model should read (app not found, bad input…). */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
}

/** "14:05:32 (in 45 s)": local time on a 24-hour clock, unambiguous for a model. */
export function untilText(epochMs: number, now = Date.now()): string {
  const time = new Date(epochMs).toTimeString().slice(0, 8);
  return l10n.t('{0} (in {1} s)', time, Math.max(1, Math.ceil((epochMs - now) / 1000)));
}

export function rateLimitedText(untilMs: number, now = Date.now()): string {
  return l10n.t(
    'Rate limited: the AppHost service accepts no more requests until {0}. Nothing was changed. Wait until then before calling AppHost tools again, or tell the user.',
    untilText(untilMs, now),
  );
}

export function failureText(error: unknown, now = Date.now()): string {
  if (error instanceof ToolFailure) return error.message;
  if (error instanceof NotSignedIn) {
    return l10n.t('Not signed in to AppHost. Ask the user to sign in (Command Palette: "AppHost: Sign In"), then call the tool again.');
  }
  // vscode.CancellationError is named "Canceled".
  if (error instanceof UserCancelled || isCancelled(error) || (error instanceof Error && error.name === 'Canceled')) {
    return l10n.t('Cancelled before it finished: nothing more was done.');
  }
  if (error instanceof ConfigurationError) {
    return l10n.t('AppHost is not set up: {0} Ask the user to fix the setting apphost.baseUrl.', withStop(error.message));
  }
  if (isNotDeployed(error)) {
    return l10n.t('The app has never been deployed yet, so it has no containers, logs or processes. Deploy it first (apphost_deploy_folder from its linked folder).');
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return l10n.t('The AppHost session expired or was revoked. Ask the user to sign in again (Command Palette: "AppHost: Sign In").');
    if (error.status === 429) return rateLimitedText(now + (error.retryAfterMs ?? 60_000), now);
    if (error.status === 403) return l10n.t('Not allowed: {0} The signed-in account may only read this (a viewer of its team), or it belongs to another team.', withStop(error.message));
    if (error.status === 404) return l10n.t('Not found: {0} It may have been deleted; list the apps again (apphost_list_apps).', withStop(error.message));
    if (error.status === 422) return l10n.t('The service refused it: {0}', error.messages.join(' · ') || error.message);
    if (error.status === 503) return l10n.t('The app\'s server cannot be reached ({0}). Try again later.', error.message);
  }
  if (error instanceof AppHostError && error.outcomeUnknown) {
    return l10n.t('{0} Read the state again before retrying: the change may have been made.', withStop(error.message));
  }
  return l10n.t('Failed: {0}', error instanceof Error ? error.message : String(error));
}

export interface MaskRules {
  /** Setting apphost.maskSecrets. */
  readonly maskSecrets: boolean;
  /** The user revealed this variable's row in the tree this session. */
  readonly revealed: boolean;
}

/** Whether a config value is hidden from the model (and in confirmations): as the tree's row. */
export function isMaskedValue(key: string, value: string, rules: MaskRules): boolean {
  return value !== '' && rules.maskSecrets && !rules.revealed && looksSecret(key, value);
}


/** A value for the model: quoted as is, or the mask marker; never a made-up value. */
export function modelValue(key: string, value: string, rules: MaskRules): string {
  return isMaskedValue(key, value, rules) ? MASKED : JSON.stringify(value);
}

/**
 * What every tool answer follows: secret-looking values always masked, whatever the setting
 * apphost.maskSecrets says, and whatever the user revealed in the tree (which anyone running
 * apphost.config.reveal could ask for): a reveal is for the user's eyes only.
 */
export const MODEL_RULES: MaskRules = { maskSecrets: true, revealed: false };

/** A config value as a tool answer gives it: quoted, or `[masked]`. */
export function valueForModel(key: string, value: string): string {
  return modelValue(key, value, MODEL_RULES);
}

// The app's output as the model may read it: also the Diagnose Failure command's (configText/secrets.ts).
export { MASKED, MIN_SCRUBBED_VALUE, scrubForModel } from '../configText/secrets';

function withStop(message: string): string {
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
