// Container transitions. Lifecycle endpoints are synchronous and slow in the real
// service: the process report shows the final state after `actionDelayMs`, when the
// HTTP response is also sent. The record's `status` is left alone: wokku never updates
// it after start/stop/restart (only deploys and the web dashboard do).

import type { Scheduler } from '../scheduler';
import type { Settings } from '../options';
import type { Store } from '../store';
import type { AppRecord, AppStatus, ProcessState } from '../types';
import { logLine, type LogBook } from './logBook';

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
    this.logs.append(app.id, startLines(app, action));
    return new Promise((resolve) => {
      const cancelTimer = this.scheduler.after(this.settings.actionDelayMs, () => {
        this.pending.delete(app.id);
        if (this.store.apps.has(app.id)) {
          if (final === 'running') app.containersVersion += 1;
          app.processState = final;
          this.logs.append(app.id, endLines(app, final === 'running' ? 'running' : 'stopped'));
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
    if (app.commitSha !== null && app.processState !== 'stopped') void this.transition(app, action, 'running');
  }

  /** Stops any pending transition (e.g. a test forces a status). */
  cancel(appId: string): void {
    const p = this.pending.get(appId);
    if (!p) return;
    this.pending.delete(appId);
    p.cancel();
  }
}

function processNames(app: AppRecord): string[] {
  const names: string[] = [];
  for (const [type, count] of Object.entries(app.scaling)) {
    for (let i = 1; i <= count; i++) names.push(`${type}.${i}`);
  }
  return names.length ? names : ['web.1'];
}

function startLines(app: AppRecord, action: LifecycleAction): string[] {
  const now = new Date();
  const lines = [logLine(now, 'dokku[ps]', `${action === 'start' ? 'Starting' : action === 'stop' ? 'Stopping' : 'Restarting'} ${app.name}`)];
  if (action !== 'start') {
    for (const p of processNames(app)) lines.push(logLine(now, `app[${p}]`, 'Received SIGTERM, shutting down gracefully'));
  }
  return lines;
}

function endLines(app: AppRecord, final: AppStatus): string[] {
  if (final !== 'running') return [logLine(new Date(), 'dokku[ps]', `${app.name} is now ${final}`)];
  const now = new Date();
  return processNames(app).map((p) =>
    logLine(now, `app[${p}]`, p.startsWith('web') ? 'Server listening on 0.0.0.0:5000' : 'Worker started, waiting for jobs'),
  );
}
