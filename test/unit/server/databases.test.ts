import assert from 'node:assert/strict';
import { ADMIN_USER, type RunningServer } from '../../server';
import { client, type DemoClient, startWithDemoClient } from './helpers';
import { until } from '../../support/wait';

describe('server: /databases and backups', () => {
  let server: RunningServer;
  let api: DemoClient;
  let admin: DemoClient;
  before(async () => {
    ({ server, api } = await startWithDemoClient());
    admin = client(server, server.control.issueToken(ADMIN_USER.email));
  });
  after(() => server.close());

  it('lists databases of several types with canonical fields; details by id or name', async () => {
    const list = (await api.get('/databases')).body;
    assert.ok(list.length >= 3);
    for (const d of list) assert.deepEqual(Object.keys(d).sort(), ['created_at', 'id', 'name', 'server_id', 'service_type', 'status']);
    assert.ok(new Set(list.map((d: { service_type: string }) => d.service_type)).size >= 3);
    const one = (await api.get('/databases/storefront-db')).body;
    assert.equal(one.service_type, 'postgres');
    assert.deepEqual((await api.get(`/databases/${one.id}`)).body, one);
    assert.equal((await api.get('/databases/nope')).status, 404);
  });

  it('lists the databases of the user\'s teams (created there or linked to their apps); admins see all', async () => {
    const names = (await api.get('/databases')).body.map((d: { name: string }) => d.name).sort();
    assert.deepEqual(names, ['acme-pg', 'analytics-db', 'cache', 'legacy-mongo', 'oss-forum-db', 'storefront-db']);
    const outsider = client(server, server.control.issueToken('outsider@apphost.dev'));
    assert.deepEqual((await outsider.get('/databases')).body, []);
    assert.deepEqual((await outsider.get('/databases/cache')).body, { error: 'Not authorized' });
    assert.ok((await admin.get('/databases')).body.length >= 5);
  });

  it('creates a database synchronously (201, running at once, listed for its creator) and destroys it', async () => {
    const res = await api.post('/databases', { name: 'search', service_type: 'meilisearch', server_id: 'eu-central-1' }, { workspace: 'acme' });
    assert.equal(res.status, 201);
    assert.equal(res.body.status, 'running');
    assert.ok((await api.get('/databases')).body.some((d: { name: string }) => d.name === 'search'));
    const link = await api.post('/databases/search/link', { app_id: 'docs-site' });
    assert.equal(link.status, 201, 'linking right after creation works');
    await api.post('/databases/search/unlink', { app_id: 'docs-site' });
    const gone = await api.del('/databases/search');
    assert.deepEqual([gone.status, gone.body], [200, { message: 'Database destroyed' }]);
    assert.equal((await api.get('/databases/search')).status, 404);
  });

  it('validates creation: 422, 404 for a missing server, 422 for a name taken on the server, 503', async () => {
    assert.equal((await api.post('/databases', { name: 'x1', service_type: 'oracle', server_id: 'eu-central-1' })).status, 422);
    assert.equal((await api.post('/databases', { service_type: 'redis', server_id: 'eu-central-1' })).status, 422);
    assert.deepEqual((await api.post('/databases', { name: 'x1', service_type: 'redis' })).body, { status: 404, error: 'Not Found' });
    const taken = await api.post('/databases', { name: 'cache', service_type: 'redis', server_id: 'eu-central-1' });
    assert.deepEqual([taken.status, taken.body], [422, { errors: ['Name has already been taken'] }]);
    assert.equal((await api.post('/databases', { name: 'x2', service_type: 'redis', server_id: 'legacy-box' })).status, 503);
  });

  it('links to an app (201, sets <ALIAS>_URL with a release) and unlinks', async () => {
    const db = (await api.post('/databases', { name: 'queue', service_type: 'rabbitmq', server_id: 'eu-central-1' })).body;
    const releases = (await api.get('/apps/billing-worker/releases')).body.length;
    const link = await api.post(`/databases/${db.id}/link`, { app_id: 'billing-worker', alias_name: 'amqp' });
    assert.equal(link.status, 201);
    assert.deepEqual(Object.keys(link.body).sort(), ['alias_name', 'app_record_id', 'database_service_id', 'id']);
    assert.equal(link.body.alias_name, 'AMQP');
    assert.equal(link.body.database_service_id, db.id);
    assert.match((await api.get('/apps/billing-worker/config')).body.config.AMQP_URL, /^amqp:\/\//);
    assert.equal((await api.get('/apps/billing-worker/releases')).body.length, releases + 1);
    const twice = await api.post(`/databases/${db.id}/link`, { app_id: 'billing-worker' });
    assert.deepEqual([twice.status, twice.body], [422, { error: 'Dokku command failed: rabbitmq:link queue billing-worker\n !     Already linked as AMQP_URL' }]);
    assert.equal((await api.del('/databases/queue')).status, 422, 'a linked database cannot be destroyed');

    const unlink = await api.post('/databases/queue/unlink', { app_id: link.body.app_record_id });
    assert.deepEqual([unlink.status, unlink.body], [200, { message: 'Database unlinked' }]);
    assert.ok(!('AMQP_URL' in (await api.get('/apps/billing-worker/config')).body.config));
    assert.equal((await api.post('/databases/queue/unlink', { app_id: 'billing-worker' })).status, 422);
  });

  it('link errors: unknown app 404, invalid alias 422, database not running 422, unreachable 503', async () => {
    assert.equal((await api.post('/databases/cache/link', { app_id: 'nope' })).status, 404);
    assert.equal((await api.post('/databases/cache/link', {})).status, 404);
    assert.equal((await api.post('/databases/cache/link', { app_id: 'blog', alias_name: '9bad' })).status, 422);
    assert.equal((await api.post('/databases/legacy-mongo/link', { app_id: 'blog' })).status, 503);
    assert.equal((await api.post('/databases/nope/link', { app_id: 'blog' })).status, 404);
  });

  describe('backups', () => {
    it('lists newest first with canonical fields', async () => {
      const list = (await api.get('/databases/storefront-db/backups')).body;
      assert.ok(list.length >= 5);
      for (const b of list) assert.deepEqual(Object.keys(b).sort(), ['created_at', 'id', 'size_bytes', 'status']);
      assert.ok(list.every((b: { created_at: string }, i: number) => i === 0 || list[i - 1].created_at >= b.created_at));
      assert.ok(list.some((b: { status: string }) => b.status === 'failed'));
    });

    it('POST is for platform admins (for others wokku\'s rescued refusal, 422); it answers 201 "Backup started" and the backup appears later', async () => {
      const denied = await api.post('/databases/cache/backups');
      assert.deepEqual([denied.status, denied.body], [422, { error: 'not allowed to ServerPolicy#update? this Server' }]);
      server.control.setActionDelay(60);
      try {
        const before = (await api.get('/databases/cache/backups')).body.length;
        const res = await admin.post('/databases/cache/backups');
        assert.deepEqual([res.status, res.body], [201, { message: 'Backup started' }]);
        assert.equal((await api.get('/databases/cache/backups')).body.length, before, 'not there yet');
        await until("(await api.get('/databases/cache/backups')).body.length === before + 1", async () => (await api.get('/databases/cache/backups')).body.length === before + 1);
        const [latest] = (await api.get('/databases/cache/backups')).body;
        assert.equal(latest.status, 'completed');
        assert.ok(latest.size_bytes > 0);
      } finally {
        server.control.setActionDelay(20);
      }
    });

    it('402 at the plan\'s backup limit; 503 unreachable; 404 unknown database', async () => {
      server.control.setPlan(undefined, { maxBackups: 1 });
      try {
        const res = await admin.post('/databases/analytics-db/backups');
        assert.deepEqual([res.status, res.body], [402, { error: 'Backup limit reached for your plan (1)' }]);
      } finally {
        server.control.setPlan(undefined, { maxBackups: 10 });
      }
      assert.equal((await admin.post('/databases/legacy-mongo/backups')).status, 503);
      assert.equal((await api.get('/databases/nope/backups')).status, 404);
      assert.equal((await admin.post('/databases/nope/backups')).status, 404);
      const outsider = client(server, server.control.issueToken('outsider@apphost.dev'));
      assert.equal((await outsider.get('/databases/cache/backups')).status, 200, 'listing is open (wokku authorises through the server)');
    });
  });
});
