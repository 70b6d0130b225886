import assert from 'node:assert/strict';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../../server';
import { call, start } from './helpers';

describe('server: device sign-in', () => {
  let server: RunningServer;
  before(async () => {
    // interval 0 so polls are never "too fast" unless a test raises it.
    server = await start({ deviceIntervalSec: 0 });
  });
  after(() => server.close());

  const requestCode = async () => (await call(server, 'POST', '/auth/device/code', { body: { client_name: 'VS Code' } })).body;
  const poll = (deviceCode: string) => call(server, 'POST', '/auth/device/token', { body: { device_code: deviceCode } });

  it('issues a code pointing at the server\'s own /dashboard/device page, like wokku', async () => {
    const code = await requestCode();
    assert.match(code.device_code, /^[0-9a-f]{64}$/);
    assert.match(code.user_code, /^[A-Z]{4}-[A-Z]{4}$/);
    assert.equal(code.verification_uri, `${server.url}/dashboard/device`);
    assert.equal(code.verification_uri_complete, `${server.url}/dashboard/device?user_code=${code.user_code}`);
    assert.equal(code.expires_in, 600);
    assert.equal(code.interval, 0);
    const page = await fetch(code.verification_uri_complete);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.ok((await page.text()).includes(code.user_code));
  });

  it('pending (202) -> approved (200 {token,user}, a cli-<seconds> token) -> 410 token_already_retrieved', async () => {
    const code = await requestCode();
    const pending = await poll(code.device_code);
    assert.deepEqual([pending.status, pending.body], [202, { error: 'authorization_pending' }]);
    server.control.approveDevice(code.user_code, DEMO_USER.email);
    const ok = await poll(code.device_code);
    assert.equal(ok.status, 200);
    assert.match(ok.body.token, /^[0-9a-f]{64}$/);
    assert.equal(ok.body.user.email, DEMO_USER.email);
    assert.equal((await call(server, 'GET', '/auth/whoami', { token: ok.body.token })).status, 200);
    const names = (await call(server, 'GET', '/auth/tokens', { token: ok.body.token })).body.map((t: { name: string }) => t.name);
    assert.ok(names.some((n: string) => /^cli-\d+$/.test(n)), names.join(', '));
    const again = await poll(code.device_code);
    assert.deepEqual([again.status, again.body], [410, { error: 'token_already_retrieved' }], 'a device code gives one token');
  });

  it('denied -> 403 access_denied; expired -> 410 expired_token', async () => {
    const denied = await requestCode();
    server.control.denyDevice(denied.user_code);
    assert.deepEqual((await poll(denied.device_code)).body, { error: 'access_denied' });
    assert.equal((await poll(denied.device_code)).status, 403);

    const expired = await requestCode();
    server.control.expireDevice(expired.user_code);
    const res = await poll(expired.device_code);
    assert.deepEqual([res.status, res.body], [410, { error: 'expired_token' }]);
    assert.throws(() => server.control.approveDevice(expired.user_code, DEMO_USER.email), /expired/);
  });

  it('polling faster than the interval -> 400 slow_down, also right after approval', async () => {
    const s = await start({ deviceIntervalSec: 5 });
    try {
      const code = (await call(s, 'POST', '/auth/device/code', { body: {} })).body;
      assert.equal(code.interval, 5);
      const tokenPoll = () => call(s, 'POST', '/auth/device/token', { body: { device_code: code.device_code } });
      const first = await tokenPoll();
      assert.equal(first.status, 202);
      const second = await tokenPoll();
      assert.deepEqual([second.status, second.body], [400, { error: 'slow_down' }]);
      s.control.approveDevice(code.user_code, DEMO_USER.email);
      assert.equal((await tokenPoll()).status, 400, 'wokku checks the interval before the state');
    } finally {
      await s.close();
    }
  });

  it('answers missing or unknown device codes with 410 expired_token', async () => {
    for (const body of [{}, { device_code: 'nope' }]) {
      const res = await call(server, 'POST', '/auth/device/token', { body });
      assert.deepEqual([res.status, res.body], [410, { error: 'expired_token' }], JSON.stringify(body));
    }
  });

  it('a person approves on the /dashboard/device page with e-mail and password (admins add the OTP)', async () => {
    const code = await requestCode();
    const form = (fields: Record<string, string>) =>
      fetch(`${server.url}/dashboard/device`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

    const wrong = await form({ user_code: code.user_code, email: DEMO_USER.email, password: 'bad', action: 'approve' });
    assert.equal(wrong.status, 401);
    assert.ok((await wrong.text()).includes('Invalid email or password'));
    assert.equal((await poll(code.device_code)).status, 202);

    const noOtp = await form({ user_code: code.user_code, email: ADMIN_USER.email, password: ADMIN_USER.password, action: 'approve' });
    assert.equal(noOtp.status, 401);

    const ok = await form({ user_code: code.user_code.toLowerCase(), email: DEMO_USER.email, password: DEMO_USER.password, action: 'approve' });
    assert.equal(ok.status, 200);
    assert.ok((await ok.text()).includes('Device approved'));
    assert.equal((await poll(code.device_code)).status, 200);

    const again = await form({ user_code: code.user_code, email: DEMO_USER.email, password: DEMO_USER.password, action: 'approve' });
    assert.equal(again.status, 400, 'a used code cannot be approved again');

    const other = await requestCode();
    const deny = await form({ user_code: other.user_code, action: 'deny' });
    assert.equal(deny.status, 200);
    assert.equal((await poll(other.device_code)).status, 403);
  });
});
