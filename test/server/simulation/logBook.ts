// Per-app container logs, as Dokku keeps them (see shared/docs/real-service.md, Logs).
//
// A deployed app has one container per process instance (web.1, web.2, worker.1),
// each with its own log. `dokku logs <app> --num N` prints one block per container,
// each the last N lines of that container, in an order that varies between calls,
// every line prefixed in the container's colour:
//   ESC[36m2026-11-25T04:15:50.123456789Z app[web.1]:ESC[0m GET / 200 3ms
// Restart, start, deploy and config changes replace the containers (their lines are
// gone); stop keeps them, exited, with their last lines. An app that was never
// deployed has no containers at all.
// Lines are stored plain ("<RFC 3339 nano time> app[web.1]: message"); the colour is
// added when a window is read. Listeners (follow streams, tests) hear every append.

import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';

/** Lines kept per container. */
const MAX_LINES = 3000;
/** Replaced containers remembered for tests (their lines are no longer served). */
const MAX_RETIRED = 50;
/** Dokku's palette: one colour per container, in turn. */
const COLOURS = [36, 33, 32, 35, 34, 31, 96, 93, 92, 95, 94, 91];

interface Entry {
  line: string;
  ms: number;
  /** Nanoseconds within the millisecond. */
  sub: number;
}

export interface Container {
  /** `web.1` */
  readonly process: string;
  /** Docker's short container id. */
  readonly cid: string;
  readonly colour: number;
  running: boolean;
  readonly entries: Entry[];
}

interface AppLogs {
  current: Container[];
  retired: Container[];
  nextColour: number;
}

/** How a window is written: Dokku's per-container blocks (the real service) or one merged, time-ordered text. */
export type LogFormat = 'dokku' | 'merged';

export class LogBook {
  private readonly apps = new Map<string, AppLogs>();
  private readonly events = new EventEmitter();

  constructor(private readonly rng: () => number = Math.random) {
    this.events.setMaxListeners(0);
  }

  /** New containers (deploy, start, restart, config change): the old ones' lines are gone from every window. */
  replaceContainers(appId: string, processes: readonly string[]): void {
    const logs = this.logsOf(appId);
    logs.retired.push(...logs.current);
    if (logs.retired.length > MAX_RETIRED) logs.retired.splice(0, logs.retired.length - MAX_RETIRED);
    logs.current = processes.map((p) => this.newContainer(logs, p));
  }

  /** The containers (all, or those of these processes) exit (stop, crash) and keep their lines. */
  stopContainers(appId: string, processes?: readonly string[]): void {
    for (const c of this.apps.get(appId)?.current ?? []) if (!processes || processes.includes(c.process)) c.running = false;
  }

  /** Exited containers run again as they are (a test forcing a status). */
  resumeContainers(appId: string): void {
    for (const c of this.apps.get(appId)?.current ?? []) c.running = true;
  }

  /** False for an app that was never deployed: `dokku logs` refuses it. */
  isDeployed(appId: string): boolean {
    return (this.apps.get(appId)?.current.length ?? 0) > 0;
  }

  isRunning(appId: string): boolean {
    return this.apps.get(appId)?.current.some((c) => c.running) ?? false;
  }

  /** The running containers' processes (`web.1`, …). */
  runningProcesses(appId: string): string[] {
    return (this.apps.get(appId)?.current ?? []).filter((c) => c.running).map((c) => c.process);
  }

  /** The current containers, then the replaced ones still remembered (oldest first). */
  containers(appId: string): { current: readonly Container[]; retired: readonly Container[] } {
    const logs = this.apps.get(appId);
    return { current: logs?.current ?? [], retired: logs?.retired ?? [] };
  }

  /**
   * Appends plain lines ("<time> app[web.1]: message"), each to the container it names
   * (the first container when it names none); a container the app lacks is started.
   */
  append(appId: string, lines: string[]): void {
    if (lines.length === 0) return;
    const logs = this.logsOf(appId);
    for (const line of lines) {
      const process = /^\S+\s+[\w-]+\[([\w.-]+)\]:/.exec(line)?.[1] ?? logs.current[0]?.process ?? 'web.1';
      let c = logs.current.find((x) => x.process === process);
      if (!c) logs.current.push((c = this.newContainer(logs, process)));
      c.entries.push(entryOf(line));
      if (c.entries.length > MAX_LINES) c.entries.splice(0, c.entries.length - MAX_LINES);
    }
    this.events.emit(appId, lines);
  }

