import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { type DemoClient, startWithDemoClient } from './helpers';

describe('server: domains, processes, health checks, addons, log drains', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  describe('domains', () => {
    it('lists domains with and without SSL', async () => {
      const list = (await api.get('/apps/storefront/domains')).body;
      for (const d of list) assert.deepEqual(Object.keys(d).sort(), ['created_at', 'hostname', 'id', 'ssl_enabled']);
      assert.deepEqual([...new Set(list.map((d: { ssl_enabled: boolean }) => d.ssl_enabled))].sort(), [false, true]);
    });

    it('adds (hostname or domain field), enables SSL, removes', async () => {
      const added = await api.post('/apps/api-gateway/domains', { hostname: 'Status.Example.com' });
      assert.equal(added.status, 201);
      assert.equal(added.body.hostname, 'status.example.com');
      assert.equal(added.body.ssl_enabled, false);
      const viaDomain = await api.post('/apps/api-gateway/domains', { domain: 'alt.example.com' });
      assert.equal(viaDomain.status, 201);
      const ssl = await api.post(`/apps/api-gateway/domains/${added.body.id}/ssl`);
      assert.deepEqual([ssl.status, ssl.body], [200, { message: 'SSL enabled', domain: 'status.example.com' }]);
      const after = (await api.get('/apps/api-gateway/domains')).body.find((d: { id: string }) => d.id === added.body.id);
      assert.equal(after.ssl_enabled, true);
      const removed = await api.del(`/apps/api-gateway/domains/${added.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Domain removed' }]);
      assert.equal((await api.del(`/apps/api-gateway/domains/${added.body.id}`)).status, 404);
    });

    it('422 invalid or taken hostname, 422 SSL on a stopped app, 404 unknown domain', async () => {
      assert.equal((await api.post('/apps/api-gateway/domains', { hostname: 'not a host' })).status, 422);
      assert.deepEqual((await api.post('/apps/api-gateway/domains', {})).body, { errors: ["Hostname can't be blank"] });
      const taken = await api.post('/apps/api-gateway/domains', { hostname: 'shop.example.com' });
      assert.deepEqual([taken.status, taken.body], [422, { errors: ['Hostname has already been taken'] }]);
      const d = (await api.post('/apps/admin-panel/domains', { hostname: 'admin.example.com' })).body;
      const ssl = await api.post(`/apps/admin-panel/domains/${d.id}/ssl`);
      assert.equal(ssl.status, 422);
      assert.equal(typeof ssl.body.error, 'string');
      assert.equal((await api.post('/apps/admin-panel/domains/nope/ssl')).status, 404);
      assert.equal((await api.post('/apps/legacy-crm/domains', { hostname: 'crm.example.com' })).status, 503);
      // The report, not the status, decides: mailer says "running" but its containers are stopped.
      const m = (await api.post('/apps/mailer/domains', { hostname: 'mail.example.com' })).body;
      assert.equal((await api.post(`/apps/mailer/domains/${m.id}/ssl`)).status, 422);
    });

    it('records domain.added / domain.removed with the hostname as target', async () => {
      const d = (await api.post('/apps/docs-site/domains', { hostname: 'docs.example.org' })).body;
      await api.del(`/apps/docs-site/domains/${d.id}`);
      const feed = (await api.get('/activities?limit=2')).body.map((a: { action: string; target_name: string; target_type: string }) => [a.action, a.target_name, a.target_type]);
      assert.deepEqual(feed, [['domain.removed', 'docs.example.org', 'Domain'], ['domain.added', 'docs.example.org', 'Domain']]);
    });

    it('a viewer of the app\'s team may not change domains (403)', async () => {
      assert.equal((await api.get('/apps/oss-docs/domains')).status, 200);
      assert.deepEqual((await api.post('/apps/oss-docs/domains', { hostname: 'x.oss.example' })).body, { error: 'Not authorized' });
    });
  });

  describe('processes', () => {
    it('GET /ps is a flat string map from the platform report', async () => {
      const ps = (await api.get('/apps/storefront/ps')).body.processes;
      assert.equal(ps.deployed, 'true');
      assert.equal(ps.running, 'true');
      assert.equal(ps.processes, '3');
      assert.match(ps.status_web_1, /^running \(CID: [0-9a-f]+\)$/);
      assert.ok(Object.values(ps).every((v) => typeof v === 'string'));
      assert.equal((await api.get('/apps/blog/ps')).body.processes.deployed, 'false');
    });

    it('the report can disagree with the status: running false, or mixed', async () => {
      const mailer = (await api.get('/apps/mailer/ps')).body.processes;
      assert.equal((await api.get('/apps/mailer')).body.status, 'running');
      assert.deepEqual([mailer.running, mailer.restore], ['false', '0']);
      assert.match(mailer.status_web_1, /^exited \(CID: [0-9a-f]+\)$/);
      const indexer = (await api.get('/apps/search-indexer/ps')).body.processes;
      assert.equal(indexer.running, 'mixed');
      assert.deepEqual([indexer.status_web_1, indexer.status_worker_1, indexer.status_worker_2].map((v: string) => v.split(' ')[0]), ['running', 'running', 'exited']);
      assert.deepEqual(server.control.processReport('search-indexer'), indexer);
    });

    it('PATCH is routed like PUT (the wokku CLI scales with PATCH /apps/:id/ps)', async () => {
      const res = await api.patch('/apps/analytics/ps', { scaling: { worker: 2 } });
      assert.deepEqual([res.status, res.body.scaling], [200, { web: 1, worker: 2 }]);
      assert.equal((await api.patch('/apps/analytics/checks', { wait: 7 })).status, 200);
      assert.equal((await api.patch('/apps/analytics', { deploy_branch: 'trunk' })).body.deploy_branch, 'trunk');
    });

    it('PUT /ps scales (merge) and validates process names and counts', async () => {
      const res = await api.put('/apps/storefront/ps', { scaling: { web: 3, mailer_2: 1 } });
      assert.deepEqual([res.status, res.body], [200, { message: 'Scaling updated', scaling: { web: 3, worker: 1, mailer_2: 1 } }]);
      assert.ok('status_web_3' in (await api.get('/apps/storefront/ps')).body.processes);
      assert.equal((await api.put('/apps/storefront/ps', {})).status, 400);
      for (const scaling of [{ Web: 1 }, { '2web': 1 }, { web: -1 }, { web: 1.5 }, { web: 'many' }]) {
        const bad = await api.put('/apps/storefront/ps', { scaling });
        assert.equal(bad.status, 422, JSON.stringify(scaling));
        assert.ok(bad.body.errors.length);
      }
      server.control.setScale('storefront', { web: 1 });
      assert.ok(!('status_web_2' in (await api.get('/apps/storefront/ps')).body.processes));
    });
  });

  describe('health checks', () => {
    it('GET returns string values; PUT updates given fields', async () => {
      assert.deepEqual((await api.get('/apps/storefront/checks')).body, {
        checks: { enabled: 'true', path: '/health', wait: '5', timeout: '30', attempts: '5' },
      });
      const res = await api.put('/apps/storefront/checks', { enabled: false, path: '/ready', attempts: 3 });
      assert.deepEqual([res.status, res.body], [200, { message: 'Health check settings updated' }]);
      assert.deepEqual((await api.get('/apps/storefront/checks')).body.checks, { enabled: 'false', path: '/ready', wait: '5', timeout: '30', attempts: '3' });
    });

    it('400 for an empty update, 422 for invalid values', async () => {
      assert.equal((await api.put('/apps/storefront/checks', {})).status, 400);
      const bad = await api.put('/apps/storefront/checks', { enabled: 'maybe', path: 'ready', timeout: 0, wait: -1 });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.errors.length, 4);
    });
  });

  describe('addons', () => {
    it('lists, adds (synchronously: running at once) and removes addons', async () => {
      const list = (await api.get('/apps/storefront/addons')).body;
      assert.deepEqual(Object.keys(list[0]).sort(), ['id', 'name', 'server', 'service_type', 'status']);
      assert.equal(list[0].server, 'eu-central-1');
      const added = await api.post('/apps/api-gateway/addons', { service_type: 'redis' });
      assert.equal(added.status, 201);
      assert.deepEqual(Object.keys(added.body).sort(), ['id', 'name', 'service_type', 'status']);
      assert.equal(added.body.name, 'api-gateway-redis');
      assert.equal(added.body.status, 'running');
      assert.equal((await api.get('/apps/api-gateway/addons')).body.find((a: { id: string }) => a.id === added.body.id).status, 'running');
      assert.equal((await api.get('/activities?limit=1')).body[0].action, 'addon.created');
      assert.deepEqual((await api.del(`/apps/api-gateway/addons/${added.body.id}`)).body, { message: 'Add-on removed' });
      assert.equal((await api.del(`/apps/api-gateway/addons/${added.body.id}`)).status, 404);
    });

    it('lists the databases linked to the app too (wokku renders @app.database_services)', async () => {
      const names = (await api.get('/apps/storefront/addons')).body.map((a: { name: string; server: string }) => `${a.name}@${a.server}`);
      assert.deepEqual(names, ['storefront-search@eu-central-1', 'storefront-db@eu-central-1', 'cache@eu-central-1']);
      const db = (await api.post('/databases', { name: 'docs-search', service_type: 'meilisearch', server_id: 'us-east-1' })).body;
      assert.equal((await api.post(`/databases/${db.id}/link`, { app_id: 'docs-site' })).status, 201);
      const listed = (await api.get('/apps/docs-site/addons')).body;
      assert.deepEqual(listed, [{ id: db.id, name: 'docs-search', service_type: 'meilisearch', status: 'running', server: 'us-east-1' }]);
    });

    it('removing a linked database as an addon unlinks it, then destroys it (refused while another app uses it)', async () => {
      const db = (await api.post('/databases', { name: 'shared-cache', service_type: 'redis', server_id: 'us-east-1' })).body;
      await api.post(`/databases/${db.id}/link`, { app_id: 'docs-site' });
      await api.post(`/databases/${db.id}/link`, { app_id: 'analytics' });
      const refused = await api.del(`/apps/docs-site/addons/${db.id}`);
      assert.deepEqual([refused.status, refused.body], [422, { error: 'Dokku command failed: redis:destroy shared-cache --force\n !     Cannot delete linked service shared-cache: unlink it from analytics first' }]);
      assert.ok(!(await api.get('/apps/docs-site/addons')).body.some((a: { id: string }) => a.id === db.id), 'unlinked from docs-site all the same, as Dokku did');
      assert.equal(server.control.getConfig('docs-site').REDIS_URL, undefined);
      const removed = await api.del(`/apps/analytics/addons/${db.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Add-on removed' }]);
      assert.equal(server.control.findDatabase('shared-cache'), undefined, 'the database is gone');
    });

    it('422 for unknown service types and a taken name', async () => {
      assert.equal((await api.post('/apps/api-gateway/addons', { service_type: 'oracle' })).status, 422);
      assert.equal((await api.post('/apps/api-gateway/addons', {})).status, 422);
      await api.post('/apps/api-gateway/addons', { service_type: 'nats', name: 'bus' });
      const taken = await api.post('/apps/api-gateway/addons', { service_type: 'nats', name: 'bus' });
      assert.deepEqual([taken.status, taken.body], [422, { error: 'Validation failed: Name has already been taken' }]);
    });
  });

  describe('log drains', () => {
    it('lists, adds and removes drains', async () => {
      const list = (await api.get('/apps/storefront/log_drains')).body;
      assert.deepEqual(Object.keys(list[0]).sort(), ['created_at', 'drain_type', 'id', 'url']);
      const syslog = await api.post('/apps/admin-panel/log_drains', { url: 'syslog://logs.example.com:514', drain_type: 'syslog' });
      assert.equal(syslog.status, 201);
      const https = await api.post('/apps/admin-panel/log_drains', { url: 'https://logs.example.com/ingest', drain_type: 'https' });
      assert.equal(https.status, 201);
      assert.deepEqual((await api.del(`/apps/admin-panel/log_drains/${syslog.body.id}`)).body, { message: 'Log drain removed' });
      assert.equal((await api.get('/apps/admin-panel/log_drains')).body.length, 1);
    });

    it('422 {errors} for invalid URLs, types and mismatches', async () => {
      for (const body of [
        {},
        { url: 'not a url', drain_type: 'syslog' },
        { url: 'ftp://x.example.com', drain_type: 'ftp' },
        { url: 'https://x.example.com', drain_type: 'syslog' },
        { url: 'syslog://x.example.com:514', drain_type: 'https' },
      ]) {
        const res = await api.post('/apps/admin-panel/log_drains', body);
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length);
      }
      assert.equal((await api.del('/apps/admin-panel/log_drains/nope')).status, 404);
    });
  });
});
