// Types shared by the client core and the endpoint groups (kept apart so the
// endpoint modules don't import the client class).

import type { Priority } from './requestBudget';
import type { Readable } from 'node:stream';
import type { TransferProgress } from './models';
import type { ApiResponse, HttpMethod, StreamResponse } from './transport';

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Cancels the call only while it waits for the request budget: once sent, it completes
   * (a batch of POSTs stops sending without leaving calls of unknown outcome).
   */
  queueSignal?: AbortSignal;
  /**
   * The workspace: a team's slug, sent as `X-Service-Workspace`; `team:<id>` for a team
   * without a slug (never sent, see workspaceKey.ts); absent = the personal workspace.
   */
  workspace?: string;
  /** Budget priority (default `user`): `view` for refreshing visible views, `background` for polling. */
  priority?: Priority;
  /**
   * While the service limits requests, fail at once (an ApiError 429 with `retryAfterMs`)
   * instead of waiting: for callers that report "rate limited until …" (agent tools).
   * Views (`priority: 'view'`) always behave so.
   */
  failWhenThrottled?: boolean;
  /** Use this token instead of getToken() (e.g. the session token right after login). */
  token?: string;
  /**
   * Called when the request has to queue for the request budget (others ahead of it, or the
   * bucket empty, or the service limiting requests); what it returns is called once the
   * request got its turn (or gave up waiting). A user's save says "waiting for the
   * service's rate limit" meanwhile, instead of seeming stuck.
   */
  onBudgetWait?: () => (() => void) | void;
}

export type QueryValue = string | number | boolean | undefined;

export interface RequestSpec {
  method: HttpMethod;
  /** Relative to the API root, path segments already encoded (see endpoints/path.ts). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Uses the slow timeout (platform operations: lifecycle, create, deploy, rollback, SSL, config). */
  slow?: boolean;
  /** At least this long (a restore, an import or a one-off command answers only when it is done). */
  minTimeoutMs?: number;
  /** Sent without Authorization (login, device sign-in). */
  anonymous?: boolean;
  /**
   * Values the body carries that must never appear in an error or a log line, whatever
   * their length: credentials (a password, a one-time code) and config values (the
   * service's 422 can echo the command with them). The request's token is added by the client.
   */
  secrets?: readonly string[];
}

/** What an endpoint group needs from the client. */
export interface Requester {
  request(spec: RequestSpec, opts?: CallOptions): Promise<ApiResponse>;
  requestList(spec: RequestSpec, opts?: CallOptions, pluralKeys?: readonly string[]): Promise<unknown[]>;
  registerSecret(value: string | undefined): void;
  /** Opens a streaming GET (one budget token, no retry); `fail` maps read errors. */
  openStream(spec: RequestSpec, opts?: CallOptions): Promise<OpenStream>;
  /** Sends a stream as the request body (one budget token, never retried), with progress. */
  upload(spec: RequestSpec, source: Readable, opts?: CallOptions, transfer?: UploadOptions): Promise<ApiResponse & { bytesSent: number }>;
  /**
   * GETs an absolute address (a presigned object URL, maybe another host) into a file,
   * without the API token or the API budget; a temporary name until complete.
   */
  downloadFile(url: string, destination: string, opts?: CallOptions, onProgress?: (p: TransferProgress) => void): Promise<{ bytes: number; total?: number }>;
}

export interface UploadOptions {
  /** Default application/octet-stream. */
  contentType?: string;
  /** The body's length when known (a file's size): sent as Content-Length, and as progress's total. */
  contentLength?: number;
  onProgress?: (p: TransferProgress) => void;
}

export interface OpenStream extends StreamResponse {
  /** Turns an error thrown while reading `body` into the API layer's error types. */
  fail(error: unknown): Error;
}
