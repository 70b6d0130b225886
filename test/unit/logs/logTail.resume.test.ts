// Resuming a stopped tail (after a 401, once signed in again): same output, same
// remembered window, so no line is printed twice, and lines lost while stopped
// are marked as a gap. Fake time with a scripted source, a property over random
// stop/resume histories, and the reference server (poll and stream).

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ApiError, type LogFollow } from '../../../src/api';
import { LogTail, markers, type LogSource, type LogTailOptions } from '../../../src/logs';
import { checkAgainstLog, MARKER } from '../../integration/support/logContinuity';
import { DEMO_USER } from '../../server';
import { CaptureSink, TimestampedLog } from './helpers';
import { APP, type Harness, harness, initialStart, logFrom, tailApp } from './tailHarness';
import { until } from '../../support/wait';
import { FakeClock } from '../../support/fakeClock';

const info = { method: 'GET', path: '/api/v1/apps/a/logs' };
const unauthorized = () => new ApiError('Invalid or expired token', { status: 401, messages: [], retryable: false }, info);

/** Answers windows from `log`; refuses with 401 while `signedOut`. */
class SessionSource implements LogSource {
  readonly log: string[] = [];
  signedOut = false;
  windows: number[] = [];

  async window(lines: number): Promise<string[]> {
    this.windows.push(lines);
    if (this.signedOut) throw unauthorized();
    return this.log.slice(-lines);
  }

  async follow(): Promise<LogFollow> {
    throw new ApiError('no follow', { status: 405, messages: [], retryable: false }, info);
  }
}

const line = (n: number) => `2026-01-01T00:00:${String(n).padStart(6, '0')}Z app[web.1]: line ${n}`;
const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => line(from + i));

function start(source: LogSource, clock: FakeClock, options: Partial<LogTailOptions> = {}) {
  const sink = new CaptureSink();
  const tail = new LogTail({ source, sink, clock, mode: 'poll', initialLines: 5, random: () => 0.5, batch: { flushMs: 10 }, ...options });
  const states: string[] = [];
  tail.onDidChangeState((c) => states.push(c.state));
  return { tail: tail.start(), sink, states };
}

/** stop() flushes the output, which takes (fake) time. */
async function stop(tail: LogTail, clock: FakeClock): Promise<void> {
  const done = tail.stop();
  await clock.advance(100);
  await done;
}

/** Until the source is refused: the tail stops by itself. */
async function refuse(source: SessionSource, tail: LogTail, clock: FakeClock): Promise<void> {
  source.signedOut = true;
  for (let i = 0; i < 100 && tail.state !== 'stopped'; i++) await clock.advance(500);
  await clock.advance(100);
  assert.equal(tail.stopReason, 'unauthorized');
}

