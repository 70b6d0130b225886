// The lines the engine writes into the log output itself, so that what the user
// reads is honest: where lines may be missing, when the connection dropped and
// came back, and why a tail stopped. All start with MARKER_PREFIX, which the
// output channel's grammar can colour.

export const MARKER_PREFIX = '… ';

export type StopReason = 'user' | 'unauthorized' | 'forbidden' | 'notFound' | 'disposed';

export const markers = {
  gap: (windowLines: number) =>
    `${MARKER_PREFIX}lines may have been missed here (more than ${windowLines} new lines since the last read); reading more lines from now on`,
  uncertain: () => `${MARKER_PREFIX}some repeated identical lines may have been missed here`,
  skipped: (count: number) => `${MARKER_PREFIX}${count} lines skipped: the output could not keep up`,
  reconnecting: (detail: string) => `${MARKER_PREFIX}connection lost (${detail}); reconnecting…`,
  reconnected: () => `${MARKER_PREFIX}reconnected`,
  resumed: () => `${MARKER_PREFIX}resuming`,
  signedInAgain: () => `${MARKER_PREFIX}signed in again: resuming`,
  stopped: (reason: StopReason, detail?: string) => `${MARKER_PREFIX}${STOP_TEXT[reason]}${detail ? ` (${detail})` : ''}`,
};

const STOP_TEXT: Record<StopReason, string> = {
  user: 'stopped tailing',
  unauthorized: 'stopped tailing: not signed in, or the session expired; sign in again to resume',
  forbidden: 'stopped tailing: not authorized to read these logs',
  notFound: 'stopped tailing: the app no longer exists',
  disposed: 'stopped tailing',
};

export function isMarker(line: string): boolean {
  return line.startsWith(MARKER_PREFIX);
}
