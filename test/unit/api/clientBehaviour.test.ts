// What the client puts on the wire and how it follows pages (MockAgent), plus
// timeouts, cancellation and network failures over real loopback sockets.

import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, ApiError, CancelledError, InvalidIdError, NetworkError, RequestBudget, TimeoutError } from '../../../src/api';
import { capturingLogger, freeBudget, JSON_HEADERS, MOCK_TOKEN, mockClient, rejects } from './helpers';

type Seen = { method: string; path: string; headers: Record<string, string>; body?: unknown };

function recordingPool(setup: ReturnType<typeof mockClient>, reply: unknown = {}, status = 200) {
  const seen: Seen[] = [];
  setup.pool.intercept({ path: () => true, method: () => true }).reply((opts) => {
    const headers = Object.fromEntries(Object.entries((opts.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]));
    seen.push({ method: opts.method, path: opts.path, headers, body: opts.body ? JSON.parse(String(opts.body)) : undefined });
    return { statusCode: status, data: JSON.stringify(reply), responseOptions: { headers: JSON_HEADERS } };
  }).persist();
  return seen;
}

describe('api: requests on the wire (MockAgent)', () => {
  it('sends Bearer auth, JSON accept and a user agent; workspace header only for team workspaces', async () => {
    const setup = mockClient({ userAgent: 'apphost-vscode/0.1.0 test' });
    const seen = recordingPool(setup, []);
    await setup.client.apps.list();
    await setup.client.apps.list({}, { workspace: 'acme' });
    assert.equal(seen[0].headers.authorization, `Bearer ${MOCK_TOKEN}`);
    assert.equal(seen[0].headers.accept, 'application/json');
    assert.equal(seen[0].headers['user-agent'], 'apphost-vscode/0.1.0 test');
    assert.equal(seen[0].headers['x-service-workspace'], undefined, 'personal workspace: no header');
    assert.equal(seen[1].headers['x-service-workspace'], 'acme');
  });

  it('login goes without Authorization; an explicit token overrides the getter', async () => {
    const setup = mockClient();
    const seen = recordingPool(setup, { token: 'a'.repeat(64), user: { id: 7, email: 'dev@example.com', role: 'user' } });
    const session = await setup.client.auth.login({ email: 'dev@example.com', password: 'pw-123456', otpCode: '123456' });
    assert.equal(seen[0].headers.authorization, undefined);
    assert.deepEqual(seen[0].body, { email: 'dev@example.com', password: 'pw-123456', otp_code: '123456' });
    assert.equal(session.user.id, '7');
    await setup.client.auth.createToken({ name: 'VS Code' }, { token: session.token });
    assert.equal(seen[1].headers.authorization, `Bearer ${session.token}`);
  });

  it('sends the variant field names the contract asks for', async () => {
    const setup = mockClient();
    const seen = recordingPool(setup, {});
    const c = setup.client;
    await c.domains.add('app 1', 'www.example.com');
    await c.templates.deploy({ slug: 'ghost', serverId: 's1', appName: 'blog' });
    await c.config.set('a1', { A: '1' });
    await c.config.unset('a1', ['A', 'B']);
    await c.processes.scale('a1', { web: 2 });
    await c.apps.list({ q: 'we b', includePreviews: true });
    await c.logs.get('a1', { lines: 50 });
    assert.deepEqual(seen[0], { method: 'POST', path: '/api/v1/apps/app%201/domains', headers: seen[0].headers, body: { hostname: 'www.example.com', domain: 'www.example.com' } });
    assert.deepEqual(seen[1].body, { slug: 'ghost', server_id: 's1', app_name: 'blog', name: 'blog' });
    assert.deepEqual([seen[2].method, seen[2].body], ['PUT', { vars: { A: '1' } }]);
    assert.deepEqual([seen[3].method, seen[3].path, seen[3].body], ['DELETE', '/api/v1/apps/a1/config', { keys: ['A', 'B'] }]);
    assert.equal(seen[3].headers['content-type'], 'application/json');
    assert.deepEqual(seen[4].body, { scaling: { web: 2 } });
    assert.equal(seen[5].path, '/api/v1/apps?q=we+b&include_previews=1');
    assert.equal(seen[6].path, '/api/v1/apps/a1/logs?lines=50');
  });

  it('encodes ids so they cannot change the endpoint', async () => {
    const setup = mockClient();
    const seen = recordingPool(setup, {});
    await setup.client.apps.restart('a b?x=#1%');
    assert.equal(seen[0].path, '/api/v1/apps/a%20b%3Fx%3D%231%25/restart');
  });

  it('refuses ids that would change the endpoint, before sending anything', async () => {
    const setup = mockClient();
    const seen = recordingPool(setup, {});
    for (const id of ['..', '.', '', '../servers/1', 'a\\b', 'a\nb', 'a\u0000']) {
      const e = await rejects(setup.client.apps.restart(id), InvalidIdError);
      assert.match(e.message, /^Refusing to use .* as an id in a request/);
    }
    assert.equal(seen.length, 0);
  });

  it('without a token fails with 401 "Not signed in" and sends nothing', async () => {
    const setup = mockClient({ getToken: async () => undefined });
    const seen = recordingPool(setup, []);
    const e = await rejects(setup.client.apps.list(), ApiError);
    assert.equal(e.status, 401);
    assert.equal(e.code, 'no_token');
    assert.equal(seen.length, 0);
  });

  it('accepts base URLs with a trailing slash or /api/v1', async () => {
    for (const baseUrl of ['https://api.example.test/', 'https://api.example.test/api/v1', 'https://api.example.test/api/v1/']) {
      const setup = mockClient({ baseUrl });
      const seen = recordingPool(setup, []);
      await setup.client.servers.list();
      assert.equal(seen[0].path, '/api/v1/servers', baseUrl);
    }
  });
});