describe('logs: resuming a stopped tail (fake time)', () => {
  it('continues in the same output from the remembered window: nothing twice, nothing missing', async () => {
    const clock = new FakeClock();
    const source = new SessionSource();
    source.log.push(...lines(0, 20));
    const { tail, sink, states } = start(source, clock);
    await clock.advance(100);
    source.log.push(...lines(20, 3));
    await clock.advance(2_100);
    assert.deepEqual(sink.lines, lines(15, 8));

    await refuse(source, tail, clock);
    const asked = source.windows.length;
    source.log.push(...lines(23, 40)); // logged while signed out
    await clock.advance(60_000);
    assert.equal(source.windows.length, asked, 'no reads while stopped');

    source.signedOut = false;
    assert.equal(tail.resume(markers.signedInAgain()), true);
    assert.equal(tail.state, 'starting');
    await clock.advance(100);
    assert.equal(tail.state, 'live');
    assert.equal(source.windows[asked], 1000, 'the first read after resuming asks for the largest window');
    source.log.push(...lines(63, 2));
    await clock.advance(2_100);
    assert.equal(source.windows.at(-1), 100, 'then the usual window again');

    assert.deepEqual(sink.lines, lines(15, 50), 'every line once, in order');
    assert.equal(sink.markers.length, 2, sink.markers.join('\n'));
    assert.match(sink.markers[0], /not signed in, or the session expired; sign in again to resume/);
    assert.equal(sink.markers[1], `${MARKER}signed in again: resuming`);
    assert.equal(sink.all.indexOf(sink.markers[1]), 9, 'the resume line comes before the new lines');
    assert.deepEqual(states.slice(-3), ['stopped', 'starting', 'live']);
    await stop(tail, clock);
    await tail.whenStopped();
    assert.equal(clock.pendingTimers, 0, 'timers left behind');
  });

  it('marks a gap when more lines than the largest window were logged while stopped', async () => {
    const clock = new FakeClock();
    const source = new SessionSource();
    source.log.push(...lines(0, 5));
    const { tail, sink } = start(source, clock, { window: { minLines: 2, maxLines: 8 } });
    await clock.advance(100);
    await refuse(source, tail, clock);
    source.log.push(...lines(5, 30));
    source.signedOut = false;
    tail.resume(markers.signedInAgain());
    await clock.advance(100);
    source.log.push(...lines(35, 1));
    await clock.advance(2_100);
    assert.equal(sink.markers.length, 3, sink.markers.join('\n'));
    assert.match(sink.markers[1], /signed in again: resuming/);
    assert.match(sink.markers[2], /lines may have been missed here \(more than 8 new lines/);
    const { skipsMarked, firstSkip } = checkAgainstLog(sink.all, source.log);
    assert.ok(skipsMarked, firstSkip);
    assert.deepEqual(sink.lines.slice(-9), lines(27, 9), 'after the gap: the window, then live lines');
    await stop(tail, clock);
  });

  it('resumes only a stopped tail, also one stopped while its stop was still being written', async () => {
    const clock = new FakeClock();
    const source = new SessionSource();
    source.log.push(...lines(0, 3));
    const { tail, sink } = start(source, clock);
    await clock.advance(100);
    assert.equal(tail.resume(), false, 'running');
    const stopping = tail.stop(); // its closing line is not flushed yet
    assert.equal(tail.resume(), true);
    source.log.push(line(3));
    await clock.advance(100);
    await stopping;
    await clock.advance(3_100); // the first read came before line 3: a quiet poll, 3 s
    assert.deepEqual(sink.lines, lines(0, 4));
    assert.deepEqual(sink.markers, [`${MARKER}stopped tailing`, `${MARKER}resuming`]);
    assert.equal(tail.state, 'live', 'the old stop did not close the resumed output');
    await stop(tail, clock);
  });

  it('never shows a line twice over random histories of 401s and resumes (property)', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('log' as const), add: fc.array(fc.record({ repeat: fc.boolean(), dt: fc.constantFrom(0, 1), msg: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 40 }) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 100, max: 20_000 }) }),
      fc.constant({ kind: 'refuse' as const }),
      fc.constant({ kind: 'resume' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 40 }), async (ops) => {
        const clock = new FakeClock();
        const log = new TimestampedLog();
        const source = new SessionSource();
        const grow = (add: Parameters<TimestampedLog['add']>[0][]) => {
          for (const a of add) log.add(a);
          source.log.splice(0, source.log.length, ...log.lines);
        };
        grow([{ repeat: false, dt: 1, msg: 0 }]);
        const { tail, sink } = start(source, clock, { window: { minLines: 4, maxLines: 16 } });
        await clock.advance(100);
        for (const o of ops) {
          if (o.kind === 'log') grow(o.add);
          else if (o.kind === 'wait') await clock.advance(o.ms);
          else if (o.kind === 'refuse') await refuse(source, tail, clock);
          else if (tail.state === 'stopped') {
            source.signedOut = false;
            tail.resume(markers.signedInAgain());
          }
        }
        source.signedOut = false;
        tail.resume(markers.signedInAgain());
        await clock.advance(20_000);
        await stop(tail, clock);
        // Only a gap or uncertain marker may stand where lines are missing: stop and
        // resume lines are dropped, so the output must run on across them.
        const output = sink.all.filter((l) => !l.startsWith(MARKER) || /missed/.test(l));
        const { skipsMarked, firstSkip } = checkAgainstLog(output, log.lines);
        assert.ok(skipsMarked, firstSkip);
        assert.equal(sink.lines.at(-1), log.lines.at(-1), 'caught up');
      }),
      { numRuns: 150 },
    );
  });
});

describe('logs: resuming against the reference server', () => {
  let h: Harness;
  let token: string;
  const opened = async (follow: boolean) => {
    h = await harness({ follow }, { getToken: () => token });
    token = h.token;
  };
  afterEach(async () => {
    await h.close();
  });

  for (const follow of [false, true]) {
    it(`${follow ? 'stream' : 'poll'}: a 401 stops; resumed with a new token, it goes on without a duplicate`, async () => {
      await opened(follow);
      const start = initialStart(h, 10);
      const t = tailApp(h, { initialLines: 10, mode: follow ? 'auto' : 'poll' });
      await until("t.tail.state === 'live'", () => t.tail.state === 'live');
      h.server.control.appendLogs(APP, ['before', 'before']);
      await until('t.sink.lines.length === 12', () => t.sink.lines.length === 12);
      h.server.control.revokeToken(token);
      t.streams[0]?.close(); // a stream sees the 401 when it reconnects
      await until('stopped', () => t.tail.state === 'stopped', 3_000);
      assert.equal(t.tail.stopReason, 'unauthorized');
      h.server.control.appendLogs(APP, ['while signed out', 'while signed out', 'also while signed out']);
      token = h.server.control.issueToken(DEMO_USER.email, 'again');
      assert.ok(t.tail.resume(markers.signedInAgain()));
      await until('caught up', () => t.sink.lines.at(-1)?.endsWith('also while signed out') ?? false, 3_000);
      h.server.control.appendLogs(APP, ['after']);
      await until('live', () => t.sink.lines.at(-1)?.endsWith('after') ?? false, 3_000);
      assert.deepEqual(t.sink.lines, logFrom(h, start));
      // (A stream closed here first says "connection lost", then meets the 401.)
      assert.match(t.sink.markers.at(-2)!, /not signed in, or the session expired/);
      assert.match(t.sink.markers.at(-1)!, /signed in again: resuming/);
      assert.ok(t.sink.markers.every((m) => !/missed/.test(m)), t.sink.markers.join('\n'));
      if (follow) assert.equal(t.tail.transport, 'stream');
    });
  }
});
