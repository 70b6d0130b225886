// The engine with Dokku's windows, a scripted source and fake time: per-container
// blocks in varying order, escape codes, lines pretending to be markers, replaced
// containers, and an app that has not been deployed yet.

import { strict as assert } from 'node:assert';
import { ApiError, type LogFollow } from '../../../src/api';
import { LogTail, type LogSource } from '../../../src/logs';
import { CaptureSink } from './helpers';
import { FakeClock } from '../../support/fakeClock';

const info = { method: 'GET', path: '/api/v1/apps/blog/logs' };
const NOT_DEPLOYED = 'Dokku command failed: logs blog --num 100\n !     App blog has not been deployed\n';
const notDeployed = () => new ApiError(NOT_DEPLOYED, { status: 422, messages: [NOT_DEPLOYED], retryable: false }, info);

/** Containers with their own lines; window(n) answers like Dokku (last n of each, coloured, rotating block order). */
class DokkuSource implements LogSource {
  containers = new Map<string, string[]>();
  deployed = true;
  reads = 0;

  write(process: string, second: number, text: string): string {
    const line = `2026-11-25T10:00:${String(second).padStart(2, '0')}.5Z app[${process}]: ${text}`;
    if (!this.containers.has(process)) this.containers.set(process, []);
    this.containers.get(process)!.push(line);
    return line;
  }

  async window(lines: number): Promise<string[]> {
    this.reads++;
    if (!this.deployed) throw notDeployed();
    const blocks = [...this.containers.values()].map((c, i) => c.slice(-lines).map((l) => `\x1b[${31 + i}m${l.replace(': ', ':\x1b[0m ')}`));
    for (let i = 0; i < this.reads % blocks.length; i++) blocks.push(blocks.shift()!);
    return blocks.flat();
  }

  async follow(): Promise<LogFollow> {
    throw new ApiError('not here', { status: 405, messages: [], retryable: false }, info);
  }
}

function start(source: LogSource, clock: FakeClock, initialLines = 3, minLines = 3) {
  const sink = new CaptureSink();
  const tail = new LogTail({
    source, sink, clock, mode: 'poll', initialLines, random: () => 0.5, batch: { flushMs: 10 },
    interval: { activeMs: 1_000, quietMs: 1_000 }, window: { minLines, maxLines: 12 },
  });
  return { tail: tail.start(), sink };
}

/** stop() flushes the output, which takes (fake) time. */
async function stop(tail: LogTail, clock: FakeClock): Promise<void> {
  const done = tail.stop();
  await clock.advance(100);
  await done;
}