  /** What `GET /apps/:id/logs?lines=N` serves: Dokku's blocks (in a random order) or the merged form. */
  window(appId: string, count: number, format: LogFormat = 'dokku'): string[] {
    if (format === 'merged') return this.tail(appId, count);
    const current = [...(this.apps.get(appId)?.current ?? [])];
    // Dokku reads the containers in parallel: the blocks come in any order.
    for (let i = current.length - 1; i > 0; i--) {
      const j = Math.floor(this.rng() * (i + 1));
      [current[i], current[j]] = [current[j], current[i]];
    }
    return current.flatMap((c) => c.entries.slice(-count).map((e) => coloured(e.line, c.colour)));
  }

  /** The last `count` lines of the current containers, merged in time order, plain. */
  tail(appId: string, count: number): string[] {
    const merged = this.merged(appId);
    return count >= merged.length ? merged : merged.slice(merged.length - count);
  }

  /** Every line of the current containers, plain: each container in its own order, merged by time. */
  merged(appId: string): string[] {
    const runs = (this.apps.get(appId)?.current ?? []).map((c) => c.entries).filter((e) => e.length > 0);
    const at = runs.map(() => 0);
    const out: string[] = [];
    for (;;) {
      let best = -1;
      for (let i = 0; i < runs.length; i++) {
        if (at[i] >= runs[i].length) continue;
        const e = runs[i][at[i]];
        const b = best < 0 ? undefined : runs[best][at[best]];
        if (!b || e.ms < b.ms || (e.ms === b.ms && e.sub < b.sub)) best = i;
      }
      if (best < 0) return out;
      out.push(runs[best][at[best]++].line);
    }
  }

  size(appId: string): number {
    return (this.apps.get(appId)?.current ?? []).reduce((n, c) => n + c.entries.length, 0);
  }

  subscribe(appId: string, listener: (lines: string[]) => void): () => void {
    this.events.on(appId, listener);
    return () => this.events.off(appId, listener);
  }

  drop(appId: string): void {
    this.apps.delete(appId);
  }

  private logsOf(appId: string): AppLogs {
    let logs = this.apps.get(appId);
    if (!logs) this.apps.set(appId, (logs = { current: [], retired: [], nextColour: 0 }));
    return logs;
  }

  private newContainer(logs: AppLogs, process: string): Container {
    const colour = COLOURS[logs.nextColour++ % COLOURS.length];
    return { process, cid: randomBytes(6).toString('hex'), colour, running: true, entries: [] };
  }
}

/** The containers an app's scaling asks for: `{ web: 2, worker: 1 }` → web.1, web.2, worker.1. */
export function processNames(scaling: Record<string, number>): string[] {
  const names: string[] = [];
  for (const [type, count] of Object.entries(scaling)) for (let i = 1; i <= count; i++) names.push(`${type}.${i}`);
  return names.length ? names : ['web.1'];
}

/**
 * "2026-11-21T19:30:01.123456789Z app[web.1]: message", the time in RFC 3339 with
 * nanoseconds as Docker writes it (trailing zeros of the fraction dropped).
 * `subMs`: nanoseconds within the millisecond (0..999 999).
 */
export function logLine(at: Date, source: string, text: string, subMs = 0): string {
  return `${rfc3339Nano(at, subMs)} ${source}: ${text}`;
}

function rfc3339Nano(at: Date, subMs: number): string {
  const iso = at.toISOString(); // 2026-11-21T19:30:01.123Z
  const fraction = `${iso.slice(20, 23)}${String(Math.max(0, Math.min(999_999, Math.floor(subMs)))).padStart(6, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 19)}${fraction ? `.${fraction}` : ''}Z`;
}

function coloured(line: string, colour: number): string {
  const at = line.indexOf(': ');
  if (at < 0) return line;
  return `\x1b[${colour}m${line.slice(0, at + 1)}\x1b[0m${line.slice(at + 1)}`;
}

function entryOf(line: string): Entry {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?/.exec(line);
  if (!m) return { line, ms: Date.now(), sub: 0 };
  const digits = (m[2] ?? '').padEnd(9, '0');
  return { line, ms: Date.parse(`${m[1]}.${digits.slice(0, 3)}${m[3] ?? 'Z'}`), sub: Number(digits.slice(3)) };
}
