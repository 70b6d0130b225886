// The polling side of one tail for a log that comes per container.
//
// The real service answers `lines=N` with one block per container, each the last N
// lines of that container, in an order that varies between calls. So each container
// is aligned on its own (a WindowTracker each) and the new lines of all containers
// are merged by timestamp. A container window shorter than N is that container's
// whole log: a container whose whole log does not line up with what it showed
// before was replaced (restart, start, deploy, config change), which is reported
// once, not as lost lines.
//
// Servers that answer with one merged, time-ordered window (lines of containers
// interleaved, N in total) are recognised by the interleaving and aligned as one
// stream, as are plain logs without container prefixes.

import { type Alignment } from './overlap';
import { compareTimes, containerOf, type LineTime, parseLine, sanitizeLine } from './logLine';
import { WindowTracker, type WindowTrackerOptions } from './windowTracker';

/** The key of the whole stream once windows turned out to be merged across containers. */
const MERGED = '*';
/** Containers remembered at most (the oldest unseen ones are forgotten first). */
const MAX_CONTAINERS = 64;

export interface PollResult {
  /** Nothing was shown before: no markers for this window. */
  initial: boolean;
  /** Lines not shown yet, sanitized, merged across containers in time order. */
  fresh: string[];
  /** Containers ('' or '*' for the whole log) whose lines may have been missed. */
  gaps: string[];
  /** Containers where some repeats of one identical line may be missing. */
  uncertain: string[];
  /** Containers replaced or started since the last read (their lines are all new). */
  replaced: string[];
  /** Largest number of new lines of one container (how busy the busiest container is). */
  busiest: number;
}

interface Container {
  readonly tracker: WindowTracker;
  /** Poll number when this container was last in a window. */
  seen: number;
}

interface Piece {
  lines: string[];
  /** The container, to order lines of the same instant the same way whatever the block order. */
  key?: string;
}

export class ContainerTracker {
  private readonly containers = new Map<string, Container>();
  private merged = false;
  /** Windows longer than asked for prove the per-container form; then a short block is a whole container. */
  private perContainer = false;
  private polls = 0;
  private present: string[] = [];

  constructor(private readonly opts: WindowTrackerOptions = {}) {}

  get maxLines(): number {
    return this.newTracker().maxLines;
  }

  /** True once any window was read. */
  get started(): boolean {
    return this.polls > 0;
  }

  /** Lines per container to ask for next: what the containers of the last window need. */
  get windowSize(): number {
    let size = 0;
    for (const key of this.present) size = Math.max(size, this.containers.get(key)?.tracker.windowSize ?? 0);
    return size || this.newTracker().windowSize;
  }

  /** Containers known so far (for tests and diagnostics). */
  get containerNames(): string[] {
    return [...this.containers.keys()];
  }

  /** A window returned for a request of `requested` lines (per container): what is new in it. */
  accept(rawLines: readonly string[], requested: number): PollResult {
    const lines = rawLines.map(sanitizeLine);
    const { groups, switches } = groupByContainer(lines);
    // More container switches than blocks need: the window is merged across containers.
    if (!this.merged && groups.size > 1 && switches > groups.size - 1) this.switchToMerged();
    if (lines.length > requested) this.perContainer = true;
    const pieces = this.merged ? new Map([[MERGED, { lines }]]) : groups;
    const initial = this.polls === 0;
    this.polls++;
    const result: PollResult = { initial, fresh: [], gaps: [], uncertain: [], replaced: [], busiest: 0 };
    const freshPieces: Piece[] = [];
    for (const [key, piece] of pieces) {
      // The whole log when the window is short; with per-container blocks, a short block is the whole container.
      const complete = lines.length < requested || (this.perContainer && !this.merged && piece.lines.length < requested);
      const known = this.containers.get(key);
      const container = known ?? this.add(key);
      container.seen = this.polls;
      const hadHistory = container.tracker.started;
      const aligned = container.tracker.accept(piece.lines, requested, complete);
      freshPieces.push({ lines: aligned.fresh, key });
      result.busiest = Math.max(result.busiest, aligned.fresh.length);
      this.classify(result, key, aligned, { initial, hadHistory, known: !!known, complete });
    }
    this.present = [...pieces.keys()];
    result.fresh = mergeByTime(freshPieces);
    return result;
  }

