// One HTTP exchange: send, read the whole body, turn the outcome into either a
// parsed response or one of the API layer's errors. No retries, no budget here
// (see requestCore.ts); secrets are scrubbed before anything leaves.

import * as l10n from '@vscode/l10n';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { BodyTooLargeError, JsonTooDeepError, parseJsonBounded, readCapped } from './bodyLimits';
import { CertificateError, certificateProblemOf } from './certificateProblems';
import { parseErrorBody } from './errorBody';
import { ApiError, AppHostError, CancelledError, ConfigurationError, NetworkError, RETRYABLE_STATUSES, type RequestInfo, TimeoutError } from './errors';
import { parseRetryAfter } from './retry';
import { redactHeaders, type SecretScrubber } from './secrets';
import { undici } from './undici';
import { systemClock, type Clock } from './clock';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string | string[] | undefined>;

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text for non-JSON bodies, or null when empty. */
  body: unknown;
  url: string;
}

export interface ApiLogger {
  trace?(message: string): void;
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

export interface Exchange {
  method: HttpMethod;
  url: string;
  info: RequestInfo;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportContext {
  /** The connection's dispatcher, built on the first request (https reads its trusted roots then). */
  dispatcher: () => Promise<Dispatcher>;
  origin: string;
  scrubber: SecretScrubber;
  logger?: ApiLogger;
  /** Times the response timeout (default: real time). */
  clock?: Clock;
}

export const TIMED_OUT = Symbol('timed out');

export async function exchange(ctx: TransportContext, ex: Exchange): Promise<ApiResponse> {
  // Starts now, when the request goes out: never while it queued for the request budget.
  const clock = ctx.clock ?? systemClock;
  const timer = new AbortController();
  const handle = clock.setTimeout(() => timer.abort(TIMED_OUT), ex.timeoutMs);
  const signal = ex.signal ? AbortSignal.any([ex.signal, timer.signal]) : timer.signal;
  const started = Date.now();
  ctx.logger?.trace?.(ctx.scrubber.scrub(`→ ${ex.method} ${ex.info.path} ${JSON.stringify(redactHeaders(ex.headers))}`));
  let status = 0;
  try {
    const dispatcher = await ctx.dispatcher();
    const res = await undici().request(ex.url, {
      dispatcher,
      method: ex.method,
      headers: ex.headers,
      body: ex.body,
      signal,
      headersTimeout: ex.timeoutMs,
      bodyTimeout: ex.timeoutMs,
    });
    status = res.statusCode;
    const text = await readBody(ex, status, res.body);
    const headers = res.headers as Headers;
    ctx.logger?.debug?.(`${ex.method} ${ex.info.path} → ${status} (${Date.now() - started} ms)`);
    return interpret(ctx, ex, status, headers, text);
  } catch (e) {
    if (e instanceof AppHostError || e instanceof ConfigurationError) throw e;
    const mapped = mapFailure(ctx, ex, e, timer.signal.aborted);
    ctx.logger?.debug?.(`${ex.method} ${ex.info.path} → ${mapped.name}${status ? ` after ${status}` : ''}: ${mapped.message}`);
    throw mapped;
  } finally {
    clock.clearTimeout(handle);
  }
}

export interface StreamResponse {
  status: number;
  headers: Headers;
  /** The open body; no body timeout (the caller runs its own idle watchdog). */
  body: Readable;
}

/**
 * Opens a long-lived response (log follow). Only the wait for headers is timed; an
 * error status is read and thrown like any other.
 */
export async function openStream(ctx: TransportContext, ex: Exchange): Promise<StreamResponse> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(TIMED_OUT), ex.timeoutMs);
  const signal = ex.signal ? AbortSignal.any([ex.signal, timer.signal]) : timer.signal;
  try {
    const dispatcher = await ctx.dispatcher();
    const res = await undici().request(ex.url, {
      dispatcher, method: ex.method, headers: ex.headers, signal, headersTimeout: ex.timeoutMs, bodyTimeout: 0,
    });
    clearTimeout(handle);
    const headers = res.headers as Headers;
    ctx.logger?.debug?.(`${ex.method} ${ex.info.path} → ${res.statusCode} (stream)`);
    if (res.statusCode < 200 || res.statusCode >= 300) interpret(ctx, ex, res.statusCode, headers, await readBody(ex, res.statusCode, res.body));
    return { status: res.statusCode, headers, body: res.body };
  } catch (e) {
    if (e instanceof AppHostError || e instanceof ConfigurationError) throw e;
    throw mapFailure(ctx, ex, e, timer.signal.aborted);
  } finally {
    clearTimeout(handle);
  }
}

