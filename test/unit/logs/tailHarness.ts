// Starts the reference server and tails an app through the real API client, with
// timings scaled down so "minutes" of tailing take a second or two.

import { ApiClient, RequestBudget, type LogFollow } from '../../../src/api';
import { apiLogSource, LogTail, type LogSource, type LogTailOptions, type TailState } from '../../../src/logs';
import { DEMO_USER, type RunningServer, type ServerOptions, startServer } from '../../server';
import { CaptureSink } from './helpers';

export const APP = 'docs-site';

export const FAST: Partial<LogTailOptions> = {
  interval: { activeMs: 20, quietMs: 80 },
  retry: { baseMs: 20, maxMs: 100 },
  resyncMs: 60,
  batch: { flushMs: 5 },
};

export interface Harness {
  server: RunningServer;
  token: string;
  client: ApiClient;
  /** Every tail started through tailApp (stopped by close(), also when a test failed). */
  tails: LogTail[];
  close(): Promise<void>;
}

export async function harness(options: ServerOptions = {}, client: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): Promise<Harness> {
  const server = await startServer({ actionDelayMs: 20, logIntervalMs: 0, rateLimit: false, ...options });
  const token = server.control.issueToken(DEMO_USER.email);
  const api = new ApiClient({
    baseUrl: server.url,
    getToken: () => token,
    budget: new RequestBudget({ perMinute: 1_000_000 }),
    retry: { maxAttempts: 1 },
    ...client,
  });
  const tails: LogTail[] = [];
  return {
    server,
    token,
    client: api,
    tails,
    close: async () => {
      await Promise.all(tails.map((t) => t.stop()));
      await api.close();
      await server.close();
    },
  };
}

export interface Tailing {
  tail: LogTail;
  sink: CaptureSink;
  states: TailState[];
  /** The streams opened so far (to drop one from the test). */
  streams: LogFollow[];
}

export function tailApp(h: Harness, options: Partial<LogTailOptions> = {}, app = APP): Tailing {
  const sink = new CaptureSink();
  const inner = apiLogSource(h.client, app);
  const streams: LogFollow[] = [];
  const source: LogSource = {
    window: (lines, signal) => inner.window(lines, signal),
    follow: async (lines, idleMs, signal) => {
      const f = await inner.follow(lines, idleMs, signal);
      streams.push(f);
      return f;
    },
  };
  const tail = new LogTail({ source, sink, ...FAST, ...options });
  const states: TailState[] = [tail.state];
  tail.onDidChangeState((e) => states.push(e.state));
  h.tails.push(tail);
  tail.start();
  return { tail, sink, states, streams };
}

/** The log from `start` on: what a tail whose initial window began there must show. */
export function logFrom(h: Harness, start: number, app = APP): string[] {
  return h.server.control.getLogs(app).slice(start);
}

/** Index where a tail of `initial` lines started, if it was started now with generation off. */
export function initialStart(h: Harness, initial: number, app = APP): number {
  return Math.max(0, h.server.control.getLogs(app).length - initial);
}

/** Log requests the server saw for an app (follow or window). */
export function logRequests(h: Harness, app = APP) {
  return h.server.control.requestLog.filter((r) => r.path === `/api/v1/apps/${app}/logs`);
}
