// A minimal path router: '/apps/:id/domains/:did' patterns, exact segment counts.

import { badRequest } from './reply';

export interface Match<H> {
  handler: H;
  params: Record<string, string>;
}

interface Route<H> {
  method: string;
  segments: string[];
  handler: H;
}

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): void {
    this.routes.push({ method, segments: split(pattern), handler });
  }

  get size(): number {
    return this.routes.length;
  }

  /** Lists "METHOD /pattern" for every route, e.g. for a coverage test. */
  describe(): string[] {
    return this.routes.map((r) => `${r.method} /${r.segments.join('/')}`);
  }

  match(method: string, path: string): Match<H> | undefined {
    const parts = split(path);
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const params = matchSegments(route.segments, parts);
      if (params) return { handler: route.handler, params };
    }
    return undefined;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        throw badRequest('Malformed path parameter');
      }
    } else if (p !== parts[i]) {
      return undefined;
    }
  }
  return params;
}
