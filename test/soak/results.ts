// The soak's results file (docs/soak-results.json, committed) and what is generated from
// it: the table in docs/performance.md and the sentence in the README, each between
// `<!-- soak:start -->` / `<!-- soak-summary:start -->` markers. `npm run soak --
// --update-docs` writes the file from a run and rewrites both blocks; `npm run soak:docs`
// rewrites them from the file; a unit test fails when either block differs from what
// the file gives, so the README cannot quote another run than the page.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEAP_GOAL, meetsHeapGoal, type HeapTrend } from './heapTrend';
import { BUDGET_PER_MINUTE, type SoakReport } from './report';

export interface SoakResults {
  /** ISO date of the run's start. */
  date: string;
  commit: string;
  minutes: number;
  /** "2 cores, load 1.9 at the start" */
  machine: string;
  lines: { written: number; twice: number; never: number; excused: number; invented: number; apps: number; processes: number; containers: number };
  heap: { startMB: number; endMB: number; trend?: HeapTrend };
  handles: { start: number; end: number };
  cpuPercent: number;
  requests: { max: number; mean: number; maxSliding: number; limited429: number };
  events: { restarts: number; configEdits: { ok: number; of: number }; deploys: { ok: number; of: number }; saveMs?: { min: number; max: number } };
  passed: boolean;
}

export const RESULTS_FILE = join(__dirname, '..', '..', 'docs', 'soak-results.json');
const README = join(__dirname, '..', '..', 'README.md');
const PERFORMANCE_PAGE = join(__dirname, '..', '..', 'docs', 'performance.md');

export function resultsOf(r: SoakReport, commit: string, machine: string): SoakResults {
  const processes = Object.values(r.apps).flatMap((a) => a.processes);
  const saveTimes = r.actions.filter((a) => a.kind === 'configEdit' && a.ok).map((a) => Number(/ saved in (\d+) ms/.exec(a.detail)?.[1])).filter((n) => Number.isFinite(n));
  return {
    date: r.date,
    commit,
    minutes: r.minutes,
    machine,
    lines: {
      ...r.totals,
      apps: Object.keys(r.apps).length,
      processes: processes.length,
      containers: processes.reduce((t, p) => t + p.containers, 0),
    },
    heap: { startMB: r.host.heapStartMB, endMB: r.host.heapEndMB, trend: r.heapTrend },
    handles: { start: r.host.handlesStart, end: r.host.handlesEnd },
    cpuPercent: r.host.cpuPercent,
    requests: { max: r.requests.max, mean: Math.round(r.requests.mean * 10) / 10, maxSliding: r.requests.maxSliding, limited429: r.requests.limited429 },
    events: {
      restarts: r.events.restarts,
      configEdits: r.events.configEdits,
      deploys: r.events.deploys,
      ...(saveTimes.length ? { saveMs: { min: Math.min(...saveTimes), max: Math.max(...saveTimes) } } : {}),
    },
    passed: r.failures.length === 0,
  };
}

const n = (x: number) => x.toLocaleString('en-US');
const signed = (x: number, digits = 1) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const length = (minutes: number) => (minutes % 60 === 0 ? (minutes === 60 ? 'an hour' : `${minutes / 60} hours`) : `${minutes} minutes`);

function heapCell(h: SoakResults['heap']): string {
  const t = h.trend;
  const whole = `${h.startMB} → ${h.endMB} MB over the run`;
  if (!t) return `${whole} (too short for the warm-up)`;
  const goal = meetsHeapGoal(t) ? 'goal met' : 'goal NOT met';
  return `after the ${t.warmupMinutes}-minute warm-up: ${t.fromMB} → ${t.toMB} MB, **spread ${t.spreadMB} MB, slope ${signed(t.slopeMBPerMin, 3)} MB/min** (${goal}: within ${HEAP_GOAL.spreadMB} MB, under ${HEAP_GOAL.slopeMBPerMin} MB/min); ${whole}`;
}

