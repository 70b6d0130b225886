// The retry policy: which methods and failures are retried, backoff, Retry-After in
// both forms, and the bounds on attempts and total time.

import { strict as assert } from 'node:assert';
import { ApiError, NetworkError } from '../../../src/api';
import { backoffDelay, DEFAULT_RETRY, isIdempotent, MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelay } from '../../../src/api/retry';
import { JSON_HEADERS, mockClient, rejects } from './helpers';

const info = { method: 'GET', path: '/api/v1/apps' };
const apiError = (status: number, retryAfterMs?: number) =>
  new ApiError('x', { status, messages: ['x'], retryable: [429, 502, 503, 504].includes(status), retryAfterMs }, info);
const reset = () => new NetworkError('https://h', info, 'ECONNRESET');

describe('api: retry policy (pure)', () => {
  it('retries only GET, PUT and DELETE', () => {
    for (const m of ['GET', 'PUT', 'DELETE']) assert.ok(isIdempotent(m));
    assert.ok(!isIdempotent('POST'));
    assert.equal(retryDelay('POST', 1, apiError(503), 0), undefined);
    assert.equal(retryDelay('POST', 1, reset(), 0), undefined);
    assert.notEqual(retryDelay('PUT', 1, apiError(503), 0), undefined);
  });

  it('retries 429/502/503/504 and resets, not 400/401/404/500/refused', () => {
    for (const s of [429, 502, 503, 504]) assert.notEqual(retryDelay('GET', 1, apiError(s), 0), undefined, String(s));
    for (const s of [400, 401, 403, 404, 409, 422, 500]) assert.equal(retryDelay('GET', 1, apiError(s), 0), undefined, String(s));
    assert.notEqual(retryDelay('GET', 1, reset(), 0), undefined);
    assert.notEqual(retryDelay('GET', 1, new NetworkError('https://h', info, 'UND_ERR_SOCKET'), 0), undefined);
    assert.equal(retryDelay('GET', 1, new NetworkError('https://h', info, 'ECONNREFUSED'), 0), undefined);
  });

  it('is bounded in attempts and in total time', () => {
    assert.equal(retryDelay('GET', DEFAULT_RETRY.maxAttempts, apiError(503), 0), undefined);
    assert.equal(retryDelay('GET', 1, apiError(503), DEFAULT_RETRY.maxTotalMs), undefined);
    assert.equal(retryDelay('GET', 1, apiError(429, 120_000), 0), undefined, 'a Retry-After beyond the budget is not waited for');
  });

  it('uses jittered exponential backoff, capped', () => {
    const opts = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(backoffDelay(1, opts, () => 0), 50);
    assert.equal(backoffDelay(1, opts, () => 0.999), 99);
    assert.equal(backoffDelay(3, opts, () => 0), 200);
    assert.equal(backoffDelay(10, opts, () => 1), 1000);
    const seen = new Set(Array.from({ length: 20 }, () => backoffDelay(2, opts)));
    assert.ok(seen.size > 1, 'jitter spreads the delays');
  });

  it('prefers Retry-After over the backoff', () => {
    const d = retryDelay('GET', 1, apiError(429, 2000), 0, DEFAULT_RETRY, () => 0);
    assert.equal(d, 2000);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('3', now), 3000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter(['2', '9'], now), 2000);
  });
});

