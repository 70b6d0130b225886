// ContainerTracker against a model of Dokku's log windows (fast-check): several
// containers, each with its own timestamped stream holding identical repeats and
// the same messages as other containers in the same second; windows of the last N
// lines of each container, blocks in random order, ANSI colour prefixes; random
// window sizes and poll timing; containers replaced (restart) now and then.
// Properties, per container: nothing shown twice or invented, order kept, and lines
// missing only where a marker about that container stands; a gap marker whenever
// its windows did not overlap; no marker at all when every window overlapped the
// one before by two distinct lines or was the container's whole log; a replacement
// reported as new containers, not as a gap; escape codes never shown.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ContainerTracker, containerLabel, parseLine } from '../../../src/logs';
import { checkAgainstLog, MARKER } from '../../integration/support/logContinuity';

const PROCESSES = ['web.1', 'web.2', 'worker.1'];
const COLOURS = [36, 33, 32];
const T0 = Date.parse('2026-11-25T10:00:00Z');

/** One container's life: its lines, and the poll up to which they were all shown. */
interface Box {
  process: string;
  generation: number;
  lines: string[];
}

class Model {
  boxes: Box[] = PROCESSES.map((process) => ({ process, generation: 0, lines: [] }));
  /** Every line ever written per container name (all generations), the truth to compare with. */
  truth = new Map<string, string[]>(PROCESSES.map((p) => [`app[${p}]`, []]));
  private t = 0;

  write(process: number, message: number, repeat: number, twin: boolean): void {
    const box = this.boxes[process];
    this.t += 1 + (message % 3) * 7; // milliseconds move on; same-second lines are common
    const line = stamp(this.t, box.process, `msg ${message}`);
    for (let i = 0; i <= repeat; i++) this.push(box, line);
    if (twin) {
      // The same message from another container in the same second (a different nanosecond).
      const other = this.boxes[(process + 1) % this.boxes.length];
      this.push(other, stamp(this.t, other.process, `msg ${message}`, 1));
    }
  }

  restart(): void {
    this.boxes = this.boxes.map((b) => ({ process: b.process, generation: b.generation + 1, lines: [] }));
  }

  /** Dokku's answer to lines=N: each container's last N lines, coloured, blocks shuffled. */
  window(n: number, order: number[]): string[] {
    const blocks = this.boxes.map((b, i) => b.lines.slice(-n).map((l) => coloured(l, COLOURS[i])));
    return order.flatMap((i) => blocks[i]);
  }

  private push(box: Box, line: string): void {
    box.lines.push(line);
    this.truth.get(`app[${box.process}]`)!.push(line);
  }
}

function stamp(ms: number, process: string, text: string, nanos = 0): string {
  const iso = new Date(T0 + ms).toISOString();
  return `${iso.slice(0, 23)}${String(nanos).padStart(6, '0')}Z app[${process}]: ${text}`;
}

function coloured(line: string, colour: number): string {
  const at = line.indexOf(': ');
  return `\x1b[${colour}m${line.slice(0, at + 1)}\x1b[0m${line.slice(at + 1)}`;
}

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('write' as const), process: fc.nat(2), message: fc.nat(5), repeat: fc.constantFrom(0, 0, 0, 1, 3), twin: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('poll' as const), n: fc.integer({ min: 1, max: 12 }), order: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

interface Run {
  output: string[];
  model: Model;
  /** Per container name: markers expected (windows that did not overlap) and seen. */
  requiredMarks: Map<string, number>;
  /** Per container name: its number of lines (all generations) at the last poll. */
  polledCount: Map<string, number>;
  cleanPolls: number;
}