describe('api: pagination (MockAgent)', () => {
  const page = (n: number, next?: string) => ({
    statusCode: 200,
    data: JSON.stringify({ data: [{ id: n, name: `app${n}` }] }),
    responseOptions: { headers: { ...JSON_HEADERS, ...(next ? { link: next } : {}) } },
  });

  it('follows Link rel="next" across pages and envelopes', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(() => page(1, '</api/v1/apps?page=2>; rel="next", </api/v1/apps?page=3>; rel="last"'));
    pool.intercept({ path: '/api/v1/apps?page=2' }).reply(200, JSON.stringify({ items: [{ id: 2, name: 'app2' }] }), {
      headers: { ...JSON_HEADERS, link: '<https://api.example.test/api/v1/apps?page=3>; rel="next"' },
    });
    pool.intercept({ path: '/api/v1/apps?page=3' }).reply(200, JSON.stringify({ apps: [{ id: 3, name: 'app3' }] }), { headers: JSON_HEADERS });
    const apps = await client.apps.list();
    assert.deepEqual(apps.map((a) => a.id), ['1', '2', '3']);
  });

  it('stops at the page bound and on loops', async () => {
    const { client, pool, logs } = mockClient({ maxPages: 3 });
    let calls = 0;
    pool.intercept({ path: /\/api\/v1\/servers/ }).reply((o) => {
      calls++;
      const n = Number(new URL(o.path, 'https://x').searchParams.get('p') ?? '1');
      return page(n, `</api/v1/servers?p=${n + 1}>; rel="next"`);
    }).persist();
    assert.equal((await client.servers.list()).length, 3);
    assert.equal(calls, 3);
    assert.ok(logs.some((l) => /stopped after 3 pages/.test(l)));

    const loop = mockClient();
    loop.pool.intercept({ path: '/api/v1/servers' }).reply(() => page(1, '</api/v1/servers>; rel="next"')).persist();
    assert.equal((await loop.client.servers.list()).length, 1);
  });

  it('never follows a next link to another origin (the token would go there)', async () => {
    const { client, pool, mock } = mockClient();
    pool.intercept({ path: '/api/v1/ssh_keys' }).reply(() => page(1, '<https://evil.example/api/v1/ssh_keys?p=2>; rel="next"'));
    const evil = mock.get('https://evil.example');
    let evilCalls = 0;
    evil.intercept({ path: /.*/ }).reply(() => {
      evilCalls++;
      return page(2);
    }).persist();
    assert.equal((await client.sshKeys.list()).length, 1);
    assert.equal(evilCalls, 0);
  });
});

// ---- real loopback sockets ----

