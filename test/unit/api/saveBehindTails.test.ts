// A user's save when the log tails have spent the request budget (issue #33, the soak's
// config.env save answered "not saved" and landed 10–20 s later): the save's requests go
// before every queued poll, say that they wait, and their response timeout starts only
// when they are sent, so a long queue can never turn into a timeout. Fake clock for the
// budget, the timeouts and the retries; a MockAgent server answering at once.

import { strict as assert } from 'node:assert';
import { RequestBudget } from '../../../src/api';
import { FakeClock, flush } from '../../support/fakeClock';
import { JSON_HEADERS, mockClient } from './helpers';

describe('api: a user save behind tails that spent the budget (fake clock)', () => {
  function setup() {
    const clock = new FakeClock();
    // 6 a minute: a token every 15 s once the bucket (1) is empty, far longer than the timeouts below.
    const budget = new RequestBudget({ perMinute: 6, clock });
    const { client, pool } = mockClient({ budget, clock, timeouts: { readMs: 1_000, slowMs: 2_000 } });
    const sent: string[] = [];
    pool.intercept({ path: () => true, method: () => true }).reply((o) => {
      sent.push(`${o.method} ${o.path}`);
      return { statusCode: 200, data: JSON.stringify(o.method === 'GET' ? { config: { A: '1' } } : { message: 'Config updated', vars: ['A'] }), responseOptions: { headers: JSON_HEADERS } };
    }).persist();
    // The tails: the bucket spent, and polls queued behind it.
    while (budget.tryAcquire('background'));
    const polls: string[] = [];
    for (let i = 0; i < 5; i++) void budget.acquire('background').then(() => void polls.push(`poll ${i}`), () => undefined);
    return { clock, budget, client, sent, polls };
  }

  it('goes before every queued poll, says it waits, and completes although it queued longer than its timeout', async () => {
    const { clock, budget, client, sent, polls } = setup();
    const notices: string[] = [];
    const onBudgetWait = () => {
      notices.push('waiting');
      return () => void notices.push('sent');
    };
    let outcome: string | undefined;
    const read = client.config.get('app-1', { priority: 'user', onBudgetWait }).then((c) => (outcome = `read ${c.A}`), (e: Error) => (outcome = `failed: ${e.name} ${e.message}`));
    await flush();
    assert.deepEqual(notices, ['waiting'], 'the caller hears at once that the request queues');
    assert.equal(budget.snapshot().queued.user, 1);
    // Queued for 14 s (well past the 1 s response timeout): not sent, not failed.
    await clock.advance(14_000);
    assert.deepEqual(sent, []);
    assert.equal(outcome, undefined);
    // The next token is the save's, not a poll's.
    await clock.advance(1_500);
    await read;
    assert.equal(outcome, 'read 1');
    assert.deepEqual(sent, ['GET /api/v1/apps/app-1/config']);
    assert.deepEqual(notices, ['waiting', 'sent']);
    assert.deepEqual(polls, [], 'no poll went before it');

    // The PUT right after: queued again behind an empty bucket, again first, again no timeout (slow: 2 s).
    let saved: string | undefined;
    const put = client.config.set('app-1', { A: '2' }, { priority: 'user', onBudgetWait }).then(() => (saved = 'saved'), (e: Error) => (saved = `failed: ${e.name}`));
    await clock.advance(16_000);
    await put;
    assert.equal(saved, 'saved');
    assert.deepEqual(sent, ['GET /api/v1/apps/app-1/config', 'PUT /api/v1/apps/app-1/config']);
    assert.deepEqual(polls, []);
    budget.dispose();
  });

  it('a request with a free token does not say it waits', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const { client, pool } = mockClient({ budget, clock });
    pool.intercept({ path: '/api/v1/apps/app-1/config' }).reply(200, JSON.stringify({ config: {} }), { headers: JSON_HEADERS });
    let waited = false;
    await client.config.get('app-1', { priority: 'user', onBudgetWait: () => void (waited = true) });
    assert.equal(waited, false);
    budget.dispose();
  });

  it('the response timeout runs from the send: a server that does not answer fails after readMs of being sent, not of queueing', async () => {
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 6, clock });
    const { client, pool } = mockClient({ budget, clock, timeouts: { readMs: 1_000 }, retry: { maxAttempts: 1 } });
    let sentAt: number | undefined;
    // Answers after a real minute: only the (fake) timeout can end the request.
    pool.intercept({ path: '/api/v1/apps/app-1/config' }).reply(() => {
      sentAt = clock.now();
      return { statusCode: 200, data: '{}' };
    }).delay(60_000);
    while (budget.tryAcquire('background'));
    let failedAt: number | undefined;
    let failure = '';
    const read = client.config.get('app-1', { priority: 'user' }).catch((e: Error) => {
      failedAt = clock.now();
      failure = e.name;
    });
    await clock.advance(15_500);
    assert.notEqual(sentAt, undefined, 'sent once a token came');
    assert.equal(failedAt, undefined, 'not timed out by the 15 s in the queue');
    await clock.advance(1_000);
    await read;
    assert.equal(failure, 'TimeoutError');
    assert.ok(failedAt! - sentAt! >= 1_000 && failedAt! - sentAt! <= 1_100, `timed out ${failedAt! - sentAt!} ms after the send`);
    budget.dispose();
  });
});
