// Everything one running server instance owns, handed to every route handler.

import { Faults } from './faults';
import type { FrontCut } from './front';
import { GitGateway } from './git/gateway';
import { settingsFrom, type ServerOptions, type Settings } from './options';
import { RateLimits } from './rateLimit';
import { RequestLog } from './requestLog';
import { Scheduler } from './scheduler';
import { Store } from './store';
import { DeployRunner } from './simulation/deploys';
import { Lifecycle } from './simulation/lifecycle';
import { LogBook } from './simulation/logBook';
import { LogGenerator } from './simulation/logGenerator';

/** One database import as it streams in (`done`: the whole body read; `loaded`: Dokku's import ended). */
export interface ImportRecord {
  database: string;
  bytes: number;
  chunks: number;
  largestChunk: number;
  done: boolean;
  loaded: boolean;
  /** The dump's first bytes (up to 16), for what `dokku <type>:import` would make of it. */
  head: string;
}

export class ServiceState {
  readonly store = new Store();
  readonly scheduler = new Scheduler();
  readonly logs = new LogBook();
  readonly faults = new Faults();
  readonly requestLog = new RequestLog();
  readonly settings: Settings;
  readonly rateLimits: RateLimits;
  readonly lifecycle: Lifecycle;
  readonly deploys: DeployRunner;
  readonly logGenerator: LogGenerator;
  readonly git = new GitGateway(this);
  /** Origin the server listens on, known after listen(); used for device verification URLs. */
  baseUrl = '';
  /** One-off commands run (POST /apps/:id/run), oldest first. */
  readonly runLog: { app: string; command: string; exitCode: number }[] = [];
  /** One-off commands running now (their request waits for them to end). */
  runsInFlight = 0;
  /** Database imports as they stream in: bytes counted chunk by chunk, never kept. */
  readonly imports: ImportRecord[] = [];
  /** Requests the proxy in front answered in the service's place (front.ts), oldest first. */
  readonly frontCuts: FrontCut[] = [];
  /** Backups restored (POST …/restore). */
  readonly restores: { database: string; backupId: string }[] = [];
  /** Backup files served from the object store (/storage/…). */
  readonly downloads: { backupId: string; bytesSent: number; withToken: boolean }[] = [];
  private stopLogTimer: () => void = () => undefined;

  constructor(options: ServerOptions) {
    this.settings = settingsFrom(options);
    this.rateLimits = new RateLimits(options.rateLimit);
    this.faults.latencyMs = Math.max(0, options.latencyMs ?? 0);
    this.lifecycle = new Lifecycle(this.store, this.scheduler, this.settings, this.logs);
    this.deploys = new DeployRunner(this.store, this.scheduler, this.settings, this.logs);
    this.logGenerator = new LogGenerator(this.store, this.logs);
  }

  /** (Re)starts the periodic log generator; 0 stops it. */
  setLogInterval(ms: number): void {
    this.stopLogTimer();
    this.settings.logIntervalMs = ms;
    if (ms > 0) this.stopLogTimer = this.scheduler.every(ms, () => this.logGenerator.tick(ms));
  }

  close(): void {
    this.stopLogTimer();
    this.scheduler.close();
    this.git.close();
  }
}
