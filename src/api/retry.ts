// The retry policy, in one place. Only idempotent methods are retried (a POST such
// as restart or create could run twice), only on answers that mean "busy, try
// again" or on a connection reset, with jittered exponential backoff, and bounded
// both in attempts and in total time. Retry-After always wins over the backoff.

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
/** Codes of a connection that dropped under an idempotent request (safe to send again). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether the failure itself is transient (independent of the method). */
export function isTransient(error: unknown): boolean {
  if (error instanceof ApiError) return error.retryable;
  if (error instanceof NetworkError) return error.code !== undefined && RESET_CODES.has(error.code);
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
  if (!isIdempotent(method) || !isTransient(error) || attempt >= opts.maxAttempts) return undefined;
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
 * The longest wait a `Retry-After` may impose: a server asking for an hour (or for more
 * than a timer can hold, which would make it fire at once, again and again) gets this.
 */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2015 07:28:00 GMT` → milliseconds (0 to MAX_RETRY_AFTER_MS). */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(v) * 1000));
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - now));
}
