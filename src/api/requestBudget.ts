// The client-side request budget shared by every caller of a connection, so that
// normal use (log tailing included) never meets the server's rate limit instead of
// merely reacting to it.
//
// A token bucket of capacity B refilling at r tokens/ms lets through at most
// B + r·T requests in ANY window of length T. We pick B and r so that B + r·window
// stays a few percent under the configured limit: a server counting per fixed or
// sliding minute then never sees more than it allows.
//
// Priorities: user actions > refresh of visible views > background (log polling).
// Waiters are served in that order, and lower priorities must leave a reserve in
// the bucket, so a click never waits behind a poller.

export type Priority = 'user' | 'view' | 'background';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface RequestBudgetOptions {
  /** Requests the server allows per window (setting `apphost.requestsPerMinute`, default 60). */
  perMinute?: number;
  /** Window the limit applies to (default 60 000 ms; tests scale it down). */
  windowMs?: number;
  clock?: Clock;
}

export interface BudgetSnapshot {
  perMinute: number;
  /** Burst capacity of the bucket. */
  capacity: number;
  /** Whole tokens available right now (anyone may use these). */
  available: number;
  /** Tokens a background caller may use right now without eating into the reserve. */
  availableForBackground: number;
  /** Sustained rate, in requests per window. */
  sustainedPerWindow: number;
  queued: Record<Priority, number>;
  /** Requests granted in the last window. */
  usedLastWindow: number;
  /** > 0 while paused after a 429 the server sent anyway. */
  pausedForMs: number;
}

const ORDER: Priority[] = ['user', 'view', 'background'];
/** Keep this share of the limit unused, against clock skew and latency jitter. */
const SAFETY_MARGIN = 0.05;

interface Waiter {
  priority: Priority;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class RequestBudget {
  private readonly clock: Clock;
  private readonly windowMs: number;
  private perMinute = 60;
  private capacity = 1;
  private ratePerMs = 0;
  private tokens = 0;
  private lastRefill: number;
  private pausedUntil = 0;
  private readonly queues: Record<Priority, Waiter[]> = { user: [], view: [], background: [] };
  private readonly granted: number[] = [];
  private timer: unknown;
  private timerAt = Infinity;
  private readonly listeners = new Set<() => void>();

  constructor(opts: RequestBudgetOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.windowMs = opts.windowMs ?? 60_000;
    this.lastRefill = this.clock.now();
    this.setPerMinute(opts.perMinute ?? 60);
    this.tokens = this.capacity;
  }

  /** Applies a new limit at runtime (the setting changed). */
  setPerMinute(perMinute: number): void {
    this.refill();
    const limit = Math.max(1, Math.floor(Number.isFinite(perMinute) ? perMinute : 60));
    const effective = Math.max(1, Math.floor(limit * (1 - SAFETY_MARGIN)));
    this.perMinute = limit;
    // A sixth of the window as burst (max 10): enough for "open app + its children".
    this.capacity = Math.max(1, Math.min(10, Math.floor(effective / 6)));
    this.ratePerMs = Math.max(0, effective - this.capacity) / this.windowMs;
    if (this.ratePerMs === 0) this.ratePerMs = 1 / this.windowMs; // limit of 1: one per window
    this.tokens = Math.min(this.tokens, this.capacity);
    this.pump();
  }

  /** Waits for a token. Rejects with the signal's reason when aborted while waiting. */
  acquire(priority: Priority = 'user', signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const q = this.queues[priority];
          const i = q.indexOf(waiter);
          if (i >= 0) q.splice(i, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queues[priority].push(waiter);
      this.pump();
    });
  }

  /** Takes a token only if one is free now (for optional work that should just be skipped). */
  tryAcquire(priority: Priority = 'background'): boolean {
    this.refill();
    if (this.hasWaitersAtOrAbove(priority) || !this.canGrant(priority)) return false;
    this.take();
    return true;
  }

  /** The server answered 429 anyway (another client on the same account): hold everything. */
  pauseFor(ms: number): void {
    this.refill();
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.max(0, ms));
    this.tokens = 0;
    this.pump();
  }

  snapshot(): BudgetSnapshot {
    this.refill();
    const now = this.clock.now();
    this.forgetOld(now);
    const paused = Math.max(0, this.pausedUntil - now);
    return {
      perMinute: this.perMinute,
      capacity: this.capacity,
      available: paused ? 0 : Math.floor(this.tokens),
      availableForBackground: paused ? 0 : Math.max(0, Math.floor(this.tokens - this.reserve('background'))),
      sustainedPerWindow: Math.round(this.ratePerMs * this.windowMs),
      queued: { user: this.queues.user.length, view: this.queues.view.length, background: this.queues.background.length },
      usedLastWindow: this.granted.length,
      pausedForMs: paused,
    };
  }

  /**
   * How often a background poller should run to use at most `share` of the sustained
   * rate; longer while the bucket is short or others are waiting. Log tailing uses it.
   */
  suggestedIntervalMs(share = 0.5, minMs = 1_000): number {
    const s = this.snapshot();
    const perRequest = this.windowMs / Math.max(1e-9, s.sustainedPerWindow * Math.max(0.01, Math.min(1, share)));
    const pressure = s.queued.user + s.queued.view + s.queued.background > 0 || s.availableForBackground === 0 ? 2 : 1;
    return Math.max(minMs, Math.ceil(perRequest * pressure), s.pausedForMs);
  }

  /** Called whenever tokens are granted or the limit changes (UI/tailing may listen). */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Rejects every waiter (connection closed). */
  dispose(reason: unknown = new Error('Request budget disposed')): void {
    for (const p of ORDER) {
      for (const w of this.queues[p].splice(0)) {
        if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
        w.reject(reason);
      }
    }
    this.clearTimer();
  }

  private reserve(priority: Priority): number {
    if (priority === 'user') return 0;
    return Math.floor(this.capacity * (priority === 'view' ? 0.1 : 0.3));
  }

  private canGrant(priority: Priority): boolean {
    return this.clock.now() >= this.pausedUntil && this.tokens >= 1 + this.reserve(priority);
  }

  private hasWaitersAtOrAbove(priority: Priority): boolean {
    return ORDER.slice(0, ORDER.indexOf(priority) + 1).some((p) => this.queues[p].length > 0);
  }

  private take(): void {
    this.tokens -= 1;
    const now = this.clock.now();
    this.granted.push(now);
    this.forgetOld(now);
    for (const l of this.listeners) l();
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.lastRefill);
    this.lastRefill = now;
    if (now < this.pausedUntil) return;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.ratePerMs);
  }

  private forgetOld(now: number): void {
    while (this.granted.length && this.granted[0] <= now - this.windowMs) this.granted.shift();
  }

  /** Grants tokens in priority order; if the head can't go yet, sleeps until it can. */
  private pump(): void {
    this.refill();
    for (const p of ORDER) {
      const q = this.queues[p];
      while (q.length) {
        if (!this.canGrant(p)) {
          this.schedule(p);
          return;
        }
        const w = q.shift()!;
        if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
        this.take();
        w.resolve();
      }
    }
    this.clearTimer();
  }

  private schedule(p: Priority): void {
    const now = this.clock.now();
    const missing = 1 + this.reserve(p) - this.tokens;
    const wait = Math.max(this.pausedUntil - now, missing > 0 ? missing / this.ratePerMs : 0, 1);
    const at = now + Math.ceil(wait);
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.pump();
    }, Math.ceil(wait));
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }
}
