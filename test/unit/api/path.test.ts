// Ids go into request paths encoded, and ids that encoding cannot make safe are refused
// before anything is sent (issue: an id of ".." turned a restart into another call).
import assert from 'node:assert/strict';
import { InvalidIdError } from '../../../src/api/errors';
import { path } from '../../../src/api/endpoints/path';
import { startServer, DEMO_USER } from '../../server';
import { ApiClient } from '../../../src/api';

describe('api: ids in request paths', () => {
  it('encodes queries, fragments and spaces', () => {
    assert.equal(path`/apps/${'a?b#c d'}/restart`, '/apps/a%3Fb%23c%20d/restart');
    assert.equal(path`/apps/${'shop-api'}/config`, '/apps/shop-api/config');
  });

  for (const bad of ['', '.', '..', 'a/b', 'a\\b', 'a\nb', 'tab\there', '\x7f']) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.throws(() => path`/apps/${bad}/restart`, InvalidIdError);
    });
  }

  it('sends nothing for a refused id', async () => {
    const server = await startServer({ seed: 'demo', rateLimit: false, logIntervalMs: 0 });
    try {
      const token = server.control.issueToken(DEMO_USER.email);
      const api = new ApiClient({ baseUrl: server.url, getToken: async () => token });
      server.control.clearRequestLog();
      await assert.rejects(api.apps.restart('..', {}), (e: Error) => e instanceof InvalidIdError && /Refusing to use/.test(e.message));
      assert.deepEqual(server.control.requestLog, []);
      assert.ok(server.control.findApp('storefront'), 'nothing was deleted or restarted');
    } finally {
      await server.close();
    }
  });
});
