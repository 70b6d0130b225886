// Shared helpers for the server suite: start a fast server, call it over real HTTP.

import { startServer, DEMO_USER, type RunningServer, type ServerOptions } from '../../server';

export const FAST: ServerOptions = { actionDelayMs: 20, logIntervalMs: 0, rateLimit: false };

export async function start(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({ ...FAST, ...options });
}

/** Test bodies are read loosely; assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res<T = Json> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface CallOptions {
  token?: string;
  workspace?: string;
  body?: unknown;
  /** Raw body sent as is (for malformed JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
}

/** One HTTP call to `<url>/api/v1<path>`; JSON bodies are parsed when they parse. */
export async function call<T = Json>(server: RunningServer, method: string, path: string, opts: CallOptions = {}): Promise<Res<T>> {
  // Like the extension's client: Rails answers errors in JSON only when asked to.
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.workspace) headers['x-service-workspace'] = opts.workspace;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, headers: res.headers, text, body: parsed as T };
}

/** A client bound to one server and token. */
export function client(server: RunningServer, token: string, workspace?: string) {
  const c = (method: string) => <T = Json>(path: string, body?: unknown, opts: CallOptions = {}) =>
    call<T>(server, method, path, { token, workspace, body, ...opts });
  return { get: c('GET'), post: c('POST'), put: c('PUT'), patch: c('PATCH'), del: c('DELETE') };
}

export function demoClient(server: RunningServer, workspace?: string) {
  return client(server, server.control.issueToken(DEMO_USER.email), workspace);
}

export type DemoClient = ReturnType<typeof demoClient>;

/** A fast server and a client signed in as the demo user, for a suite's `before`. */
export async function startWithDemoClient(options: ServerOptions = {}): Promise<{ server: RunningServer; api: DemoClient }> {
  const server = await start(options);
  return { server, api: demoClient(server) };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
