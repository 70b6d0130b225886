// The tail engine in polling mode against the reference server over real HTTP
// (no follow support): initial lines, live lines, no duplicates over many polls
// of generated traffic, bursts, stop, recovery after injected failures, 401, 404.

import { strict as assert } from 'node:assert';

import { APP, type Harness, harness, initialStart, logFrom, logRequests, tailApp } from './tailHarness';
import { sleep, until } from '../../support/wait';

describe('logs: tail by polling (reference server)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows the last N lines, then new lines as they arrive', async () => {
    const t = tailApp(h, { initialLines: 5 });
    await until('initial lines', () => t.tail.state === 'live' && t.sink.lines.length === 5, 3_000);
    assert.deepEqual(t.sink.lines, h.server.control.getLogs(APP).slice(-5));
    assert.equal(t.tail.transport, 'poll');
    h.server.control.appendLogs(APP, ['first new line', 'second new line']);
    await until('new lines', () => t.sink.lines.length === 7, 3_000);
    assert.match(t.sink.lines[6], /second new line$/);
    await t.tail.stop();
    assert.deepEqual(t.states, ['starting', 'live', 'stopped']);
  });

  it('no duplicate and no missing line over many polls of generated traffic with repeats', async function () {
    this.timeout(20_000);
    const start = initialStart(h, 20);
    const t = tailApp(h, { initialLines: 20 });
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    h.server.control.setLogInterval(15); // every running app talks, with identical repeats and bursts
    for (let i = 0; i < 40; i++) {
      await sleep(40);
      if (i % 5 === 0) h.server.control.appendLogs(APP, ['retry loop', 'retry loop', 'retry loop']); // same ms: identical lines
    }
    h.server.control.setLogInterval(0);
    await until('catching up', () => t.sink.lines.length >= logFrom(h, start).length, 10_000); // a loaded machine polls late: a bound, not a timing
    await sleep(100);
    assert.deepEqual(t.sink.markers, []);
    assert.deepEqual(t.sink.lines, logFrom(h, start));
    assert.ok(logRequests(h).length > 30, `only ${logRequests(h).length} polls`);
    await t.tail.stop();
  });

  it('a burst larger than the window is marked, and later polls ask for more lines', async () => {
    const t = tailApp(h, { initialLines: 5, window: { minLines: 50, maxLines: 400 }, interval: { activeMs: 150, quietMs: 150 } });
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    h.server.control.appendLogs(APP, Array.from({ length: 30 }, (_, i) => `small burst ${i}`));
    await until('small burst', () => t.sink.lines.length === 35, 3_000);
    assert.deepEqual(t.sink.markers, [], 'a burst within the window needs no marker');
    h.server.control.appendLogs(APP, Array.from({ length: 1_000 }, (_, i) => `big burst ${i}`));
    await until('big burst', () => t.sink.lines.at(-1)?.endsWith('big burst 999') ?? false, 3_000);
    assert.equal(t.sink.markers.length, 1);
    assert.match(t.sink.markers[0], /lines may have been missed/);
    assert.ok(t.tail.windowSize > 50, 'window not raised');
    const bursts = t.sink.lines.filter((l) => l.includes(' burst '));
    assert.equal(new Set(bursts).size, bursts.length, 'a line was printed twice');
    await t.tail.stop();
  });

  it('stop() ends polling and says so in the output', async () => {
    const t = tailApp(h);
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    await t.tail.stop();
    const count = logRequests(h).length;
    await sleep(150);
    assert.equal(logRequests(h).length, count, 'requests after stop');
    assert.equal(t.tail.stopReason, 'user');
    assert.match(t.sink.all.at(-1) ?? '', /stopped tailing/);
  });

  for (const fault of ['500', '502', '503', 'reset'] as const) {
    it(`recovers from ${fault === 'reset' ? 'connection resets' : `${fault} answers`} with a visible reconnecting line, no duplicates`, async () => {
      const start = initialStart(h, 10);
      const t = tailApp(h, { initialLines: 10 });
      await until("t.tail.state === 'live'", () => t.tail.state === 'live');
      const path = `/apps/${APP}/logs`;
      if (fault === 'reset') h.server.control.resetNext({ path, count: 3 });
      else h.server.control.failNext({ status: Number(fault), path, count: 3 });
      h.server.control.appendLogs(APP, ['during outage 1', 'during outage 2']);
      await until('reconnecting', () => t.states.includes('reconnecting'), 3_000);
      await until('recovery', () => t.sink.lines.at(-1)?.endsWith('during outage 2') ?? false, 3_000);
      assert.equal(t.tail.state, 'live');
      const markers = t.sink.markers;
      assert.equal(markers.length, 2, markers.join('\n'));
      assert.match(markers[0], /reconnecting…/);
      assert.match(markers[1], /reconnected/);
      assert.deepEqual(t.sink.lines, logFrom(h, start));
      await t.tail.stop();
    });
  }

  it('a 401 stops the tail with reason unauthorized', async () => {
    const t = tailApp(h);
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    h.server.control.revokeToken(h.token);
    await until('stop', () => t.tail.state === 'stopped', 3_000);
    await t.tail.whenStopped();
    assert.equal(t.tail.stopReason, 'unauthorized');
    assert.match(t.sink.all.at(-1) ?? '', /sign in again/);
  });

  it('an app that does not exist stops the tail with reason notFound', async () => {
    const t = tailApp(h, {}, 'no-such-app');
    await until('stop', () => t.tail.state === 'stopped', 3_000);
    assert.equal(t.tail.stopReason, 'notFound');
  });
});
