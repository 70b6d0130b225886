// Several tails at the service's real limit (60 requests per window; the window is
// scaled from 60 s to 2 s on both sides so the test sees several of them) next to a
// user clicking around: no request is ever answered 429, the window is never
// exceeded, the tails use the budget they are given and share it fairly.

import { strict as assert } from 'node:assert';
import { RequestBudget } from '../../../src/api';
import { PollCoordinator } from '../../../src/logs';

import { type Harness, harness, logRequests, tailApp } from './tailHarness';
import { sleep, until } from '../../support/wait';

const WINDOW_MS = 2_000;
const APPS = ['docs-site', 'analytics', 'cron-jobs'];

describe('logs: tails within the rate limit (reference server)', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('three tails and a user at 60 per window: never a 429', async function () {
    this.timeout(20_000);
    const budget = new RequestBudget({ perMinute: 60, windowMs: WINDOW_MS });
    h = await harness({ rateLimit: { perMinute: 60, windowMs: WINDOW_MS }, logIntervalMs: 20 }, { budget });
    const coordinator = new PollCoordinator(budget);
    // Tails that would poll every millisecond if they could.
    const tails = APPS.map((app) => tailApp(h, { coordinator, interval: { activeMs: 1, quietMs: 1 } }, app));
    await until("tails.every((t) => t.tail.state === 'live')", () => tails.every((t) => t.tail.state === 'live'));
    const userCalls: Promise<unknown>[] = [];
    for (let i = 0; i < 25; i++) {
      userCalls.push(h.client.apps.list());
      await sleep(200);
    }
    await Promise.all(userCalls);

    const log = h.server.control.requestLog.filter((r) => r.path.startsWith('/api/'));
    assert.deepEqual(log.filter((r) => r.status === 429), [], 'the server answered 429');
    for (const r of log) {
      const inWindow = log.filter((o) => o.at >= r.at && o.at < r.at + WINDOW_MS).length;
      assert.ok(inWindow <= 60, `${inWindow} requests within one window`);
    }
    const polls = APPS.map((app) => logRequests(h, app).length);
    const total = polls.reduce((a, b) => a + b, 0);
    assert.ok(total > 40, `tails polled only ${total} times in ${(5_000 / WINDOW_MS).toFixed(1)} windows`);
    assert.ok(Math.min(...polls) >= 0.6 * Math.max(...polls), `unfair split: ${polls}`);
    assert.ok(tails.every((t) => t.tail.state === 'live'));
    budget.dispose();
  });
});
