// Every error shape of the contract, byte for byte through undici MockAgent.

import { strict as assert } from 'node:assert';
import { ApiError, summarizeMessages } from '../../../src/api';
import { JSON_HEADERS, MOCK_TOKEN, mockClient, rejects } from './helpers';

interface Case {
  name: string;
  status: number;
  body: string;
  type?: string;
  message: string;
  messages?: string[];
  code?: string;
  hint?: string;
  retryable?: boolean;
}

const CASES: Case[] = [
  { name: '{error}', status: 400, body: '{"error":"vars parameter required"}', message: 'vars parameter required' },
  { name: '401 missing', status: 401, body: '{"error":"Missing authorization token"}', message: 'Missing authorization token' },
  { name: '402 plan', status: 402, body: '{"error":"App limit reached for your plan (3)"}', message: 'App limit reached for your plan (3)' },
  { name: '403', status: 403, body: '{"error":"Not authorized"}', message: 'Not authorized' },
  { name: '404 JSON', status: 404, body: '{"error":"Not found"}', message: 'Not found' },
  { name: '404 HTML', status: 404, type: 'text/html', body: '<!DOCTYPE html><html><body><h1>Routing Error</h1></body></html>', message: 'Not found' },
  { name: '404 empty', status: 404, type: 'text/html', body: '', message: 'Not found' },
  { name: '404 empty, no type', status: 404, type: '', body: '', message: 'Not found' },
  { name: '409', status: 409, body: '{"error":"App name already taken"}', message: 'App name already taken' },
  {
    name: '{errors:[...]}',
    status: 422,
    body: '{"errors":["Name can\'t be blank","Url is invalid"]}',
    message: "Name can't be blank; Url is invalid",
    messages: ["Name can't be blank", 'Url is invalid'],
  },
  {
    name: 'Rails {errors:{field:[...]}}',
    status: 422,
    body: '{"errors":{"name":["can\'t be blank"],"base":["Quota exceeded"]}}',
    message: "Name can't be blank; Quota exceeded",
    messages: ["Name can't be blank", 'Quota exceeded'],
  },
  {
    name: '422 raw stderr',
    status: 422,
    body: JSON.stringify({ error: ' !     App name must be lowercase\n !     see dokku help\n' }),
    message: '! App name must be lowercase ! see dokku help',
  },
  { name: '{message}', status: 400, body: '{"message":"Something is off"}', message: 'Something is off' },
  {
    name: '{error:{message,code}}',
    status: 409,
    body: '{"error":{"message":"Domain exists","code":"domain_taken"}}',
    message: 'Domain exists',
    code: 'domain_taken',
  },
  {
    name: '{error,error_code,hint,retryable}',
    status: 503,
    body: '{"error":"Cannot connect to server: timeout","error_code":"server_unreachable","hint":"Check the server","retryable":false}',
    message: 'Cannot connect to server: timeout',
    code: 'server_unreachable',
    hint: 'Check the server',
    retryable: false,
  },
  { name: 'plain text', status: 500, type: 'text/plain', body: 'upstream exploded\n', message: 'upstream exploded', retryable: false },
  { name: 'HTML 502', status: 502, type: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head></html>', message: 'Bad gateway', retryable: true },
  { name: 'JSON with wrong content type', status: 400, type: 'text/plain', body: '{"error":"typed wrong"}', message: 'typed wrong' },
  { name: 'empty 500', status: 500, type: '', body: '', message: 'Internal server error' },
  { name: 'unknown JSON object', status: 418, body: '{"foo":1}', message: 'Request failed (418)' },
];

describe('api: error shapes (MockAgent)', () => {
  for (const c of CASES) {
    it(`reads ${c.name} (${c.status})`, async () => {
      const { client, pool } = mockClient({ retry: { maxAttempts: 1 } });
      const headers = c.type === undefined ? JSON_HEADERS : c.type ? { 'content-type': c.type } : {};
      pool.intercept({ path: '/api/v1/apps/a1', method: 'GET' }).reply(c.status, c.body, { headers });
      const e = await rejects(client.apps.get('a1'), ApiError);
      assert.equal(e.status, c.status);
      assert.equal(e.message, c.message);
      if (c.messages) assert.deepEqual(e.messages, c.messages);
      assert.ok(e.messages.length >= 1);
      if (c.code) assert.equal(e.code, c.code);
      if (c.hint) assert.equal(e.hint, c.hint);
      if (c.retryable !== undefined) assert.equal(e.retryable, c.retryable);
      assert.equal(e.method, 'GET');
      assert.equal(e.path, '/api/v1/apps/a1');
      assert.equal(e.name, 'ApiError');
    });
  }

  it('marks 429/502/503/504 retryable and carries Retry-After', async () => {
    const { client, pool } = mockClient({ retry: { maxAttempts: 1 } });
    pool.intercept({ path: '/api/v1/apps', method: 'GET' })
      .reply(429, '{"error":"Rate limit exceeded. Retry later."}', { headers: { ...JSON_HEADERS, 'retry-after': '7' } });
    const e = await rejects(client.apps.list({}, { priority: 'view' }), ApiError);
    assert.equal(e.retryable, true);
    assert.equal(e.retryAfterMs, 7000);
    assert.equal(e.message, 'Rate limit exceeded. Retry later.');
    client.budget.dispose();
  });

  it('401 is flagged for the sign-in flow', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/auth/whoami' }).reply(401, '{"error":"Invalid or expired token"}', { headers: JSON_HEADERS });
    const e = await rejects(client.auth.whoami(), ApiError);
    assert.equal(e.isUnauthorized, true);
    assert.equal(e.retryable, false);
  });

  it('scrubs a token the server echoes back in an error body', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(401, JSON.stringify({ error: `Token ${MOCK_TOKEN} is revoked`, hint: `Bearer ${MOCK_TOKEN}` }), { headers: JSON_HEADERS });
    const e = await rejects(client.apps.list(), ApiError);
    assert.ok(!e.message.includes(MOCK_TOKEN));
    assert.ok(!e.messages.join().includes(MOCK_TOKEN));
    assert.ok(!String(e.hint).includes(MOCK_TOKEN));
    assert.match(e.message, /\[redacted\]/);
  });

  it('a 422 with 100,000 errors shows the first few and how many more; the list keeps them all', async () => {
    const { client, pool } = mockClient();
    const errors = Array.from({ length: 100_000 }, (_, i) => `Line ${i + 1} is invalid`);
    pool.intercept({ path: '/api/v1/apps', method: 'POST' }).reply(422, JSON.stringify({ errors }), { headers: JSON_HEADERS });
    const e = await rejects(client.apps.create({ name: 'x', serverId: 's' }), ApiError);
    assert.equal(e.message, 'Line 1 is invalid; Line 2 is invalid; Line 3 is invalid (and 99997 more)');
    assert.equal(e.messages.length, 100_000);
    assert.equal(summarizeMessages(errors), e.message, 'one summary for every caller');
  });

  it('an unreadable 200 body is an ApiError, not a crash', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(200, '[{"id":1,"name":', { headers: JSON_HEADERS });
    const e = await rejects(client.apps.list(), ApiError);
    assert.equal(e.code, 'invalid_response');
    assert.match(e.message, /invalid JSON/);
  });

  it('a redirect is reported with the target (no query) instead of being followed', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: '/api/v1/apps' }).reply(301, '', { headers: { location: 'https://other.example/api/v1/apps?sig=abc' } });
    const e = await rejects(client.apps.list(), ApiError);
    assert.equal(e.status, 301);
    assert.match(e.message, /redirected to https:\/\/other\.example\/api\/v1\/apps — check the service URL/);
  });

  it('query secrets never reach the error path', async () => {
    const { client, pool } = mockClient();
    pool.intercept({ path: /\/api\/v1\/apps\?/ }).reply(400, '{"error":"bad"}', { headers: JSON_HEADERS });
    const e = await rejects(client.request({ method: 'GET', path: '/apps', query: { q: 'web', token: 'supersecretvalue' } }), ApiError);
    assert.equal(e.path, '/api/v1/apps?q=web&token=[redacted]');
  });
});