/** Maps an error raised while reading an open stream (reset, abort) to the layer's types. */
export function streamFailure(ctx: TransportContext, ex: Pick<Exchange, 'info' | 'signal' | 'timeoutMs' | 'connectTimeoutMs'>, e: unknown): AppHostError {
  if (e instanceof AppHostError) return e;
  return mapFailure(ctx, { ...ex, method: 'GET', url: '', headers: {} }, e, false);
}

export function interpret(ctx: TransportContext, ex: Exchange, status: number, headers: Headers, text: string): ApiResponse {
  const contentType = String(headers['content-type'] ?? '');
  if (status >= 200 && status < 300) {
    return { status, headers, body: parseSuccessBody(ex, status, contentType, text), url: ex.url };
  }
  if (status >= 300 && status < 400) {
    const where = String(headers.location ?? '').replace(/\?.*$/, '');
    throw new ApiError(
      where ? l10n.t('The server redirected to {0} — check the service URL', where) : l10n.t('The server redirected to another address — check the service URL'),
      { status, messages: [`Redirect ${status}`], retryable: false },
      ex.info,
    );
  }
  const scrubbed = ctx.scrubber.scrub(text);
  const parsed = parseErrorBody(status, contentType, scrubbed);
  const retryAfterMs = parseRetryAfter(headers['retry-after']);
  return throwApiError(ctx, ex, status, {
    ...parsed,
    retryable: parsed.retryable ?? RETRYABLE_STATUSES.has(status),
    retryAfterMs,
    details: jsonObject(scrubbed),
  });
}

function throwApiError(
  ctx: TransportContext,
  ex: Exchange,
  status: number,
  p: { message: string; messages: string[]; code?: string; hint?: string; retryable: boolean; retryAfterMs?: number; details?: Record<string, unknown> },
): never {
  const s = (t: string) => ctx.scrubber.scrub(t);
  throw new ApiError(
    s(p.message),
    {
      status,
      messages: p.messages.map(s),
      retryable: p.retryable,
      retryAfterMs: p.retryAfterMs,
      code: p.code,
      hint: p.hint === undefined ? undefined : s(p.hint),
      details: p.details,
    },
    ex.info,
  );
}

/** The body as a JSON object, if it is one (already scrubbed text). */
function jsonObject(text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const v = parseJsonBounded(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The whole body as text, refusing one larger than MAX_BODY_BYTES with a clear error. */
export async function readBody(ex: Exchange, status: number, body: Readable): Promise<string> {
  try {
    return await readCapped(body);
  } catch (e) {
    if (!(e instanceof BodyTooLargeError)) throw e;
    throw new ApiError(
      l10n.t('The server sent a response too large to show ({0} {1}: over {2} MB)', ex.method, ex.info.path, Math.round(e.limit / 1024 / 1024)),
      { status, messages: [e.message], retryable: false, code: 'response_too_large' },
      ex.info,
    );
  }
}

function parseSuccessBody(ex: Exchange, status: number, contentType: string, text: string): unknown {
  if (!text.trim()) return null;
  const isJson = /[/+]json\b/i.test(contentType) || (!contentType && /^\s*[[{]/.test(text));
  if (!isJson) return text;
  try {
    return parseJsonBounded(text);
  } catch (e) {
    const deep = e instanceof JsonTooDeepError;
    throw new ApiError(
      deep ? l10n.t('The server sent an unreadable response ({0})', e.message) : l10n.t('The server sent an unreadable response (invalid JSON)'),
      { status, messages: [deep ? e.message : 'Invalid JSON in response body'], retryable: false, code: 'invalid_response' },
      ex.info,
    );
  }
}

export function mapFailure(ctx: TransportContext, ex: Exchange, e: unknown, timedOut: boolean): AppHostError {
  if (ex.signal?.aborted) return new CancelledError(ex.info);
  if (timedOut) return new TimeoutError(ctx.origin, ex.timeoutMs, 'response', ex.info);
  const code = errorCode(e);
  const cause = sanitizeCause(ctx, e);
  const certificate = certificateProblemOf(e, new URL(ctx.origin).hostname);
  if (certificate) return new CertificateError(certificate, ex.info, cause);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new TimeoutError(ctx.origin, ex.connectTimeoutMs, 'connect', ex.info, cause);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new TimeoutError(ctx.origin, ex.timeoutMs, 'response', ex.info, cause);
  }
  return new NetworkError(ctx.origin, ex.info, code, cause);
}

/** The system/undici code, looking through `cause` chains (fetch-style wrapping). */
function errorCode(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A fresh Error with only name, code and a scrubbed message: no sockets, headers or options. */
function sanitizeCause(ctx: TransportContext, e: unknown): Error {
  const src = e instanceof Error ? e : new Error(String(e));
  const out = new Error(ctx.scrubber.scrub(src.message));
  out.name = src.name;
  const code = errorCode(e);
  if (code) (out as Error & { code?: string }).code = code;
  out.stack = undefined;
  return out;
}
