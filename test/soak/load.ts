// The soak's traffic on the reference server (driver side): what the three apps print,
// the out-of-band restarts, and a record of every line each container wrote (the truth
// the channels are checked against).
import type { ServerControl } from '../server';
import { logLine } from '../server/simulation/logBook';
import type { ContainerLog } from './accounting';

export interface SoakApps {
  /** Three containers (web.1, web.2, worker.1), 20 lines/s, identical lines on web.1 and web.2. */
  busy: string;
  /** Running, prints nothing. */
  idle: string;
  /** Restarted out of band every 5 minutes; a line every half second. */
  restarted: string;
}

export const SOAK_APPS: SoakApps = { busy: 'storefront', idle: 'api-gateway', restarted: 'analytics' };

const ROUTES = ['GET /', 'GET /api/products', 'POST /api/cart', 'GET /api/orders?page=2', 'PUT /api/profile', 'GET /health'];
const TICK_MS = 250;

/** Every line each container of the apps writes from now on, by container (cid). */
export class LogRecord {
  private readonly byCid = new Map<string, ContainerLog & { lines: string[]; app: string }>();
  private readonly stops: (() => void)[] = [];

  constructor(private readonly control: ServerControl, apps: readonly string[]) {
    for (const name of apps) {
      const id = control.findApp(name)!.id;
      this.stops.push(control.state.logs.subscribe(id, (added) => this.add(name, id, added)));
    }
  }

  private add(app: string, id: string, lines: string[]): void {
    // Listeners run right after the append: the current container of each process wrote it.
    const current = this.control.state.logs.containers(id).current;
    for (const line of lines) {
      const process = /^\S+\s+[\w-]+\[([\w.-]+)\]:/.exec(line)?.[1] ?? current[0]?.process ?? 'web.1';
      const cid = current.find((c) => c.process === process)?.cid ?? `?${process}`;
      let log = this.byCid.get(cid);
      if (!log) this.byCid.set(cid, (log = { app, process, cid, current: true, lines: [] }));
      log.lines.push(line);
    }
  }

  /** The containers of an app, oldest first, each marked current or replaced as of now. */
  logsOf(app: string): ContainerLog[] {
    const current = new Set(this.control.containerLogs(app).filter((c) => c.current).map((c) => c.cid));
    return [...this.byCid.values()].filter((l) => l.app === app).map((l) => ({ process: l.process, cid: l.cid, current: current.has(l.cid), lines: l.lines }));
  }

  /** The last line of each current container (what a caught-up channel shows). */
  lastLines(app: string): string[] {
    return this.logsOf(app).filter((l) => l.current && l.lines.length).map((l) => l.lines.at(-1)!);
  }

  stop(): void {
    this.stops.forEach((s) => s());
  }
}

/**
 * Prints on the busy and the restarted apps until stopped: the busy one 5 lines every
 * 250 ms (a line on each of web.1, web.2 and worker.1, plus one message written by both
 * web containers at the same instant; every 8th round web.1 writes its line twice instead
 * of the worker's line: an identical repeat within one container).
 */
export function startTraffic(control: ServerControl, apps: SoakApps): { stop(): void; lines(): number } {
  let seq = 0;
  let sub = 0;
  let round = 0;
  let written = 0;
  const stamp = (at: Date, container: string, text: string, same?: number) => logLine(at, `app[${container}]`, text, same ?? (sub = (sub + 1) % 1_000_000));
  const request = () => `${ROUTES[seq % ROUTES.length]} 200 ${1 + (seq % 97)}ms req=${++seq}`;
  const timer = setInterval(() => {
    const at = new Date();
    round++;
    const web1 = stamp(at, 'web.1', request());
    const both = request();
    const shared = (sub = (sub + 1) % 1_000_000);
    const repeat = round % 8 === 0;
    const busy = [
      web1,
      ...(repeat ? [web1] : []),
      stamp(at, 'web.1', both, shared),
      stamp(at, 'web.2', both, shared),
      stamp(at, 'web.2', request()),
      ...(repeat ? [] : [stamp(at, 'worker.1', `Processed job SyncInventory (id=${++seq}) in ${5 + (seq % 300)}ms`)]),
    ];
    control.appendLogs(apps.busy, busy);
    written += busy.length;
    if (round % 2 === 0) {
      const container = round % 4 === 0 ? 'web.1' : 'worker.1';
      control.appendLogs(apps.restarted, [stamp(at, container, container === 'web.1' ? request() : `Processed job ResizeImage (id=${++seq})`)]);
      written++;
    }
  }, TICK_MS);
  return { stop: () => clearInterval(timer), lines: () => written };
}

/** Restarts the app at these times (ms after `t0`), as another client would: through the server's control API. */
export function scheduleRestarts(control: ServerControl, app: string, t0: number, times: readonly number[], done: (at: number) => void): () => void {
  const timers = times.map((t) =>
    setTimeout(() => {
      control.restartContainers(app);
      done(Date.now());
    }, Math.max(0, t0 + t - Date.now())),
  );
  return () => timers.forEach(clearTimeout);
}
