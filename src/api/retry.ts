// The retry policy, in one place. Reads are retried on answers that mean "busy, try
// again" and on connection resets. Writes (PUT/DELETE) are sent again only when the
// answer proves the server did not act (503 "unavailable"; 429 is handled by the
// client and the request budget): after a reset the write may have been applied, so
// it is never repeated (a delete would then say "Not found", a config write would
// restart the app twice). POST is never retried here. Jittered exponential backoff,
// bounded in attempts and total time; Retry-After wins over the backoff, capped.

import { ApiError, NetworkError } from './errors';

export interface RetryOptions {
  /** Total attempts including the first (default 3). */
  maxAttempts: number;
  /** First backoff step (default 300 ms); doubles each attempt. */
  baseDelayMs: number;
  /** Cap on a single backoff step (default 5 s). */
  maxDelayMs: number;
  /** No retry may start later than this after the first attempt (default 30 s). */
  maxTotalMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 5_000, maxTotalMs: 30_000 };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Answers after which a write provably did not happen. */
const WRITE_RETRY_STATUSES = new Set([429, 503]);

/**
 * The longest wait a Retry-After may impose (3 minutes). The real service always says
 * 60; a larger value (3600, or one beyond a timer's range) is treated as this cap, and
 * the user can retry earlier from the status bar.
 */
export const MAX_RETRY_AFTER_MS = 180_000;
/** Codes of a connection that dropped under an idempotent request (safe to send again). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether the failure is transient and sending `method` again cannot repeat an action. */
export function isTransient(error: unknown, method = 'GET'): boolean {
  const read = READS.has(method.toUpperCase());
  if (error instanceof ApiError) return error.retryable && (read || WRITE_RETRY_STATUSES.has(error.status));
  if (error instanceof NetworkError) return read && error.code !== undefined && RESET_CODES.has(error.code);
  return false;
}

/**
 * Milliseconds to wait before the next attempt, or undefined to give up.
 * `attempt` is the number of the attempt that just failed (1-based).
 */
export function retryDelay(
  method: string,
  attempt: number,
  error: unknown,
  elapsedMs: number,
  opts: RetryOptions = DEFAULT_RETRY,
  random: () => number = Math.random,
): number | undefined {
  if (!isIdempotent(method) || !isTransient(error, method) || attempt >= opts.maxAttempts) return undefined;
  const backoff = backoffDelay(attempt, opts, random);
  const hinted = error instanceof ApiError ? error.retryAfterMs : undefined;
  // A server-given delay is a floor; add a little jitter so parallel callers spread out.
  const delay = hinted !== undefined ? hinted + Math.floor(random() * Math.min(250, opts.baseDelayMs)) : backoff;
  return elapsedMs + delay > opts.maxTotalMs ? undefined : delay;
}

/** "Equal jitter": half the exponential step fixed, half random. */
export function backoffDelay(attempt: number, opts: RetryOptions = DEFAULT_RETRY, random: () => number = Math.random): number {
  const step = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(step / 2 + random() * (step / 2));
}

/**
 * `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT` → milliseconds,
 * between 0 and MAX_RETRY_AFTER_MS: an absurd value (an hour, 1e300) is the cap.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return clampRetryAfter(Number(v) * 1000);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return clampRetryAfter(at - now);
}

/** A wait the client can honour: finite, ≥ 0, at most MAX_RETRY_AFTER_MS. */
export function clampRetryAfter(ms: number): number {
  if (Number.isNaN(ms)) return MAX_RETRY_AFTER_MS;
  return Math.round(Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)));
}
