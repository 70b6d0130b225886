// Interval adaptation (fast while lines arrive, backing off when quiet) and the
// fair split of the shared request budget between polling tails.

import { strict as assert } from 'node:assert';
import { RequestBudget } from '../../../src/api';
import { AdaptiveInterval, PollCoordinator } from '../../../src/logs';
import { FakeClock } from '../../support/fakeClock';

describe('logs: poll schedule', () => {
  it('polls every ~2 s while lines arrive and backs off to ~15 s when quiet', () => {
    const iv = new AdaptiveInterval();
    assert.equal(iv.desiredMs, 2_000);
    const quiet = [1, 2, 3, 4, 5, 6, 7].map(() => iv.record(0));
    assert.deepEqual(quiet, [3_000, 4_500, 6_750, 10_125, 15_000, 15_000, 15_000]);
    assert.equal(iv.record(3), 2_000, 'any new line brings the pace back');
  });

  it('without a budget, each tail gets the interval it wants', () => {
    const c = new PollCoordinator();
    assert.equal(c.join().delayMs(2_000), 2_000);
  });

  it('one busy tail on 60/min polls about every 2 s', () => {
    const budget = new RequestBudget({ perMinute: 60, clock: new FakeClock() });
    const slot = new PollCoordinator(budget).join();
    const ms = slot.delayMs(2_000);
    assert.ok(ms >= 2_000 && ms <= 2_200, String(ms));
  });

  it('busy tails share the budget equally; quiet tails keep their slow pace', () => {
    const budget = new RequestBudget({ perMinute: 60, clock: new FakeClock() });
    const c = new PollCoordinator(budget, { share: 0.6 });
    const busy = [c.join(), c.join(), c.join()];
    const quiet = [c.join(15_000), c.join(15_000)];
    quiet.forEach((q) => q.delayMs(15_000));
    const delays = busy.map((b) => b.delayMs(2_000));
    assert.ok(new Set(delays).size === 1, `unequal: ${delays}`);
    // Total polling rate stays within the share of the sustained rate (48/min × 0.6).
    const perMinute = delays.reduce((n, d) => n + 60_000 / d, 0) + quiet.reduce((n) => n + 60_000 / 15_000, 0);
    assert.ok(perMinute <= 48 * 0.6 + 0.01, String(perMinute));
    assert.equal(quiet[0].delayMs(15_000), 15_000);
    // A tail leaving gives its part back.
    busy[2].leave();
    quiet.forEach((q) => q.leave());
    assert.ok(busy[0].delayMs(2_000) < delays[0]);
  });

  it('polls slower while user actions wait for the budget', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const slot = new PollCoordinator(budget).join();
    const calm = slot.delayMs(2_000);
    for (let i = 0; i < 12; i++) void budget.acquire('user');
    await clock.advance(0);
    assert.ok(slot.delayMs(2_000) >= calm * 2 - 1, 'no back-off under pressure');
    budget.dispose();
  });
});
