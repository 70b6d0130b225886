// What Dokku's `ps:report` says of an app: the truth about its containers, which the
// routes (GET /apps/:id/ps), the seed and the control API all read from here.

import type { AppRecord, AppStatus, ProcessState } from '../types';
import type { LogBook } from './logBook';

/** The process report's state of an app seeded or forced into a status (as the dashboard would leave it). */
export function processStateFor(status: AppStatus, scaling: Record<string, number>): ProcessState {
  if (status === 'running' || status === 'deploying') return 'running';
  const containers = Object.values(scaling).reduce((n, c) => n + c, 0);
  return status === 'crashed' && containers > 1 ? 'mixed' : 'stopped';
}

/** Dokku's `ps:report`, read off the app's containers (the same ones its logs come from). */
export function processReport(app: AppRecord, logs: LogBook): Record<string, string> {
  const containers = logs.containers(app.id).current;
  const deployed = containers.length > 0;
  const up = containers.filter((c) => c.running).length;
  const report: Record<string, string> = {
    deployed: String(deployed),
    processes: String(containers.length),
    ps_can_scale: 'true',
    ps_computed_procfile_path: 'Procfile',
    ps_global_procfile_path: 'Procfile',
    ps_procfile_path: '',
    ps_restart_policy: 'on-failure:10',
    // Dokku's DOKKU_APP_RESTORE: 0 after ps:stop, so a reboot leaves the app stopped.
    restore: deployed && up === 0 ? '0' : '1',
    running: up === 0 ? 'false' : up === containers.length ? 'true' : 'mixed',
  };
  for (const c of containers) report[`status_${c.process.replace('.', '_')}`] = `${c.running ? 'running' : 'exited'} (CID: ${c.cid.slice(0, 11)})`;
  return report;
}
