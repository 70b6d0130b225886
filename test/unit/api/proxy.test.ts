// Proxies: the counting loopback proxy used via the explicit setting (VS Code's
// http.proxy), via HTTP_PROXY, bypassed via NO_PROXY, and tunnelling https.

import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, NetworkError } from '../../../src/api';
import { createDispatcher } from '../../../src/api/dispatcher';
import { type CountingProxy, startCountingProxy } from './countingProxy';
import { capturingLogger, freeBudget, JSON_HEADERS, knownSecrets, MOCK_TOKEN, rejects } from './helpers';

describe('api: proxies (loopback proxy)', () => {
  let proxy: CountingProxy;
  let target: Server;
  let targetUrl: string;
  let targetHits = 0;
  const saved = { ...process.env };

  before(async () => {
    proxy = await startCountingProxy();
    target = createServer((_req, res) => {
      targetHits++;
      res.writeHead(200, JSON_HEADERS).end('[{"id":1,"name":"web","status":"running"}]');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  after(() => {
    proxy.close();
    target.closeAllConnections();
    target.close();
  });
  afterEach(() => {
    for (const k of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  const client = (extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
    new ApiClient({ baseUrl: targetUrl, getToken: () => MOCK_TOKEN, budget: freeBudget(), logger: capturingLogger(), ...extra });

  it('sends every request through an explicit proxy (http.proxy)', async () => {
    const before = proxy.forwarded.length;
    const c = client({ proxy: { url: proxy.url, strictSSL: true } });
    assert.equal(c.route, `proxy ${proxy.url}`);
    for (let i = 0; i < 3; i++) assert.equal((await c.apps.list())[0].name, 'web');
    assert.equal(proxy.forwarded.length - before, 3);
    assert.ok(proxy.forwarded.slice(before).every((l) => l === `GET ${targetUrl}/api/v1/apps`));
    await c.close();
  });

  it('passes proxy credentials as Proxy-Authorization and never shows them', async () => {
    const secret = 'proxy-pass-7c1d9e';
    knownSecrets.add(secret);
    const withCreds = proxy.url.replace('http://', `http://me:${secret}@`);
    const c = client({ proxy: { url: withCreds } });
    assert.ok(!c.route.includes(secret));
    await c.apps.list();
    assert.equal(proxy.proxyAuth.at(-1), `Basic ${Buffer.from(`me:${secret}`).toString('base64')}`);
    await c.close();
  });

  it('honours HTTP_PROXY from the environment', async () => {
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.http_proxy;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const before = proxy.forwarded.length;
    const c = client();
    assert.match(c.route, /environment proxy/);
    await c.apps.list();
    await c.servers.list();
    assert.equal(proxy.forwarded.length - before, 2);
    await c.close();
  });

  it('bypasses the proxy for NO_PROXY hosts and the explicit no-proxy list', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    const before = proxy.forwarded.length;
    const hits = targetHits;
    const c1 = client();
    await c1.apps.list();
    const c2 = client({ proxy: { url: proxy.url, noProxy: ['127.0.0.1'] } });
    assert.equal(c2.route, 'direct (no_proxy)');
    await c2.apps.list();
    assert.equal(proxy.forwarded.length, before);
    assert.equal(targetHits - hits, 2);
    await Promise.all([c1.close(), c2.close()]);
  });

  it('tunnels https targets with CONNECT (counted at the proxy)', async () => {
    // The target speaks plain HTTP, so TLS fails after the tunnel is up; what matters is the CONNECT.
    const before = proxy.tunnels.length;
    const { dispatcher } = createDispatcher('https://127.0.0.1', { proxy: { url: proxy.url, strictSSL: false }, connectTimeoutMs: 2_000 });
    const port = new URL(targetUrl).port;
    const c = new ApiClient({
      baseUrl: `https://127.0.0.1:${port}`, getToken: () => MOCK_TOKEN, budget: freeBudget(), dispatcher, logger: capturingLogger(),
      retry: { maxAttempts: 1 },
    });
    await rejects(c.apps.list(), NetworkError);
    assert.equal(proxy.tunnels.length - before, 1);
    assert.equal(proxy.tunnels.at(-1), `127.0.0.1:${port}`);
    await dispatcher.close();
  });

  it('an unreachable proxy is a NetworkError naming the service host', async () => {
    const c = client({ proxy: { url: 'http://127.0.0.1:1' }, retry: { maxAttempts: 1 } });
    const e = await rejects(c.apps.list(), NetworkError);
    assert.match(e.message, /^Cannot reach http:\/\/127\.0\.0\.1:\d+ — check the URL or your connection$/);
    await c.close();
  });
});
