// The polling core against the reference server's own log generator (the traffic
// the integration tests tail), in Dokku's form: four containers (web.1-3, worker.1),
// each window the last N lines of every container in a shuffled block order, with
// bursts, identical repeats, the same message from two web containers in the same
// second, stalls longer than a window, and a restart (new containers) mid-run.
// Simulated time, seeded randomness. Each container's output is checked against
// that container's own log with the integration tests' continuity checker, and every
// poll's new lines against the exact number that arrived in each container.

import { strict as assert } from 'node:assert';
import { ContainerTracker, parseLine } from '../../../src/logs';
import { checkAgainstLog, MARKER } from '../../integration/support/logContinuity';
import { LogBook, logLine, processNames } from '../../server/simulation/logBook';
import { LogGenerator } from '../../server/simulation/logGenerator';
import type { Store } from '../../server/store';

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const containerOf = (line: string) => /^\S+ (\S+\[[^\]]+\]):/.exec(line)?.[1] ?? '';

/** Fifteen simulated seconds of busy traffic tailed by polling, as in the integration test. */
function tailBusyApp(seed: number) {
  const rng = seeded(seed);
  const book = new LogBook(rng);
  const app = { id: 'app', status: 'running', serverId: 'srv', scaling: { web: 3, worker: 1 } };
  const store = { apps: new Map([[app.id, app]]), servers: new Map() } as unknown as Store;
  const generator = new LogGenerator(store, book, rng);
  book.replaceContainers(app.id, processNames(app.scaling));
  let now = Date.parse('2026-11-21T22:00:00Z');
  for (let i = 0; i < 100; i++) generator.tick(40, (now += 40)); // some history
  // The truth, per container name: every line each container ever wrote.
  const truth = new Map<string, string[]>();
  const record = (lines: string[]) => {
    for (const l of lines) {
      const key = containerOf(l);
      if (!truth.has(key)) truth.set(key, []);
      truth.get(key)!.push(l);
    }
  };
  record(book.merged(app.id));
  book.subscribe(app.id, record);

  const tracker = new ContainerTracker();
  const output: string[] = [];
  const misaligned: string[] = [];
  const seen = new Map<string, number>();
  let restarted = false;
  let largestWindow = 0;
  const poll = (requested: number) => {
    largestWindow = Math.max(largestWindow, requested);
    const result = tracker.accept(book.window(app.id, requested), requested);
    const marked = new Set([...result.gaps, ...result.replaced, ...result.uncertain]);
    if (!result.initial) {
      for (const [key, lines] of truth) {
        const arrived = lines.length - (seen.get(key) ?? 0);
        const shown = result.fresh.filter((l) => parseLine(l).container === key).length;
        if (!marked.has(key) && shown !== arrived) misaligned.push(`${key}: ${shown} shown, ${arrived} arrived`);
      }
    }
    for (const [key, lines] of truth) seen.set(key, lines.length);
    for (const key of result.gaps) output.push(`${MARKER}gap ${key}`);
    for (const key of result.uncertain) output.push(`${MARKER}uncertain ${key}`);
    for (const key of result.replaced) output.push(`${MARKER}new ${key}`);
    output.push(...result.fresh);
    assert.ok(result.fresh.every((l) => !l.includes('\x1b')), 'escape codes in the output');
  };
  poll(20);
  const end = now + 15_000;
  const restartAt = now + 4_000 + Math.floor(rng() * 8_000);
  let nextTick = now + 40;
  let nextRepeat = now + 97;
  let nextPoll = now + 150;
  for (let i = 0; now < end; ) {
    now = Math.min(nextTick, nextRepeat, nextPoll);
    if (!restarted && now >= restartAt) {
      // Restart: new containers, each saying it is up; the old ones' lines are gone.
      restarted = true;
      book.replaceContainers(app.id, processNames(app.scaling));
      book.append(app.id, processNames(app.scaling).map((p) => logLine(new Date(now), `app[${p}]`, 'Server listening on 0.0.0.0:5000')));
    }
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
  return { output, truth, misaligned, largestWindow };
}

/** One container's output, with the markers about it. */
const outputOf = (output: string[], key: string) => output.filter((l) => (l.startsWith(MARKER) ? l.endsWith(` ${key}`) : containerOf(l) === key));

describe('logs: polling the reference server\'s generated traffic (per-container windows)', () => {
  it('shows exactly what arrived in each container at every poll, marks every gap, reports the restart once (200 seeded runs)', function () {
    this.timeout(60_000);
    for (let seed = 1; seed <= 200; seed++) {
      const { output, truth, misaligned, largestWindow } = tailBusyApp(seed);
      assert.deepEqual(misaligned, [], `seed ${seed}`);
      let matched = 0;
      for (const [key, lines] of truth) {
        const result = checkAgainstLog(outputOf(output, key), lines);
        assert.ok(result.skipsMarked, `seed ${seed}, ${key}: ${result.firstSkip}`);
        matched += result.matched;
      }
      assert.ok(matched > 500, `seed ${seed}: ${matched} lines followed`);
      const news = output.filter((l) => l.startsWith(`${MARKER}new`));
      assert.ok(news.length >= 1 && news.length <= 4, `seed ${seed}: ${news.length} new-container markers`);
      assert.ok(largestWindow <= 1000, `seed ${seed}: a window of ${largestWindow} lines per container`);
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
