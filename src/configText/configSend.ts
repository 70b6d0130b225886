// Sending a change of an app's values (config vars, health-check settings, buildpacks…),
// written once for the editor's save and the agent's tool. A write whose answer never came
// (the connection dropped) is never sent again: what the server holds is read back, and the
// changes in effect there are what was applied.
import { AppHostError } from '../api';
import { changesInEffect, isEmptyChangeSet, NO_CHANGES, touchedKeys, type ChangeSet } from './configDiff';
import { PartialSendError } from './documentKinds';

export type SendOutcome<S> =
  /** All of it is on the server; `sent` is the write's answer, absent when it was learnt by reading back. */
  | { readonly complete: true; readonly sent: S | undefined; readonly readBack: boolean }
  /** Only `applied` is (possibly nothing, when read back); the rest failed with `cause`. */
  | { readonly complete: false; readonly applied: ChangeSet; readonly cause: unknown; readonly readBack: boolean };

/** The answer never came, and reading the server back failed too: what happened is not known. */
export class ReadBackFailed extends Error {
  override readonly name = 'ReadBackFailed';
  constructor(override readonly cause: unknown, readonly readError: unknown) {
    super(readError instanceof Error ? readError.message : String(readError));
  }
}

/**
 * Sends `changes` with `write`. A failure before anything was applied throws its error; a
 * write that stopped part-way (PartialSendError) or whose outcome is unknown returns what
 * is in effect (`read`: the values the server holds now, read only in that case).
 */
export async function sendChanges<S>(changes: ChangeSet, write: () => Promise<S>, read: () => Promise<Record<string, string>>): Promise<SendOutcome<S>> {
  try {
    return { complete: true, sent: await write(), readBack: false };
  } catch (error) {
    const done = error instanceof PartialSendError ? error.done : NO_CHANGES;
    const cause = error instanceof PartialSendError ? error.cause : error;
    if (!(cause instanceof AppHostError && cause.outcomeUnknown)) {
      if (isEmptyChangeSet(done)) throw cause;
      return { complete: false, applied: done, cause, readBack: false };
    }
    let now: Record<string, string>;
    try {
      now = await read();
    } catch (readError) {
      throw new ReadBackFailed(cause, readError);
    }
    const applied = changesInEffect(changes, now);
    // It all reached the server before the connection dropped.
    if (touchedKeys(applied).length === touchedKeys(changes).length) return { complete: true, sent: undefined, readBack: true };
    return { complete: false, applied, cause, readBack: true };
  }
}
