// Every timer the server starts goes through here, so close() can stop them all
// and mocha exits. Timers are unref'd: a forgotten server never holds a process open.

export class ServerClosedError extends Error {
  constructor() {
    super('Server closed');
  }
}

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<(err: Error) => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs fn once after ms; returns a cancel function. */
  after(ms: number, fn: () => void): () => void {
    if (this.closed) return () => undefined;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, Math.max(0, ms));
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  /** Runs fn every ms; returns a cancel function. */
  every(ms: number, fn: () => void): () => void {
    if (this.closed) return () => undefined;
    const timer = setInterval(fn, Math.max(1, ms));
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }

  /** Resolves after ms; rejects with ServerClosedError if the server closes first. */
  delay(ms: number): Promise<void> {
    if (ms <= 0) return this.closed ? Promise.reject(new ServerClosedError()) : Promise.resolve();
    return new Promise((resolve, reject) => {
      const abort = (err: Error): void => {
        cancel();
        reject(err);
      };
      const cancel = this.after(ms, () => {
        this.waiters.delete(abort);
        resolve();
      });
      this.waiters.add(abort);
      if (this.closed) abort(new ServerClosedError());
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const reject of this.waiters) reject(new ServerClosedError());
    this.waiters.clear();
  }
}
