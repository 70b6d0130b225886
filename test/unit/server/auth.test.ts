import assert from 'node:assert/strict';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../../server';
import { call, client, start, UUID } from './helpers';

describe('server: auth', () => {
  let server: RunningServer;
  before(async () => {
    server = await start();
  });
  after(() => server.close());

  const login = (body: unknown) => call(server, 'POST', '/auth/login', { body });

  it('logs in with e-mail and password: 201, 64-hex token, user {id,email,role}', async () => {
    const res = await login(DEMO_USER);
    assert.equal(res.status, 201);
    assert.match(res.body.token, /^[0-9a-f]{64}$/);
    assert.deepEqual(Object.keys(res.body.user).sort(), ['email', 'id', 'role']);
    assert.equal(res.body.user.email, DEMO_USER.email);
    assert.equal(res.body.user.role, 'member', "wokku's roles are member and admin");
    assert.match(res.body.user.id, UUID);
    const who = await call(server, 'GET', '/auth/whoami', { token: res.body.token });
    assert.deepEqual(who.body, res.body.user);
  });

  it('names a login token cli-<unix seconds> unless a name is given', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = (await login(DEMO_USER)).body.token;
    const named = (await login({ ...DEMO_USER, name: 'my laptop' })).body.token;
    const names = (await call(server, 'GET', '/auth/tokens', { token })).body.map((t: { name: string }) => t.name);
    const cli = names.map((n: string) => /^cli-(\d+)$/.exec(n)).filter(Boolean).map((m: RegExpExecArray) => Number(m[1]));
    assert.ok(cli.some((t: number) => t >= before && t <= before + 5), names.join(', '));
    assert.ok(names.includes('my laptop'));
    assert.equal((await call(server, 'GET', '/auth/whoami', { token: named })).status, 200);
  });

  it('rejects a wrong password or unknown user with 401 "Invalid email or password"', async () => {
    for (const body of [{ ...DEMO_USER, password: 'nope' }, { email: 'ghost@apphost.dev', password: 'x' }]) {
      const res = await login(body);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { error: 'Invalid email or password' });
    }
  });

  it('answers missing fields with 401 and malformed JSON with Rails\' 400', async () => {
    assert.deepEqual((await login({ email: DEMO_USER.email })).body, { error: 'Invalid email or password' });
    const bad = await call(server, 'POST', '/auth/login', { raw: '{"email": ' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { status: 400, error: 'Bad Request' });
    const arr = await call(server, 'POST', '/auth/login', { raw: '[1,2]' });
    assert.equal(arr.status, 400);
  });

  it('requires otp_code for the admin account', async () => {
    const without = await login({ email: ADMIN_USER.email, password: ADMIN_USER.password });
    assert.equal(without.status, 401);
    assert.deepEqual(without.body, { error: 'Invalid or missing OTP code. Provide otp_code parameter.' });
    assert.equal((await login({ email: ADMIN_USER.email, password: ADMIN_USER.password, otp_code: '000000' })).status, 401);
    const ok = await login({ email: ADMIN_USER.email, password: ADMIN_USER.password, otp_code: ADMIN_USER.otp });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.user.role, 'admin');
  });

  it('401s with the contract messages for missing, invalid, revoked and expired tokens', async () => {
    const missing = await call(server, 'GET', '/auth/whoami');
    assert.deepEqual([missing.status, missing.body], [401, { error: 'Missing authorization token' }]);
    const empty = await call(server, 'GET', '/auth/whoami', { headers: { authorization: 'Bearer ' } });
    assert.deepEqual(empty.body, { error: 'Missing authorization token' });
    const invalid = await call(server, 'GET', '/auth/whoami', { token: 'f'.repeat(64) });
    assert.deepEqual([invalid.status, invalid.body], [401, { error: 'Invalid or expired token' }]);

    const revoked = server.control.issueToken(DEMO_USER.email);
    assert.equal((await call(server, 'GET', '/apps', { token: revoked })).status, 200);
    assert.equal(server.control.revokeToken(revoked), true);
    assert.deepEqual((await call(server, 'GET', '/apps', { token: revoked })).body, { error: 'Invalid or expired token' });

    const expired = server.control.issueToken(DEMO_USER.email);
    server.control.expireToken(expired);
    assert.equal((await call(server, 'GET', '/auth/whoami', { token: expired })).status, 401);
  });

  it('logout revokes the token used and only that one', async () => {
    const a = (await login(DEMO_USER)).body.token;
    const b = server.control.issueToken(DEMO_USER.email);
    const res = await call(server, 'DELETE', '/auth/logout', { token: a });
    assert.deepEqual([res.status, res.body], [200, { message: 'Logged out' }]);
    assert.equal((await call(server, 'GET', '/auth/whoami', { token: a })).status, 401);
    assert.equal((await call(server, 'GET', '/auth/whoami', { token: b })).status, 200);
  });

  describe('API tokens', () => {
    it('creates (value shown once), lists without values, and revokes', async () => {
      const api = client(server, server.control.issueToken(DEMO_USER.email, 'session'));
      const created = await api.post('/auth/tokens', { name: 'ci', expires_at: new Date(Date.now() + 86_400_000).toISOString() });
      assert.equal(created.status, 201);
      assert.deepEqual(Object.keys(created.body).sort(), ['id', 'name', 'token']);
      assert.match(created.body.token, /^[0-9a-f]{64}$/);
      assert.equal((await call(server, 'GET', '/auth/whoami', { token: created.body.token })).status, 200);

      const list = await api.get('/auth/tokens');
      assert.equal(list.status, 200);
      const entry = list.body.find((t: { id: string }) => t.id === created.body.id);
      assert.deepEqual(Object.keys(entry).sort(), ['created_at', 'expires_at', 'id', 'last_used_at', 'name']);
      assert.ok(entry.last_used_at, 'last_used_at is set after use');
      assert.ok(!list.text.includes(created.body.token), 'token values are never listed');

      const revoked = await api.del(`/auth/tokens/${created.body.id}`);
      assert.deepEqual([revoked.status, revoked.body], [200, { message: 'Token revoked' }]);
      assert.equal((await call(server, 'GET', '/auth/whoami', { token: created.body.token })).status, 401);
      assert.equal((await api.del(`/auth/tokens/${created.body.id}`)).status, 404);
    });

    it('names a token without a name token-<unix seconds>; validates expires_at (422); cannot revoke other users\' tokens (404)', async () => {
      const api = client(server, server.control.issueToken(DEMO_USER.email));
      const before = Math.floor(Date.now() / 1000);
      const unnamed = await api.post('/auth/tokens', {});
      assert.equal(unnamed.status, 201);
      const seconds = Number(/^token-(\d+)$/.exec(unnamed.body.name)?.[1]);
      assert.ok(seconds >= before && seconds <= before + 5, unnamed.body.name);
      const past = await api.post('/auth/tokens', { name: 'x', expires_at: '2001-01-01T00:00:00Z' });
      assert.equal(past.status, 422);
      const garbage = await api.post('/auth/tokens', { name: 'x', expires_at: 'soon' });
      assert.equal(garbage.status, 422);

      const admin = client(server, server.control.issueToken(ADMIN_USER.email));
      const adminToken = (await admin.post('/auth/tokens', { name: 'admin-ci' })).body;
      assert.equal((await api.del(`/auth/tokens/${adminToken.id}`)).status, 404);
    });
  });

  it('lists only active tokens; records no activity for tokens (wokku tracks none)', async () => {
    const api = client(server, server.control.issueToken(DEMO_USER.email));
    const feed = (await api.get('/activities?limit=3')).body;
    const t = (await api.post('/auth/tokens', { name: 'audit-me' })).body;
    server.control.expireToken(t.token);
    assert.ok(!(await api.get('/auth/tokens')).body.some((x: { id: string }) => x.id === t.id), 'expired tokens are not listed');
    assert.deepEqual((await api.get('/activities?limit=3')).body, feed);
  });
});
