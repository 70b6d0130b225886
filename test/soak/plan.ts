// What happens when in a soak run of N minutes: the out-of-band restarts (every 5
// minutes), the config edits and the deploys (every 10 minutes). The first of each
// comes early enough that a short run (the 3-minute CI stage) still has one of each.
// Shared by the driver (restarts) and the extension-host runner (edits, deploys).

export interface SoakPlan {
  minutes: number;
  /** Milliseconds after the start. */
  restarts: number[];
  configEdits: number[];
  deploys: number[];
}

const MINUTE = 60_000;

/** offset + k × period, for every time before the end (a last event needs time to finish). */
function every(periodMin: number, offsetMin: number, minutes: number): number[] {
  const times: number[] = [];
  const last = minutes * MINUTE - Math.min(30_000, minutes * MINUTE * 0.25);
  for (let t = offsetMin * MINUTE; t < last; t += periodMin * MINUTE) times.push(Math.round(t));
  return times;
}

export function soakPlan(minutes: number): SoakPlan {
  if (!(minutes > 0)) throw new Error(`--minutes must be a positive number (got ${minutes})`);
  return {
    minutes,
    restarts: every(5, Math.min(2.5, minutes * 0.3), minutes),
    configEdits: every(10, Math.min(5, minutes * 0.45), minutes),
    deploys: every(10, Math.min(7.5, minutes * 0.6), minutes),
  };
}

/** `--minutes 2` (default 60) from the command line. */
export function minutesFromArgs(argv: readonly string[]): number {
  const at = argv.findIndex((a) => a === '--minutes' || a.startsWith('--minutes='));
  if (at < 0) return 60;
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const minutes = Number(value);
  if (!(minutes > 0)) throw new Error(`--minutes needs a positive number of minutes (got ${value ?? 'nothing'})`);
  return minutes;
}

/**
 * `--heap-snapshots 5,20` (minutes after the start), or `end`: the minutes, and whether to
 * take one at the end (always, when any is asked for). None by default. A snapshot stops
 * the extension host for seconds: mid-run ones can make a tail fall behind its window.
 */
export function snapshotsFromArgs(argv: readonly string[]): { minutes: number[]; atEnd: boolean } {
  const at = argv.findIndex((a) => a === '--heap-snapshots' || a.startsWith('--heap-snapshots='));
  if (at < 0) return { minutes: [], atEnd: false };
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const minutes = (value ?? '').split(',').filter((m) => m !== 'end').map(Number);
  if (!value || minutes.some((m) => !(m > 0))) throw new Error(`--heap-snapshots needs minutes separated by commas, or end (got ${value ?? 'nothing'})`);
  return { minutes, atEnd: true };
}
