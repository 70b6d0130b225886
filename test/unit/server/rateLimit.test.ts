import assert from 'node:assert/strict';
import { DEMO_USER } from '../../server';
import { call, client, sleep, start } from './helpers';

describe('server: rate limits', () => {
  it('is on by default: 60 per minute per IP, then 429 + Retry-After: 60 + contract body', async () => {
    const server = await start({ rateLimit: undefined });
    try {
      const token = server.control.issueToken(DEMO_USER.email);
      const api = client(server, token);
      const statuses = await Promise.all(Array.from({ length: 60 }, () => api.get('/auth/whoami').then((r) => r.status)));
      assert.ok(statuses.every((s) => s === 200));
      const limited = await api.get('/auth/whoami');
      assert.equal(limited.status, 429);
      assert.deepEqual(limited.body, { error: 'Rate limit exceeded. Retry later.' });
      // rack-attack sends the period, whatever is left of the window.
      assert.equal(limited.headers.get('retry-after'), '60');
      // Another client of the same user (another token, same IP) spends the same budget.
      assert.equal((await client(server, server.control.issueToken(DEMO_USER.email)).get('/auth/whoami')).status, 429);
    } finally {
      await server.close();
    }
  });

  it('login: 5 per minute per IP and per e-mail', async () => {
    const server = await start({ rateLimit: undefined });
    try {
      for (let i = 0; i < 5; i++) {
        assert.equal((await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'wrong' } })).status, 401);
      }
      const limited = await call(server, 'POST', '/auth/login', { body: DEMO_USER });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    } finally {
      await server.close();
    }
  });

  it('counts per e-mail across IPs (a second limiter keyed by e-mail)', async () => {
    const server = await start({ rateLimit: { loginPerMinute: 2, perMinute: 1000 } });
    try {
      await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'x' } });
      await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'x' } });
      assert.equal((await call(server, 'POST', '/auth/login', { body: DEMO_USER })).status, 429);
    } finally {
      await server.close();
    }
  });

  it('fixed windows aligned to the clock: the next window opens fresh (short window for the test)', async () => {
    const server = await start({ rateLimit: { perMinute: 2, windowMs: 300 } });
    try {
      const api = client(server, server.control.issueToken(DEMO_USER.email));
      // Start right after a window boundary, so the four calls share one window.
      await sleep(300 - (Date.now() % 300) + 5);
      assert.equal((await api.get('/apps')).status, 200);
      assert.equal((await api.get('/apps')).status, 200);
      assert.equal((await api.get('/apps')).status, 429);
      assert.equal((await api.get('/apps')).status, 429);
      await sleep(300 - (Date.now() % 300) + 5);
      assert.equal((await api.get('/apps')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('unauthenticated calls are limited per IP; setRateLimit(false) turns it off', async () => {
    const server = await start({ rateLimit: { perMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) assert.equal((await call(server, 'GET', '/apps')).status, 401);
      assert.equal((await call(server, 'GET', '/apps')).status, 429);
      server.control.setRateLimit(false);
      for (let i = 0; i < 10; i++) assert.equal((await call(server, 'GET', '/apps')).status, 401);
      server.control.setRateLimit({ perMinute: 1 });
      assert.equal((await call(server, 'GET', '/apps')).status, 401);
      assert.equal((await call(server, 'GET', '/apps')).status, 429);
    } finally {
      await server.close();
    }
  });
});
