// The request core of an ApiClient: it owns the keep-alive dispatcher, spends the
// shared request budget, applies the retry policy and the timeouts. The endpoint
// groups (apiClient.ts) call it through the Requester interface.

import * as l10n from '@vscode/l10n';
import { resolveBaseUrl } from './baseUrl';
import { sleep, systemClock, type Clock } from './clock';
import { ApiError, CancelledError, type RequestInfo } from './errors';
import { nextLink, readList } from './normalize';
import { BudgetThrottledError, RequestBudget, type RequestOutcome } from './requestBudget';
import { DEFAULT_RETRY, MAX_RETRY_AFTER_MS, retryDelay, type RetryOptions } from './retry';
import { SecretScrubber, safePath } from './secrets';
import { type ApiResponse, exchange, openStream, streamFailure, type TransportContext } from './transport';
import type { Readable } from 'node:stream';
import type { CallOptions, OpenStream, Requester, RequestSpec, UploadOptions } from './callTypes';
import type { TransferProgress } from './models';
import { downloadToFile, sendStream } from './transfer';
import { workspaceHeader } from './workspaceKey';
import { DEFAULT_TIMEOUTS, openRoute, scrubbedLogger, type ApiClientOptions, type Timeouts } from './clientOptions';

export class RequestCore implements Requester {
  readonly origin: string;
  readonly apiRoot: string;
  readonly budget: RequestBudget;
  /** How requests leave: "direct", "proxy http://…", "environment proxy …". */
  readonly route: string;
  /** Certificates are not checked (through a proxy with http.proxyStrictSSL false): the user must be told. */
  readonly insecureTls: boolean;

  private readonly getToken: ApiClientOptions['getToken'];
  private readonly onUnauthorized: ApiClientOptions['onUnauthorized'];
  private readonly timeouts: Timeouts;
  private readonly retry: RetryOptions;
  private readonly userAgent: string;
  private readonly maxPages: number;
  private readonly ownsDispatcher: boolean;
  private readonly ctx: TransportContext;
  private readonly clock: Clock;
  readonly scrubber = new SecretScrubber();

  constructor(opts: ApiClientOptions) {
    const base = resolveBaseUrl(opts.baseUrl, { allowInsecureHttp: opts.allowInsecureHttp });
    this.origin = base.origin;
    this.apiRoot = base.apiRoot;
    this.getToken = opts.getToken;
    this.onUnauthorized = opts.onUnauthorized;
    this.budget = opts.budget ?? new RequestBudget();
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.userAgent = opts.userAgent ?? 'apphost-vscode';
    this.maxPages = opts.maxPages ?? 20;
    this.ownsDispatcher = !opts.dispatcher;
    this.clock = opts.clock ?? systemClock;
    const logger = scrubbedLogger(opts.logger, this.scrubber);
    const route = openRoute(this.origin, opts, this.timeouts.connectMs, logger);
    this.route = route.description;
    this.insecureTls = route.insecureTls;
    this.ctx = { dispatcher: route.dispatcher, origin: this.origin, scrubber: this.scrubber, logger, clock: this.clock };
  }

  /** Remembers a token the caller obtained elsewhere so it is scrubbed from errors and logs. */
  registerSecret(value: string | undefined): void {
    this.scrubber.add(value);
  }

  /** One API call with budget, retries and timeouts. Throws only AppHostError subclasses. */
  async request(spec: RequestSpec, opts: CallOptions = {}, absoluteUrl?: string): Promise<ApiResponse> {
    const url = absoluteUrl ?? this.urlFor(spec);
    const { info, headers, body, token } = await this.prepare(spec, opts, url);
    const timeoutMs = Math.max(spec.slow ? this.timeouts.slowMs : this.timeouts.readMs, spec.minTimeoutMs ?? 0);
    const ctx = this.contextFor(spec, token);
    // Time spent queued for the budget counts against nothing: the response timeout starts
    // when the request is sent (transport.ts), and the retry policy's limits from the first send.
    let started: number | undefined;
    for (let attempt = 1; ; attempt++) {
      await this.waitForBudget(opts, info, spec);
      started ??= this.clock.now();
      const sentAt = this.budget.now();
      try {
        const res = await exchange(ctx, {
          method: spec.method, url, info, headers, body, timeoutMs, connectTimeoutMs: this.timeouts.connectMs, signal: opts.signal,
        });
        if (!spec.anonymous) this.budget.report({ kind: 'answered' }, sentAt);
        return res;
      } catch (e) {
        // A 429 on the API limit throttles every caller; login has its own (per IP/e-mail) limit.
        if (!spec.anonymous) this.budget.report(outcomeOf(e), sentAt);
        this.noticeUnauthorized(e, spec, opts, token);
        if (e instanceof ApiError && e.status === 429 && !spec.anonymous) {
          // Refused before the service acted on it, so any method may go again: it waits in the
          // budget until the service accepts requests. Views do not wait: they keep what they show.
          if (opts.priority === 'view' || opts.failWhenThrottled || this.clock.now() - started >= MAX_RETRY_AFTER_MS) throw e;
          this.ctx.logger?.warn?.(`${info.method} ${info.path}: the service is limiting requests; waiting for it`);
          continue;
        }
        const delay = retryDelay(spec.method, attempt, e, this.clock.now() - started, this.retry);
        if (delay === undefined) throw e;
        this.ctx.logger?.warn?.(`${info.method} ${info.path}: ${(e as Error).message}; retry ${attempt} in ${delay} ms`);
        await sleep(this.clock, delay, opts.signal);
        if (opts.signal?.aborted) throw new CancelledError(info);
      }
    }
  }

