// Running apps keep talking: request lines from web processes, job lines from
// workers, the odd warning, occasional bursts, and identical repeated lines (same
// timestamp, same text) so clients must cope with duplicates when tailing.

import type { Store } from '../store';
import type { AppRecord } from '../types';
import { logLine, type LogBook } from './logBook';

type Rng = () => number;

const ROUTES: [string, string, number][] = [
  ['GET', '/', 200], ['GET', '/health', 200], ['GET', '/api/products', 200], ['GET', '/api/products/1842', 200],
  ['POST', '/api/cart', 201], ['GET', '/assets/app.3f9c2a.js', 304], ['POST', '/login', 302], ['GET', '/favicon.ico', 404],
  ['GET', '/api/orders?page=2', 200], ['DELETE', '/api/cart/items/77', 204], ['PUT', '/api/profile', 200],
];
const JOBS = ['SendWelcomeEmail', 'ResizeImage', 'SyncInventory', 'ChargeSubscription', 'GenerateInvoicePdf', 'PurgeExpiredSessions'];
const WARNINGS = [
  '[warn] Slow query (1203ms): SELECT * FROM orders WHERE customer_id = $1 ORDER BY created_at DESC',
  '[warn] Memory usage at 87% of limit (445MB/512MB)',
  '[error] Redis connection reset by peer, retrying in 1s',
  '[warn] Deprecation: Buffer() is deprecated, use Buffer.from()',
];

export class LogGenerator {
  private readonly lastAt = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly logs: LogBook,
    private readonly rng: Rng = Math.random,
  ) {}

  /**
   * One round: every running app on a reachable server emits a few lines (quiet
   * rounds happen). `atLeastOne` makes every such app say something, for tests.
   */
  tick(intervalMs: number, now = Date.now(), atLeastOne = false): void {
    for (const app of this.store.apps.values()) {
      if (app.status !== 'running') continue;
      const server = this.store.servers.get(app.serverId);
      if (server && server.status !== 'connected') continue;
      this.logs.append(app.id, this.linesFor(app, intervalMs, now, atLeastOne ? 1 : 0));
    }
  }

  linesFor(app: AppRecord, intervalMs: number, now: number, minLines = 0): string[] {
    const r = this.rng();
    // Mostly 0-4 lines per round; one round in twenty is a burst of 15-45.
    const count = Math.max(minLines, r < 0.3 ? 0 : r < 0.75 ? 1 : r < 0.95 ? 2 + Math.floor(this.rng() * 3) : 15 + Math.floor(this.rng() * 30));
    const start = Math.max(this.lastAt.get(app.id) ?? 0, now - intervalMs);
    const times = Array.from({ length: count }, () => start + Math.floor(this.rng() * Math.max(1, now - start))).sort((a, b) => a - b);
    const lines: string[] = [];
    for (const t of times) {
      const proc = this.process(app);
      const line = logLine(new Date(t), `app[${proc}]`, this.message(proc));
      lines.push(line);
      // Identical repeats: a retry loop or a health checker hitting twice in the same millisecond.
      if (this.rng() < 0.08) {
        const repeats = 1 + Math.floor(this.rng() * 3);
        for (let i = 0; i < repeats; i++) lines.push(line);
      }
    }
    if (times.length) this.lastAt.set(app.id, times[times.length - 1]);
    return lines;
  }

  private process(app: AppRecord): string {
    const procs: string[] = [];
    for (const [type, n] of Object.entries(app.scaling)) for (let i = 1; i <= n; i++) procs.push(`${type}.${i}`);
    return procs.length ? this.pick(procs) : 'web.1';
  }

  private message(proc: string): string {
    if (this.rng() < 0.04) return this.pick(WARNINGS);
    if (!proc.startsWith('web')) {
      const job = this.pick(JOBS);
      return `Processed job ${job} (id=${10000 + Math.floor(this.rng() * 90000)}) in ${5 + Math.floor(this.rng() * 400)}ms`;
    }
    const [method, path, status] = this.pick(ROUTES);
    return `${method} ${path} ${status} ${1 + Math.floor(this.rng() * (status === 200 ? 120 : 15))}ms`;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)];
  }
}
