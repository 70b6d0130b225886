// Saving without overwriting anyone: `base` is what the document was opened with,
// `mine` what the user saves, `theirs` what the server holds now. Keys only the
// server changed are kept, keys only the user changed are sent; a key both sides
// changed to different results is a conflict, and nothing is sent until the user
// picks a side. Flat string maps only (config vars, checks.json, app.json).

import { setEntry } from '../api/normalize';
import { diffMaps, type ChangeSet, type FlatMap } from './configDiff';

export type MergeResult =
  /** `changes` applied to `theirs` gives `merged`; an empty change set means "send nothing". */
  | { kind: 'merged'; changes: ChangeSet; merged: Record<string, string> }
  /** Keys changed (or removed) both by the user and remotely, to different results; sorted. */
  | { kind: 'conflict'; conflicts: string[] };

export type ConflictWinner = 'mine' | 'theirs';

/** Merges the user's edits into the server's current state, or names the conflicting keys. */
export function threeWayMerge(base: FlatMap, mine: FlatMap, theirs: FlatMap): MergeResult {
  const conflicts = conflictingKeys(base, mine, theirs);
  if (conflicts.length > 0) return { kind: 'conflict', conflicts };
  return resolveMerge(base, mine, theirs, 'mine');
}

/**
 * The merge with every conflict decided for one side: 'mine' is "Overwrite" (my
 * value wins on conflicting keys), 'theirs' is "Keep server's" (the server's value
 * wins there). Either way, the other side's non-conflicting edits are kept.
 */
export function resolveMerge(
  base: FlatMap, mine: FlatMap, theirs: FlatMap, winner: ConflictWinner,
): { kind: 'merged'; changes: ChangeSet; merged: Record<string, string> } {
  const conflicts = new Set(conflictingKeys(base, mine, theirs));
  const merged: Record<string, string> = {};
  for (const key of allKeys(base, mine, theirs)) {
    const iChanged = !same(base, mine, key);
    const useMine = conflicts.has(key) ? winner === 'mine' : iChanged;
    const source = useMine ? mine : theirs;
    if (Object.hasOwn(source, key)) setEntry(merged, key, source[key]);
  }
  return { kind: 'merged', changes: diffMaps(theirs, merged), merged };
}

/** Keys the user changed that the server also changed, to something else. */
export function conflictingKeys(base: FlatMap, mine: FlatMap, theirs: FlatMap): string[] {
  return allKeys(base, mine, theirs).filter(
    (key) => !same(base, mine, key) && !same(base, theirs, key) && !same(mine, theirs, key),
  );
}

function same(a: FlatMap, b: FlatMap, key: string): boolean {
  const inA = Object.hasOwn(a, key);
  return inA === Object.hasOwn(b, key) && (!inA || a[key] === b[key]);
}

function allKeys(...maps: FlatMap[]): string[] {
  return [...new Set(maps.flatMap((m) => Object.keys(m)))].sort();
}
