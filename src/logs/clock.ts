// Time and events without `vscode`: the tail engine, the poll schedule and the
// batcher take a Clock so tests can drive them with fake time, and expose plain
// listener sets that the VS Code layer wraps (or calls) as it likes.

import type { Clock } from '../api';

export type { Clock };

/** Real time. Timers are not unref'd: a stopped tail clears its own. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Resolves after `ms`, or at once when `signal` aborts (never rejects: loops check their own state). */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clock.clearTimeout(handle);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const handle = clock.setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface Disposable {
  dispose(): void;
}

/** A minimal event: `emitter.event(listener)` subscribes, like vscode.EventEmitter. */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event = (listener: (value: T) => void): Disposable => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) {
      try {
        l(value);
      } catch {
        // A listener's failure must not break the tail that fired the event.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