function run(steps: Step[]): Run {
  const model = new Model();
  const tracker = new ContainerTracker({ minLines: 1, maxLines: 12 });
  const output: string[] = [];
  const requiredMarks = new Map<string, number>();
  // Per container name: the generation and number of lines of its box at the last poll, and whether that window was whole.
  const last = new Map<string, { generation: number; lines: number; whole: boolean; window: number }>();
  const lastTruth = new Map<string, number>();
  let cleanPolls = 0;
  let provenPerContainer = false;
  for (const s of steps) {
    if (s.kind === 'write') model.write(s.process, s.message, s.repeat, s.twin);
    else if (s.kind === 'restart') model.restart();
    else {
      const windowLines = model.window(s.n, s.order);
      const result = tracker.accept(windowLines, s.n);
      // A short block is a whole container once some window was longer than asked (per-container form proven).
      if (windowLines.length > s.n) provenPerContainer = true;
      const knowsWhole = windowLines.length < s.n || provenPerContainer;
      const marked = new Set([...result.gaps, ...result.uncertain, ...result.replaced]);
      for (const key of result.gaps) output.push(`${MARKER}gap ${key}`);
      for (const key of result.uncertain) output.push(`${MARKER}uncertain ${key}`);
      for (const key of result.replaced) output.push(`${MARKER}new ${key}`);
      output.push(...result.fresh);
      assert.ok(result.fresh.every((l) => !l.includes('\x1b')), 'an escape code reached the output');
      let clean = !result.initial;
      for (const box of model.boxes) {
        const key = `app[${box.process}]`;
        const before = last.get(key);
        const window = box.lines.slice(-s.n);
        const whole = box.lines.length < s.n && knowsWhole;
        const sameBox = before?.generation === box.generation;
        const arrived = sameBox ? box.lines.length - before!.lines : box.lines.length;
        // The lines both windows hold: the end of the previous window, the start of this one.
        const shared = sameBox ? Math.max(0, Math.min(before!.window, window.length - arrived)) : 0;
        const overlapLines = window.slice(Math.max(0, window.length - arrived - shared), Math.max(0, window.length - arrived));
        if (!result.initial && sameBox && !whole && overlapLines.length === 0 && arrived > 0) {
          // Lines of this container were lost between the two reads: it must say so.
          assert.ok(marked.has(key), `${key}: lines lost without a marker`);
          requiredMarks.set(key, (requiredMarks.get(key) ?? 0) + 1);
        }
        // Exact: both windows whole (positions known), or an overlap of two distinct lines.
        if (!((whole && before?.whole) || new Set(overlapLines).size >= 2)) clean = false;
        last.set(key, { generation: box.generation, lines: box.lines.length, whole, window: window.length });
        lastTruth.set(key, model.truth.get(key)!.length);
      }
      if (clean && !model.boxes.some((b) => b.generation > 0)) {
        cleanPolls++;
        assert.equal(marked.size, 0, `a marker although every container overlapped clearly: ${[...marked].join(', ')}`);
      }
      // Within one poll the new lines are in time order.
      const times = result.fresh.map((l) => parseLine(l).time!);
      for (let i = 1; i < times.length; i++) assert.ok(times[i - 1].seconds * 1e9 + times[i - 1].nanos <= times[i].seconds * 1e9 + times[i].nanos, 'not merged by time');
    }
  }
  const polledCount = new Map([...last.keys()].map((k) => [k, lastTruth.get(k) ?? 0]));
  return { output, model, requiredMarks, polledCount, cleanPolls };
}

/** The output lines of one container, with the markers about it (or about all). */
function outputOf(output: string[], key: string): string[] {
  return output.filter((l) => (l.startsWith(MARKER) ? l.endsWith(` ${key}`) || l.endsWith(' *') || l.endsWith(' ') : parseLine(l).container === key));
}

describe('logs: per-container windows (fast-check)', () => {
  it('every container is shown exactly, in order, marked only where its lines were lost or it was replaced', () => {
    let polled = 0;
    let replaced = 0;
    let gaps = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 120 }), (steps) => {
        const { output, model, polledCount } = run(steps);
        const restarted = steps.some((s) => s.kind === 'restart');
        for (const [key, truth] of model.truth) {
          const shown = outputOf(output, key);
          const result = checkAgainstLog(shown, truth);
          assert.ok(result.skipsMarked, `${key}: ${result.firstSkip}`);
          // Without restarts (whose unread last lines nobody can know of until the new
          // container shows up) and markers, it is exactly the truth up to the last poll.
          if (!restarted && !shown.some((l) => l.startsWith(MARKER))) {
            const content = shown.filter((l) => !l.startsWith(MARKER));
            const known = truth.slice(0, polledCount.get(key) ?? 0);
            assert.deepEqual(content, known.slice(known.length - content.length), `${key}: no marker, yet lines are missing`);
          }
        }
        polled += steps.filter((s) => s.kind === 'poll').length;
        replaced += output.filter((l) => l.startsWith(`${MARKER}new`)).length;
        gaps += output.filter((l) => l.startsWith(`${MARKER}gap`)).length;
      }),
      { numRuns: 400 },
    );
    assert.ok(polled > 1000 && replaced > 50 && gaps > 50, `too few cases: ${polled} polls, ${replaced} replacements, ${gaps} gaps`);
  });

  it('a merged, time-ordered window (N lines in all) is followed as one stream', () => {
    const model = new Model();
    const tracker = new ContainerTracker({ minLines: 10, maxLines: 10 });
    const output: string[] = [];
    const merged = () => [...model.truth.values()].flat().sort().slice(-10);
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 4; i++) model.write((round + i) % 3, (round * 7 + i) % 5, 0, false);
      const r = tracker.accept(merged(), 10);
      assert.deepEqual([r.gaps, r.replaced], [[], []], `round ${round}`);
      output.push(...r.fresh);
    }
    const all = [...model.truth.values()].flat().sort();
    assert.deepEqual(output, all.slice(all.length - output.length));
  });

  it('names the container in its markers only when there are several', () => {
    assert.equal(containerLabel('app[web.2]'), 'web.2');
    assert.equal(containerLabel(''), '');
  });
});