/** The table of docs/performance.md. */
export function renderTable(r: SoakResults): string {
  const l = r.lines;
  const e = r.events;
  const saves = e.saveMs ? `, saved in ${e.saveMs.min}–${e.saveMs.max} ms` : '';
  return [
    `Latest run: ${r.date.slice(0, 10)}, commit ${r.commit}, ${r.minutes} minutes, ${r.machine}; ${r.passed ? 'passed' : '**failed**'}.`,
    '',
    '| Figure | Result |',
    '|---|---|',
    `| lines shown twice / never (${n(l.written)} written; ${l.apps} apps, ${l.processes} container names, ${l.containers} containers) | **${l.twice} / ${l.never}** (${n(l.excused)} unread ends of replaced containers, each followed by its marker${l.invented ? `; ${l.invented} lines no container wrote` : ''}) |`,
    `| extension host heap after a forced GC | ${heapCell(r.heap)} |`,
    `| active handles, start → end | ${r.handles.start} → ${r.handles.end} |`,
    `| extension host CPU, average | ${r.cpuPercent} % of one core |`,
    `| requests per minute (fixed windows; budget ${BUDGET_PER_MINUTE}) | max **${r.requests.max}**, mean ${r.requests.mean}; max in any sliding 60 s ${r.requests.maxSliding}; ${r.requests.limited429 ? `${r.requests.limited429} answered 429` : 'no 429'} |`,
    `| events | ${e.restarts} restarts, ${e.deploys.of} deploys (${e.deploys.ok} succeeded), ${e.configEdits.of} config edits (${e.configEdits.ok} saved${saves}) |`,
  ].join('\n');
}

/** The README's sentence. */
export function renderSummary(r: SoakResults): string {
  const l = r.lines;
  const t = r.heap.trend;
  const heap = t
    ? `a heap within ${t.spreadMB} MB after a ${t.warmupMinutes}-minute warm-up (slope ${signed(t.slopeMBPerMin, 3)} MB/min)`
    : `a heap of ${r.heap.startMB} → ${r.heap.endMB} MB`;
  const twice = l.twice === 0 ? 'no line' : `${n(l.twice)} lines`;
  const never = l.never === 0 ? 'none' : n(l.never);
  // Only what the run did: a kind of event none of whose tries worked is named as such.
  const { configEdits, deploys } = r.events;
  const done = ['restarts', configEdits.ok && 'config edits', deploys.ok && 'deploys'].filter(Boolean);
  const failed = [!configEdits.ok && configEdits.of && 'config edits', !deploys.ok && deploys.of && 'deploys'].filter(Boolean);
  const what = `three tails and ${done.join(', ').replace(/, ([^,]*)$/, ' and $1')}${failed.length ? ` (its ${failed.join(' and ')} did not run)` : ''}`;
  const goal = t && !meetsHeapGoal(t) ? ' (goal not met)' : '';
  return `The latest soak (\`npm run soak\`, ${r.date.slice(0, 10)}), ${length(r.minutes)} of ${what}, showed ${twice} twice and ${never} lost of ${n(l.written)}, ${heap}${goal}, and at most ${r.requests.max} requests a minute ([the soak](docs/performance.md#soak)).`;
}

export function readResults(file = RESULTS_FILE): SoakResults {
  return JSON.parse(readFileSync(file, 'utf8')) as SoakResults;
}

/** What stands between `<!-- name:start -->` and `<!-- name:end -->` (undefined without the markers). */
export function between(text: string, name: string): string | undefined {
  const open = `<!-- ${name}:start -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + open.length, end).replace(/^\n/, '').replace(/\n$/, '');
}

function replaceBetween(file: string, name: string, body: string): void {
  const text = readFileSync(file, 'utf8');
  if (between(text, name) === undefined) throw new Error(`${file} has no <!-- ${name}:start --> … <!-- ${name}:end --> block`);
  const open = `<!-- ${name}:start -->`;
  const start = text.indexOf(open) + open.length;
  writeFileSync(file, `${text.slice(0, start)}\n${body}\n${text.slice(text.indexOf(`<!-- ${name}:end -->`))}`);
}

/** Writes the results file (when given) and rewrites both blocks from it. */
export function updateDocs(results?: SoakResults): string[] {
  if (results) writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  if (!existsSync(RESULTS_FILE)) throw new Error(`no ${RESULTS_FILE}: run the soak with --update-docs first`);
  const r = readResults();
  replaceBetween(PERFORMANCE_PAGE, 'soak', renderTable(r));
  replaceBetween(README, 'soak-summary', renderSummary(r));
  return ['docs/soak-results.json', 'docs/performance.md', 'README.md'];
}

if (require.main === module) console.log(`updated ${updateDocs().join(', ')}`);
