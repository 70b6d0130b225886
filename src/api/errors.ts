// The error types of the API layer. Every failure leaving src/api is one of these,
// already carrying a short message a user understands; nothing above this layer
// parses error bodies. None of them ever holds a token value (see secrets.ts).

import * as l10n from '@vscode/l10n';

export interface RequestInfo {
  method: string;
  /** API path with sensitive query values redacted, e.g. `/api/v1/apps/42/restart`. */
  path: string;
}

/** Base class: lets callers `catch (e) { if (e instanceof AppHostError) ... }`. */
export abstract class AppHostError extends Error {
  readonly method: string;
  readonly path: string;
  /**
   * A write (anything but GET) whose connection failed after the request may have reached
   * the server: it may or may not have been applied. It is never sent again automatically;
   * the caller reads the state back and tells the user what happened.
   */
  readonly outcomeUnknown: boolean;

  protected constructor(message: string, info: RequestInfo, cause?: unknown, outcomeUnknown = false) {
    super(message, cause === undefined ? undefined : { cause });
    this.method = info.method;
    this.path = info.path;
    this.outcomeUnknown = outcomeUnknown;
  }
}

export interface ApiErrorFields {
  status: number;
  /** Every message the server sent (e.g. each line of `{"errors":[...]}`). */
  messages: string[];
  retryable: boolean;
  retryAfterMs?: number;
  /** Machine code when the server gives one (`error_code`, `error.code`). */
  code?: string;
  hint?: string;
  /**
   * The error body when it is a JSON object (secrets masked), for the few endpoints whose
   * error carries a result: a failing one-off command's `{output, exit_code, stderr}`.
   */
  details?: Record<string, unknown>;
}

/** The server answered with a non-success status (or an unreadable success body). */
export class ApiError extends AppHostError implements ApiErrorFields {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly messages: string[];
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly code?: string;
  readonly hint?: string;
  readonly details?: Record<string, unknown>;

  constructor(message: string, fields: ApiErrorFields, info: RequestInfo) {
    super(message, info);
    this.status = fields.status;
    this.messages = fields.messages;
    this.retryable = fields.retryable;
    this.retryAfterMs = fields.retryAfterMs;
    this.code = fields.code;
    this.hint = fields.hint;
    if (fields.details) this.details = fields.details;
  }

  /** 401: the token is missing, expired or revoked; the UI offers to sign in again. */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

/** The host could not be reached at all (DNS, refused, reset, TLS, proxy). */
export class NetworkError extends AppHostError {
  override readonly name = 'NetworkError';
  /** System or undici error code, e.g. ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET. */
  readonly code?: string;

  constructor(origin: string, info: RequestInfo, code?: string, cause?: unknown) {
    const unknown = isWrite(info.method) && !(code !== undefined && NOT_SENT_CODES.has(code));
    super(
      unknown
        ? l10n.t('The connection to {0} dropped before it answered {1} {2}: the change may or may not have been made', origin, info.method, info.path)
        : l10n.t('Cannot reach {0} — check the URL or your connection', origin),
      info,
      cause,
      unknown,
    );
    this.code = code;
  }
}

export class TimeoutError extends AppHostError {
  override readonly name = 'TimeoutError';
  readonly timeoutMs: number;
  readonly phase: 'connect' | 'response';

  constructor(origin: string, timeoutMs: number, phase: 'connect' | 'response', info: RequestInfo, cause?: unknown) {
    const seconds = Math.round(timeoutMs / 100) / 10;
    super(
      phase === 'connect'
        ? l10n.t('Cannot reach {0} within {1} s — check the URL or your connection', origin, seconds)
        : l10n.t('{0} did not answer within {1} s ({2} {3})', origin, seconds, info.method, info.path),
      info,
      cause,
      phase === 'response' && isWrite(info.method),
    );
    this.timeoutMs = timeoutMs;
    this.phase = phase;
  }
}

/** The caller aborted (AbortSignal); UI code ignores this one silently. */
export class CancelledError extends AppHostError {
  override readonly name = 'CancelledError';

  constructor(info: RequestInfo) {
    super(l10n.t('Request cancelled'), info);
  }
}

/**
 * An id or name that cannot go into a request path (`..`, `.`, empty, a slash, control
 * characters): refused before anything is sent, so it can never reach another endpoint.
 */
export class InvalidIdError extends Error {
  override readonly name = 'InvalidIdError';
  readonly value: string;

  constructor(value: string) {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    super(l10n.t('Refusing to use {0} as an id in a request: an id must not be empty, "." or "..", or contain "/", "\\" or control characters', shown));
    this.value = value;
  }
}

/** The base URL, proxy or certificate setting is unusable (bad URL, plain http to a remote host, a missing PEM file). */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';

  /** @param setting the setting to fix, when it is not the service URL */
  constructor(message: string, readonly setting?: string) {
    super(message);
  }
}

/** Connection failures that prove the request never left (nothing to read back). */
const NOT_SENT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}

/** Statuses worth retrying for idempotent requests (the host or a gateway was busy). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

// Functions, not strings: translated when shown, after activation configured @vscode/l10n.
const DEFAULT_MESSAGES: Record<number, () => string> = {
  400: () => l10n.t('Bad request'),
  401: () => l10n.t('Not signed in, or the token has expired'),
  402: () => l10n.t('Plan limit reached'),
  403: () => l10n.t('Not authorized'),
  404: () => l10n.t('Not found'),
  405: () => l10n.t('Not supported by this server'),
  409: () => l10n.t('Conflict'),
  410: () => l10n.t('Gone'),
  413: () => l10n.t('Request too large'),
  422: () => l10n.t('The server rejected the request'),
  429: () => l10n.t('Too many requests — try again later'),
  500: () => l10n.t('Internal server error'),
  502: () => l10n.t('Bad gateway'),
  503: () => l10n.t('Service unavailable'),
  504: () => l10n.t('Gateway timeout'),
};

export function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status]?.() ?? (status >= 500 ? l10n.t('Server error ({0})', status) : l10n.t('Request failed ({0})', status));
}

/** The service's answer behind an error: the error itself, or its cause once a command reworded it. */
export function apiErrorIn(error: unknown): ApiError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ApiError) return e;
  }
  return undefined;
}

/** Dokku's answer for an app without containers: it was never deployed (a state, not a failure). */
export function isNotDeployed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && /has not been deployed/i.test([error.message, ...error.messages].join('\n'));
}

/**
 * A name already in use, in either of wokku's answers for a new app: Dokku's refusal
 * (wokku runs `apps:create` before saving: 422 `{"error": "… !     Name is already taken"}`)
 * or the model's validation (422 `{"errors": ["Name has already been taken"]}`).
 */
export function isNameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && error.messages.some((m) => /^Name (is already|has already been) taken\.?$/i.test(m.trim()));
}
