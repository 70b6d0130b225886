// Sliding-window rate limiting like the real service: 60/min per client on /api/,
// 5/min on login per IP and per e-mail. Rejected requests do not use up budget.

export interface RateLimitSettings {
  perMinute?: number;
  loginPerMinute?: number;
  /** Window length; 60 000 in the real service. Tests shorten it to see the window reopen. */
  windowMs?: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSec: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): RateDecision {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      const waitMs = recent[0] + this.windowMs - now;
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }

  reset(): void {
    this.hits.clear();
  }
}

export const RATE_LIMIT_BODY = { error: 'Rate limit exceeded. Retry later.' };

export class RateLimits {
  enabled: boolean;
  readonly api: SlidingWindowLimiter;
  readonly login: SlidingWindowLimiter;

  constructor(settings: false | RateLimitSettings | undefined) {
    this.enabled = settings !== false;
    const s = settings || {};
    const windowMs = s.windowMs ?? 60_000;
    this.api = new SlidingWindowLimiter(s.perMinute ?? 60, windowMs);
    this.login = new SlidingWindowLimiter(s.loginPerMinute ?? 5, windowMs);
  }

  /** false disables; an object changes the given limits (and re-enables). Counters restart. */
  configure(settings: false | RateLimitSettings): void {
    this.reset();
    if (settings === false) {
      this.enabled = false;
      return;
    }
    this.enabled = true;
    if (settings.perMinute !== undefined) this.api.limit = settings.perMinute;
    if (settings.loginPerMinute !== undefined) this.login.limit = settings.loginPerMinute;
    if (settings.windowMs !== undefined) {
      this.api.windowMs = settings.windowMs;
      this.login.windowMs = settings.windowMs;
    }
  }

  checkApi(clientKey: string): RateDecision {
    return this.enabled ? this.api.hit(clientKey) : { ok: true };
  }

  /** Both the IP and the e-mail budget must allow the attempt. */
  checkLogin(ip: string, email: string | undefined): RateDecision {
    if (!this.enabled) return { ok: true };
    const byIp = this.login.hit(`ip:${ip}`);
    if (!byIp.ok) return byIp;
    return email ? this.login.hit(`email:${email.toLowerCase()}`) : byIp;
  }

  reset(): void {
    this.api.reset();
    this.login.reset();
  }
}
