// One measurement of the log pipeline, in its own process (clean heap, own peak
// RSS): `node --expose-gc logPipelineWorker.js <mode>`, prints one JSON line.
//
// Input: 1,000,000 distinct timestamped lines arriving as 2,000 polled windows of
// 1,000 lines, 500 of them new each time (a busy tail: half of every window was
// already shown). Window text is built before the clock starts; only processing
// is timed, and every mode ends with all 1,000,000 lines in a counting sink.
//   split     baseline: `text.split('\n')`, new lines appended in one piece (an
//             oracle that knows where they start: the least any tail must do)
//   overlap   split + WindowTracker.accept (alignWindows finds what is new)
//   pipeline  split + WindowTracker + OutputBatcher (≤ 64 Ki chars per append,
//             one chunk per event-loop turn) into the counting sink
import { performance } from 'node:perf_hooks';
import { OutputBatcher, WindowTracker, type Clock } from '../../src/logs';

const TOTAL = 1_000_000;
const WINDOW = 1000;
const NEW_PER_POLL = 500;
const START = Date.parse('2026-01-01T00:00:00Z');

export type Mode = 'split' | 'overlap' | 'pipeline';

export interface PipelineSample {
  mode: Mode;
  lines: number;
  ms: number;
  linesPerSecond: number;
  /** Highest heapUsed seen, minus heapUsed before the first poll (after a full GC). */
  peakHeapBytes: number;
  maxRssBytes: number;
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
  const tracker = new WindowTracker({ minLines: WINDOW, maxLines: WINDOW });
  const batcher = new OutputBatcher(sink, { clock: immediateClock });
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let ms = 0;
  for (let p = 0; p < TOTAL / NEW_PER_POLL; p++) {
    const text = windowText(p);
    const t0 = performance.now();
    const lines = text.split('\n');
    if (mode === 'split') {
      sink.append(`${lines.slice(p === 0 ? 0 : WINDOW - NEW_PER_POLL).join('\n')}\n`);
    } else {
      const { fresh } = tracker.accept(lines, WINDOW + 1); // never "complete": the log is longer than a window
      if (mode === 'overlap') delivered += fresh.length;
      else {
        batcher.pushLines(fresh);
        await batcher.flush();
      }
    }
    ms += performance.now() - t0;
    const heap = process.memoryUsage().heapUsed;
    if (heap > peakHeap) peakHeap = heap;
    // Polls arrive as separate events: give the loop a turn, as a real tail does.
    await new Promise((r) => setImmediate(r));
  }
  if (delivered !== TOTAL) throw new Error(`${mode}: ${delivered} lines delivered, expected ${TOTAL}`);
  return {
    mode,
    lines: delivered,
    ms,
    linesPerSecond: (delivered / ms) * 1000,
    peakHeapBytes: peakHeap - heapBefore,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
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