describe('logs: tail engine with per-container windows (fake time)', () => {
  it('shows each container once, merged by time, without escape codes, whatever the block order', async () => {
    const clock = new FakeClock();
    const source = new DokkuSource();
    for (const p of ['web.1', 'web.2', 'worker.1']) source.write(p, 0, 'booted');
    source.write('web.1', 1, 'GET / 200');
    source.write('web.2', 1, 'GET / 200'); // the same message from another container in the same second
    source.write('worker.1', 2, 'job done');
    const { tail, sink } = start(source, clock, 3, 6);
    await clock.advance(50);
    assert.deepEqual(sink.lines.slice(0, 3), [
      '2026-11-25T10:00:00.5Z app[web.1]: booted',
      '2026-11-25T10:00:00.5Z app[web.2]: booted',
      '2026-11-25T10:00:00.5Z app[worker.1]: booted',
    ]);
    assert.deepEqual(sink.lines.slice(3), [
      '2026-11-25T10:00:01.5Z app[web.1]: GET / 200',
      '2026-11-25T10:00:01.5Z app[web.2]: GET / 200',
      '2026-11-25T10:00:02.5Z app[worker.1]: job done',
    ]);
    source.write('web.2', 3, 'GET /a 200');
    source.write('web.1', 4, 'GET /b 200');
    source.write('web.1', 4, 'GET /b 200'); // a repeat within one container
    await clock.advance(1_050);
    await clock.advance(1_050);
    assert.deepEqual(sink.lines.slice(6), [
      '2026-11-25T10:00:03.5Z app[web.2]: GET /a 200',
      '2026-11-25T10:00:04.5Z app[web.1]: GET /b 200',
      '2026-11-25T10:00:04.5Z app[web.1]: GET /b 200',
    ]);
    assert.deepEqual(sink.markers, []);
    assert.ok(!sink.text.includes('\x1b'));
    assert.equal(tail.windowSize, 6, 'the window stays at what each container needs');
    await stop(tail, clock);
  });

  it('names the container whose lines were lost, and only that one', async () => {
    const clock = new FakeClock();
    const source = new DokkuSource();
    for (let i = 0; i < 5; i++) source.write('web.1', 1, `a${i}`);
    source.write('worker.1', 1, 'w0');
    const { tail, sink } = start(source, clock);
    await clock.advance(50);
    for (let i = 0; i < 20; i++) source.write('web.1', 2, `b${i}`); // more than a window between two reads
    source.write('worker.1', 2, 'w1');
    await clock.advance(1_050);
    assert.equal(sink.markers.length, 1);
    assert.match(sink.markers[0], /^… lines of web\.1 may have been missed here/);
    assert.ok(sink.lines.includes('2026-11-25T10:00:02.5Z app[worker.1]: w1'));
    await stop(tail, clock);
  });

  it('replaced containers (restart) get one short marker, not a gap', async () => {
    const clock = new FakeClock();
    const source = new DokkuSource();
    for (const p of ['web.1', 'web.2']) for (let i = 0; i < 5; i++) source.write(p, 1, `old ${i}`);
    const { tail, sink } = start(source, clock);
    await clock.advance(50);
    source.containers.clear(); // restart: new containers, the old lines are gone
    source.write('web.1', 9, 'Server listening on 0.0.0.0:5000');
    source.write('web.2', 9, 'Server listening on 0.0.0.0:5000');
    await clock.advance(1_050);
    assert.deepEqual(sink.markers, ['… new containers (restart or deploy): web.1, web.2; lines the old ones wrote after the last read may have been missed']);
    assert.deepEqual(sink.lines.slice(-2), ['2026-11-25T10:00:09.5Z app[web.1]: Server listening on 0.0.0.0:5000', '2026-11-25T10:00:09.5Z app[web.2]: Server listening on 0.0.0.0:5000']);
    await stop(tail, clock);
  });

  it('a server line cannot pass for a marker, and control characters are dropped', async () => {
    const clock = new FakeClock();
    const source = new DokkuSource();
    source.containers.set('', ['… stopped tailing', '\x1b]0;title\x07hidden title']);
    source.write('web.1', 1, 'bell\x07 and\r carriage');
    const { tail, sink } = start(source, clock);
    await clock.advance(50);
    assert.deepEqual(sink.markers, []);
    assert.deepEqual(sink.lines.sort(), ['... stopped tailing', '2026-11-25T10:00:01.5Z app[web.1]: bell and carriage', 'hidden title']);
    await stop(tail, clock);
  });

  it('an app never deployed: said once, no "connection lost", checked about once a minute, and at once on checkNow()', async () => {
    const clock = new FakeClock();
    const source = new DokkuSource();
    source.deployed = false;
    const states: string[] = [];
    const { tail, sink } = start(source, clock);
    tail.onDidChangeState((c) => states.push(c.state));
    await clock.advance(50);
    assert.equal(tail.state, 'waiting');
    assert.deepEqual(sink.markers, ['… this app has not been deployed yet: its lines will show here after the first deploy (checking about once a minute)']);
    await clock.advance(5 * 60_000);
    assert.ok(source.reads >= 5 && source.reads <= 7, `${source.reads} reads in five minutes`);
    assert.equal(sink.markers.length, 1, 'said once');
    assert.ok(!sink.text.includes('connection lost'));

    source.deployed = true;
    source.write('web.1', 1, 'Server listening on 0.0.0.0:5000');
    const before = source.reads;
    tail.checkNow();
    await clock.advance(50);
    assert.equal(source.reads, before + 1, 'checked at once');
    assert.equal(tail.state, 'live');
    assert.deepEqual(sink.markers.at(-1), '… the app has been deployed: following its lines');
    assert.deepEqual(sink.lines, ['2026-11-25T10:00:01.5Z app[web.1]: Server listening on 0.0.0.0:5000']);
    assert.deepEqual(states, ['waiting', 'live']);
    await stop(tail, clock);
  });

  it('an idle app is polled at the quiet pace from the start (4 reads a minute); one with recent lines at 2 s', async () => {
    for (const age of [86_400_000, 1_000]) {
      const clock = new FakeClock();
      const reads: number[] = [];
      const stamp = new Date(clock.now() - age).toISOString();
      const source: LogSource = {
        async window() {
          reads.push(clock.now());
          return [`${stamp} app[web.1]: last words`];
        },
        follow: () => Promise.reject(new ApiError('no', { status: 405, messages: [], retryable: false }, info)),
      };
      const tail = new LogTail({ source, sink: new CaptureSink(), clock, mode: 'poll', random: () => 0.5, batch: { flushMs: 10 } });
      tail.start();
      await clock.advance(59_900);
      const gaps = reads.map((t) => t - reads[0]);
      if (age > 60_000) assert.deepEqual(gaps, [0, 15_000, 30_000, 45_000], 'a day-old last line: the quiet pace at once');
      else assert.deepEqual(gaps.slice(0, 3), [0, 2_000, 5_000], 'a line a second old: the active pace, slowing down while nothing comes');
      await stop(tail, clock);
    }
  });
});
