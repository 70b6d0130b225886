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
//
// When the server answers 429 anyway (other clients of the same user share its
// budget), the budget is *throttled*: nothing goes out but one probe every few
// seconds, until a probe gets an answer other than 429 (the service's fixed window
// reopened) or the capped Retry-After has passed; then the waiting requests go out.
// The real service always says `Retry-After: 60` whatever is left of its window, so
// probing heals within seconds of the window opening instead of up to a minute late.
// Views ask to fail fast while throttled: they keep showing what they had.

import { clampRetryAfter } from './retry';
import { systemClock, type Clock } from './clock';

export type Priority = 'user' | 'view' | 'background';

/** Rejection of a fail-fast caller while the service is throttling (no request was sent). */
export class BudgetThrottledError extends Error {
  override readonly name = 'BudgetThrottledError';
  constructor(readonly retryAt: number) {
    super('The service is limiting requests (HTTP 429)');
  }
}

/** What the client learnt from one request, for the throttle. */
export type RequestOutcome = { kind: 'answered' } | { kind: 'throttled'; retryAfterMs?: number } | { kind: 'failed' };

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
  /** > 0 while throttled after a 429 the server sent anyway: time until the Retry-After ends. */
  pausedForMs: number;
  /** While throttled: when the next request (a probe) may go out, epoch ms. */
  nextAttemptAt?: number;
}

export interface AcquireOptions {
  /** While throttled, reject with BudgetThrottledError instead of waiting (unless a probe is due). */
  failWhenThrottled?: boolean;
}

const ORDER: Priority[] = ['user', 'view', 'background'];
/** setTimeout's largest delay (2^31 − 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Keep this share of the limit unused, against clock skew and latency jitter. */
const SAFETY_MARGIN = 0.05;

interface Waiter {
  priority: Priority;
  failFast?: boolean;
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
  /** While throttled: the earliest time of the next probe, and whether one is out. */
  private nextProbeAt = 0;
  private probeOut = false;
  /** When the last 429 arrived: only a request sent after it can tell that the throttle is over. */
  private throttledAt = -Infinity;
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
  acquire(priority: Priority = 'user', signal?: AbortSignal, options: AcquireOptions = {}): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, resolve, reject, signal, failFast: options.failWhenThrottled };
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

  /** Whether a request of this priority asked for now would have to queue. */
  wouldWait(priority: Priority = 'user'): boolean {
    this.refill();
    return this.hasWaitersAtOrAbove(priority) || !this.canGrant(priority);
  }

  /** Takes a token only if one is free now (for optional work that should just be skipped). */
  tryAcquire(priority: Priority = 'background'): boolean {
    this.refill();
    if (this.hasWaitersAtOrAbove(priority) || !this.canGrant(priority)) return false;
    this.take();
    return true;
  }

  /**
   * The server answered 429 anyway (another client on the same account): hold everything
   * but a probe every few seconds, for at most the (capped) Retry-After.
   */
  pauseFor(retryAfterMs: number | undefined): void {
    this.refill();
    const now = this.clock.now();
    const wait = Math.max(1, retryAfterMs === undefined ? this.windowMs : clampRetryAfter(retryAfterMs));
    this.pausedUntil = Math.max(this.pausedUntil, now + wait);
    this.throttledAt = now;
    this.nextProbeAt = now + Math.min(this.probeIntervalMs(), wait);
    this.probeOut = false;
    this.tokens = 0;
    this.notify();
    this.pump();
  }

  /** The budget's clock (stamp a request when it is sent, for `report`). */
  now(): number {
    return this.clock.now();
  }

  /**
   * Tells the throttle how a request sent at `sentAt` ended: an answer other than 429 to a
   * request sent after the last 429 means the service accepts requests again.
   */
  report(outcome: RequestOutcome, sentAt: number = this.clock.now()): void {
    if (outcome.kind === 'throttled') return this.pauseFor(outcome.retryAfterMs);
    if (!this.isThrottled() || sentAt < this.throttledAt) return;
    if (outcome.kind === 'answered') return this.resume();
    // The probe got no answer at all (network): try again at the next probe time.
    this.probeOut = false;
    this.nextProbeAt = this.clock.now() + this.probeIntervalMs();
    this.pump();
  }

  /** Ends a throttle now (the service answered, or the user chose "Retry Now"). */
  resume(): void {
    if (!this.isThrottled() && !this.probeOut) return;
    this.pausedUntil = 0;
    this.probeOut = false;
    this.lastRefill = this.clock.now();
    // The service's window just reopened: a start of half a burst, then the usual rate.
    this.tokens = Math.max(this.tokens, Math.ceil(this.capacity / 2));
    this.notify();
    this.pump();
  }

  /** True while requests are held after a 429. */
  isThrottled(): boolean {
    return this.clock.now() < this.pausedUntil;
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
      nextAttemptAt: paused ? Math.min(this.pausedUntil, Math.max(now, this.nextProbeAt)) : undefined,
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
    if (this.isThrottled()) return this.probeDue();
    return this.tokens >= 1 + this.reserve(priority);
  }

  /** While throttled, one request at a time may test whether the service accepts requests again. */
  private probeDue(): boolean {
    return !this.probeOut && this.clock.now() >= this.nextProbeAt;
  }

  /** A twelfth of the window between probes (5 s for the real service's minute). */
  private probeIntervalMs(): number {
    return Math.max(50, Math.floor(this.windowMs / 12));
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  private hasWaitersAtOrAbove(priority: Priority): boolean {
    return ORDER.slice(0, ORDER.indexOf(priority) + 1).some((p) => this.queues[p].length > 0);
  }

  private take(): void {
    const now = this.clock.now();
    if (this.isThrottled()) this.probeOut = true;
    else this.tokens -= 1;
    this.granted.push(now);
    this.forgetOld(now);
    this.notify();
  }

  private refill(): void {
    const now = this.clock.now();
    if (this.pausedUntil && now >= this.pausedUntil) {
      // The Retry-After has passed without a probe answering: requests go out again.
      this.pausedUntil = 0;
      this.probeOut = false;
      this.lastRefill = Math.max(this.lastRefill, now - 1);
      this.notify();
    }
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
          this.rejectFailFast();
          if (this.queues[p].length) this.schedule(p);
          else continue;
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

  /** While throttled and no probe is due, callers that asked to fail fast stop waiting. */
  private rejectFailFast(): void {
    if (!this.isThrottled()) return;
    for (const p of ORDER) {
      const q = this.queues[p];
      for (const w of q.filter((x) => x.failFast)) {
        q.splice(q.indexOf(w), 1);
        if (w.onAbort) w.signal?.removeEventListener('abort', w.onAbort);
        w.reject(new BudgetThrottledError(this.snapshot().nextAttemptAt ?? this.pausedUntil));
      }
    }
  }

  private schedule(p: Priority): void {
    const now = this.clock.now();
    const missing = 1 + this.reserve(p) - this.tokens;
    let wait: number;
    if (this.isThrottled()) {
      // Wake for the next probe (re-armed when the one out reports) or the end of the Retry-After.
      wait = this.probeOut ? this.pausedUntil - now : Math.min(this.pausedUntil, this.nextProbeAt) - now;
    } else {
      wait = missing > 0 ? missing / this.ratePerMs : 0;
    }
    // Never beyond a timer's range (a longer delay would fire at once, every millisecond).
    wait = Math.min(Math.max(wait, 1), MAX_TIMER_MS);
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
