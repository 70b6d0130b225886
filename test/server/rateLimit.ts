// Rate limiting like the real service (rack-attack): fixed one-minute windows, 60 requests
// per IP on /api/ (login excluded), login 5 per IP and 5 per e-mail, `Retry-After` = the
// window's length whatever the time left, and a one-hour ban of an IP on every path after
// 20 failed logins within 10 minutes.

export interface RateLimitSettings {
  perMinute?: number;
  loginPerMinute?: number;
  /** Window length; 60 000 in the real service. Tests shorten it to see the window reopen. */
  windowMs?: number;
  /** Failed logins from one IP, within `banFindMs`, that ban it; default 20. */
  banAfterFailures?: number;
  /** Default 10 minutes. */
  banFindMs?: number;
  /** Length of a ban; default one hour. */
  banMs?: number;
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
    let entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      entry = { window, count: 0 };
      this.counts.set(key, entry);
    }
    entry.count += 1;
    if (entry.count <= this.limit) return { ok: true };
    // rack-attack answers with the period, not the time left in the window.
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil(this.windowMs / 1000)) };
  }

  reset(): void {
    this.counts.clear();
  }
}

/** rack-attack's Fail2Ban: failures counted in fixed windows of `findMs`; `maxRetry` of them ban for `banMs`. */
class Fail2Ban {
  private readonly failures: FixedWindowLimiter;
  private readonly bans = new Map<string, number>();

  constructor(
    maxRetry: number,
    findMs: number,
    public banMs: number,
  ) {
    this.failures = new FixedWindowLimiter(maxRetry - 1, findMs);
  }

  configure(maxRetry: number | undefined, findMs: number | undefined, banMs: number | undefined): void {
    if (maxRetry !== undefined) this.failures.limit = maxRetry - 1;
    if (findMs !== undefined) this.failures.windowMs = findMs;
    if (banMs !== undefined) this.banMs = banMs;
  }

  fail(ip: string, now = Date.now()): void {
    if (!this.failures.hit(ip, now).ok) this.bans.set(ip, now + this.banMs);
  }

  banned(ip: string, now = Date.now()): boolean {
    const until = this.bans.get(ip);
    return until !== undefined && now < until;
  }

  reset(): void {
    this.failures.reset();
    this.bans.clear();
  }
}

export const RATE_LIMIT_BODY = { error: 'Rate limit exceeded. Retry later.' };
export const BANNED_BODY = { error: 'Too many failed login attempts. Try again in 1 hour.' };

export class RateLimits {
  enabled: boolean;
  readonly api: FixedWindowLimiter;
  readonly login: FixedWindowLimiter;
  private readonly ban: Fail2Ban;

  constructor(settings: false | RateLimitSettings | undefined) {
    this.enabled = settings !== false;
    const s = settings || {};
    const windowMs = s.windowMs ?? 60_000;
    this.api = new FixedWindowLimiter(s.perMinute ?? 60, windowMs);
    this.login = new FixedWindowLimiter(s.loginPerMinute ?? 5, windowMs);
    this.ban = new Fail2Ban(s.banAfterFailures ?? 20, s.banFindMs ?? 600_000, s.banMs ?? 3_600_000);
  }

  /** false disables; an object changes the given limits (and re-enables). Counters and bans restart. */
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
    this.ban.configure(settings.banAfterFailures, settings.banFindMs, settings.banMs);
  }

  /** The generic /api/ throttle, per IP (every client of the user behind that IP shares it). */
  checkApi(ip: string): RateDecision {
    return this.enabled ? this.api.hit(`ip:${ip}`) : { ok: true };
  }

  /** POST /auth/login: both the IP and the e-mail budget must allow the attempt. */
  checkLogin(ip: string, email: string | undefined): RateDecision {
    if (!this.enabled) return { ok: true };
    const byIp = this.login.hit(`ip:${ip}`);
    if (!byIp.ok) return byIp;
    return email ? this.login.hit(`email:${email.toLowerCase()}`) : byIp;
  }

  /** A failed API login (wrong password or one-time code) counts towards a ban. */
  loginFailed(ip: string): void {
    if (this.enabled) this.ban.fail(ip);
  }

  /** A banned IP gets 403 on every path, before any throttle. */
  isBanned(ip: string): boolean {
    return this.enabled && this.ban.banned(ip);
  }

  reset(): void {
    this.api.reset();
    this.login.reset();
    this.ban.reset();
  }
}
