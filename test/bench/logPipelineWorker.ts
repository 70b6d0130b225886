// One measurement of the log pipeline, in its own process (clean heap, own peak
// RSS): `node --expose-gc logPipelineWorker.js <mode>`, prints one JSON line.
//
// Input: 1,000,000 distinct timestamped lines arriving as 2,000 polled windows of
// 1,000 lines, 500 of them new each time (a busy tail: half of every window was
// already shown). Window text is built before the clock starts; only processing
// is timed, and every mode ends with all 1,000,000 lines in a counting sink.
//   split     baseline: `text.split('\n')`, new lines appended in one piece (an
//             oracle that knows where they start: the least any tail must do)
//   overlap   split + ContainerTracker.accept (what the tail runs: per-container
//             alignment, alignWindows finds what is new)
//   pipeline  split + ContainerTracker + OutputBatcher (≤ 64 Ki chars per append,
//             one chunk per event-loop turn) into the counting sink
// The multi-container case (Dokku's windows, the real service): 3 containers,
// 300,000 lines, each window the last 1,000 lines of every container with colour
// escape codes, blocks in a shuffled order, 500 new lines per container per poll,
// every web line also printed by the other web container in the same second:
//   containers-split  baseline: split, escape codes stripped, the new lines of each
//                     block appended (an oracle that knows where they start)
//   containers        split + ContainerTracker (sanitize, group, align per container,
//                     merge by time) + OutputBatcher; also counts lines shown twice
//                     or never
//   containers-view   the same with the tail's TailView between the batcher and the
//                     sink (what the extension runs: every line kept for filters)
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import type { Clock } from '../../src/api';
import { ContainerTracker, OutputBatcher, TailView } from '../../src/logs';

const TOTAL = 1_000_000;
const WINDOW = 1000;
const NEW_PER_POLL = 500;
const START = Date.parse('2026-01-01T00:00:00Z');

export type Mode = 'split' | 'overlap' | 'pipeline' | 'containers-split' | 'containers' | 'containers-view';

export interface PipelineSample {
  mode: Mode;
  lines: number;
  ms: number;
  linesPerSecond: number;
  /** Highest heapUsed seen, minus heapUsed before the first poll (after a full GC). */
  peakHeapBytes: number;
  maxRssBytes: number;
  /** Multi-container modes: lines shown more than once, and lines never shown. */
  duplicates?: number;
  missing?: number;
}

function line(i: number): string {
  return `${new Date(START + i * 7).toISOString()} app[web.1]: GET /api/items/${i % 977} 200 ${i % 113}ms bytes=${(i * 7919) % 65536}`;
}

/** The window text of poll p: the last WINDOW lines of the log after (p + 1) * NEW_PER_POLL lines. */
function windowText(p: number): string {
  const end = (p + 1) * NEW_PER_POLL;
  const parts: string[] = [];
  for (let i = Math.max(0, end - WINDOW); i < end; i++) parts.push(line(i));
  return parts.join('\n');
}

/** Timers of 0 ms run on setImmediate: the figure is processing cost, not Node's 1 ms timer clamp. */
const immediateClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => (ms <= 0 ? { immediate: setImmediate(fn) } : { timeout: setTimeout(fn, ms) }),
  clearTimeout: (handle) => {
    const h = handle as { immediate?: NodeJS.Immediate; timeout?: NodeJS.Timeout };
    if (h.immediate) clearImmediate(h.immediate);
    if (h.timeout) clearTimeout(h.timeout);
  },
};

async function measure(mode: Mode): Promise<PipelineSample> {
  let delivered = 0;
  const sink = { append: (text: string) => void (delivered += countLines(text)) };
  if (mode.startsWith('containers')) return measureContainers(mode);
  const tracker = new ContainerTracker({ minLines: WINDOW, maxLines: WINDOW });
  const batcher = new OutputBatcher(sink, { clock: immediateClock });
  const { ms, peakHeapBytes } = await timedPolls(TOTAL / NEW_PER_POLL, windowText, async (lines, p) => {
    if (mode === 'split') {
      sink.append(`${lines.slice(p === 0 ? 0 : WINDOW - NEW_PER_POLL).join('\n')}\n`);
      return;
    }
    const { fresh } = tracker.accept(lines, WINDOW + 1); // never "complete": the log is longer than a window
    if (mode === 'overlap') delivered += fresh.length;
    else {
      batcher.pushLines(fresh);
      await batcher.flush();
    }
  });
  if (delivered !== TOTAL) throw new Error(`${mode}: ${delivered} lines delivered, expected ${TOTAL}`);
  return sample(mode, delivered, { ms, peakHeapBytes });
}

