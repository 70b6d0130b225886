// Fault injection for tests: added latency, failing or resetting the next matching
// requests, HTML 404 bodies and truncated JSON. Rules are consumed in order.

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
  /** Seconds for the Retry-After header (429 defaults to 1; 503 only when given). */
  retryAfter?: number;
  /** Overrides the default body for the status. */
  body?: unknown;
}

export interface CountRule extends RequestMatcher {
  count?: number;
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
  readonly malformed = new RuleQueue<CountRule>();

  clear(): void {
    this.latencyMs = 0;
    this.htmlNotFound = false;
    this.failures.clear();
    this.resets.clear();
    this.malformed.clear();
  }
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
