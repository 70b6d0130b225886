// Reads the platform's process report (GET /apps/:id/ps), a flat string map such as
// {"running":"true","processes":"3","status_web_1":"running (CID: 1a2b3c)","status_worker_1":"exited"}.

import { bool } from './normalize';
import type { PlatformReport } from './models';

export interface ProcessInstance {
  index: number;
  /** First word of the platform's status: running, exited, restarting… */
  state: string;
  /** The whole status text, e.g. "running (CID: 1a2b3c)". */
  detail: string;
}

export interface ProcessType {
  type: string;
  instances: ProcessInstance[];
}

export interface ProcessSummary {
  deployed: boolean;
  running: boolean;
  /** Whether the containers run: all, none, or some (Dokku's `running`: true, false, mixed). */
  state: 'running' | 'stopped' | 'mixed';
  types: ProcessType[];
}

const INSTANCE = /^status_([a-z][a-z0-9_]*?)_(\d+)$/;

export function readProcessReport(report: PlatformReport): ProcessSummary {
  const byType = new Map<string, ProcessInstance[]>();
  for (const [key, value] of Object.entries(report)) {
    const m = INSTANCE.exec(key);
    if (!m) continue;
    const list = byType.get(m[1]) ?? [];
    list.push({ index: Number(m[2]), state: value.trim().split(/\s+/)[0]?.toLowerCase() || 'unknown', detail: value });
    byType.set(m[1], list);
  }
  const types = [...byType.entries()]
    .map(([type, instances]) => ({ type, instances: instances.sort((a, b) => a.index - b.index) }))
    .sort((a, b) => a.type.localeCompare(b.type));
  const instances = types.flatMap((t) => t.instances);
  const up = instances.filter((i) => i.state === 'running').length;
  const raw = String(report.running ?? '').toLowerCase();
  const state = raw === 'mixed' ? 'mixed' : bool(report.running) ? 'running'
    : raw === 'false' ? 'stopped'
      : up === 0 ? 'stopped' : up === instances.length ? 'running' : 'mixed';
  return { deployed: bool(report.deployed), running: state === 'running', state, types };
}
