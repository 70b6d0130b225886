// The shared request budget with a fake clock: the window guarantee, priorities,
// reserves, cancellation while waiting, runtime reconfiguration, and 429 pauses.

import { strict as assert } from 'node:assert';
import { type Priority, RequestBudget } from '../../../src/api';
import { FakeClock, flush } from '../../support/fakeClock';

function track(budget: RequestBudget, priority: Priority, log: string[], label: string, signal?: AbortSignal) {
  return budget.acquire(priority, signal).then(
    () => void log.push(label),
    (e) => void log.push(`${label}:rejected:${(e as Error).message}`),
  );
}

describe('api: request budget (fake clock)', () => {
  it('never grants more than the limit in any sliding minute under sustained demand', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const grants: number[] = [];
    let stop = false;
    const worker = async (p: Priority) => {
      while (!stop) {
        await budget.acquire(p).catch(() => (stop = true));
        if (!stop) grants.push(clock.now());
      }
    };
    void worker('background');
    void worker('view');
    void worker('user');
    await clock.advance(10 * 60_000);
    stop = true;
    budget.dispose();
    let worst = 0;
    for (let i = 0, j = 0; i < grants.length; i++) {
      while (grants[i] - grants[j] >= 60_000) j++;
      worst = Math.max(worst, i - j + 1);
    }
    assert.ok(worst <= 57, `max ${worst} in a 60 s window (limit 60, 5% margin)`);
    assert.ok(grants.length >= 450, `sustained rate still useful: ${grants.length} in 10 min`);
  });

  it('grants a burst immediately, then paces', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const log: string[] = [];
    for (let i = 0; i < 15; i++) void track(budget, 'user', log, `u${i}`);
    await flush();
    assert.equal(log.length, budget.snapshot().capacity);
    await clock.advance(60_000);
    assert.equal(log.length, 15);
  });

  it('serves user before view before background, FIFO within a priority', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    while (budget.tryAcquire('user'));
    const log: string[] = [];
    void track(budget, 'background', log, 'b1');
    void track(budget, 'view', log, 'v1');
    void track(budget, 'background', log, 'b2');
    void track(budget, 'user', log, 'u1');
    void track(budget, 'user', log, 'u2');
    void track(budget, 'view', log, 'v2');
    await clock.advance(120_000);
    assert.deepEqual(log, ['u1', 'u2', 'v1', 'v2', 'b1', 'b2']);
  });

  it('keeps a reserve: background polling cannot drain the bucket a click needs', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    let bg = 0;
    while (budget.tryAcquire('background')) bg++;
    const snap = budget.snapshot();
    assert.ok(bg < snap.capacity, 'background stops short of empty');
    assert.ok(snap.available >= 1);
    assert.equal(snap.availableForBackground, 0);
    assert.ok(budget.tryAcquire('user'), 'a user action still goes through at once');
  });

  it('a waiting request is cancelled by its AbortSignal and frees its place', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 6, clock });
    while (budget.tryAcquire('user'));
    const log: string[] = [];
    const ac = new AbortController();
    void track(budget, 'user', log, 'a', ac.signal);
    void track(budget, 'user', log, 'b');
    await flush();
    assert.equal(budget.snapshot().queued.user, 2);
    ac.abort(new Error('stop'));
    await flush();
    assert.deepEqual(log, ['a:rejected:stop']);
    assert.equal(budget.snapshot().queued.user, 1);
    await clock.advance(60_000);
    assert.deepEqual(log, ['a:rejected:stop', 'b']);
    const pre = new AbortController();
    pre.abort(new Error('already'));
    await assert.rejects(budget.acquire('user', pre.signal), /already/);
  });

  it('applies a new per-minute setting at runtime', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    assert.equal(budget.snapshot().perMinute, 60);
    budget.setPerMinute(600);
    const s = budget.snapshot();
    assert.equal(s.perMinute, 600);
    assert.ok(s.sustainedPerWindow > 500);
    budget.setPerMinute(12);
    assert.ok(budget.snapshot().capacity <= 2);
    assert.ok(budget.snapshot().sustainedPerWindow <= 11);
  });

  it('pauses everything after a 429 and resumes after Retry-After', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    budget.pauseFor(5_000);
    const log: string[] = [];
    void track(budget, 'user', log, 'u');
    await clock.advance(4_900);
    assert.deepEqual(log, []);
    assert.ok(budget.snapshot().pausedForMs > 0);
    await clock.advance(2_000);
    assert.deepEqual(log, ['u']);
  });

  it('suggests a longer poll interval when the budget is tight', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const relaxed = budget.suggestedIntervalMs();
    assert.ok(relaxed >= 2_000 && relaxed <= 3_000, `relaxed ${relaxed}`);
    while (budget.tryAcquire('background'));
    assert.ok(budget.suggestedIntervalMs() > relaxed);
    budget.setPerMinute(600);
    assert.ok(budget.suggestedIntervalMs() < relaxed);
    let changes = 0;
    const sub = budget.onDidChange(() => changes++);
    budget.tryAcquire('user');
    sub.dispose();
    budget.tryAcquire('user');
    assert.equal(changes, 1);
  });

  it('dispose rejects the waiters', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 6, clock });
    while (budget.tryAcquire('user'));
    const log: string[] = [];
    void track(budget, 'background', log, 'b');
    await flush();
    budget.dispose(new Error('closed'));
    await flush();
    assert.deepEqual(log, ['b:rejected:closed']);
  });
});
