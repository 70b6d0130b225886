// The smallest set of requests that turns one flat map into another. For config
// vars: one PUT with `set`, one DELETE with `unset`, nothing when both are empty
// (each config request restarts the app, so no request may be wasted).
// Works for any flat string map: config vars, checks.json and app.json values.

import { setEntry } from '../api/normalize';

export type FlatMap = Readonly<Record<string, string>>;

export interface ChangeSet {
  /** Keys added or changed, with their new values. */
  set: Record<string, string>;
  /** Keys removed, sorted. */
  unset: string[];
}

/** What to send to turn `before` into `after`: only added/changed keys, only removed keys. */
export function diffMaps(before: FlatMap, after: FlatMap): ChangeSet {
  const set: Record<string, string> = {};
  for (const key of Object.keys(after).sort()) {
    if (!Object.hasOwn(before, key) || before[key] !== after[key]) setEntry(set, key, after[key]);
  }
  const unset = Object.keys(before).filter((key) => !Object.hasOwn(after, key)).sort();
  return { set, unset };
}

export function isEmptyChangeSet(changes: ChangeSet): boolean {
  return changes.unset.length === 0 && Object.keys(changes.set).length === 0;
}

/** `map` with `changes` applied, as the server does: PUT merges, DELETE removes. */
export function applyChangeSet(map: FlatMap, changes: ChangeSet): Record<string, string> {
  const out: Record<string, string> = { ...map, ...changes.set };
  for (const key of changes.unset) delete out[key];
  return out;
}

/** Every key a change set touches, sorted. */
export function touchedKeys(changes: ChangeSet): string[] {
  return [...Object.keys(changes.set), ...changes.unset].sort();
}

/** The part of `changes` that `state` shows in effect (after a write whose outcome is unknown). */
export function changesInEffect(changes: ChangeSet, state: FlatMap): ChangeSet {
  const set: Record<string, string> = {};
  for (const key of Object.keys(changes.set)) {
    if (Object.hasOwn(state, key) && state[key] === changes.set[key]) setEntry(set, key, changes.set[key]);
  }
  return { set, unset: changes.unset.filter((key) => !Object.hasOwn(state, key)) };
}

/** `changes` without what `done` holds. */
export function remainingChanges(changes: ChangeSet, done: ChangeSet): ChangeSet {
  const set: Record<string, string> = {};
  for (const key of Object.keys(changes.set)) if (!Object.hasOwn(done.set, key)) setEntry(set, key, changes.set[key]);
  return { set, unset: changes.unset.filter((key) => !done.unset.includes(key)) };
}

export const NO_CHANGES: ChangeSet = Object.freeze({ set: {}, unset: [] }) as ChangeSet;
