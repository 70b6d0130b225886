// Container transitions. Lifecycle endpoints are synchronous and slow in the real
// service: the process report shows the final state after `actionDelayMs`, when the
// HTTP response is also sent. The record's `status` is left alone: wokku never updates
// it after start/stop/restart (only deploys and the web dashboard do). The app's
// containers follow Dokku: stop lets them exit (their lines stay), start, restart and
// config changes replace them with new ones (their lines are gone); an app never
// deployed has none, and nothing happens to it.

import type { Scheduler } from '../scheduler';
import type { Settings } from '../options';
import type { Store } from '../store';
import type { AppRecord, ProcessState } from '../types';
import { logLine, processNames, type LogBook } from './logBook';

export type LifecycleAction = 'restart' | 'stop' | 'start' | 'config' | 'rollback' | 'scale';

interface Pending {
  action: LifecycleAction;
  cancel: () => void;
}

export class Lifecycle {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly settings: Settings,
    private readonly logs: LogBook,
  ) {}

  /**
   * The app's containers reach `final` after the action delay: 'running' means new
   * containers (start, restart, config), 'stopped' keeps the old ones, exited.
   * A newer transition replaces an older one; the returned promise then still resolves.
   */
  transition(app: AppRecord, action: LifecycleAction, final: ProcessState): Promise<void> {
    this.cancel(app.id);
    if (action !== 'start') this.logs.append(app.id, shutdownLines(this.logs.runningProcesses(app.id)));
    return new Promise((resolve) => {
      const cancelTimer = this.scheduler.after(this.settings.actionDelayMs, () => {
        this.pending.delete(app.id);
        if (this.store.apps.has(app.id) && this.logs.isDeployed(app.id)) {
          if (final === 'running') app.containersVersion += 1;
          app.processState = final;
          if (final === 'stopped') this.logs.stopContainers(app.id);
          else startContainers(this.logs, app);
        }
        resolve();
      });
      this.pending.set(app.id, {
        action,
        cancel: () => {
          cancelTimer();
          resolve();
        },
      });
    });
  }

  /**
   * A change that needs the app's containers replaced (config, links): a deployed app
   * whose containers (some or all) run gets new ones; stopped or never-deployed apps stay as they are.
   */
  restartForChange(app: AppRecord, action: LifecycleAction): void {
    if (this.logs.isDeployed(app.id) && app.processState !== 'stopped') void this.transition(app, action, 'running');
  }

  /** Stops any pending transition (e.g. a test forces a status). */
  cancel(appId: string): void {
    const p = this.pending.get(appId);
    if (!p) return;
    this.pending.delete(appId);
    p.cancel();
  }
}

/** New containers for the app's scaling, each saying it is up. */
export function startContainers(logs: LogBook, app: AppRecord): void {
  const processes = processNames(app.scaling);
  logs.replaceContainers(app.id, processes);
  const now = new Date();
  logs.append(app.id, processes.map((p) => logLine(now, `app[${p}]`, p.startsWith('web') ? 'Server listening on 0.0.0.0:5000' : 'Worker started, waiting for jobs')));
}

function shutdownLines(processes: string[]): string[] {
  const now = new Date();
  return processes.map((p) => logLine(now, `app[${p}]`, 'Received SIGTERM, shutting down gracefully'));
}
