// Log follow variants: chunked text split mid-line, server-sent events, a server
// that ignores follow (JSON window), the idle watchdog, and error statuses.

import { strict as assert } from 'node:assert';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, ApiError, type LogFollow } from '../../../src/api';
import { capturingLogger, freeBudget, JSON_HEADERS, MOCK_TOKEN, mockClient, rejects } from './helpers';

async function collect(follow: LogFollow, max = 100): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of follow.batches) {
    out.push(...batch);
    if (out.length >= max) break;
  }
  return out;
}

describe('api: log follow', () => {
  let stub: Server;
  let url: string;
  let script: (res: ServerResponse) => void = () => {};
  before(async () => {
    stub = createServer((req, res) => {
      assert.match(String(req.url), /follow=1/);
      script(res);
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  after(() => {
    stub.closeAllConnections();
    stub.close();
  });
  const client = () => new ApiClient({ baseUrl: url, getToken: () => MOCK_TOKEN, budget: freeBudget(), logger: capturingLogger() });

  it('joins lines split across chunks and yields whole lines only', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.write('one\ntw');
      setTimeout(() => res.write('o\nthr'), 20);
      setTimeout(() => res.end('ee\nfour'), 40);
    };
    const c = client();
    const follow = await c.logs.follow('web', { lines: 10 });
    assert.equal(follow.streaming, true);
    assert.deepEqual(await collect(follow), ['one', 'two', 'three', 'four']);
    assert.equal(follow.endReason, 'server');
    await c.close();
  });

  it('ends a silent stream through the idle watchdog', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('hello\n');
    };
    const c = client();
    const follow = await c.logs.follow('web', { idleMs: 150 });
    const t0 = Date.now();
    assert.deepEqual(await collect(follow), ['hello']);
    assert.ok(Date.now() - t0 < 5_000, 'ended by the watchdog (without it the stream never ends)');
    assert.equal(follow.endReason, 'idle');
    await c.close();
  });

  it('ends when the caller aborts', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a\n');
    };
    const c = client();
    const ac = new AbortController();
    const follow = await c.logs.follow('web', {}, { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    assert.deepEqual(await collect(follow), ['a']);
    assert.equal(follow.endReason, 'closed');
    await c.close();
  });

  it('reads server-sent events (text and JSON data)', async () => {
    const { client: c, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps/web/logs?follow=1' }).reply(
      200,
      'data: first line\n\nevent: log\ndata: {"line":"second"}\n\ndata: {"logs":["third","fourth"]}\n\n: comment\n\n',
      { headers: { 'content-type': 'text/event-stream' } },
    );
    const follow = await c.logs.follow('web');
    assert.equal(follow.streaming, true);
    assert.deepEqual(await collect(follow), ['first line', 'second', 'third', 'fourth']);
  });

  it('says streaming: false when the server answers with the JSON window', async () => {
    const { client: c, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps/web/logs?lines=5&follow=1' }).reply(200, '{"logs":"x\\ny\\n"}', { headers: JSON_HEADERS });
    const follow = await c.logs.follow('web', { lines: 5 });
    assert.equal(follow.streaming, false);
    assert.deepEqual(await collect(follow), ['x', 'y']);
  });

  it('throws the usual ApiError for an error status', async () => {
    const { client: c, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps/web/logs?follow=1' }).reply(404, '{"error":"Not found"}', { headers: JSON_HEADERS });
    const e = await rejects(c.logs.follow('web'), ApiError);
    assert.equal(e.status, 404);
  });
});

describe('api: device sign-in and logging (MockAgent)', () => {
  it('maps every device poll answer', async () => {
    const { client: c, pool } = mockClient();
    const poll = (status: number, body: unknown) =>
      pool.intercept({ path: '/api/v1/auth/device/token', method: 'POST' }).reply(status, JSON.stringify(body), { headers: JSON_HEADERS });
    poll(202, { error: 'authorization_pending' });
    poll(400, { error: 'slow_down' });
    poll(403, { error: 'access_denied' });
    poll(410, { error: 'expired_token' });
    poll(200, { token: 'd'.repeat(64), user: { id: 'u1', email: 'dev@example.com' } });
    const states = [];
    for (let i = 0; i < 5; i++) states.push((await c.auth.deviceToken('dc-1')).status);
    assert.deepEqual(states, ['pending', 'slow_down', 'denied', 'expired', 'ok']);
    poll(400, { error: 'invalid_grant' });
    await rejects(c.auth.deviceToken('dc-1'), ApiError);
  });

  it('deviceCode is undefined when the server has no device sign-in (404)', async () => {
    const { client: c, pool } = mockClient();
    pool.intercept({ path: '/api/v1/auth/device/code', method: 'POST' }).reply(404, '', { headers: { 'content-type': 'text/html' } });
    assert.equal(await c.auth.deviceCode(), undefined);
  });

  it('trace logging shows headers with Authorization redacted, never the token', async () => {
    const { client: c, pool, logs } = mockClient();
    pool.intercept({ path: '/api/v1/auth/whoami' }).reply(200, '{"id":1,"email":"e@x"}', { headers: JSON_HEADERS });
    await c.auth.whoami({ workspace: 'acme' });
    const trace = logs.find((l) => l.startsWith('→ GET /api/v1/auth/whoami'));
    assert.ok(trace, logs.join('\n'));
    assert.match(trace, /"authorization":"\[redacted\]"/);
    assert.match(trace, /"x-service-workspace":"acme"/);
    assert.ok(!logs.join('\n').includes(MOCK_TOKEN));
    assert.ok(logs.some((l) => /GET \/api\/v1\/auth\/whoami → 200 \(\d+ ms\)/.test(l)));
  });
});
