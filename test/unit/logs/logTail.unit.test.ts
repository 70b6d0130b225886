// The engine's control flow with a scripted source and fake time: backoff with one
// marker per outage, falling back to polling when follow is refused, stopping
// while waiting, and the poll pace following activity.

import { strict as assert } from 'node:assert';
import { ApiError, type LogFollow } from '../../../src/api';
import { LogTail, type LogSource } from '../../../src/logs';
import { CaptureSink } from './helpers';
import { FakeClock } from '../../support/fakeClock';

const info = { method: 'GET', path: '/api/v1/apps/a/logs' };
const apiError = (status: number) => new ApiError(`HTTP ${status}`, { status, messages: [], retryable: status >= 500 }, info);

/** A source whose window() answers from `log` or throws the queued errors first. */
class ScriptedSource implements LogSource {
  log: string[] = ['a', 'b', 'c'];
  failures: unknown[] = [];
  windows: number[] = [];
  follows = 0;
  followError?: unknown;

  async window(lines: number): Promise<string[]> {
    this.windows.push(lines);
    const e = this.failures.shift();
    if (e) throw e;
    return this.log.slice(-lines);
  }

  async follow(): Promise<LogFollow> {
    this.follows++;
    throw this.followError ?? apiError(405);
  }
}

function start(source: LogSource, clock: FakeClock, mode: 'auto' | 'poll' = 'poll') {
  const sink = new CaptureSink();
  const tail = new LogTail({ source, sink, clock, mode, random: () => 0.5, retry: { baseMs: 1_000, maxMs: 8_000 }, batch: { flushMs: 10 } });
  return { tail: tail.start(), sink };
}

/** stop() flushes the output, which takes (fake) time. */
async function stop(tail: LogTail, clock: FakeClock): Promise<void> {
  const done = tail.stop();
  await clock.advance(100);
  await done;
}

describe('logs: tail engine (fake time)', () => {
  it('backs off 1 s, 2 s, 4 s… with one reconnecting line per outage', async () => {
    const clock = new FakeClock();
    const source = new ScriptedSource();
    source.failures = [apiError(503), apiError(503), apiError(503)];
    const { tail, sink } = start(source, clock);
    await clock.advance(0);
    assert.equal(tail.state, 'reconnecting');
    const t0 = clock.now();
    const times: number[] = [];
    while (source.windows.length < 4) {
      await clock.advance(50);
      if (times.length < source.windows.length - 1) times.push(clock.now() - t0);
    }
    // Equal jitter with random 0.5: three quarters of each step.
    assert.deepEqual(times, [750, 2_250, 5_250]);
    await clock.advance(20);
    assert.equal(tail.state, 'live');
    assert.deepEqual(sink.markers.length, 2);
    assert.deepEqual(sink.lines, ['a', 'b', 'c']);
    await stop(tail, clock);
  });

  it('falls back to polling when the server refuses follow', async () => {
    const clock = new FakeClock();
    const source = new ScriptedSource();
    const { tail, sink } = start(source, clock, 'auto');
    await clock.advance(20);
    assert.equal(source.follows, 1);
    assert.equal(tail.transport, 'poll');
    assert.equal(tail.state, 'live');
    source.log.push('d');
    await clock.advance(2_000);
    assert.deepEqual(sink.lines, ['a', 'b', 'c', 'd']);
    assert.equal(source.follows, 1, 'follow asked again');
    await stop(tail, clock);
  });

  it('polls every 2 s while lines arrive and slows down when quiet', async () => {
    const clock = new FakeClock();
    const source = new ScriptedSource();
    const { tail } = start(source, clock);
    await clock.advance(0);
    const at = () => source.windows.length;
    await clock.advance(2_000);
    assert.equal(at(), 2);
    await clock.advance(3_000); // quiet: 3 s
    assert.equal(at(), 3);
    source.log.push('x');
    await clock.advance(4_500); // quiet again: 4.5 s, sees 'x'
    assert.equal(at(), 4);
    await clock.advance(2_000); // activity: back to 2 s
    assert.equal(at(), 5);
    await stop(tail, clock);
  });

  it('stop() during a backoff ends the tail at once', async () => {
    const clock = new FakeClock();
    const source = new ScriptedSource();
    source.failures = [new Error('socket hang up')];
    const { tail, sink } = start(source, clock);
    await clock.advance(0);
    assert.equal(tail.state, 'reconnecting');
    await stop(tail, clock);
    await tail.whenStopped();
    assert.equal(tail.stopReason, 'user');
    await clock.advance(60_000);
    assert.equal(source.windows.length, 1);
    assert.match(sink.all[0], /connection lost \(socket hang up\); reconnecting…/);
    assert.equal(clock.pendingTimers, 0, 'timers left behind');
  });
});