describe('api: retries over the wire (MockAgent)', () => {
  for (const status of [429, 502, 503, 504]) {
    it(`GET is retried after ${status}`, async () => {
      const { client, pool } = mockClient();
      pool.intercept({ path: '/api/v1/apps' }).reply(status, '{"error":"busy"}', { headers: { ...JSON_HEADERS, 'retry-after': '0' } });
      pool.intercept({ path: '/api/v1/apps' }).reply(200, '[{"id":1,"name":"web"}]', { headers: JSON_HEADERS });
      const apps = await client.apps.list();
      assert.equal(apps[0].id, '1');
    });
  }

  it('PUT and DELETE are retried after a 503 (the service did nothing), not after a 502 (a gateway may have passed them on)', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps/a/config', method: 'PUT' }).reply(503, '{"error":"Cannot connect to server: x"}', { headers: JSON_HEADERS });
    pool.intercept({ path: '/api/v1/apps/a/config', method: 'PUT' }).reply(200, '{"message":"Config updated","vars":["A"]}', { headers: JSON_HEADERS });
    assert.deepEqual((await client.config.set('a', { A: '1' })).keys, ['A']);
    pool.intercept({ path: '/api/v1/apps/a/config', method: 'DELETE' }).reply(503, '{"error":"Cannot connect to server: x"}', { headers: JSON_HEADERS });
    pool.intercept({ path: '/api/v1/apps/a/config', method: 'DELETE' }).reply(200, '{"message":"Config vars removed","keys":["A"]}', { headers: JSON_HEADERS });
    assert.deepEqual((await client.config.unset('a', ['A'])).keys, ['A']);
    pool.intercept({ path: '/api/v1/apps/a/config', method: 'DELETE' }).reply(502, '<html>bad gateway</html>', { headers: { 'content-type': 'text/html' } });
    assert.equal((await rejects(client.config.unset('a', ['A']), ApiError)).status, 502);
  });

  it('a connection reset under GET is retried', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/servers' }).replyWithError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    pool.intercept({ path: '/api/v1/servers' }).reply(200, '[]', { headers: JSON_HEADERS });
    assert.deepEqual(await client.servers.list(), []);
  });

  for (const [name, call] of [
    ['restart', (c: ReturnType<typeof mockClient>['client']) => c.apps.restart('a')],
    ['create app', (c: ReturnType<typeof mockClient>['client']) => c.apps.create({ name: 'x', serverId: 's' })],
  ] as const) {
    it(`POST (${name}) is never retried, even on 503 or a reset`, async () => {
      const { client, pool } = mockClient();
      let calls = 0;
      pool.intercept({ path: /\/api\/v1\/apps/, method: 'POST' }).reply(() => {
        calls++;
        return { statusCode: 503, data: '{"error":"busy"}', responseOptions: { headers: JSON_HEADERS } };
      }).persist();
      const e = await rejects(call(client), ApiError);
      assert.equal(e.status, 503);
      assert.equal(e.retryable, true, 'retryable is reported, but the client does not act on it for POST');
      assert.equal(calls, 1);
    });
  }

  it('POST is not retried after a reset either', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps/a/stop', method: 'POST' }).replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const e = await rejects(client.apps.stop('a'), NetworkError);
    assert.equal(e.code, 'ECONNRESET');
    assert.equal(e.outcomeUnknown, true);
    assert.equal(e.message, 'The connection to https://api.example.test dropped before it answered POST /api/v1/apps/a/stop: the change may or may not have been made');
  });

  it('gives up after maxAttempts and reports the last error', async () => {
    const { client, pool } = mockClient({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    let calls = 0;
    pool.intercept({ path: '/api/v1/apps' }).reply(() => {
      calls++;
      return { statusCode: 504, data: '', responseOptions: {} };
    }).persist();
    const e = await rejects(client.apps.list(), ApiError);
    assert.equal(e.status, 504);
    assert.equal(e.message, 'Gateway timeout');
    assert.equal(calls, 3);
  });

  it('honours Retry-After in seconds', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(429, '{"error":"Rate limit exceeded. Retry later."}', { headers: { ...JSON_HEADERS, 'retry-after': '1' } });
    pool.intercept({ path: '/api/v1/apps' }).reply(200, '[]', { headers: JSON_HEADERS });
    const t0 = Date.now();
    await client.apps.list();
    assert.ok(Date.now() - t0 >= 950, `waited ${Date.now() - t0} ms`);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { client, pool } = mockClient();
    const at = new Date(Math.ceil((Date.now() + 300) / 1000) * 1000); // whole second, ≥ 0.3 s ahead
    pool.intercept({ path: '/api/v1/apps' }).reply(503, '{"error":"maintenance"}', { headers: { ...JSON_HEADERS, 'retry-after': at.toUTCString() } });
    pool.intercept({ path: '/api/v1/apps' }).reply(200, '[]', { headers: JSON_HEADERS });
    await client.apps.list();
    assert.ok(Date.now() >= at.getTime() - 20, `retried ${at.getTime() - Date.now()} ms early`);
  });

  it('caps a Retry-After of an hour at a few minutes; a view does not wait for it', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(429, '{"error":"Rate limit exceeded. Retry later."}', { headers: { ...JSON_HEADERS, 'retry-after': '3600' } });
    const t0 = Date.now();
    const e = await rejects(client.apps.list({}, { priority: 'view' }), ApiError);
    assert.ok(Date.now() - t0 < 5_000, 'answered at once, not after the hour');
    assert.equal(e.retryAfterMs, MAX_RETRY_AFTER_MS);
    const paused = client.budget.snapshot().pausedForMs;
    assert.ok(paused > MAX_RETRY_AFTER_MS - 1_000 && paused <= MAX_RETRY_AFTER_MS, `throttled for ${paused} ms`);
    client.budget.dispose();
  });
});
