// Running apps keep talking, each container on its own: request lines from web
// containers, job lines from workers, the odd warning, occasional bursts, identical
// repeated lines (same timestamp, same text) and the same message from two web
// containers in the same second (a health checker hitting both), so clients must
// cope with duplicates within and across containers when tailing.

import type { Store } from '../store';
import type { AppRecord } from '../types';
import { logLine, processNames, type LogBook } from './logBook';

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
      if (!this.logs.isRunning(app.id)) continue;
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
    const procs = this.processes(app);
    for (const t of times) {
      const proc = this.pick(procs);
      const message = this.message(proc);
      const sub = Math.floor(this.rng() * 1_000_000);
      const line = logLine(new Date(t), `app[${proc}]`, message, sub);
      lines.push(line);
      // Identical repeats: a retry loop or a health checker hitting twice in the same millisecond.
      if (this.rng() < 0.08) {
        const repeats = 1 + Math.floor(this.rng() * 3);
        for (let i = 0; i < repeats; i++) lines.push(line);
      }
      // The same message from another web container in the same second.
      const twin = procs.find((p) => p !== proc && p.startsWith('web') && proc.startsWith('web'));
      if (twin && this.rng() < 0.1) lines.push(logLine(new Date(t), `app[${twin}]`, message, (sub + 1 + Math.floor(this.rng() * 999)) % 1_000_000));
    }
    if (times.length) this.lastAt.set(app.id, times[times.length - 1]);
    return lines;
  }

  /** The running containers; before any exist (seeding), those the scaling asks for. */
  private processes(app: AppRecord): string[] {
    const running = this.logs.runningProcesses(app.id);
    return running.length ? running : processNames(app.scaling);
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
