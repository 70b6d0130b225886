// Rate limiting like the real service (rack-attack): fixed windows aligned to the clock
// (`floor(now / period)`), counted per client IP, 60 per minute on /api/ and 5 per
// minute on login per IP and per e-mail. Every request counts, refused ones included
// (rack-attack increments before it compares), and a refusal always says
// `Retry-After: <period>` (60), whatever is left of the window.

export interface RateLimitSettings {
  perMinute?: number;
  loginPerMinute?: number;
  /** Window length; 60 000 in the real service. Tests shorten it to see the window reopen. */
  windowMs?: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSec: number };

export class FixedWindowLimiter {
  private readonly counts = new Map<string, { window: number; count: number }>();

  constructor(
    public limit: number,
    public windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): RateDecision {
    const window = Math.floor(now / this.windowMs);
    const entry = this.counts.get(key);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.counts.set(key, { window, count });
    if (count > this.limit) return { ok: false, retryAfterSec: Math.max(1, Math.ceil(this.windowMs / 1000)) };
    return { ok: true };
  }

  reset(): void {
    this.counts.clear();
  }
}

export const RATE_LIMIT_BODY = { error: 'Rate limit exceeded. Retry later.' };

export class RateLimits {
  enabled: boolean;
  readonly api: FixedWindowLimiter;
  readonly login: FixedWindowLimiter;

  constructor(settings: false | RateLimitSettings | undefined) {
    this.enabled = settings !== false;
    const s = settings || {};
    const windowMs = s.windowMs ?? 60_000;
    this.api = new FixedWindowLimiter(s.perMinute ?? 60, windowMs);
    this.login = new FixedWindowLimiter(s.loginPerMinute ?? 5, windowMs);
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

  /** Per client IP: other clients of the same user (a CLI, a script) spend the same budget. */
  checkApi(ip: string): RateDecision {
    return this.enabled ? this.api.hit(`ip:${ip}`) : { ok: true };
  }

  /** Both the IP and the e-mail budget must allow the attempt. */
  checkLogin(ip: string, email: string | undefined): RateDecision {
    if (!this.enabled) return { ok: true };
    const byIp = this.login.hit(`ip:${ip}`);
    const byEmail = email ? this.login.hit(`email:${email.toLowerCase()}`) : byIp;
    return byIp.ok ? byEmail : byIp;
  }

  reset(): void {
    this.api.reset();
    this.login.reset();
  }
}
