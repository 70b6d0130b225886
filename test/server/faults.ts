// Fault injection for tests: added latency, failing or resetting the next matching
// requests (before or after the service acted on them), HTML 404 bodies, truncated
// JSON, hostile bodies (huge, deeply nested, a line that never ends) and platform
// errors that echo the values sent. Rules are consumed in order.

import type { ServerResponse } from 'node:http';

export interface RequestMatcher {
  method?: string;
  /**
   * A string matches the path exactly, with or without the '/api/v1' prefix
   * ('/apps' or '/api/v1/apps'); a RegExp is tested against the full path.
   */
  path?: string | RegExp;
}

export interface FailRule extends RequestMatcher {
  count?: number;
  status: 429 | 500 | 502 | 503 | number;
  /**
   * Retry-After header (429 defaults to 1; 503 only when given). A string is sent as is
   * (absurd values: "3600", "99999999999", "soon").
   */
  retryAfter?: number | string;
  /** Overrides the default body for the status. */
  body?: unknown;
}

export interface CountRule extends RequestMatcher {
  count?: number;
}

/** A hostile response body instead of the endpoint's answer. */
export interface BodyRule extends CountRule {
  /**
   * `huge-json`: `{"logs":"<lines>"}` of `bytes`; `huge-text`: text/plain lines of `bytes`;
   * `deep-json`: `[[[…]]]` nested `depth` levels; `endless-line`: text/plain, `bytes` of one
   * line that never ends (no line break), streamed in chunks.
   */
  kind: 'huge-json' | 'huge-text' | 'deep-json' | 'endless-line';
  /** Size of huge bodies and of the endless line (default 64 MiB). */
  bytes?: number;
  /** Nesting of deep-json (default 100 000). */
  depth?: number;
}

interface Armed<R> {
  rule: R;
  remaining: number;
}

const API_PREFIX = '/api/v1';

export function matches(rule: RequestMatcher, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (rule.path === undefined) return true;
  if (rule.path instanceof RegExp) return rule.path.test(path);
  const short = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) || '/' : path;
  return rule.path === path || rule.path === short;
}

class RuleQueue<R extends RequestMatcher & { count?: number }> {
  private readonly armed: Armed<R>[] = [];

  push(rule: R): void {
    this.armed.push({ rule, remaining: Math.max(1, rule.count ?? 1) });
  }

  take(method: string, path: string): R | undefined {
    const hit = this.armed.find((a) => matches(a.rule, method, path));
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.armed.splice(this.armed.indexOf(hit), 1);
    return hit.rule;
  }

  get pending(): number {
    return this.armed.reduce((n, a) => n + a.remaining, 0);
  }

  clear(): void {
    this.armed.length = 0;
  }
}

export class Faults {
  latencyMs = 0;
  htmlNotFound = false;
  readonly failures = new RuleQueue<FailRule>();
  readonly resets = new RuleQueue<CountRule>();
  /** The service acts on the request, then the connection drops before the answer. */
  readonly resetsAfter = new RuleQueue<CountRule>();
  readonly malformed = new RuleQueue<CountRule>();
  readonly bodies = new RuleQueue<BodyRule>();
  /** A platform failure (422) whose message echoes the command with the values sent, as wokku's does. */
  readonly echoes = new RuleQueue<CountRule>();

  clear(): void {
    this.latencyMs = 0;
    this.htmlNotFound = false;
    this.failures.clear();
    this.resets.clear();
    this.resetsAfter.clear();
    this.malformed.clear();
    this.bodies.clear();
    this.echoes.clear();
  }
}

/** Writes a hostile body, in chunks with back-pressure (the server itself stays small). */
export async function sendHostileBody(res: ServerResponse, rule: BodyRule): Promise<void> {
  const bytes = rule.bytes ?? 64 * 1024 * 1024;
  if (rule.kind === 'deep-json') {
    const depth = rule.depth ?? 100_000;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    return;
  }
  const json = rule.kind === 'huge-json';
  res.writeHead(200, { 'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8' });
  const line = `${new Date().toISOString()} app[web.1]: ${'x'.repeat(60)}`;
  const chunk = rule.kind === 'endless-line' ? 'y'.repeat(64 * 1024) : `${`${line}${json ? '\\n' : '\n'}`.repeat(Math.ceil(65_536 / (line.length + 2)))}`;
  let sent = 0;
  if (json) sent += write(res, '{"logs":"');
  while (sent < bytes && !res.destroyed) {
    const ok = res.write(chunk);
    sent += chunk.length;
    if (!ok) await drained(res);
  }
  if (json) write(res, '"}');
  res.end();
}

/** Resolves when the response can take more, or is gone (one listener each, removed after). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function write(res: ServerResponse, text: string): number {
  res.write(text);
  return text.length;
}

/** Ruby's Shellwords.escape, as wokku builds Dokku commands. */
export function shellEscape(value: string): string {
  if (value === '') return "''";
  return value.replace(/[^A-Za-z0-9_\-.,:+/@\n]/g, '\\$&').replace(/\n/g, "'\n'");
}

/** wokku's 422 for a failed Dokku command: `Dokku command failed: <command>\n<stderr>`, values included. */
export function echoedPlatformError(apiPath: string, body: Record<string, unknown>): { error: string } {
  const app = /^\/apps\/([^/]+)/.exec(apiPath)?.[1] ?? 'app';
  let command: string;
  if (body.vars && typeof body.vars === 'object') {
    const pairs = Object.entries(body.vars as Record<string, unknown>).map(([k, v]) => `${shellEscape(k)}=${shellEscape(String(v))}`);
    command = `config:set ${shellEscape(decodeURIComponent(app))} ${pairs.join(' ')}`;
  } else if (Array.isArray(body.keys)) {
    command = `config:unset ${shellEscape(decodeURIComponent(app))} ${body.keys.map((k) => shellEscape(String(k))).join(' ')}`;
  } else {
    command = Object.values(body).map((v) => shellEscape(typeof v === 'string' ? v : JSON.stringify(v))).join(' ');
  }
  return { error: `Dokku command failed: ${command}\n !     The command exited with status 1` };
}

/** Status and body sent for an injected failure. */
export function failureResponse(rule: FailRule): { status: number; headers: Record<string, string>; body: string; type: string } {
  const headers: Record<string, string> = {};
  const retryAfter = rule.retryAfter ?? (rule.status === 429 ? 1 : undefined);
  if (retryAfter !== undefined) headers['Retry-After'] = String(retryAfter);
  if (rule.body !== undefined) {
    const text = typeof rule.body === 'string' ? rule.body : JSON.stringify(rule.body);
    return { status: rule.status, headers, body: text, type: typeof rule.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json' };
  }
  switch (rule.status) {
    case 429:
      return { status: 429, headers, body: JSON.stringify({ error: 'Rate limit exceeded. Retry later.' }), type: 'application/json' };
    case 502:
      // What a reverse proxy in front of the service sends: HTML, not JSON.
      return {
        status: 502,
        headers,
        body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
        type: 'text/html',
      };
    case 503:
      return { status: 503, headers, body: JSON.stringify({ error: 'Service temporarily unavailable' }), type: 'application/json' };
    default:
      return { status: rule.status, headers, body: JSON.stringify({ error: 'Internal server error' }), type: 'application/json' };
  }
}
