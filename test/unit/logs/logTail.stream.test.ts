// The tail engine in stream mode (`?follow=1` answered with chunked text) against
// the reference server: live lines, reconnect after a dropped stream and after
// failures without duplicates, the idle watchdog, a 100k-line burst, and 401.

import { strict as assert } from 'node:assert';

import { APP, type Harness, harness, initialStart, logFrom, logRequests, tailApp } from './tailHarness';
import { sleep, until } from '../../support/wait';

describe('logs: tail by stream (reference server)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ follow: true });
  });
  afterEach(async () => {
    await h.close();
  });

  it('shows the last N lines, then live lines, over one request', async () => {
    const start = initialStart(h, 5);
    const t = tailApp(h, { initialLines: 5 });
    await until('live', () => t.tail.state === 'live', 3_000);
    assert.equal(t.tail.transport, 'stream');
    h.server.control.appendLogs(APP, ['streamed one', 'streamed two']);
    await until('live lines', () => t.sink.lines.length === 7, 3_000);
    assert.deepEqual(t.sink.lines, logFrom(h, start));
    assert.equal(t.streams.length, 1, 'one stream opened');
    assert.equal(logRequests(h).length, 0, 'no other log request'); // the open stream is logged once it closes
    assert.deepEqual(t.sink.markers, []);
  });

  it('reconnects after the stream drops and resumes without duplicates', async () => {
    const start = initialStart(h, 10);
    const t = tailApp(h, { initialLines: 10 });
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    h.server.control.appendLogs(APP, ['before the drop', 'before the drop']);
    await until('t.sink.lines.length === 12', () => t.sink.lines.length === 12);
    h.server.control.failNext({ status: 503, path: `/apps/${APP}/logs`, count: 2 });
    t.streams[0].close(); // the connection drops
    h.server.control.appendLogs(APP, ['while away 1', 'while away 1', 'while away 2']);
    await until('resume', () => t.sink.lines.at(-1)?.endsWith('while away 2') ?? false, 3_000);
    h.server.control.appendLogs(APP, ['after the reconnect']);
    await until('live again', () => t.sink.lines.at(-1)?.endsWith('after the reconnect') ?? false, 3_000);
    assert.deepEqual(t.sink.lines, logFrom(h, start));
    assert.equal(t.sink.markers.length, 2, t.sink.markers.join('\n'));
    assert.match(t.sink.markers[0], /reconnecting…/);
    assert.match(t.sink.markers[1], /reconnected/);
    assert.ok(t.states.includes('reconnecting'));
    assert.equal(t.tail.state, 'live');
  });

  it('the idle watchdog reopens a silent stream quietly, without duplicates', async () => {
    const start = initialStart(h, 10);
    const t = tailApp(h, { initialLines: 10, streamIdleMs: 80 });
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    await sleep(400);
    h.server.control.appendLogs(APP, ['after a quiet spell']);
    await until('line', () => t.sink.lines.at(-1)?.endsWith('after a quiet spell') ?? false, 3_000);
    assert.ok(logRequests(h).length >= 3, `${logRequests(h).length} requests`);
    assert.deepEqual(t.sink.markers, []);
    assert.deepEqual(t.sink.lines, logFrom(h, start));
    assert.deepEqual(t.states, ['starting', 'live']);
  });

  it('a burst of 100k lines arrives whole and in order', async function () {
    this.timeout(20_000);
    const t = tailApp(h, { initialLines: 1 });
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    const burst = Array.from({ length: 100_000 }, (_, i) => `2026-01-01T00:00:00.000Z app[web.1]: burst ${i}`);
    h.server.control.appendLogs(APP, burst);
    await until('the burst', () => t.sink.lines.length === 100_001, 15_000);
    assert.deepEqual(t.sink.lines.slice(1), burst);
  });

  it('a 401 on reconnect stops the tail with reason unauthorized', async () => {
    const t = tailApp(h);
    await until("t.tail.state === 'live'", () => t.tail.state === 'live');
    h.server.control.revokeToken(h.token);
    t.streams[0].close();
    await until('stop', () => t.tail.state === 'stopped', 3_000);
    await t.tail.whenStopped();
    assert.equal(t.tail.stopReason, 'unauthorized');
  });
});