function sample(mode: Mode, delivered: number, timing: { ms: number; peakHeapBytes: number }, counts: { duplicates?: number; missing?: number } = {}): PipelineSample {
  return {
    mode,
    lines: delivered,
    ms: timing.ms,
    linesPerSecond: (delivered / timing.ms) * 1000,
    peakHeapBytes: timing.peakHeapBytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    ...counts,
  };
}

/**
 * Runs the polls: each window's text is built untimed, then `handle` (split included) is
 * timed and the heap sampled; the loop gets a turn between polls, as a real tail gives it.
 */
async function timedPolls(polls: number, windowOf: (p: number) => string, handle: (lines: string[], p: number) => Promise<void>): Promise<{ ms: number; peakHeapBytes: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let ms = 0;
  for (let p = 0; p < polls; p++) {
    const text = windowOf(p);
    const t0 = performance.now();
    await handle(text.split('\n'), p);
    ms += performance.now() - t0;
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    await new Promise((r) => setImmediate(r));
  }
  return { ms, peakHeapBytes: peakHeap - heapBefore };
}

// ---- the multi-container case ----

const CONTAINERS = ['web.1', 'web.2', 'worker.1'];
const COLOURS = [36, 33, 35];
const PER_CONTAINER = 100_000;

/** Line i of a container: web lines also come from the other web container in the same second (same text). */
function containerLine(c: number, i: number): string {
  const ms = START + i * 7;
  const stamp = `${new Date(ms).toISOString().slice(0, 23)}${String((c * 7919 + i) % 1_000_000).padStart(6, '0')}Z`;
  const message = CONTAINERS[c].startsWith('web') ? `GET /api/items/${i} 200 ${i % 113}ms` : `Processed job ${i} in ${i % 400}ms`;
  return `\x1b[${COLOURS[c]}m${stamp} app[${CONTAINERS[c]}]:\x1b[0m ${message}`;
}

async function measureContainers(mode: Mode): Promise<PipelineSample> {
  const shown = CONTAINERS.map(() => new Uint8Array(PER_CONTAINER));
  let delivered = 0;
  const count = (text: string) => {
    for (const l of text.split('\n')) {
      if (!l) continue;
      delivered++;
      const m = /app\[([\w.]+)\]: (?:GET \/api\/items\/|Processed job )(\d+)/.exec(l);
      if (m) shown[CONTAINERS.indexOf(m[1])][Number(m[2])]++;
    }
  };
  const sink = { append: count };
  const tracker = new ContainerTracker({ minLines: WINDOW, maxLines: WINDOW });
  const batcher = new OutputBatcher(mode === 'containers-view' ? new TailView({ append: count, replace: () => undefined, trim: () => undefined }) : sink, { clock: immediateClock });
  let seed = 7;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const windowOf = (p: number) => {
    const end = (p + 1) * NEW_PER_POLL;
    const order = [0, 1, 2].sort(() => random() - 0.5);
    return order.map((c) => Array.from({ length: Math.min(WINDOW, end) }, (_, k) => containerLine(c, Math.max(0, end - WINDOW) + k)).join('\n')).join('\n');
  };
  const { ms, peakHeapBytes } = await timedPolls(PER_CONTAINER / NEW_PER_POLL, windowOf, async (lines, p) => {
    if (mode === 'containers-split') {
      const size = Math.min(WINDOW, (p + 1) * NEW_PER_POLL);
      const out: string[] = [];
      for (let b = 0; b < CONTAINERS.length; b++) for (let k = p === 0 ? 0 : size - NEW_PER_POLL; k < size; k++) out.push(stripVTControlCharacters(lines[b * size + k]));
      count(`${out.join('\n')}\n`);
      return;
    }
    batcher.pushLines(tracker.accept(lines, WINDOW).fresh); // a block of WINDOW lines is not a whole container
    await batcher.flush();
  });
  let duplicates = 0;
  let missing = 0;
  for (const seen of shown) {
    for (const n of seen) {
      if (n === 0) missing++;
      else duplicates += n - 1;
    }
  }
  return sample(mode, delivered, { ms, peakHeapBytes }, { duplicates, missing });
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

if (require.main === module) {
  const mode = process.argv[2] as Mode;
  measure(mode).then(
    (s) => process.stdout.write(`${JSON.stringify(s)}\n`),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
