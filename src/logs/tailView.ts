// What a tail's output shows, between the engine (LogTail's batcher) and the output
// channel: every line, or only those a filter keeps, with or without timestamps. It
// keeps the tail's last `maxLines` lines so that a filter, clearing it, or showing the
// timestamps again can redraw the output from them: lines that arrive while a filter
// hides them are kept too, and show when it is cleared. Older lines are dropped (the
// bound keeps memory flat on a busy tail), and a redraw says how many it can no longer
// show. While nothing is filtered or hidden, text passes through untouched: per line
// it costs only a count of its line breaks.
//
// The output itself is bounded the same way: once it shows half as many lines again as it
// keeps, it is redrawn from them (the oldest third goes, with a line saying so). VS Code keeps a copy of
// the Output view's document in the extension host, and an output that only grew made
// that copy grow with the log, all day (the soak's rising heap, issue #33).

import * as l10n from '@vscode/l10n';
import type { LogSink } from './batcher';
import { MARKER_PREFIX, isMarker } from './markers';
import { describeFilter, lineMatcher, type TailFilter } from './tailFilter';

/** An output the view can redraw (an output channel: `replace`). */
export interface RedrawableSink extends LogSink {
  /** Replaces everything shown with this text. */
  replace(text: string): void;
  /** Replaces everything shown with this text, which shows nothing new: the oldest lines dropped. */
  trim(text: string): void;
}

/**
 * Lines kept per tail for redraws (about 0.3 MB of typical log lines; VS Code's terminal
 * keeps 1,000). Both bounds are reached within the first minutes of a busy tail, and the
 * memory they hold is what a slow tail adds until it reaches them (issue #33's soak).
 */
export const KEPT_LINES = 3_000;
/** The output shows at most this many times the kept lines before it is redrawn from them. */
export const OUTPUT_BOUND = 1.5;
/**
 * Redraws that bound the output come at most this often: each one makes VS Code reload the
 * Output view, and a burst of 100,000 lines redrawn every 1,500 kept the workbench busy for
 * 110 s after it (settings waited that long). A burst shows whole until the first lines after it.
 */
export const BOUND_REDRAW_MS = 5_000;

// A leading ISO time (`2026-11-25T04:15:50.123456789Z `), as the service stamps each line.
const TIMESTAMP = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\s+/;

/** A line without its leading timestamp (marker lines and unstamped lines unchanged). */
export function withoutTimestamp(line: string): string {
  return isMarker(line) ? line : line.replace(TIMESTAMP, '');
}

export class TailView implements LogSink {
  /** Appended texts (each whole lines), oldest first from `head`, and their line counts. */
  private chunks: string[] = [];
  private counts: number[] = [];
  private head = 0;
  private kept = 0;
  /** Lines dropped from the front of the buffer since the tail started. */
  private droppedLines = 0;
  private current: { filter: TailFilter; keep: (line: string) => boolean } | undefined;
  private hideTimes = false;
  /** Lines the output shows (since its last redraw). */
  private shown = 0;
  private lastBound = -Infinity;

  constructor(
    private readonly out: RedrawableSink,
    readonly maxLines = KEPT_LINES,
    private readonly now: () => number = Date.now,
  ) {}

  get filter(): TailFilter | undefined {
    return this.current?.filter;
  }

  get timestampsHidden(): boolean {
    return this.hideTimes;
  }

  /** Lines the tail showed that a redraw can no longer show. */
  get dropped(): number {
    return this.droppedLines;
  }

  append(text: string): void {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
    this.chunks.push(text);
    this.counts.push(n);
    this.kept += n;
    this.trim();
    if (!this.current && !this.hideTimes) {
      this.out.append(text);
      this.shown += n;
    } else {
      const shown = this.present(text.split('\n').slice(0, -1));
      if (shown.length) this.out.append(`${shown.join('\n')}\n`);
      this.shown += shown.length;
    }
    if (this.shown >= OUTPUT_BOUND * this.maxLines && this.now() - this.lastBound >= BOUND_REDRAW_MS) {
      this.lastBound = this.now();
      this.redraw(true);
    }
  }

  /** Shows only the lines the filter keeps (undefined: every line), redrawn from the kept lines. */
  setFilter(filter: TailFilter | undefined): void {
    this.current = filter && { filter, keep: lineMatcher(filter) };
    this.redraw();
  }

  /** Hides or shows the leading timestamps, redrawn from the kept lines. */
  setTimestampsHidden(hidden: boolean): void {
    if (hidden === this.hideTimes) return;
    this.hideTimes = hidden;
    this.redraw();
  }

  /** Starts over, empty and unfiltered (a new tail in the same output). */
  clear(): void {
    this.chunks = [];
    this.counts = [];
    this.head = 0;
    this.kept = 0;
    this.droppedLines = 0;
    this.current = undefined;
    this.shown = 0;
    this.out.replace('');
  }

  /** The kept lines, oldest first (at most maxLines). */
  keptLines(): string[] {
    const lines = this.chunks.slice(this.head).join('').split('\n').slice(0, -1);
    return lines.length > this.maxLines ? lines.slice(lines.length - this.maxLines) : lines;
  }

  /** Shows the kept lines again; `bound`: only to drop the oldest lines of the output (nothing new shows). */
  private redraw(bound = false): void {
    const all = this.keptLines();
    const lost = this.droppedLines + (this.kept - all.length);
    const header: string[] = [];
    if (this.current) {
      header.push(`${MARKER_PREFIX}${l10n.t('Filtered: {0}. Only matching lines are shown; Clear Filter shows every line again.', describeFilter(this.current.filter))}`);
    }
    if (lost > 0) {
      header.push(`${MARKER_PREFIX}${l10n.t('{0} earlier lines are not shown again: a tail keeps its last {1} lines for filters.', lost, this.maxLines)}`);
    }
    const body = this.present(all);
    const lines = [...header, ...body];
    const text = lines.length ? `${lines.join('\n')}\n` : '';
    if (bound) this.out.trim(text);
    else this.out.replace(text);
    this.shown = lines.length;
  }

  private present(lines: string[]): string[] {
    const keep = this.current?.keep;
    const out: string[] = [];
    for (const line of lines) {
      if (keep && !keep(line)) continue;
      out.push(this.hideTimes ? withoutTimestamp(line) : line);
    }
    return out;
  }

  /** Drops whole chunks from the front while the rest still holds maxLines lines. */
  private trim(): void {
    while (this.head < this.chunks.length - 1 && this.kept - this.counts[this.head] >= this.maxLines) {
      this.kept -= this.counts[this.head];
      this.droppedLines += this.counts[this.head];
      this.chunks[this.head] = ''; // let the text go now, not at the next compaction
      this.head++;
    }
    if (this.head > 1024) {
      this.chunks = this.chunks.slice(this.head);
      this.counts = this.counts.slice(this.head);
      this.head = 0;
    }
  }
}