function startStub(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

describe('api: timeouts, cancellation, unreachable hosts (loopback)', () => {
  let stub: { server: Server; url: string };
  let delayMs = 0;
  before(async () => {
    stub = await startStub((req, res) => {
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, JSON_HEADERS).end(req.method === 'POST' ? '{"message":"App restarted"}' : '[]');
      }, delayMs);
    });
  });
  after(() => {
    stub.server.closeAllConnections();
    stub.server.close();
  });

  const client = (extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
    new ApiClient({ baseUrl: stub.url, getToken: () => MOCK_TOKEN, budget: freeBudget(), logger: capturingLogger(), ...extra });

  it('times out reads after the read timeout with a clear message', async () => {
    delayMs = 3_000; // the answer comes far later than the timeout, however loaded the machine
    const c = client({ timeouts: { readMs: 100 } });
    const t0 = Date.now();
    const e = await rejects(c.apps.list(), TimeoutError);
    assert.ok(Date.now() - t0 < 2_500, 'ended by the timeout, not by the answer');
    assert.equal(e.phase, 'response');
    assert.equal(e.timeoutMs, 100);
    assert.match(e.message, /did not answer within 0\.1 s \(GET \/api\/v1\/apps\)/);
    await c.close();
  });

  it('gives slow POSTs (lifecycle) the long timeout', async () => {
    delayMs = 250;
    const c = client({ timeouts: { readMs: 100, slowMs: 2_000 } });
    assert.equal((await c.apps.restart('web')).message, 'App restarted');
    await c.close();
  });

  it('cancels an in-flight request through its AbortSignal', async () => {
    delayMs = 3_000;
    const c = client();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const t0 = Date.now();
    const e = await rejects(c.apps.list({}, { signal: ac.signal }), CancelledError);
    assert.ok(Date.now() - t0 < 2_500, 'ended by the abort, not by the answer');
    assert.equal(e.message, 'Request cancelled');
    await c.close();
  });

  it('cancels while waiting for the budget and during a retry back-off', async () => {
    const budget = new RequestBudget({ perMinute: 6 });
    while (budget.tryAcquire('user'));
    const { client: c1 } = mockClient({ budget });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    await rejects(c1.apps.list({}, { signal: ac.signal, priority: 'background' }), CancelledError);
    budget.dispose();

    const { client: c2, pool } = mockClient({ retry: { baseDelayMs: 5_000, maxDelayMs: 5_000 } });
    pool.intercept({ path: '/api/v1/apps' }).reply(503, '{"error":"down"}', { headers: JSON_HEADERS });
    const ac2 = new AbortController();
    setTimeout(() => ac2.abort(), 50);
    const t0 = Date.now();
    await rejects(c2.apps.list({}, { signal: ac2.signal }), CancelledError);
    assert.ok(Date.now() - t0 < 4_000, 'ended by the abort, not by the 5 s back-off');
  });

  it('a queueSignal cancels a call waiting for the budget, but not one already sent', async () => {
    const budget = new RequestBudget({ perMinute: 6 });
    while (budget.tryAcquire('user'));
    const { client: waiting } = mockClient({ budget });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 30);
    await rejects(waiting.apps.restart('web', { queueSignal: ac.signal }), CancelledError);
    budget.dispose();

    delayMs = 200;
    const c = client();
    const sent = new AbortController();
    setTimeout(() => sent.abort(), 50);
    assert.equal((await c.apps.restart('web', { queueSignal: sent.signal })).message, 'App restarted');
    await c.close();
  });

  it('an already aborted signal sends nothing', async () => {
    const setup = mockClient();
    const seen = recordingPool(setup, []);
    await rejects(setup.client.apps.list({}, { signal: AbortSignal.abort() }), CancelledError);
    assert.equal(seen.length, 0);
  });

  it('a refused connection is a NetworkError naming the host', async () => {
    const c = new ApiClient({ baseUrl: 'http://127.0.0.1:1', getToken: () => MOCK_TOKEN, budget: freeBudget(), logger: capturingLogger() });
    const e = await rejects(c.apps.list(), NetworkError);
    assert.equal(e.message, 'Cannot reach http://127.0.0.1:1 — check the URL or your connection');
    assert.equal(e.code, 'ECONNREFUSED');
    assert.ok(!(e.cause as Error & { socket?: unknown }).socket);
    await c.close();
  });

  it('a connect timeout reads as "cannot reach … within"', async () => {
    const { client: c, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).replyWithError(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }));
    const e = await rejects(c.apps.list(), TimeoutError);
    assert.equal(e.phase, 'connect');
    assert.match(e.message, /^Cannot reach https:\/\/api\.example\.test within 10 s — check the URL or your connection$/);
  });
});
