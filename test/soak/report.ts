// The soak's report: lines shown twice or never per container, the extension host's heap,
// handles and CPU, and requests per minute against the budget; JSON and a readable table.
import { byProcess, type AppAccount, type ProcessAccount } from './accounting';
import type { BudgetWindows } from './budget';
import type { HostReport } from './shared';
import { HEAP_GOAL, heapTrend, meetsHeapGoal, WARMUP_MINUTES, type HeapTrend } from './heapTrend';

const MB = 1024 * 1024;
/** "Flat" heap: at most this much more after a forced GC at the end than at the start. */
export const FLAT_HEAP_MB = 5;
export const BUDGET_PER_MINUTE = 60;

export type BudgetRun = BudgetWindows & { total: number; limited429: number; treeRefreshes: number; byEndpoint: Record<string, number> };

export interface SoakReport {
  date: string;
  minutes: number;
  apps: Record<string, { role: string; processes: ProcessAccount[]; invented: number; markers: string[]; firstProblems: string[] }>;
  totals: { written: number; shown: number; twice: number; never: number; excused: number; invented: number };
  host: { extensionMode: string; gc: string; heapStartMB: number; heapEndMB: number; heapDeltaMB: number; heapFlat: boolean; handlesStart: number; handlesEnd: number; cpuPercent: number };
  requests: BudgetRun;
  events: { restarts: number; configEdits: { ok: number; of: number }; deploys: { ok: number; of: number } };
  actions: HostReport['actions'];
  /** Heap (MB, after a forced GC) and handles each minute. */
  samples: { minute: number; heapMB: number; handles: number }[];
  /** The heap after the warm-up (undefined in a run too short for one). */
  heapTrend?: HeapTrend;
  /** Actions that did not succeed (reported, not asserted). */
  warnings: string[];
  failures: string[];
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export function buildReport(input: {
  minutes: number;
  accounts: { app: string; role: string; account: AppAccount }[];
  host: HostReport;
  budget: BudgetRun;
  restarts: number;
  configOnServer: string | undefined;
}): SoakReport {
  const { host, budget } = input;
  const apps: SoakReport['apps'] = {};
  const totals = { written: 0, shown: 0, twice: 0, never: 0, excused: 0, invented: 0 };
  const failures: string[] = [];
  for (const { app, role, account } of input.accounts) {
    const processes = byProcess(account.containers);
    for (const p of processes) {
      totals.written += p.written;
      totals.shown += p.shown;
      totals.twice += p.twice;
      totals.never += p.never;
      totals.excused += p.excused;
      if (p.twice || p.never) failures.push(`${app} ${p.process}: ${p.twice} shown twice, ${p.never} never shown`);
    }
    totals.invented += account.invented.length;
    if (account.invented.length) failures.push(`${app}: ${account.invented.length} lines no container wrote, first: ${account.invented[0]}`);
    const firstProblems = account.containers.filter((c) => c.first).map((c) => `${c.process} (${c.cid}): ${c.first}`).slice(0, 5);
    apps[app] = { role, processes, invented: account.invented.length, markers: account.markers, firstProblems };
  }
  if (budget.over) failures.push(`${budget.over} minute window(s) above ${BUDGET_PER_MINUTE} requests (max ${budget.max})`);
  if (budget.limited429) failures.push(`${budget.limited429} requests answered 429`);
  const count = (kind: string) => ({ ok: host.actions.filter((a) => a.kind === kind && a.ok).length, of: host.actions.filter((a) => a.kind === kind).length });
  const events = { restarts: input.restarts, configEdits: count('configEdit'), deploys: count('deploy') };
  // Reported, not failed on: the soak asserts what the tails showed and the budget.
  const warnings = host.actions.filter((x) => !x.ok).map((a) => `${a.kind} at ${(a.at / 1000).toFixed(0)} s failed: ${a.detail}`);
  if (events.configEdits.of < 1 || events.deploys.of < 1 || events.restarts < 1) failures.push('the run had no config edit, deploy or restart');
  // A soak whose user actions never worked measured idle tails only (a refused door, as in #34's first soak).
  if (events.configEdits.of && !events.configEdits.ok) failures.push(`none of its ${events.configEdits.of} config edits was saved`);
  if (events.deploys.of && !events.deploys.ok) failures.push(`none of its ${events.deploys.of} deploys succeeded`);
  const lastEdit = events.configEdits.of;
  if (lastEdit && input.configOnServer !== String(lastEdit)) warnings.push(`the server's SOAK_EDIT is ${input.configOnServer}, not ${lastEdit}`);
  const heapDelta = host.final.heapUsed - host.start.heapUsed;
  const samples = host.samples.map((x) => ({ minute: Math.round(x.at / 6000) / 10, heapMB: mb(x.heapUsed), handles: x.handles }));
  // The end's sample too (after the traffic stopped and the channels caught up).
  const trend = heapTrend([...samples, { minute: Math.round((host.end - host.t0) / 6000) / 10, heapMB: mb(host.final.heapUsed) }]);
  return {
    date: new Date(host.t0).toISOString(),
    minutes: input.minutes,
    apps,
    totals,
    host: {
      extensionMode: host.extensionMode,
      gc: host.gc,
      heapStartMB: mb(host.start.heapUsed),
      heapEndMB: mb(host.final.heapUsed),
      heapDeltaMB: mb(heapDelta),
      heapFlat: heapDelta <= FLAT_HEAP_MB * MB,
      handlesStart: host.start.handles,
      handlesEnd: host.final.handles,
      cpuPercent: Math.round(host.cpuPercent * 10) / 10,
    },
    requests: budget,
    events,
    actions: host.actions,
    samples,
    heapTrend: trend,
    warnings,
    failures,
  };
}

export function formatReport(r: SoakReport): string {
  const rows: string[] = [];
  const pad = (cells: (string | number)[], widths: number[]) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  const w = [12, 10, 11, 8, 7, 7, 12, 8];
  rows.push(pad(['app', 'container', 'containers', 'written', 'shown', 'twice', 'never shown', 'excused'], w));
  for (const [app, a] of Object.entries(r.apps)) {
    for (const p of a.processes) rows.push(pad([app, p.process, p.containers, p.written, p.shown, p.twice, p.never, p.excused], w));
    if (!a.processes.length) rows.push(pad([app, '—', 0, 0, 0, 0, 0, 0], w));
  }
  const h = r.host;
  const q = r.requests;
  return [
    `Soak: ${r.minutes} min, started ${r.date} (extension host in ${h.extensionMode} mode)`,
    `Events: ${r.events.restarts} out-of-band restarts, config edits ${r.events.configEdits.ok}/${r.events.configEdits.of}, deploys ${r.events.deploys.ok}/${r.events.deploys.of}, ${q.treeRefreshes} tree reads (teams, apps)`,
    '',
    ...rows,
    `total: ${r.totals.written} written, ${r.totals.shown} shown, ${r.totals.twice} twice, ${r.totals.never} never shown, ${r.totals.excused} excused, ${r.totals.invented} invented`,
    '(excused: the end of a replaced container after the last line of it shown, when a later marker says lines of it, or of every container, may have been missed)',
    '',
    `Extension host heap after a forced GC (${h.gc}): ${h.heapStartMB} MB → ${h.heapEndMB} MB (${h.heapDeltaMB >= 0 ? '+' : ''}${h.heapDeltaMB} MB: ${h.heapFlat ? 'flat' : `NOT flat, > +${FLAT_HEAP_MB} MB`})`,
    r.heapTrend
      ? `After the ${r.heapTrend.warmupMinutes}-minute warm-up: ${r.heapTrend.fromMB} → ${r.heapTrend.toMB} MB, spread (max − min) ${r.heapTrend.spreadMB} MB, slope ${r.heapTrend.slopeMBPerMin} MB/min (goal: within ${HEAP_GOAL.spreadMB} MB, under ${HEAP_GOAL.slopeMBPerMin} MB/min: ${meetsHeapGoal(r.heapTrend) ? 'met' : 'NOT met'})`
      : `No heap trend: the run is too short for the ${WARMUP_MINUTES}-minute warm-up`,
    `Heap each minute (MB): ${r.samples.map((x) => x.heapMB).join(' ') || '—'}`,
    `Active handles: ${h.handlesStart} → ${h.handlesEnd}; average CPU ${h.cpuPercent} % of one core`,
    `Requests: ${q.total} on /api/ in ${q.perWindow.length} fixed minute windows; max ${q.max}/min (budget ${BUDGET_PER_MINUTE}), mean ${q.mean.toFixed(1)}/min (full windows), max in any sliding 60 s ${q.maxSliding}; ${q.limited429} answered 429`,
    `Per window: ${q.perWindow.join(' ')}`,
    `By endpoint: ${Object.entries(q.byEndpoint).map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    '',
    ...(r.warnings.length ? [`Warnings:\n- ${r.warnings.join('\n- ')}`, ''] : []),
    r.failures.length ? `FAILED:\n- ${r.failures.join('\n- ')}` : 'PASSED: 0 shown twice, 0 never shown, every minute within the budget.',
  ].join('\n');
}