  /** Lines that followed the shown ones directly (a live stream): sanitized, in arrival order. */
  appendContinuous(rawLines: readonly string[]): string[] {
    const lines = rawLines.map(sanitizeLine);
    if (this.merged) {
      this.add(MERGED).tracker.appendContinuous(lines);
      return lines;
    }
    for (const [key, piece] of groupByContainer(lines).groups) (this.containers.get(key) ?? this.add(key)).tracker.appendContinuous(piece.lines);
    return lines;
  }

  private classify(result: PollResult, key: string, aligned: Alignment, how: { initial: boolean; hadHistory: boolean; known: boolean; complete: boolean }): void {
    if (how.initial) return;
    if (this.merged) {
      // One stream: no container of its own can be told apart as new.
      if (!how.hadHistory || aligned.kind === 'gap') result.gaps.push(MERGED);
      else if (aligned.kind === 'uncertain') result.uncertain.push(MERGED);
      return;
    }
    const label = key;
    if (!how.known || !how.hadHistory) {
      // A container seen for the first time after the first read (scaled up, or silent
      // until now): complete, every line of it is here; otherwise some may be missing.
      if (!how.complete) result.gaps.push(label);
      return;
    }
    if (aligned.kind === 'gap') {
      // Its whole log shares nothing with what it showed before: a new container of that name.
      if (how.complete) result.replaced.push(label);
      else result.gaps.push(label);
    } else if (aligned.kind === 'uncertain') {
      result.uncertain.push(label);
    }
  }

  private add(key: string): Container {
    let c = this.containers.get(key);
    if (c) return c;
    c = { tracker: this.newTracker(), seen: this.polls };
    this.containers.set(key, c);
    if (this.containers.size > MAX_CONTAINERS) {
      const oldest = [...this.containers.entries()].filter(([k]) => k !== key).sort((a, b) => a[1].seen - b[1].seen)[0];
      this.containers.delete(oldest[0]);
    }
    return c;
  }

  /** Windows interleave containers: one merged stream. A single container's history carries over. */
  private switchToMerged(): void {
    this.merged = true;
    const only = this.containers.size === 1 ? [...this.containers.values()][0] : undefined;
    this.containers.clear();
    if (only) this.containers.set(MERGED, only);
  }

  private newTracker(): WindowTracker {
    return new WindowTracker(this.opts);
  }
}

/**
 * Lines by container, in order of first appearance, and how often the container
 * changes from one line to the next. A line naming no container (a plain log, or an
 * unprefixed continuation) belongs to the container of the line before.
 */
function groupByContainer(lines: readonly string[]): { groups: Map<string, Piece>; switches: number } {
  const groups = new Map<string, Piece>();
  let current = '';
  let switches = 0;
  let g: Piece | undefined;
  for (const line of lines) {
    const named = containerOf(line);
    if (named && named !== current) {
      if (g) switches++;
      current = named;
      g = undefined;
    }
    g ??= groups.get(current);
    if (!g) groups.set(current, (g = { lines: [] }));
    g.lines.push(line);
  }
  return { groups, switches };
}

/** k-way merge of per-container runs by time; lines without a time stay after their predecessor. */
function mergeByTime(pieces: Piece[]): string[] {
  const live = pieces.filter((p) => p.lines.length > 0);
  if (live.length === 1) return live[0].lines;
  // Times only for the new lines: parsing every line of every window would cost more than the alignment.
  const times = live.map((p) => {
    let last: LineTime | undefined;
    return p.lines.map((l) => (last = parseLine(l).time ?? last));
  });
  const out: string[] = [];
  const at = live.map(() => 0);
  for (;;) {
    let best = -1;
    for (let i = 0; i < live.length; i++) {
      if (at[i] >= live[i].lines.length) continue;
      if (best < 0) {
        best = i;
        continue;
      }
      const a = times[i][at[i]];
      const b = times[best][at[best]];
      const order = a && b ? compareTimes(a, b) : 0;
      if (order < 0 || (order === 0 && a && b && (live[i].key ?? '') < (live[best].key ?? ''))) best = i;
    }
    if (best < 0) return out;
    out.push(live[best].lines[at[best]++]);
  }
}
