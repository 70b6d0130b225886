// Coalesces log lines into few, bounded appends to the output (an OutputChannel in
// VS Code). Lines are written at most ~flushMs after they arrive, sooner once a
// chunk's worth is pending; a chunk is at most `maxChunkChars`, and chunks are
// written one per timer turn, so a burst of 100k lines never blocks the event loop.
// Memory stays bounded: past `maxPendingChars` the oldest pending lines are dropped
// and a marker says how many.

import { systemClock, type Clock } from '../api/clock';
import { type MarkerLines, markers } from './markers';

/** Where tail output goes. `vscode.OutputChannel` satisfies it. */
export interface LogSink {
  /** Text made of whole lines, each ending with '\n'. */
  append(text: string): void;
}

export interface BatcherOptions {
  /** Longest a line waits before being written (default 50 ms). */
  flushMs?: number;
  /** Largest single append, in characters (default 64 Ki). */
  maxChunkChars?: number;
  /** Pending text beyond this is dropped, oldest first (default 16 Mi characters). */
  maxPendingChars?: number;
  clock?: Clock;
  /** The words of the "lines skipped" marker (default English). */
  markers?: MarkerLines;
}

interface Segment {
  lines: readonly string[];
  next: number;
}

export class OutputBatcher {
  private readonly flushMs: number;
  private readonly maxChunk: number;
  private readonly maxPending: number;
  private readonly clock: Clock;
  private readonly markers: MarkerLines;
  private queue: Segment[] = [];
  private pending = 0;
  private timer: unknown;
  private timerDue = Infinity;
  private idle: (() => void)[] = [];
  private closed = false;
  /** Bumped by reopen(), so a close() still flushing does not close the reopened output. */
  private epoch = 0;

  constructor(
    private readonly sink: LogSink,
    opts: BatcherOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 50;
    this.maxChunk = Math.max(1, opts.maxChunkChars ?? 64 * 1024);
    this.maxPending = Math.max(this.maxChunk, opts.maxPendingChars ?? 16 * 1024 * 1024);
    this.clock = opts.clock ?? systemClock;
    this.markers = opts.markers ?? markers;
  }

  /** Characters waiting to be written. */
  get pendingChars(): number {
    return this.pending;
  }

  /** Queues lines (the array is kept, not copied: do not mutate it afterwards). */
  pushLines(lines: readonly string[]): void {
    if (this.closed || lines.length === 0) return;
    let size = 0;
    for (const l of lines) size += l.length + 1;
    this.queue.push({ lines, next: 0 });
    this.pending += size;
    if (this.pending > this.maxPending) this.dropOldest();
    this.schedule();
  }

  pushMarker(text: string): void {
    this.pushLines([text]);
  }

  /** Writes everything pending (still in chunks, one per turn); resolves when done. */
  flush(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle.push(resolve);
      this.arm(0);
    });
  }

  /** Writes what is pending, then ignores further lines. */
  async close(): Promise<void> {
    const epoch = this.epoch;
    await this.flush();
    if (epoch !== this.epoch) return;
    this.closed = true;
    this.clearTimer();
  }

  /** Accepts lines again after close() (a resumed tail writes on in the same output). */
  reopen(): void {
    this.epoch++;
    this.closed = false;
  }

  private schedule(): void {
    this.arm(this.pending >= this.maxChunk || this.idle.length > 0 ? 0 : this.flushMs);
  }

  private arm(delay: number): void {
    const due = this.clock.now() + delay;
    if (this.timer !== undefined && this.timerDue <= due) return;
    this.clearTimer();
    this.timerDue = due;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.timerDue = Infinity;
      this.writeChunk();
    }, delay);
  }

  private writeChunk(): void {
    const parts: string[] = [];
    let size = 0;
    while (this.queue.length && size < this.maxChunk) {
      const seg = this.queue[0];
      while (seg.next < seg.lines.length && (size < this.maxChunk || parts.length === 0)) {
        const line = seg.lines[seg.next++];
        parts.push(line);
        size += line.length + 1;
      }
      if (seg.next >= seg.lines.length) this.queue.shift();
    }
    this.pending = Math.max(0, this.pending - size);
    if (parts.length) {
      try {
        this.sink.append(`${parts.join('\n')}\n`);
      } catch {
        // The output is gone (channel disposed): nothing left to write to.
        this.queue = [];
        this.closed = true;
      }
    }
    if (this.queue.length) this.schedule();
    else {
      this.pending = 0;
      for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /** Keeps the newest half of the allowance; the dropped lines become one marker line. */
  private dropOldest(): void {
    let dropped = 0;
    while (this.pending > this.maxPending / 2 && this.queue.length > 0) {
      const seg = this.queue[0];
      const line = seg.lines[seg.next++];
      this.pending -= line.length + 1;
      dropped++;
      if (seg.next >= seg.lines.length) this.queue.shift();
    }
    if (dropped === 0) return;
    const marker = this.markers.skipped(dropped);
    this.queue.unshift({ lines: [marker], next: 0 });
    this.pending += marker.length + 1;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Infinity;
  }
}
