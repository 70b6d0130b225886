// Config values as the agent may see them: masked as in the tree (apphost.maskSecrets)
// unless the user revealed that row this session, and the config each app had when the
// model last read it: the base of the three-way merge of its writes (like an open
// config.env's), so a key someone changed since that read is a conflict, never overwritten.
import * as vscode from 'vscode';
import { looksSecret, maskValue } from '../configText/secrets';
import { appKey, type AppRef } from '../model';
import { isRevealed, maskSecrets } from '../tree/groups/config';

/** Apps whose last read is remembered at most. */
const MAX_READS = 50;
const reads = new Map<string, Record<string, string>>();

function readKey(sessionId: string, app: AppRef): string {
  return `${sessionId} ${appKey(app)}`;
}

/** What the model was given of the app's config (its values in full, kept here only). */
export function rememberRead(sessionId: string, app: AppRef, values: Record<string, string>): void {
  const key = readKey(sessionId, app);
  reads.delete(key);
  reads.set(key, { ...values });
  while (reads.size > MAX_READS) reads.delete(reads.keys().next().value!);
}

export function lastRead(sessionId: string, app: AppRef): Record<string, string> | undefined {
  return reads.get(readKey(sessionId, app));
}

/** Whether this value is hidden from the model and in confirmations. */
export function isMasked(app: AppRef, key: string, value: string): boolean {
  return value !== '' && looksSecret(key, value) && maskSecrets() && !isRevealed(app, key);
}

/** The value for the model: as is, or a note that it is masked (never a made-up value). */
export function valueForModel(app: AppRef, key: string, value: string): string {
  return isMasked(app, key, value) ? vscode.l10n.t('[masked: looks like a secret; not shown to you. The user can reveal it in the AppHost view]') : JSON.stringify(value);
}

/** The value in a confirmation the user reads (a screen may be shared): masked like the tree's row. */
export function valueForUser(app: AppRef, key: string, value: string | undefined): string {
  if (value === undefined) return vscode.l10n.t('(not set)');
  return isMasked(app, key, value) ? maskValue(value) : `\`${value.replace(/`/g, 'ˋ').replace(/\r?\n/g, '⏎')}\``;
}
