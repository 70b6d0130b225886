// Tail Logs against a reference server that offers the live stream (`?follow=1`):
// reconnection without duplicates, and a 100k-line burst through the output.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { sleep, startSignedIn, stopSignedIn, until } from './support/env';
import { checkAgainstLog } from './support/logContinuity';
import { runScripted } from './support/resourceTree';
import { appRef, BURST, caughtUp, contentOf, FAST, linesOf, markersOf, recordLog, settings, tails } from './support/tails';

describe('logs: tail (streaming server)', function () {
  this.timeout(60_000);
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn(undefined, { follow: true });
    const t = await tails();
    t.capture = true;
    t.tuning = { ...FAST, streamIdleMs: 700 };
    await settings({ initialLines: 20 });
  });
  afterEach(async () => {
    server.control.setLogInterval(0);
    server.control.clearFaults();
    await (await tails()).stopAll();
  });
  after(async () => {
    (await tails()).tuning = FAST;
    await settings({ initialLines: undefined });
    await stopSignedIn(server);
  });

  it('follows the stream: the last N lines, then each new line, and reconnects (idle, reset) without duplicates', async function () {
    this.timeout(60_000);
    const app = appRef(server, 'storefront');
    await runScripted('apphost.logs.tail', { picks: ['storefront'] });
    const t = await tails();
    assert.equal((await caughtUp(server, app)).length, 60, '20 lines of each of the three containers');
    assert.equal(t.tailOf(app)?.transport, 'stream');
    server.control.clearRequestLog();
    for (let i = 0; i < 8; i++) {
      server.control.appendLogs(app.name, [`streamed ${i}`, `streamed ${i}`]);
      // Longer than the idle watchdog every other time: the stream is reopened in between.
      await sleep(i % 2 ? 900 : 100);
    }
    server.control.resetNext({ path: /\/logs$/ });
    await sleep(900);
    server.control.appendLogs(app.name, ['after a reset']);
    const shown = await caughtUp(server, app);
    assert.equal(shown.filter((l) => /streamed \d$/.test(l)).length, 16, 'each line once, repeats included');
    const reopened = server.control.requestLog.filter((e) => e.path.endsWith('/logs')).length;
    assert.ok(reopened >= 3, `reopened ${reopened} times`);
    assert.equal(t.tailOf(app)?.state, 'live');
    assert.ok(markersOf(t.textOf(app)).every((m) => /connection lost|reconnected/.test(m)), markersOf(t.textOf(app)).join('\n'));
  });

  it('takes a burst of 100k lines without freezing the extension host (other callbacks run meanwhile), every line once', async function () {
    this.timeout(90_000);
    const app = appRef(server, 'docs-site');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await caughtUp(server, app);
    const t = await tails();
    const log: string[] = [];
    // The extension host keeps turning when other callbacks run while the burst is being
    // shown: some tick of this probe sees the channel part-way through it.
    const before = t.textOf(app)!.length;
    const seen: number[] = [];
    const probe = setInterval(() => seen.push(t.textOf(app)!.length), 20);
    try {
      const burst = Array.from({ length: BURST }, (_, i) => `burst line ${i} ${'x'.repeat(40)}`);
      const truth = recordLog(server, app);
      server.control.appendLogs(app.name, burst);
      truth.stop();
      const last = truth.byContainer.get('app[web.1]')!;
      await until('the end of the burst', () => t.textOf(app)!.endsWith(`${last.at(-1)}\n`), 60_000);
      Object.assign(log, last);
    } finally {
      clearInterval(probe);
    }
    const { matched, skipsMarked, firstSkip, markers } = checkAgainstLog(linesOf(t.textOf(app)), log); // docs-site: one container
    assert.deepEqual(markers, []);
    assert.ok(skipsMarked, firstSkip);
    assert.equal(contentOf(t.textOf(app)).filter((l) => l.includes('burst line')).length, BURST, `${matched} matched`);
    const after = t.textOf(app)!.length;
    assert.ok(seen.some((n) => n > before && n < after), 'other callbacks ran while the burst was being shown');
  });
});
