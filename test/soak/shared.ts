// What the soak driver and its runner inside the extension host tell each other, through
// files in one folder (the extension host's output is invisible to the driver).
import type { SoakPlan } from './plan';

export interface AppId {
  id: string;
  name: string;
}

/** Written by the driver before VS Code starts: `<dir>/soak.json`. */
export interface SoakSetup {
  serverUrl: string;
  token: string;
  apps: { busy: AppId; idle: AppId; restarted: AppId };
  plan: SoakPlan;
  /** The workspace folder: a git repository whose wokku remote is the busy app. */
  repoDir: string;
  /** An SSH folder whose public key is registered with the server (the deploy's key check). */
  sshDir: string;
  /** Minutes after t0 at which the runner writes a heap snapshot (`<snapshotDir>/heap-<minute>min.heapsnapshot`), after a forced GC; one more at the end when any. */
  heapSnapshots: number[];
  snapshotAtEnd: boolean;
  snapshotDir: string;
}

export interface HostSample {
  /** ms after t0 */
  at: number;
  heapUsed: number;
  handles: number;
  handleTypes: Record<string, number>;
}

export interface ActionResult {
  kind: 'configEdit' | 'deploy';
  at: number;
  ok: boolean;
  detail: string;
}

/** Written by the runner: `<dir>/host.json`. */
export interface HostReport {
  extensionMode: string;
  gc: string;
  t0: number;
  end: number;
  start: HostSample;
  final: HostSample;
  samples: HostSample[];
  /** Average CPU of the extension host between t0 and the end, % of one core. */
  cpuPercent: number;
  actions: ActionResult[];
  error?: string;
}

export const files = {
  setup: 'soak.json',
  /** The runner is ready (tails live): `{ t0 }`. */
  ready: 'ready.json',
  /** The runner's scheduled actions are over. */
  actionsDone: 'actions-done',
  /** The driver saw every channel catch up: the runner measures and ends. */
  finish: 'finish',
  host: 'host.json',
  channel: (app: string) => `${app}.channel.log`,
};
