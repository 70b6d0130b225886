// Property tests of polling: a random true log grows between polls of random
// window sizes; each poll's window is aligned by a WindowTracker, exactly as the
// tail does. Checked against the truth after every poll:
//  - never a duplicate or invented line: the new lines are always the last lines
//    of what truly arrived (so the output is an in-order subsequence of the log);
//  - `gap` only when the two windows truly share no line;
//  - for timestamped logs (identical lines only as consecutive repeats): a poll
//    reported `continuous` (no marker) printed exactly what arrived; when the
//    windows share no line there is a marker (`gap`, or `uncertain` for a run of
//    one repeated line); an overlap holding two distinct lines is `continuous`;
//    and a run without any marker reproduces the log exactly.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { type Alignment, WindowTracker } from '../../../src/logs';
import { distinctCount, TimestampedLog } from './helpers';

interface Poll {
  add: { repeat: boolean; dt: number; msg: number }[];
  window: number;
}

const lineOp = fc.record({
  repeat: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
  dt: fc.constantFrom(0, 0, 1, 3),
  msg: fc.integer({ min: 0, max: 3 }),
});
const pollsArb = (maxAdd: number, maxWindow: number) =>
  fc.array(fc.record({ add: fc.array(lineOp, { maxLength: maxAdd }), window: fc.integer({ min: 1, max: maxWindow }) }), {
    minLength: 1,
    maxLength: 40,
  });

interface Outcome {
  output: string[];
  marked: number;
  /** Index in the truth of the first line the initial window showed. */
  shownFrom: number;
}

/** Runs the polls; `grow(ops)` appends to the truth; `check` sees every poll with its truth. */
function simulate(
  polls: Poll[],
  truth: string[],
  grow: (ops: Poll['add']) => void,
  check: (r: Alignment, ctx: { arrived: string[]; window: string[]; sharesLine: boolean; overlap: string[] }) => void,
): Outcome {
  const tracker = new WindowTracker({ minLines: 1, maxLines: 1000 });
  const output: string[] = [];
  let marked = 0;
  let first = true;
  let shownFrom = 0;
  let previous = 0;
  for (const poll of polls) {
    const before = truth.length;
    grow(poll.add);
    const window = truth.slice(-poll.window);
    const r = tracker.accept(window, poll.window);
    const arrived = truth.slice(before);
    const start = truth.length - window.length;
    if (first) {
      assert.equal(r.kind, 'initial');
      assert.deepEqual(r.fresh, window);
      shownFrom = start;
      first = false;
    } else {
      const sharesLine = start < before;
      // The lines both windows hold.
      check(r, { arrived, window, sharesLine, overlap: truth.slice(Math.max(start, before - previous), before) });
    }
    previous = window.length;
    if (r.kind === 'gap' || r.kind === 'uncertain') marked++;
    seen[r.kind]++;
    output.push(...r.fresh);
  }
  return { output, marked, shownFrom };
}

/** Holds for any log, however its lines repeat. */
function universal(r: Alignment, c: { arrived: string[]; sharesLine: boolean }): void {
  assert.ok(r.fresh.length <= c.arrived.length, 'more new lines than arrived: a duplicate');
  assert.deepEqual(r.fresh, c.arrived.slice(c.arrived.length - r.fresh.length), 'new lines are not the last arrived lines');
  if (r.kind === 'gap') assert.ok(!c.sharesLine, 'gap reported although the windows share a line');
}

/** Every kind of alignment the properties saw, so a run that never met a gap does not pass unnoticed. */
const seen: Record<Alignment['kind'], number> = { initial: 0, continuous: 0, uncertain: 0, gap: 0 };

function isSubsequence(sub: string[], of: string[]): boolean {
  let i = 0;
  for (const l of of) if (i < sub.length && sub[i] === l) i++;
  return i === sub.length;
}

describe('logs: overlap properties (fast-check)', () => {
  it('timestamped logs with repeated lines: exact whenever windows overlap, marked whenever they do not', () => {
    fc.assert(
      fc.property(pollsArb(30, 25), (polls) => {
        const log = new TimestampedLog();
        const { output, marked, shownFrom } = simulate(polls, log.lines, (ops) => ops.forEach((o) => log.add(o)), (r, c) => {
          universal(r, c);
          if (r.kind === 'continuous') assert.deepEqual(r.fresh, c.arrived, 'no marker, yet lines are missing');
          if (!c.sharesLine) assert.ok(r.kind !== 'continuous' || r.fresh.length === c.arrived.length, 'unmarked gap');
          if (c.sharesLine && distinctCount(c.overlap) >= 2) assert.equal(r.kind, 'continuous', 'a clear overlap was not trusted');
          if (r.kind === 'uncertain') assert.ok(!c.sharesLine || distinctCount(c.overlap) < 2, 'uncertain without cause');
        });
        const shown = log.lines.slice(shownFrom);
        assert.ok(isSubsequence(output, shown));
        if (marked === 0) assert.deepEqual(output, shown, 'no marker, yet the output differs from the log');
      }),
      { numRuns: 300 },
    );
    for (const kind of ['continuous', 'uncertain', 'gap'] as const) assert.ok(seen[kind] > 20, `only ${seen[kind]} ${kind} polls`);
  });

  it('arbitrary repeats (two-letter alphabet): never a duplicate, gaps only when real', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ add: fc.array(fc.constantFrom('a', 'b'), { maxLength: 20 }), window: fc.integer({ min: 1, max: 15 }) }), {
          minLength: 1,
          maxLength: 40,
        }),
        (polls) => {
          const truth: string[] = [];
          const asPolls = polls.map((p) => ({ add: p.add.map((m) => ({ repeat: false, dt: 0, msg: m === 'a' ? 0 : 1 })), window: p.window }));
          let i = 0;
          const { output, shownFrom } = simulate(
            asPolls,
            truth,
            () => truth.push(...polls[i++].add),
            (r, c) => universal(r, c),
          );
          // Without timestamps a new "a b" may pass for an old one: no exactness claim here.
          assert.ok(isSubsequence(output, truth.slice(shownFrom)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('while the log is shorter than the window, output is exact even for all-identical lines', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 30 }), (adds) => {
        const truth: string[] = [];
        const tracker = new WindowTracker({ minLines: 1000, maxLines: 1000 });
        const output: string[] = [];
        for (const n of adds) {
          for (let j = 0; j < n; j++) truth.push('same');
          const r = tracker.accept(truth.slice(-1000), 1000);
          assert.ok(r.kind === 'initial' || r.kind === 'continuous');
          output.push(...r.fresh);
        }
        assert.deepEqual(output, truth);
      }),
    );
  });
});
