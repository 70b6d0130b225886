// Checks a tail's output against the app's true log: between markers, the output
// must be one contiguous slice of the log (nothing twice, nothing invented, order
// kept, nothing skipped); lines may be missing only where a marker stands.
//
// Each run of lines between markers is matched as a block, not line by line: a
// window read after a gap may start inside a run of identical repeated lines, and
// matching its first line to the run's first copy would report a skip that did
// not happen. Blocks go at their earliest place: with repeated lines a block may
// fit in several places, and the earliest never rules out a later block.
// No vscode import: unit tests use it too.

export const MARKER = '… ';

export interface Continuity {
  /** Content lines placed in the log. */
  matched: number;
  /** False when some lines were skipped (or shown twice) with no marker before. */
  skipsMarked: boolean;
  /** What went wrong first, for the assertion message. */
  firstSkip: string;
  markers: string[];
}

export function checkAgainstLog(channel: readonly string[], log: readonly string[]): Continuity {
  const markers = channel.filter((l) => l.startsWith(MARKER));
  const segments: string[][] = [[]];
  for (const line of channel) {
    if (line.startsWith(MARKER)) segments.push([]);
    else segments[segments.length - 1].push(line);
  }
  let p = 0; // log position after the last placed line
  let matched = 0;
  for (const seg of segments) {
    if (seg.length === 0) continue;
    // Each block at its earliest place after the previous one: if any placement of
    // all blocks exists, this one does (an earlier end leaves the most room).
    const at = earliestFit(seg, log, p);
    if (at < 0) return { matched, skipsMarked: false, firstSkip: describeBreak(seg, log, p, matched), markers };
    p = at + seg.length;
    matched += seg.length;
  }
  return { matched, skipsMarked: true, firstSkip: '', markers };
}

function fitsAt(seg: readonly string[], log: readonly string[], s: number): boolean {
  if (s < 0 || s + seg.length > log.length) return false;
  for (let j = 0; j < seg.length; j++) if (log[s + j] !== seg[j]) return false;
  return true;
}

function earliestFit(seg: readonly string[], log: readonly string[], from: number): number {
  for (let s = from; s + seg.length <= log.length; s++) if (fitsAt(seg, log, s)) return s;
  return -1;
}

/** The longest prefix of the block that is contiguous in the log, and the line that breaks it. */
function describeBreak(seg: readonly string[], log: readonly string[], from: number, before: number): string {
  let best = { len: 0, at: -1 };
  for (let s = from; s < log.length; s++) {
    let len = 0;
    while (len < seg.length && log[s + len] === seg[len]) len++;
    if (len > best.len) best = { len, at: s };
  }
  if (best.at < 0) return `a line not in the log (or before the lines already shown): ${seg[0]} (after ${before} lines)`;
  const line = seg[best.len];
  const q = log.indexOf(line, best.at + best.len);
  const what = q < 0 ? 'shown twice, out of order or invented' : `${q - best.at - best.len} lines skipped before it, from "${log[best.at + best.len]}"`;
  return `"${line}" (after ${before + best.len} lines): ${what}`;
}

/** The container a log line names (`app[web.1]`), or '' for plain lines. */
export function containerOfLine(line: string): string {
  return /^(?:\S+\s+)?([A-Za-z][\w-]*\[[\w.-]+\]):/.exec(line)?.[1] ?? '';
}

/** `app[web.1]` → `web.1`: how markers name a container. */
const labelOf = (container: string) => /\[([^\]]+)\]$/.exec(container)?.[1] ?? container;

/**
 * Checks each container's lines on their own against that container's log (in the
 * real service, windows come per container and the tail merges them by time, so
 * only each container's own order is fixed). A marker naming containers ("lines of
 * web.2 may…", "new containers …: web.1, web.2") lets only those skip lines; a marker
 * naming none (reconnecting, stopped, a plain gap) lets every container skip.
 */
export function checkContainers(channel: readonly string[], logs: ReadonlyMap<string, readonly string[]>): Continuity {
  const labels = [...logs.keys()].map(labelOf);
  const names = (marker: string) => labels.filter((l) => new RegExp(`(?:^|[\\s,:])${l.replace(/\./g, '\\.')}(?:$|[\\s,;)])`).test(marker));
  const markers = channel.filter((l) => l.startsWith(MARKER));
  let matched = 0;
  for (const [container, log] of logs) {
    const own = channel.filter((l) => {
      if (!l.startsWith(MARKER)) return containerOfLine(l) === container;
      const named = names(l);
      return named.length === 0 || named.includes(labelOf(container));
    });
    const result = checkAgainstLog(own, log);
    matched += result.matched;
    if (!result.skipsMarked) return { matched, skipsMarked: false, firstSkip: `${container}: ${result.firstSkip}`, markers };
  }
  const stray = channel.find((l) => !l.startsWith(MARKER) && !logs.has(containerOfLine(l)));
  if (stray) return { matched, skipsMarked: false, firstSkip: `a line of no known container: ${stray}`, markers };
  return { matched, skipsMarked: true, firstSkip: '', markers };
}
