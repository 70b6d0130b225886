// Aligning a freshly polled log window with the lines already shown.
//
// The canonical API only returns "the last N lines", so each poll gives a window
// W that ends at the log's current end; the lines shown so far (H) end where the
// log ended at the previous poll. If k lines arrived in between, W's first w-k
// lines are H's last w-k lines. We look for the smallest k for which that holds:
// the largest overlap, so a line is never printed twice.
//
// Repeated identical lines make alignment ambiguous. In a log whose equal lines
// only come as consecutive repeats (timestamped logs: same millisecond, same text),
// another alignment, or the windows not overlapping at all, can only fit when the
// aligned overlap is one line repeated. So: an overlap holding at least two
// distinct lines is trusted; one that is a run of a single repeated line is
// reported as `uncertain` (some repeats may be missing), and no overlap as `gap`.
// For logs without timestamps nothing is certain; the result still never repeats
// a line (the new lines are always the last lines of the new window).
// When a window is shorter than requested, it is the whole log: positions are then
// known exactly and repeats cannot confuse the alignment.

export interface ShownTail {
  /** The last lines already shown, oldest first (may span more than one window). */
  lines: readonly string[];
  /**
   * Number of log lines up to the end of `lines`, counted from the log's first line,
   * when known for certain (from a complete window, plus lines streamed since).
   */
  end?: number;
}

export interface PolledWindow {
  lines: readonly string[];
  /** The window holds the whole log (the server had fewer lines than were asked for). */
  complete: boolean;
}

/**
 * - `initial`: nothing shown yet; every line is new.
 * - `continuous`: the new lines follow the shown ones exactly.
 * - `uncertain`: the overlap is one repeated line; some repeats may be missing.
 * - `gap`: no overlap; lines may have been missed between the two windows.
 */
export type AlignmentKind = 'initial' | 'continuous' | 'uncertain' | 'gap';

export interface Alignment {
  kind: AlignmentKind;
  /** Lines not shown yet, oldest first: always a suffix of the new window. */
  fresh: string[];
  /** `end` after this window, when known. */
  end?: number;
}

export function alignWindows(shown: ShownTail, next: PolledWindow): Alignment {
  const w = next.lines.length;
  const h = shown.lines.length;
  const all = (): string[] => [...next.lines];
  const endIfComplete = next.complete ? w : undefined;
  if (h === 0 && shown.end === undefined) return { kind: 'initial', fresh: all(), end: endIfComplete };
  if (w === 0) return { kind: 'continuous', fresh: [], end: shown.end === 0 ? 0 : undefined };
  if (h === 0) return { kind: next.complete ? 'continuous' : 'gap', fresh: all(), end: endIfComplete };

  const { prev, curr } = intern(shown.lines, next.lines);
  const fits = (k: number) => overlapFits(prev, curr, k);

  if (next.complete && shown.end !== undefined) {
    // Both ends are known: exactly w - end lines are new, if the log was not reset.
    const k = w - shown.end;
    if (k >= 0 && (k === w || fits(k))) return { kind: 'continuous', fresh: next.lines.slice(w - k), end: w };
    return alignWindows({ lines: shown.lines }, { lines: next.lines, complete: false });
  }

  // A complete window starts at the log's first line, so it contains everything shown.
  const kMax = next.complete ? w - h : w - 1;
  let k1 = -1;
  for (let k = 0; k <= kMax; k++) {
    if (fits(k)) {
      k1 = k;
      break;
    }
  }
  if (k1 < 0) return { kind: 'gap', fresh: all(), end: endIfComplete };

  const fresh = next.lines.slice(w - k1);
  // The whole aligned overlap, including window lines from before the remembered ones.
  const region = curr.subarray(0, w - k1);
  let another = false;
  for (let k = k1 + 1; k <= kMax && !another; k++) another = fits(k);
  // A complete window leaves no room elsewhere: one fitting place is the place.
  if (another || (!next.complete && !hasTwoDistinct(region))) return { kind: 'uncertain', fresh, end: endIfComplete };
  // A position derived from content could be wrong in a log without timestamps, and a
  // wrong one would cause duplicates later: only complete windows establish `end`.
  return { kind: 'continuous', fresh, end: endIfComplete };
}

/** With k new lines, curr[j] sits at prev[h - (w - k) + j] wherever that index exists. */
function overlapFits(prev: Int32Array, curr: Int32Array, k: number): boolean {
  const h = prev.length;
  const overlap = curr.length - k;
  const offset = h - overlap;
  for (let j = Math.max(0, -offset); j < overlap; j++) {
    if (prev[offset + j] !== curr[j]) return false;
  }
  return true;
}

/** Lines as small integers, so the repeated comparisons are cheap whatever the line length. */
function intern(a: readonly string[], b: readonly string[]): { prev: Int32Array; curr: Int32Array } {
  const ids = new Map<string, number>();
  const id = (s: string): number => {
    let v = ids.get(s);
    if (v === undefined) {
      v = ids.size;
      ids.set(s, v);
    }
    return v;
  };
  return { prev: Int32Array.from(a, id), curr: Int32Array.from(b, id) };
}

function hasTwoDistinct(region: Int32Array): boolean {
  for (let i = 1; i < region.length; i++) if (region[i] !== region[0]) return true;
  return false;
}
