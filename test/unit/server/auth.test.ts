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
    assert.equal(res.body.user.role, 'user');
    assert.match(res.body.user.id, UUID);
    const who = await call(server, 'GET', '/auth/whoami', { token: res.body.token });
    assert.deepEqual(who.body, res.body.user);
  });

  it('rejects a wrong password or unknown user with 401 "Invalid email or password"', async () => {
    for (const body of [{ ...DEMO_USER, password: 'nope' }, { email: 'ghost@apphost.dev', password: 'x' }]) {
      const res = await login(body);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, { error: 'Invalid email or password' });
    }
  });

  it('answers missing fields and malformed JSON with 400', async () => {
    assert.equal((await login({ email: DEMO_USER.email })).status, 400);
    const bad = await call(server, 'POST', '/auth/login', { raw: '{"email": ' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { error: 'Malformed JSON in request body' });
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

    it('validates name and expires_at (422) and cannot revoke other users\' tokens (404)', async () => {
      const api = client(server, server.control.issueToken(DEMO_USER.email));
      const blank = await api.post('/auth/tokens', {});
      assert.deepEqual([blank.status, blank.body], [422, { errors: ["Name can't be blank"] }]);
      const past = await api.post('/auth/tokens', { name: 'x', expires_at: '2001-01-01T00:00:00Z' });
      assert.equal(past.status, 422);
      const garbage = await api.post('/auth/tokens', { name: 'x', expires_at: 'soon' });
      assert.equal(garbage.status, 422);

      const admin = client(server, server.control.issueToken(ADMIN_USER.email));
      const adminToken = (await admin.post('/auth/tokens', { name: 'admin-ci' })).body;
      assert.equal((await api.del(`/auth/tokens/${adminToken.id}`)).status, 404);
    });
  });

  it('records token creation and revocation as activities', async () => {
    const api = client(server, server.control.issueToken(DEMO_USER.email));
    const t = (await api.post('/auth/tokens', { name: 'audit-me' })).body;
    await api.del(`/auth/tokens/${t.id}`);
    const actions = (await api.get('/activities?limit=5')).body.map((a: { action: string }) => a.action);
    assert.deepEqual(actions.slice(0, 2), ['token.revoke', 'token.create']);
  });
});
