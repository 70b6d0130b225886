// The polling side of one tail: remembers the last window (bounded), aligns each
// new window with it, and sizes the next request. A gap or an uncertain overlap
// doubles the window (up to `maxLines`); many quiet polls shrink it back.

import { type Alignment, alignWindows } from './overlap';

export interface WindowTrackerOptions {
  /** Smallest window requested while polling (default 100). */
  minLines?: number;
  /** Largest window ever requested, and the number of shown lines remembered (default 1000). */
  maxLines?: number;
}

/** Quiet polls (few new lines) before the window is halved again. */
const SHRINK_AFTER = 30;

export class WindowTracker {
  readonly minLines: number;
  readonly maxLines: number;
  private shown: string[] = [];
  private end: number | undefined;
  private size: number;
  private quietPolls = 0;
  /**
   * A short window is the whole log, unless the server keeps fewer lines than we
   * ask for; seeing that once (a short window that does not line up) turns it off.
   */
  private shortMeansWhole = true;

  constructor(opts: WindowTrackerOptions = {}) {
    this.maxLines = Math.max(1, Math.floor(opts.maxLines ?? 1000));
    this.minLines = Math.min(this.maxLines, Math.max(1, Math.floor(opts.minLines ?? 100)));
    this.size = this.minLines;
  }

  /** Lines to ask for in the next poll or stream reconnect. */
  get windowSize(): number {
    return this.size;
  }

  /** True once any line (or an empty log) was seen. */
  get started(): boolean {
    return this.shown.length > 0 || this.end !== undefined;
  }

  /** The remembered lines (for tests and diagnostics). */
  get history(): readonly string[] {
    return this.shown;
  }

  /**
   * A window returned for a request of `requested` lines: what is new in it. `whole`
   * says whether the window holds the whole log (by default: it is shorter than asked).
   */
  accept(lines: readonly string[], requested: number, whole = lines.length < requested): Alignment {
    const complete = this.shortMeansWhole && whole;
    let result = alignWindows({ lines: this.shown, end: this.end }, { lines, complete });
    if (complete && result.kind === 'gap' && this.shown.length > 0) {
      const plain = alignWindows({ lines: this.shown }, { lines, complete: false });
      if (plain.kind !== 'gap') {
        this.shortMeansWhole = false;
        result = plain;
      }
    }
    this.remember(result, lines);
    this.resize(result);
    return result;
  }

  /** Lines that followed the shown ones directly (a live stream). */
  appendContinuous(lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.push(lines);
    if (this.end !== undefined) this.end += lines.length;
  }

  /**
   * The next poll is aligned with this window itself, not with what was printed:
   * the window is certainly a contiguous slice of the log, while an alignment may
   * have been wrong (`uncertain`, or a coincidence in a log without timestamps),
   * and building on a wrong one could print a line twice later.
   */
  private remember(result: Alignment, window: readonly string[]): void {
    this.shown = window.slice(-this.maxLines);
    this.end = result.end;
  }

  private push(lines: readonly string[]): void {
    for (const l of lines) this.shown.push(l);
    // Trim in steps, not on every line, to keep appends amortised O(1).
    if (this.shown.length > 2 * this.maxLines) this.shown = this.shown.slice(-this.maxLines);
  }

  private resize(result: Alignment): void {
    if (result.kind === 'initial') return;
    const n = result.fresh.length;
    if (result.kind === 'gap' || result.kind === 'uncertain' || n > this.size / 2) {
      this.size = Math.min(this.maxLines, this.size * 2);
      this.quietPolls = 0;
    } else if (n < this.size / 8 && this.size > this.minLines) {
      if (++this.quietPolls >= SHRINK_AFTER) {
        this.size = Math.max(this.minLines, Math.floor(this.size / 2));
        this.quietPolls = 0;
      }
    } else {
      this.quietPolls = 0;
    }
  }
}
