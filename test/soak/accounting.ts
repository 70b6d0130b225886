// Lines shown twice or never, per container: what a tail's output channel showed,
// set against every line the reference server's containers wrote. Pure (unit-tested).
//
// What counts (the soak's definition, also in its report):
// - A container is one container instance (a cid): a restart, a config change or a
//   deploy replaces web.1 with a new web.1, and each has its own log.
// - Each content line of the channel belongs to the container whose log has that exact
//   text (RFC 3339 nano timestamps make the text unique, except identical repeats within
//   one container). A content line no container wrote is "invented".
// - Shown twice: the container's lines in the channel that cannot be placed, in order,
//   in its log (greedy earliest placement): a line shown more often than written, or out
//   of order.
// - Never shown: lines of its log not placed, except the excused ones: the end of a
//   *replaced* container's log after the last line of it the channel showed (written
//   after the tail's last read, gone from the service with the container), and only when
//   the channel shows, after that last line, a marker saying lines may have been missed
//   that names the container (`web.1`, as in "new containers (restart or deploy): web.1;
//   lines the old ones wrote after the last read may have been missed") or names none (a
//   gap of the whole log). Anything else missing counts, with or without a marker: a
//   running container must lose nothing at this pace.

export const MARKER = '… ';
/** The words of the markers that admit a possible loss (src/logs/markers.ts, English). */
const MISSED = /may have been missed/;

export interface ContainerLog {
  process: string;
  cid: string;
  /** Still running at the end (not replaced). */
  current: boolean;
  lines: readonly string[];
}

export interface ContainerAccount {
  process: string;
  cid: string;
  current: boolean;
  written: number;
  shown: number;
  twice: number;
  never: number;
  /** Never shown but excused (see above). */
  excused: number;
  /** The first problem, for the report. */
  first?: string;
}

export interface AppAccount {
  containers: ContainerAccount[];
  invented: string[];
  markers: string[];
}

/** `web.1` named as a whole word in a marker line. */
function names(marker: string, label: string): boolean {
  return new RegExp(`(?:^|[\\s,:(])${label.replace(/\./g, '\\.')}(?:$|[\\s,;:)])`).test(marker);
}

export function accountApp(channel: readonly string[], logs: readonly ContainerLog[]): AppAccount {
  const owner = new Map<string, number>();
  logs.forEach((log, i) => log.lines.forEach((l) => owner.has(l) || owner.set(l, i)));
  const labels = [...new Set(logs.map((l) => l.process))];
  const markers: { at: number; line: string }[] = [];
  const shownBy = logs.map(() => [] as { at: number; line: string }[]);
  const invented: string[] = [];
  channel.forEach((line, at) => {
    if (line.startsWith(MARKER)) return void markers.push({ at, line });
    const i = owner.get(line);
    if (i === undefined) invented.push(line);
    else shownBy[i].push({ at, line });
  });
  const containers = logs.map((log, i) => {
    const shown = shownBy[i];
    const placed = new Array<boolean>(log.lines.length).fill(false);
    let p = 0;
    let lastPlaced = -1;
    let lastAt = -1;
    let twice = 0;
    let first: string | undefined;
    for (const s of shown) {
      let q = p;
      while (q < log.lines.length && log.lines[q] !== s.line) q++;
      if (q === log.lines.length) {
        twice++;
        first ??= `shown twice or out of order: ${s.line}`;
        continue;
      }
      placed[q] = true;
      p = q + 1;
      lastPlaced = q;
      lastAt = s.at;
    }
    const excusable = !log.current && markers.some((m) => m.at > lastAt && MISSED.test(m.line) && (names(m.line, log.process) || !labels.some((l) => names(m.line, l))));
    let never = 0;
    let excused = 0;
    placed.forEach((ok, q) => {
      if (ok) return;
      if (excusable && q > lastPlaced) excused++;
      else {
        never++;
        first ??= `never shown: ${log.lines[q]}`;
      }
    });
    return { process: log.process, cid: log.cid, current: log.current, written: log.lines.length, shown: shown.length, twice, never, excused, first };
  });
  return { containers, invented, markers: markers.map((m) => m.line) };
}

/** Sums by process name (`web.1` over all its containers), in the order first seen. */
export interface ProcessAccount {
  process: string;
  containers: number;
  written: number;
  shown: number;
  twice: number;
  never: number;
  excused: number;
}

export function byProcess(accounts: readonly ContainerAccount[]): ProcessAccount[] {
  const out = new Map<string, ProcessAccount>();
  for (const a of accounts) {
    const sum = out.get(a.process) ?? { process: a.process, written: 0, shown: 0, twice: 0, never: 0, excused: 0, containers: 0 };
    sum.written += a.written;
    sum.shown += a.shown;
    sum.twice += a.twice;
    sum.never += a.never;
    sum.excused += a.excused;
    sum.containers += 1;
    out.set(a.process, sum);
  }
  return [...out.values()];
}
