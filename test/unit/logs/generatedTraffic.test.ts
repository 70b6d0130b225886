// The polling engine against the reference server's own log generator (the
// traffic the integration tests tail): bursts, identical repeats, lines sharing a
// millisecond, stalls longer than a window. Simulated time, seeded randomness.
// The output is checked with the same continuity checker as the integration test,
// and every alignment against the exact number of lines that arrived.

import { strict as assert } from 'node:assert';
import { WindowTracker } from '../../../src/logs';
import { checkAgainstLog, MARKER } from '../../integration/support/logContinuity';
import { LogBook, logLine } from '../../server/simulation/logBook';
import { LogGenerator } from '../../server/simulation/logGenerator';
import type { Store } from '../../server/store';

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Fifteen simulated seconds of busy traffic tailed by polling, as in the integration test. */
function tailBusyApp(seed: number) {
  const rng = seeded(seed);
  const book = new LogBook();
  const app = { id: 'app', status: 'running', serverId: 'srv', scaling: { web: 3, worker: 1 } };
  const store = { apps: new Map([[app.id, app]]), servers: new Map() } as unknown as Store;
  const generator = new LogGenerator(store, book, rng);
  let now = Date.parse('2026-11-21T22:00:00Z');
  for (let i = 0; i < 100; i++) generator.tick(40, (now += 40)); // some history
  const truth = book.tail(app.id, 3000);
  book.subscribe(app.id, (lines) => truth.push(...lines));

  const tracker = new WindowTracker();
  const output: string[] = [];
  const misaligned: string[] = [];
  let seen = -1;
  const poll = (requested: number) => {
    const result = tracker.accept(book.tail(app.id, requested), requested);
    const arrived = truth.length - seen;
    if (seen >= 0 && result.kind !== 'gap' && result.fresh.length !== arrived) misaligned.push(`${result.kind}: ${result.fresh.length} shown, ${arrived} arrived`);
    seen = truth.length;
    if (result.kind === 'gap' || result.kind === 'uncertain') output.push(`${MARKER}${result.kind}`);
    output.push(...result.fresh);
  };
  poll(20);
  const end = now + 15_000;
  let nextTick = now + 40;
  let nextRepeat = now + 97;
  let nextPoll = now + 150;
  for (let i = 0; now < end; ) {
    now = Math.min(nextTick, nextRepeat, nextPoll);
    if (now === nextTick) {
      generator.tick(40, now);
      nextTick += 40;
    }
    if (now === nextRepeat) {
      book.append(app.id, Array(1 + (i % 4)).fill(logLine(new Date(now), 'app[web.1]', `repeated line ${i % 3}`)));
      i++;
      nextRepeat += 194;
    }
    if (now === nextPoll) {
      poll(tracker.windowSize);
      // Now and then a stalled poll: more lines arrive than a window holds.
      nextPoll += rng() < 0.05 ? 1500 + Math.floor(rng() * 1500) : 150;
    }
  }
  return { output, truth, misaligned };
}

describe('logs: polling the reference server\'s generated traffic', () => {
  it('shows exactly what arrived at every poll, and marks every gap (200 seeded runs)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { output, truth, misaligned } = tailBusyApp(seed);
      assert.deepEqual(misaligned, [], `seed ${seed}`);
      const { skipsMarked, firstSkip, matched } = checkAgainstLog(output, truth);
      assert.ok(skipsMarked, `seed ${seed}: ${firstSkip}`);
      assert.ok(matched > 500, `seed ${seed}: ${matched} lines followed`);
    }
  });
});

describe('logs: the continuity checker', () => {
  const log = ['a', 'x', 'x', 'x', 'x', 'b', 'c', 'd'];

  it('accepts a window read after a gap that starts inside a run of repeats', () => {
    // Shown: a, then after a marker the window [x, x, b] (the run's last two copies).
    const result = checkAgainstLog(['a', `${MARKER}gap`, 'x', 'x', 'b', 'c'], log);
    assert.deepEqual([result.skipsMarked, result.matched], [true, 5]);
  });

  it('reports lines skipped without a marker', () => {
    const result = checkAgainstLog(['a', 'x', 'x', 'x', 'x', 'c', 'd'], log);
    assert.equal(result.skipsMarked, false);
    assert.match(result.firstSkip, /"c" \(after 5 lines\): 1 lines skipped before it, from "b"/);
  });

  it('reports a line shown twice', () => {
    const result = checkAgainstLog(['b', 'c', 'c', 'd'], log);
    assert.equal(result.skipsMarked, false);
    assert.match(result.firstSkip, /shown twice, out of order or invented/);
  });
});
