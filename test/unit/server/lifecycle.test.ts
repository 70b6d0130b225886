import assert from 'node:assert/strict';
import { request } from 'node:http';
import { demoClient, start } from './helpers';
import { sleep } from '../../support/wait';

describe('server: start and close', () => {
  it('close() returns promptly with open streams, pending slow actions and running timers', async () => {
    const server = await start({ follow: true, actionDelayMs: 10_000, logIntervalMs: 5 });
    const token = server.control.issueToken('demo@apphost.dev');
    const req = request(`${server.url}/api/v1/apps/storefront/logs?follow=1`, { headers: { authorization: `Bearer ${token}` } });
    req.on('error', () => undefined);
    req.end();
    const pending = demoClient(server).post('/apps/api-gateway/restart').catch((err: unknown) => err);
    await sleep(50);
    const t0 = Date.now();
    await server.close();
    assert.ok(Date.now() - t0 < 5_000, 'closed without waiting for the 10 s action');
    assert.ok((await pending) instanceof Error, 'the pending request was cut off');
    await server.close(); // idempotent
  });

  it('listens on an ephemeral port on 127.0.0.1 by default and serves an index', async () => {
    const server = await start();
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const index = (await (await fetch(server.url)).json()) as { api: string };
      assert.equal(index.api, `${server.url}/api/v1`);
    } finally {
      await server.close();
    }
  });
});
