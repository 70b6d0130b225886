// App status transitions. Lifecycle endpoints are synchronous and slow in the real
// service: the status moves to a transient value at once and to the final value
// after `actionDelayMs`, when the HTTP response is also sent. The app's containers
// follow Dokku: stop lets them exit (their lines stay), every other action replaces
// them with new ones (their lines are gone); an app never deployed has none.

import type { Scheduler } from '../scheduler';
import type { Settings } from '../options';
import type { Store } from '../store';
import type { AppRecord, AppStatus } from '../types';
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

  /** The action an app is in the middle of, if any. */
  busyWith(appId: string): LifecycleAction | undefined {
    return this.pending.get(appId)?.action;
  }

  /**
   * Moves the app through `interim` (if given) to `final` after the action delay.
   * A newer transition replaces an older one; the returned promise then still resolves.
   */
  transition(app: AppRecord, action: LifecycleAction, interim: AppStatus | null, final: AppStatus): Promise<void> {
    this.cancel(app.id);
    if (interim) app.status = interim;
    if (action !== 'start') this.logs.append(app.id, shutdownLines(this.logs.runningProcesses(app.id)));
    return new Promise((resolve) => {
      const cancelTimer = this.scheduler.after(this.settings.actionDelayMs, () => {
        this.pending.delete(app.id);
        if (this.store.apps.has(app.id)) {
          app.status = final;
          this.containersAfter(app, action);
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
   * A change that needs the app's containers replaced (config, rollback, links):
   * running and crashed apps restart; stopped, sleeping or never-deployed apps stay as they are.
   */
  restartForChange(app: AppRecord, action: LifecycleAction): void {
    if (app.status === 'running' || app.status === 'crashed' || (app.status === 'deploying' && this.pending.has(app.id))) {
      void this.transition(app, action, 'deploying', 'running');
    }
  }

  private containersAfter(app: AppRecord, action: LifecycleAction): void {
    if (!this.logs.isDeployed(app.id)) return; // nothing to stop or start before the first deploy
    if (action === 'stop') this.logs.stopContainers(app.id);
    else startContainers(this.logs, app);
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
