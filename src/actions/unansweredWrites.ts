// Restores and imports whose answer never came (the proxy in front cut it, the connection
// dropped): the service may still be loading the data, so the same one again within ten
// minutes would apply it twice. AppHost remembers each (in globalState: another window, a
// reload) and asks before a second try, naming when the first one went.
import * as vscode from 'vscode';
import type { ServiceCore } from '../core';
import { clockTime } from '../format';
import { UserCancelled } from '../model';
import { warn } from '../kit/notices';

const STATE_KEY = 'apphost.unansweredWrites';
/** How long a write without an answer makes a repeat ask first. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** The write, exactly: its kind, the service, the database, and the backup or the file. */
export interface WriteKey {
  kind: 'restore' | 'import';
  service: string;
  databaseId: string;
  /** The backup's id, or the dump file's path. */
  source: string;
}

const keyOf = (k: WriteKey): string => JSON.stringify([k.kind, k.service, k.databaseId, k.source]);

function recent(s: ServiceCore, now: number): Record<string, number> {
  const all = s.context.globalState.get<Record<string, number>>(STATE_KEY) ?? {};
  return Object.fromEntries(Object.entries(all).filter(([, at]) => typeof at === 'number' && now - at < REPEAT_WINDOW_MS));
}

/** The write went and no answer came back. */
export async function rememberUnanswered(s: ServiceCore, key: WriteKey, at = Date.now()): Promise<void> {
  await s.context.globalState.update(STATE_KEY, { ...recent(s, at), [keyOf(key)]: at });
}

/** The write was answered (a later try): nothing is pending any more. */
export async function forgetUnanswered(s: ServiceCore, key: WriteKey): Promise<void> {
  const kept = recent(s, Date.now());
  if (!(keyOf(key) in kept)) return;
  delete kept[keyOf(key)];
  await s.context.globalState.update(STATE_KEY, kept);
}

/**
 * Before the same write goes again within the window: a modal question naming the first
 * try's time; anything but `again` cancels. `question(time)` words it for the action.
 */
export async function askBeforeRepeat(s: ServiceCore, key: WriteKey, question: (time: string) => string, again: string): Promise<void> {
  const at = recent(s, Date.now())[keyOf(key)];
  if (at === undefined) return;
  const detail = vscode.l10n.t('The service answered nothing to the first try: it may still be running, or be done. Doing it again applies it a second time.');
  if ((await warn(s, question(clockTime(at)), { modal: true, detail }, again)) !== again) throw new UserCancelled();
}
