// Config values as the agent may see them (masked as the tree's rows, ./modelText.ts), and
// the config each app had when the model last read it: the base of the three-way merge of
// its writes (like an open config.env's), so a key someone changed since that read is a
// conflict, never overwritten.
import * as vscode from 'vscode';
import { maskValue } from '../configText/secrets';
import { appKey, type AppRef } from '../model';
import { settings } from '../settings';
import { isRevealed } from '../tree/groups/config';
import { isMaskedValue, type MaskRules, MODEL_RULES } from './modelText';

export { valueForModel } from './modelText';

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

/** As the tree's row shows it to the user: the setting, and the values revealed this session. */
function userRules(app: AppRef, key: string): MaskRules {
  return { maskSecrets: settings.maskSecrets(), revealed: isRevealed(app, key) };
}

/** Whether the model gets this value masked (always, by the value's look: modelText.ts). */
export function isMasked(key: string, value: string): boolean {
  return isMaskedValue(key, value, MODEL_RULES);
}

/** The value in a confirmation the user reads (a screen may be shared): masked like the tree's row. */
export function valueForUser(app: AppRef, key: string, value: string | undefined): string {
  if (value === undefined) return vscode.l10n.t('(not set)');
  return isMaskedValue(key, value, userRules(app, key)) ? maskValue(value) : `\`${value.replace(/`/g, 'ˋ').replace(/\r?\n/g, '⏎')}\``;
}
