// Fault behaviour against the reference server over real HTTP: injected failures
// and resets (retry vs. no retry), HTML 404s, truncated JSON, revoked tokens,
// latency timeouts, the request budget at the server's real limit, log follow, and
// a loopback proxy counting every request.

import { strict as assert } from 'node:assert';
import { DEMO_USER, type RunningServer, startServer } from '../../server';
import { ApiClient, type ApiClientOptions, ApiError, CancelledError, NetworkError, RequestBudget, TimeoutError } from '../../../src/api';
import { setMaxListeners } from 'node:events';
import { capturingLogger, freeBudget, knownSecrets, recordError, rejects } from './helpers';
import { startCountingProxy } from './countingProxy';
import { FakeClock, flush } from '../../support/fakeClock';

describe('api: faults against the reference server', function () {
  this.timeout(20_000);
  let srv: RunningServer;
  let token: string;
  let appId: string;
  const make = (extra: Partial<ApiClientOptions> = {}) =>
    new ApiClient({
      baseUrl: `${srv.url}/api/v1`, getToken: () => token, budget: freeBudget(), logger: capturingLogger(),
      retry: { baseDelayMs: 20, maxDelayMs: 50 }, ...extra,
    });
  const since = (from: number, path?: string) => srv.control.requestLog.slice(from).filter((e) => !path || e.path === path);

  before(async () => {
    srv = await startServer({ seed: 'demo', actionDelayMs: 20, rateLimit: false, follow: true, logIntervalMs: 0 });
    token = srv.control.issueToken(DEMO_USER.email);
    knownSecrets.add(token);
    const c = make();
    appId = (await c.apps.list()).find((a) => a.name === 'storefront')!.id;
    await c.close();
  });
  after(async () => srv?.close());
  afterEach(() => {
    srv.control.clearFaults();
    srv.control.setRateLimit(false);
  });

  it('retries a GET after an injected 503 and 502 (HTML), once each', async () => {
    const c = make();
    const from = srv.control.requestLog.length;
    srv.control.failNext({ status: 503, path: '/apps', method: 'GET' });
    srv.control.failNext({ status: 502, path: '/apps', method: 'GET' });
    assert.ok((await c.apps.list()).length > 0);
    assert.deepEqual(since(from, '/api/v1/apps').map((e) => e.status), [503, 502, 200]);
    await c.close();
  });

  it('retries a GET after a 429 with Retry-After from the server', async () => {
    const c = make();
    const from = srv.control.requestLog.length;
    srv.control.failNext({ status: 429, path: '/servers', retryAfter: 1 });
    const t0 = Date.now();
    await c.servers.list();
    assert.ok(Date.now() - t0 >= 950);
    assert.deepEqual(since(from, '/api/v1/servers').map((e) => e.status), [429, 200]);
    await c.close();
  });

  it('never retries a POST: restart after a 503, or after a reset', async () => {
    const c = make();
    const path = `/api/v1/apps/${appId}/restart`;
    let from = srv.control.requestLog.length;
    srv.control.failNext({ status: 503, path, method: 'POST', body: { error: 'Cannot connect to server: ssh timeout' } });
    const e = await rejects(c.apps.restart(appId), ApiError);
    assert.equal(e.message, 'Cannot connect to server: ssh timeout');
    assert.equal(since(from, path).length, 1);
    from = srv.control.requestLog.length;
    srv.control.resetNext({ path, method: 'POST' });
    await rejects(c.apps.restart(appId), NetworkError);
    assert.equal(since(from, path).length, 1);
    await c.close();
  });

  it('retries a GET after a connection reset', async () => {
    const c = make();
    const from = srv.control.requestLog.length;
    srv.control.resetNext({ path: `/apps/${appId}/config` });
    assert.ok(Object.keys(await c.config.get(appId)).length > 0);
    assert.deepEqual(since(from, `/api/v1/apps/${appId}/config`).map((e) => e.status), [0, 200]);
    await c.close();
  });

  it('reads the framework HTML 404 as "Not found"', async () => {
    const c = make();
    srv.control.htmlNotFound(true);
    const e = await rejects(c.apps.get('no-such-app'), ApiError);
    assert.deepEqual([e.status, e.message], [404, 'Not found']);
    await c.close();
  });

  it('reports truncated JSON as an unreadable response', async () => {
    const c = make();
    srv.control.malformedJsonNext({ path: '/apps' });
    const e = await rejects(c.apps.list(), ApiError);
    assert.equal(e.code, 'invalid_response');
    await c.close();
  });

  it('a revoked token gives 401 (flagged for sign-in), with no token in the error', async () => {
    const revoked = srv.control.issueToken(DEMO_USER.email, 'to revoke');
    knownSecrets.add(revoked);
    const c = make({ getToken: () => revoked });
    await c.auth.whoami();
    srv.control.revokeToken(revoked);
    const e = await rejects(c.auth.whoami(), ApiError);
    assert.ok(e.isUnauthorized);
    assert.equal(e.message, 'Invalid or expired token');
    await c.close();
  });

  it('times out reads under latency but lets slow POSTs finish; cancels on abort', async () => {
    srv.control.setLatency(300);
    const c = make({ timeouts: { readMs: 100, slowMs: 5_000 }, retry: { maxAttempts: 1 } });
    await rejects(c.apps.list(), TimeoutError);
    assert.ok((await c.apps.restart(appId)).message);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    await rejects(c.apps.get(appId, { signal: ac.signal }), CancelledError);
    await c.close();
  });

  it('budget at the real 60/min limit: a burst of 100 never meets a 429 (fake clock)', async () => {
    srv.control.setRateLimit({ perMinute: 60 });
    const clock = new FakeClock();
    const budget = new RequestBudget({ perMinute: 60, clock });
    const c = make({ budget });
    const from = srv.control.requestLog.length;
    const ac = new AbortController();
    setMaxListeners(200, ac.signal); // one signal shared by 100 calls, as a "cancel refresh" would be
    const priorities = ['background', 'view', 'user'] as const;
    const outcomes: string[] = [];
    const calls = Array.from({ length: 100 }, (_, i) =>
      c.apps.get(appId, { priority: priorities[i % 3], signal: ac.signal }).then(
        () => outcomes.push('ok'),
        (e) => outcomes.push(e instanceof CancelledError ? 'cancelled' : `error ${(e as ApiError).status}`),
      ),
    );
    // One simulated minute of grants, each sent over real HTTP at once.
    for (let t = 0; t < 60; t++) {
      await clock.advance(1_000);
      await flush();
    }
    await waitUntil(() => outcomes.length >= budget.snapshot().usedLastWindow);
    ac.abort();
    await Promise.all(calls);
    const statuses = since(from).map((e) => e.status);
    assert.ok(statuses.length >= 50 && statuses.length <= 57, `${statuses.length} requests sent in the first minute`);
    assert.ok(statuses.every((s) => s === 200), `statuses: ${[...new Set(statuses)]}`);
    assert.equal(outcomes.filter((o) => o === 'ok').length, statuses.length);
    assert.equal(outcomes.filter((o) => o === 'cancelled').length, 100 - statuses.length);
    budget.dispose();
    await c.close();
  });

  it('without the budget, the same burst does meet 429s (the limit is real)', async () => {
    srv.control.setRateLimit({ perMinute: 60 });
    const c = make({ retry: { maxAttempts: 1 } });
    // Views do not wait out a 429 (user calls would wait for the service's window).
    const results = await Promise.allSettled(Array.from({ length: 70 }, () => c.apps.get(appId, { priority: 'view' })));
    const limited = results.filter((r) => r.status === 'rejected' && (r.reason as ApiError).status === 429);
    results.forEach((r) => r.status === 'rejected' && recordError(r.reason));
    // At least the excess over 60 is refused (requests of earlier tests may share the window).
    assert.ok(limited.length >= 10, `${limited.length} refused`);
    await c.close();
  });

  it('budget in real time (scaled window): log polling plus user clicks, no 429, users first', async () => {
    srv.control.setRateLimit({ perMinute: 60, windowMs: 2_000 });
    const budget = new RequestBudget({ perMinute: 60, windowMs: 2_000 });
    const c = make({ budget });
    const from = srv.control.requestLog.length;
    const done: { p: string; at: number }[] = [];
    const t0 = Date.now();
    const run = (p: 'background' | 'user', call: () => Promise<unknown>) => call().then(() => done.push({ p, at: Date.now() - t0 }));
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) work.push(run('background', () => c.logs.get(appId, { lines: 20 }, { priority: 'background' })));
    for (let i = 0; i < 30; i++) work.push(run('user', () => c.apps.get(appId, { priority: 'user' })));
    await Promise.all(work);
    assert.ok(since(from).every((e) => e.status === 200), 'no 429 reached the client');
    const last = (p: string) => Math.max(...done.filter((d) => d.p === p).map((d) => d.at));
    assert.ok(last('user') < last('background'), 'user actions finished before background polling');
    budget.dispose();
    await c.close();
  });

  it('follows logs over the chunked stream and stops on close', async () => {
    const c = make();
    const follow = await c.logs.follow(appId, { lines: 3 });
    assert.equal(follow.streaming, true);
    const it = follow.batches[Symbol.asyncIterator]();
    const first = await it.next();
    assert.ok(!first.done && first.value.length > 0 && first.value.length <= 3);
    srv.control.tickLogs();
    const next = await it.next();
    assert.ok(!next.done && next.value.length > 0, 'a new line arrives while following');
    follow.close();
    assert.equal((await it.next()).done, true);
    assert.equal(follow.endReason, 'closed');
    await c.close();
  });

  it('sends every call through a loopback proxy (counted)', async () => {
    const proxy = await startCountingProxy();
    const c = make({ proxy: { url: proxy.url } });
    const from = srv.control.requestLog.length;
    await c.apps.list();
    await c.apps.get(appId);
    await c.config.get(appId);
    await c.databases.list();
    assert.equal(proxy.forwarded.length, 4);
    assert.equal(since(from).length, 4);
    await c.close();
    proxy.close();
  });
});

async function waitUntil(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
