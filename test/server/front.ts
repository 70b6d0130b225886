// The proxy in front of the service. Nobody runs wokku's Puma bare (shared/docs/real-service.md,
// "In front of the service"), and what a client meets is the front's answer:
//   dokku-nginx  wokku's Procfile on Dokku: nginx with Dokku's defaults (docs/networking/proxies/
//                nginx.md: proxy-read-timeout 60s, client-max-body-size 1m) and Dokku's pages
//   thruster     wokku's Dockerfile (`./bin/thrust ./bin/rails server`) deployed by Kamal:
//                kamal-proxy (target-timeout 30 s, max-request-body 0 = none, wokku's
//                public/kamal-errors/) before Thruster (HTTP_READ_TIMEOUT 30 s for the whole
//                request, MAX_REQUEST_BODY 0 = none)
// Both wait for the answer only once the body has arrived (nginx buffers the request first;
// kamal-proxy's timeout is Go's ResponseHeaderTimeout). The work behind a cut request goes on:
// the handler runs to its end, as Rails does, and its answer has nobody to go to.
// The git gateway (SSH in wokku) and the object store (S3) are other hosts: no front.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendText } from './http/respond';
import { DOKKU_400_PAGE, DOKKU_500_PAGE, KAMAL_413_PAGE, KAMAL_502_PAGE, KAMAL_504_PAGE } from './frontPages';

export type FrontKind = 'none' | 'dokku-nginx' | 'thruster';
export const FRONT_KINDS: readonly FrontKind[] = ['none', 'dokku-nginx', 'thruster'];

export interface FrontSettings {
  kind: Exclude<FrontKind, 'none'>;
  /** How long the front waits for the answer once the body is in (and, for Thruster, for the whole request). */
  timeoutMs: number;
  /** The largest body it lets through; undefined: any. */
  bodyLimitBytes: number | undefined;
}

const MB = 1024 * 1024;
const DEFAULTS: Record<FrontSettings['kind'], Omit<FrontSettings, 'kind'>> = {
  'dokku-nginx': { timeoutMs: 60_000, bodyLimitBytes: MB },
  thruster: { timeoutMs: 30_000, bodyLimitBytes: undefined },
};

const PAGES: Record<FrontSettings['kind'], Record<FrontStatus, string>> = {
  'dokku-nginx': { 413: DOKKU_400_PAGE, 502: DOKKU_500_PAGE, 504: DOKKU_500_PAGE },
  thruster: { 413: KAMAL_413_PAGE, 502: KAMAL_502_PAGE, 504: KAMAL_504_PAGE },
};

export type FrontStatus = 413 | 502 | 504;

/** A request the front answered in the service's place. */
export interface FrontCut {
  method: string;
  path: string;
  status: FrontStatus;
  /** The body's declared size, or the bytes seen when the front gave up on it. */
  bytes: number;
  at: number;
}

/** `front: 'thruster'` with its defaults, unless the options change the timeout or the limit. */
export function frontSettings(kind: FrontKind | undefined, timeoutMs?: number, bodyLimitBytes?: number): FrontSettings | undefined {
  if (!kind || kind === 'none') return undefined;
  if (!(kind in DEFAULTS)) throw new Error(`front must be one of ${FRONT_KINDS.join(', ')}, got "${kind}"`);
  const base = DEFAULTS[kind];
  return {
    kind,
    timeoutMs: timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : base.timeoutMs,
    bodyLimitBytes: bodyLimitBytes !== undefined && bodyLimitBytes > 0 ? bodyLimitBytes : base.bodyLimitBytes,
  };
}

/** nginx's size syntax (`1m`, `500k`, `2g`, bytes), as `dokku nginx:set … client-max-body-size` takes it. */
export function parseSize(text: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(text.trim());
  if (!m) throw new Error(`a size is a number with an optional k, m or g, got "${text}"`);
  const unit = { '': 1, k: 1024, m: MB, g: 1024 * MB }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
}

/** Paths served by other hosts in the real deployment. */
const OTHER_HOSTS = /^\/(git|storage)\//;

/**
 * Puts the front between the client and the service for one request. Returns false when
 * the front answered at its door (a declared body over the limit: 413, the service never
 * sees it); otherwise it watches the request and may answer in the service's place later.
 */
export function passFront(front: FrontSettings | undefined, cuts: FrontCut[], req: IncomingMessage, res: ServerResponse, method: string, path: string): boolean {
  if (!front || OTHER_HOSTS.test(path)) return true;
  const cut = (status: FrontStatus, bytes: number): void => {
    cuts.push({ method, path, status, bytes, at: Date.now() });
    sendText(res, status, PAGES[front.kind][status], 'text/html');
  };
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (front.bodyLimitBytes !== undefined && declared > front.bodyLimitBytes) {
    // Node reads the rest of the body and drops it, as nginx's lingering close does.
    cut(413, declared);
    return false;
  }
  watch(front, req, res, cut);
  return true;
}

/**
 * Counts the body as the HTTP parser hands it over (`req.push`): over the limit (a body
 * without Content-Length) or past Thruster's read timeout the front answers, and the
 * service gets no more of it (its read fails: Puma never dispatches a cut request). Once the
 * body is in, the answer has `timeoutMs` to come, else the front's 504.
 */
function watch(front: FrontSettings, req: IncomingMessage, res: ServerResponse, cut: (status: FrontStatus, bytes: number) => void): void {
  let seen = 0;
  let refused = false;
  let waiting: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(waiting);
    clearTimeout(reading);
  };
  const refuse = (status: FrontStatus) => {
    if (refused || res.headersSent) return;
    refused = true;
    stop();
    cut(status, seen);
  };
  const bodyIn = () => {
    clearTimeout(reading);
    waiting = setTimeout(() => {
      if (!res.headersSent && !res.destroyed) cut(504, seen);
    }, front.timeoutMs);
  };
  // Thruster's HTTP_READ_TIMEOUT covers the whole request, its body included.
  const reading = front.kind === 'thruster' && !req.complete ? setTimeout(() => refuse(502), front.timeoutMs) : undefined;
  res.once('close', stop);
  if (req.complete) {
    bodyIn();
    return;
  }
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (chunk === null) {
      // A body the front gave up on never reaches the service complete: its read fails.
      if (refused) req.destroy(new Error('request cut by the proxy in front'));
      else bodyIn();
      return refused ? false : push(null);
    }
    if (refused) return true;
    seen += (chunk as Buffer).length;
    if (front.bodyLimitBytes !== undefined && seen > front.bodyLimitBytes) {
      refuse(413);
      return true;
    }
    return push(chunk, encoding);
  };
}
