import assert from 'node:assert/strict';
import { DEMO_USER } from '../../server';
import { call, client, start } from './helpers';
import { sleep } from '../../support/wait';

/** Windows are fixed (aligned on the clock): close to a boundary, wait for the next window so a test's requests share one. */
async function windowStart(ms: number): Promise<void> {
  const left = ms - (Date.now() % ms);
  if (left < Math.min(2000, ms * 0.75)) await sleep(left + 5);
}

describe('server: rate limits', () => {
  it('is on by default: 60 per minute per IP (all tokens together), then 429 + Retry-After: 60 + contract body', async () => {
    const server = await start({ rateLimit: undefined });
    try {
      await windowStart(60_000);
      const api = client(server, server.control.issueToken(DEMO_USER.email));
      const statuses = await Promise.all(Array.from({ length: 60 }, () => api.get('/auth/whoami').then((r) => r.status)));
      assert.ok(statuses.every((s) => s === 200));
      const limited = await api.get('/auth/whoami');
      assert.equal(limited.status, 429);
      assert.deepEqual(limited.body, { error: 'Rate limit exceeded. Retry later.' });
      assert.equal(limited.headers.get('retry-after'), '60', 'the window length, whatever the time left');
      // Another client (token) of the same IP shares the budget, like the CLI and the dashboard do.
      assert.equal((await client(server, server.control.issueToken(DEMO_USER.email)).get('/auth/whoami')).status, 429);
    } finally {
      await server.close();
    }
  });

  it('login: 5 per minute per IP and per e-mail, not counted in the 60', async () => {
    const server = await start({ rateLimit: { perMinute: 3 } });
    try {
      await windowStart(60_000);
      for (let i = 0; i < 5; i++) {
        assert.equal((await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'wrong' } })).status, 401);
      }
      const limited = await call(server, 'POST', '/auth/login', { body: DEMO_USER });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '60');
      assert.equal((await call(server, 'GET', '/apps')).status, 401, 'the logins did not use the API budget');
    } finally {
      await server.close();
    }
  });

  it('counts per e-mail across IPs (a second limiter keyed by e-mail)', async () => {
    const server = await start({ rateLimit: { loginPerMinute: 2, perMinute: 1000 } });
    try {
      await windowStart(60_000);
      await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'x' } });
      await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'x' } });
      assert.equal((await call(server, 'POST', '/auth/login', { body: DEMO_USER })).status, 429);
    } finally {
      await server.close();
    }
  });

  it('fixed windows: the budget comes back all at once when the window turns', async () => {
    const server = await start({ rateLimit: { perMinute: 2, windowMs: 400 } });
    try {
      await windowStart(400);
      const api = client(server, server.control.issueToken(DEMO_USER.email));
      assert.equal((await api.get('/apps')).status, 200);
      assert.equal((await api.get('/apps')).status, 200);
      const limited = await api.get('/apps');
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('retry-after'), '1');
      await sleep(400 - (Date.now() % 400) + 5);
      assert.equal((await api.get('/apps')).status, 200);
      assert.equal((await api.get('/apps')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('unauthenticated calls count too; setRateLimit(false) turns it off', async () => {
    const server = await start({ rateLimit: { perMinute: 3 } });
    try {
      await windowStart(60_000);
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

  it('20 failed logins within the find time ban the IP from every path for the ban time (403)', async () => {
    const server = await start({ rateLimit: { loginPerMinute: 1000, banMs: 300 } });
    try {
      const token = server.control.issueToken(DEMO_USER.email);
      for (let i = 0; i < 20; i++) {
        assert.equal((await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'wrong' } })).status, 401, `attempt ${i + 1}`);
      }
      const banned = { error: 'Too many failed login attempts. Try again in 1 hour.' };
      for (const res of [
        await call(server, 'POST', '/auth/login', { body: DEMO_USER }),
        await call(server, 'GET', '/apps', { token }),
      ]) {
        assert.deepEqual([res.status, res.body], [403, banned]);
      }
      const page = await fetch(`${server.url}/dashboard/device`);
      assert.equal(page.status, 403, 'every path, not only the API');
      await sleep(320);
      assert.equal((await call(server, 'GET', '/apps', { token })).status, 200, 'the ban ends');
    } finally {
      await server.close();
    }
  });

  it('successful logins and throttled attempts do not count towards a ban', async () => {
    const server = await start({ rateLimit: { loginPerMinute: 1000, banAfterFailures: 3 } });
    try {
      for (let i = 0; i < 2; i++) await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'wrong' } });
      for (let i = 0; i < 5; i++) assert.equal((await call(server, 'POST', '/auth/login', { body: DEMO_USER })).status, 201);
      assert.equal((await call(server, 'POST', '/auth/login', { body: { ...DEMO_USER, password: 'wrong' } })).status, 401);
      assert.equal((await call(server, 'POST', '/auth/login', { body: DEMO_USER })).status, 403, 'the third failure bans');
    } finally {
      await server.close();
    }
  });
});
