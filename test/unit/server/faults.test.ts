import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { call, type DemoClient, start, startWithDemoClient } from './helpers';

describe('server: fault injection and request log', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());
  afterEach(() => server.control.clearFaults());

  it('failNext: 429 with Retry-After and the contract body, then normal again', async () => {
    server.control.failNext({ count: 2, status: 429, retryAfter: 7, path: '/apps' });
    for (let i = 0; i < 2; i++) {
      const res = await api.get('/apps');
      assert.equal(res.status, 429);
      assert.equal(res.headers.get('retry-after'), '7');
      assert.deepEqual(res.body, { error: 'Rate limit exceeded. Retry later.' });
    }
    assert.equal((await api.get('/apps')).status, 200);
  });

  it('failNext: 500 JSON, 502 HTML (proxy), 503 JSON (optional Retry-After)', async () => {
    server.control.failNext({ status: 500 });
    const e500 = await api.get('/apps');
    assert.deepEqual([e500.status, e500.body], [500, { error: 'Internal server error' }]);
    server.control.failNext({ status: 502 });
    const e502 = await api.get('/apps');
    assert.equal(e502.status, 502);
    assert.match(e502.headers.get('content-type') ?? '', /text\/html/);
    assert.match(e502.text, /Bad Gateway/);
    server.control.failNext({ status: 503, retryAfter: 2 });
    const e503 = await api.get('/apps');
    assert.equal(e503.status, 503);
    assert.equal(e503.headers.get('retry-after'), '2');
  });

  it('failNext matches method and path (string with or without prefix, or RegExp)', async () => {
    server.control.failNext({ status: 500, method: 'PUT', path: /\/config$/ });
    assert.equal((await api.get('/apps/storefront/config')).status, 200, 'GET does not match');
    assert.equal((await api.put('/apps/storefront/config', { vars: { A: '1' } })).status, 500);
    server.control.failNext({ status: 503, path: '/api/v1/apps/storefront' });
    assert.equal((await api.get('/apps')).status, 200);
    assert.equal((await api.get('/apps/storefront')).status, 503);
  });

  it('resetNext destroys the connection without a response', async () => {
    server.control.resetNext({ path: '/apps' });
    await assert.rejects(api.get('/apps'));
    assert.equal((await api.get('/apps')).status, 200);
    const entry = server.control.requestLog.filter((e) => e.path === '/api/v1/apps').at(-2);
    assert.equal(entry?.status, 0);
  });

  it('htmlNotFound turns 404 bodies into HTML', async () => {
    server.control.htmlNotFound(true);
    const res = await api.get('/apps/nope');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.text, /<html/);
    server.control.htmlNotFound(false);
    assert.deepEqual((await api.get('/apps/nope')).body, { status: 404, error: 'Not Found' });
    assert.deepEqual((await api.get('/no/such/route')).body, { status: 404, error: 'Not Found' });
  });

  it('malformedJsonNext truncates the next JSON body', async () => {
    server.control.malformedJsonNext({ path: '/apps' });
    const res = await api.get('/apps');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.throws(() => JSON.parse(res.text));
    const next = (await api.get('/apps')).text;
    assert.doesNotThrow(() => JSON.parse(next));
  });

  it('setLatency delays every request', async () => {
    server.control.setLatency(1_000);
    const t0 = Date.now();
    await api.get('/auth/whoami');
    assert.ok(Date.now() - t0 >= 990);
    server.control.setLatency(0);
    const t1 = Date.now();
    await api.get('/auth/whoami');
    assert.ok(Date.now() - t1 < 900, 'the latency is gone (a loaded machine still answers well within it)');
  });

  it('latencyMs option applies from the start', async () => {
    const slow = await start({ latencyMs: 80 });
    try {
      const t0 = Date.now();
      await call(slow, 'GET', '/auth/whoami');
      assert.ok(Date.now() - t0 >= 75);
    } finally {
      await slow.close();
    }
  });

  it('the request log has method, path, query, workspace, status, time, and never token values', async () => {
    server.control.clearRequestLog();
    const token = server.control.issueToken('demo@apphost.dev');
    const t0 = Date.now();
    await call(server, 'GET', '/apps/storefront/logs', { token, workspace: undefined, headers: {} });
    await call(server, 'GET', '/apps?q=store', { token, workspace: 'acme' });
    await call(server, 'GET', '/apps');
    const log = server.control.requestLog;
    assert.equal(log.length, 3);
    assert.deepEqual(Object.keys(log[0]).sort(), ['at', 'method', 'path', 'query', 'status', 'workspace']);
    assert.deepEqual(log.map((e) => [e.method, e.path, e.status, e.workspace]), [
      ['GET', '/api/v1/apps/storefront/logs', 200, null],
      ['GET', '/api/v1/apps', 200, 'acme'],
      ['GET', '/api/v1/apps', 401, null],
    ]);
    assert.deepEqual(log[1].query, { q: 'store' });
    assert.ok(log[0].at >= t0 - 5);
    assert.ok(!JSON.stringify(log).includes(token));
    server.control.clearRequestLog();
    assert.deepEqual(server.control.requestLog, []);
  });

  it('bad input never crashes the server', async () => {
    const bodies = ['', 'null', '"text"', '{"name":', '{"name": 12}', '[]', '{"vars": null}', '\u0000\u0001'];
    for (const raw of bodies) {
      const targets = [['POST', '/apps'], ['PUT', '/apps/storefront/config'], ['POST', '/databases'], ['POST', '/ssh_keys'], ['POST', '/teams'], ['POST', '/notifications'], ['PUT', '/apps/storefront/ps']];
      for (const [method, path] of targets) {
        const res = await call(server, method, path, { token: server.control.issueToken('demo@apphost.dev'), raw });
        // 404: wokku looks up a missing server_id / team_id and does not find it.
        assert.ok([201, 400, 404, 409, 422].includes(res.status), `${method} ${path} ${JSON.stringify(raw)} -> ${res.status}`);
      }
    }
    const weird = await fetch(`${server.url}/api/v1/apps/%E0%A4%A`, { headers: { authorization: `Bearer ${server.control.issueToken('demo@apphost.dev')}` } });
    assert.equal(weird.status, 400);
  });
});
