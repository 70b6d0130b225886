import { strict as assert } from 'node:assert';
import { ApiError } from '../../../src/api';
import { JSON_HEADERS, MOCK_TOKEN, mockClient, rejects } from './helpers';

describe('api: onUnauthorized (MockAgent)', () => {
  const refused = { error: 'Invalid or expired token' };

  it('reports a 401 of the stored token, with the refused value', async () => {
    const calls: string[] = [];
    const { client, pool } = mockClient({ onUnauthorized: (_e, token) => calls.push(token) });
    pool.intercept({ path: '/api/v1/apps', method: 'GET' }).reply(401, refused, { headers: JSON_HEADERS });
    const error = await rejects(client.apps.list(), ApiError);
    assert.equal(error.status, 401);
    assert.deepEqual(calls, [MOCK_TOKEN]);
  });

  it('stays quiet for a token being tried (opts.token), for anonymous calls and for other statuses', async () => {
    const calls: string[] = [];
    const { client, pool } = mockClient({ onUnauthorized: (_e, token) => calls.push(token) });
    pool.intercept({ path: '/api/v1/auth/whoami', method: 'GET' }).reply(401, refused, { headers: JSON_HEADERS });
    pool.intercept({ path: '/api/v1/auth/login', method: 'POST' }).reply(401, { error: 'Invalid email or password' }, { headers: JSON_HEADERS });
    pool.intercept({ path: '/api/v1/servers', method: 'POST' }).reply(403, { error: 'Not authorized' }, { headers: JSON_HEADERS });
    await rejects(client.auth.whoami({ token: 'candidate-token-value' }), ApiError);
    await rejects(client.auth.login({ email: 'a@b.c', password: 'x' }), ApiError);
    await rejects(client.servers.create({ name: 's', host: 'h', port: 22, sshUser: 'u', sshPrivateKey: 'k' }), ApiError);
    assert.deepEqual(calls, []);
  });
});
