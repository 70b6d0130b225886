// One request from arrival to response: request log, latency and fault injection,
// login ban, rate limit, routing (PATCH like PUT), authentication, workspace, body
// parsing, handler, errors (shaped like Rails' exceptions app).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, resolveWorkspace } from './auth';
import { echoedPlatformError, failureResponse, sendHostileBody } from './faults';
import { passFront } from './front';
import { GIT_PREFIX } from './git/gateway';
import { readJsonObject } from './http/body';
import type { Context, PublicContext, RouteEntry } from './http/context';
import { HANDLED, HttpError, notFound, Reply, forbidden, serverCrash } from './http/reply';
import { railsPage, sendJson, sendText, wantsJson, type SendOptions } from './http/respond';
import type { Router } from './http/router';
import { BANNED_BODY, RATE_LIMIT_BODY } from './rateLimit';
import { ServerClosedError } from './scheduler';
import type { ServiceState } from './state';
import { serveStorage, STORAGE_PREFIX } from './storage';

export const API_PREFIX = '/api/v1';

/** Header mode: paths whose writes change the selected workspace; viewers may only read them. */
const WORKSPACE_WRITES = /^\/(servers|apps|databases|notifications|templates\/deploy)(\/|$)/;

export type PageHandler = (ctx: PublicContext) => Promise<unknown> | unknown;

export function createRequestHandler(state: ServiceState, routes: Router<RouteEntry>, pages: PageHandler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    void handle(state, routes, pages, req, res);
  };
}

async function handle(state: ServiceState, routes: Router<RouteEntry>, pages: PageHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const at = Date.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const url = parseUrl(req.url);
  const path = url.pathname;
  const workspaceHeader = headerValue(req, 'x-service-workspace');
  res.on('close', () => {
    const status = res.headersSent ? res.statusCode : 0;
    state.requestLog.add({ method, path, query: Object.fromEntries(url.searchParams), workspace: workspaceHeader ?? null, status, at });
    if (state.settings.logRequests) console.log(`${new Date(at).toISOString()} ${method} ${path}${url.search} -> ${status || 'reset'} (${Date.now() - at}ms)`);
  });
  const opts: SendOptions = {};
  // The proxy in front: a body over its limit stops here; a slow answer gets its page later.
  if (!passFront(state.settings.front, state.frontCuts, req, res, method, path)) return;
  try {
    const { faults } = state;
    if (faults.latencyMs > 0) await state.scheduler.delay(faults.latencyMs);
    opts.htmlNotFound = faults.htmlNotFound;
    if (faults.resets.take(method, path)) {
      req.socket.destroy();
      return;
    }
    const hostile = faults.bodies.take(method, path);
    if (hostile) {
      await sendHostileBody(res, hostile);
      return;
    }
    // Decided now, acted on once the service has done the work.
    const resetAfter = faults.resetsAfter.take(method, path) !== undefined;
    if (resetAfter) {
      // The answer never leaves: the connection drops once the handler has run.
      res.writeHead = (() => {
        req.socket.destroy();
        return res;
      }) as typeof res.writeHead;
    }
    const failure = faults.failures.take(method, path);
    if (failure) {
      const f = failureResponse(failure);
      sendText(res, f.status, f.body, f.type, f.headers);
      return;
    }
    opts.malformed = faults.malformed.take(method, path) !== undefined;

    const ip = req.socket.remoteAddress ?? 'unknown';
    // rack-attack's blocklist comes before everything, on every path.
    if (state.rateLimits.isBanned(ip)) throw new HttpError(403, BANNED_BODY);
    const base: PublicContext = {
      state, req, res, method, path, query: url.searchParams, params: {}, ip, body: {},
    };
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const isGit = path.startsWith(GIT_PREFIX);
    const isStorage = path.startsWith(STORAGE_PREFIX) && !state.settings.olderWokku;
    const result = isApi
      ? await handleApi(state, routes, base, workspaceHeader)
      : isGit ? await state.git.handle(base) : isStorage ? await serveStorage(base) : await pages(base);
    if (result === HANDLED) return;
    if (result instanceof Reply) sendJson(res, result.status, result.body, result.headers, opts);
    else sendJson(res, 200, result, {}, opts);
  } catch (err) {
    if (err instanceof ServerClosedError || res.destroyed || (err as NodeJS.ErrnoException).code === 'ECONNRESET') {
      // Server closing or the client went away mid-request: nobody to answer.
      res.destroy();
    } else {
      if (!(err instanceof HttpError)) console.error(`[apphost test server] ${method} ${path} failed:`, err);
      const answer = err instanceof HttpError ? err : serverCrash();
      // Rails' exceptions app (its bodies carry `status`) renders HTML unless JSON was asked for.
      if ('status' in answer.body && !wantsJson(headerValue(req, 'accept'))) {
        sendText(res, answer.status, railsPage(answer.status), 'text/html; charset=utf-8', answer.headers);
      } else {
        sendJson(res, answer.status, answer.body, answer.headers, opts);
      }
    }
  }
}

async function handleApi(state: ServiceState, routes: Router<RouteEntry>, base: PublicContext, workspaceHeader: string | undefined): Promise<unknown> {
  const { req, method } = base;
  // The login has its own, stricter throttle (routes/auth.ts).
  if (base.path !== `${API_PREFIX}/auth/login`) {
    const decision = state.rateLimits.checkApi(base.ip);
    if (!decision.ok) throw new HttpError(429, RATE_LIMIT_BODY, { 'Retry-After': String(decision.retryAfterSec) });
  }

  const apiPath = base.path.slice(API_PREFIX.length) || '/';
  // Rails routes PATCH like PUT for every `update` (the wokku CLI scales with PATCH).
  const match = routes.match(method === 'PATCH' ? 'PUT' : method, apiPath);
  if (!match) throw notFound();
  const ctx: PublicContext = { ...base, path: apiPath, params: match.params };
  const entry = match.handler;
  if (!entry.auth) {
    ctx.body = await bodyOf(method, req);
    return entry.handler(ctx);
  }
  const { user, token } = authenticate(state.store, req);
  const honourHeader = state.settings.workspaceHeader;
  const { workspace, role } = resolveWorkspace(state.store, user, workspaceHeader, honourHeader);
  if (honourHeader && role === 'viewer' && method !== 'GET' && WORKSPACE_WRITES.test(apiPath)) throw forbidden();
  // A raw route (a database import) reads the request itself, as it streams in.
  const full: Context = { ...ctx, user, token, workspace, role, body: entry.raw ? {} : await bodyOf(method, req) };
  if (state.faults.echoes.take(method, base.path)) throw new HttpError(422, echoedPlatformError(apiPath, full.body));
  return entry.handler(full);
}

function bodyOf(method: string, req: IncomingMessage): Promise<Record<string, unknown>> {
  return method === 'GET' || method === 'HEAD' ? Promise.resolve({}) : readJsonObject(req);
}

function parseUrl(raw: string | undefined): URL {
  try {
    return new URL(raw ?? '/', 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