  /** A streaming GET (log follow): one budget token, no retry; the caller reconnects. */
  async openStream(spec: RequestSpec, opts: CallOptions = {}): Promise<OpenStream> {
    const url = this.urlFor(spec);
    const { info, headers, token } = await this.prepare(spec, opts, url, 'text/plain, text/event-stream, application/json');
    await this.waitForBudget(opts, info, spec);
    const ex = { method: spec.method, url, info, headers, timeoutMs: this.timeouts.readMs, connectTimeoutMs: this.timeouts.connectMs, signal: opts.signal };
    const ctx = this.contextFor(spec, token);
    try {
      const res = await openStream(ctx, ex);
      return { ...res, fail: (e: unknown) => streamFailure(ctx, ex, e) };
    } catch (e) {
      this.noticeUnauthorized(e, spec, opts, token);
      throw e;
    }
  }

  /** A request whose body is a stream (a database import): one budget token, never retried. */
  async upload(spec: RequestSpec, source: Readable, opts: CallOptions = {}, transfer: UploadOptions = {}): Promise<ApiResponse & { bytesSent: number }> {
    try {
      const url = this.urlFor(spec);
      const { info, headers, token } = await this.prepare(spec, opts, url);
      headers['content-type'] = transfer.contentType ?? 'application/octet-stream';
      if (transfer.contentLength !== undefined) headers['content-length'] = String(transfer.contentLength);
      await this.waitForBudget(opts, info, spec);
      const sentAt = this.budget.now();
      const timeoutMs = Math.max(this.timeouts.slowMs, spec.minTimeoutMs ?? 0);
      const ex = { method: spec.method, url, info, headers, timeoutMs, connectTimeoutMs: this.timeouts.connectMs, signal: opts.signal };
      try {
        const res = await sendStream(this.contextFor(spec, token), ex, source, { total: transfer.contentLength, onProgress: transfer.onProgress });
        this.budget.report({ kind: 'answered' }, sentAt);
        return res;
      } catch (e) {
        this.budget.report(outcomeOf(e), sentAt);
        this.noticeUnauthorized(e, spec, opts, token);
        throw e;
      }
    } finally {
      // Refused before sending (signed out, cancelled in the queue): the file is closed too.
      if (!source.readableEnded) source.destroy();
    }
  }

