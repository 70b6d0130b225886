// Reading one follow stream. A stream opens with the last N lines, which mostly
// repeat what is already shown: they are collected until all N are in (or the
// stream pauses for `settleMs`) and handed over as one window to align, like a
// poll's; every later batch is live and passes straight through.

import type { LogFollow } from '../api';
import type { Clock } from '../api/clock';

export interface StreamHandlers {
  /** The opening window (backlog plus anything that arrived with it). */
  onWindow(lines: string[]): void;
  /** Live lines after the opening window. */
  onLines(lines: string[]): void;
  isStopped(): boolean;
}

/** Resolves when the stream ends normally; rejects when reading it fails. */
export async function readStream(follow: LogFollow, requested: number, settleMs: number, clock: Clock, on: StreamHandlers): Promise<void> {
  let backlog: string[] | undefined = [];
  let timer: unknown;
  const clear = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  const settle = () => {
    clear();
    if (!backlog || on.isStopped()) return;
    const lines = backlog;
    backlog = undefined;
    on.onWindow(lines);
  };
  const arm = () => {
    clear();
    timer = clock.setTimeout(settle, settleMs);
  };
  arm();
  try {
    for await (const batch of follow.batches) {
      if (on.isStopped()) break;
      if (!backlog) {
        on.onLines(batch);
        continue;
      }
      for (const l of batch) backlog.push(l);
      if (backlog.length >= requested) settle();
      else arm();
    }
  } finally {
    clear();
    follow.close();
  }
  settle(); // the stream ended while its backlog was still coming: that is the window
}