  /**
   * Saves an absolute address (a presigned backup URL) to a file. It is not the API: no
   * token (the object store may be another host), no request budget, no retry.
   */
  async downloadFile(url: string, destination: string, opts: CallOptions = {}, onProgress?: (p: TransferProgress) => void): Promise<{ bytes: number; total?: number }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ApiError(l10n.t('The service sent an unusable download address'), { status: 200, messages: ['Invalid URL'], retryable: false, code: 'invalid_response' }, { method: 'GET', path: '(download)' });
    }
    // Plain http only from a service that is itself reached over http (a local or test one).
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && this.origin.startsWith('http:'))) {
      throw new ApiError(l10n.t('The service sent a download address that is not https'), { status: 200, messages: [parsed.protocol], retryable: false, code: 'invalid_response' }, { method: 'GET', path: safePath(parsed.pathname) });
    }
    const info: RequestInfo = { method: 'GET', path: safePath(parsed.pathname) };
    const headers = { accept: '*/*', 'user-agent': this.userAgent };
    const ex = { method: 'GET' as const, url, info, headers, timeoutMs: this.timeouts.readMs, connectTimeoutMs: this.timeouts.connectMs, signal: opts.signal };
    return downloadToFile(this.ctx, ex, destination, onProgress);
  }

  /**
   * The transport context of one request. Every credential the request carries (its
   * token; a password or one-time code in its body) and the values it sends that must
   * never be shown (config values) are masked in whatever comes back, whatever their
   * length: a server echoing a pasted 7-character token or a short password.
   */
  private contextFor(spec: RequestSpec, token: string | undefined): TransportContext {
    const secrets = [...(spec.secrets ?? []), ...(token ? [token] : [])];
    return secrets.length ? { ...this.ctx, scrubber: this.scrubber.with(secrets) } : this.ctx;
  }

  /** A 401 for the stored token means the session is gone: tell the owner which token failed. */
  private noticeUnauthorized(error: unknown, spec: RequestSpec, opts: CallOptions, token: string | undefined): void {
    if (error instanceof ApiError && error.status === 401 && !spec.anonymous && !opts.token && token) this.onUnauthorized?.(error, token);
  }

  /** A list endpoint: tolerant envelope reading, following `Link: rel="next"` (bounded, same origin). */
  async requestList(spec: RequestSpec, opts: CallOptions = {}, pluralKeys: readonly string[] = []): Promise<unknown[]> {
    const items: unknown[] = [];
    const seen = new Set<string>();
    let url: string | undefined = this.urlFor(spec);
    for (let page = 0; url; page++) {
      if (page >= this.maxPages) {
        this.ctx.logger?.warn?.(`${spec.method} ${spec.path}: stopped after ${this.maxPages} pages`);
        break;
      }
      seen.add(url);
      const res = await this.request(spec, opts, url);
      items.push(...readList(res.body, pluralKeys));
      const next = nextLink(res.headers.link, url);
      url = next && !seen.has(next) && this.isSameApi(next) ? next : undefined;
      if (next && !url && !seen.has(next)) this.ctx.logger?.warn?.(`Ignoring a "next" page outside ${this.apiRoot}`);
    }
    return items;
  }

  /**
   * Whether the service's address answers, through the same route and trust as every
   * request: one anonymous GET of the site's root (outside the API and its rate limit).
   * Any HTTP answer proves the host is there and its certificate is trusted; a
   * CertificateError, NetworkError or TimeoutError says what is wrong.
   */
  async checkAddress(signal?: AbortSignal): Promise<void> {
    try {
      await this.request({ method: 'GET', path: '/', anonymous: true }, { signal }, `${this.origin}/`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Closes the keep-alive connections (the connection was removed or reconfigured). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.ctx.dispatcher().then((d) => d.close(), () => undefined);
  }

  /** Headers (token, workspace) and body of a request; refuses early when signed out. */
  private async prepare(spec: RequestSpec, opts: CallOptions, url: string, accept = 'application/json') {
    const info: RequestInfo = { method: spec.method, path: safePath(url.slice(this.origin.length)) };
    const token = spec.anonymous ? undefined : (opts.token ?? (await this.getToken()));
    this.scrubber.add(token);
    if (!spec.anonymous && !token) {
      throw new ApiError('Not signed in', { status: 401, messages: ['Not signed in'], retryable: false, code: 'no_token' }, info);
    }
    const headers: Record<string, string> = { accept, 'user-agent': this.userAgent };
    if (token) headers.authorization = `Bearer ${token}`;
    const header = workspaceHeader(opts.workspace);
    if (header) headers['x-service-workspace'] = header;
    let body: string | undefined;
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    return { info, headers, body, token };
  }

  private urlFor(spec: RequestSpec): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) {
      if (v !== undefined && v !== '') params.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
    }
    const q = params.toString();
    return `${this.apiRoot}${spec.path}${q ? `?${q}` : ''}`;
  }

  /** The token only ever goes to the configured API root (a next link elsewhere is not followed). */
  private isSameApi(url: string): boolean {
    try {
      const u = new URL(url);
      return u.origin === this.origin && u.pathname.startsWith(new URL(this.apiRoot).pathname);
    } catch {
      return false;
    }
  }

  private async waitForBudget(opts: CallOptions, info: RequestInfo, spec: RequestSpec): Promise<void> {
    const signals = [opts.signal, opts.queueSignal].filter((x): x is AbortSignal => !!x);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const priority = opts.priority ?? 'user';
    const waited = opts.onBudgetWait && this.budget.wouldWait(priority) ? opts.onBudgetWait() : undefined;
    try {
      await this.budget.acquire(priority, signal, { failWhenThrottled: (opts.priority === 'view' || !!opts.failWhenThrottled) && !spec.anonymous });
    } catch (e) {
      if (signal?.aborted) throw new CancelledError(info);
      if (e instanceof BudgetThrottledError) {
        throw new ApiError(
          'The service is limiting requests (rate limit): AppHost tries again shortly',
          { status: 429, messages: [e.message], retryable: true, retryAfterMs: Math.max(0, e.retryAt - Date.now()), code: 'throttled' },
          info,
        );
      }
      throw e;
    } finally {
      waited?.();
    }
  }
}

/** What a failed request tells the throttle: 429 holds everyone, other answers show the service is accepting requests. */
function outcomeOf(e: unknown): RequestOutcome {
  if (e instanceof ApiError) return e.status === 429 ? { kind: 'throttled', retryAfterMs: e.retryAfterMs } : { kind: 'answered' };
  return { kind: 'failed' };
}
