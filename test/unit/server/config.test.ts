import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { type DemoClient, startWithDemoClient, waitFor } from './helpers';

describe('server: /apps/:id/config and /releases', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  const latestRelease = async (app: string) => (await api.get(`/apps/${app}/releases`)).body[0];

  it('GET returns {config:{...}} including secret-looking values', async () => {
    const res = await api.get('/apps/storefront/config');
    assert.equal(res.status, 200);
    assert.equal(res.body.config.NODE_ENV, 'production');
    assert.match(res.body.config.DATABASE_URL, /^postgres:\/\//);
    assert.match(res.body.config.STRIPE_SECRET_KEY, /^sk_live_/);
  });

  it('PUT merges vars, creates a release and restarts the app (new containers, status untouched)', async () => {
    const before = await latestRelease('storefront');
    const cid = server.control.processReport('storefront').status_web_1;
    server.control.setActionDelay(300);
    const res = await api.put('/apps/storefront/config', { vars: { FEATURE_X: 'on', LOG_LEVEL: 'debug', WORKERS: 4 } });
    server.control.setActionDelay(20);
    assert.deepEqual([res.status, res.body], [200, { message: 'Config updated', vars: ['FEATURE_X', 'LOG_LEVEL', 'WORKERS'] }]);
    const config = (await api.get('/apps/storefront/config')).body.config;
    assert.equal(config.FEATURE_X, 'on');
    assert.equal(config.WORKERS, '4');
    assert.equal(config.NODE_ENV, 'production', 'keys not sent are kept');
    const after = await latestRelease('storefront');
    assert.equal(after.version, before.version + 1);
    assert.match(after.description, /FEATURE_X/);
    assert.equal((await api.get('/apps/storefront')).body.status, 'running');
    await waitFor(() => server.control.processReport('storefront').status_web_1 !== cid);
    assert.equal(server.control.processReport('storefront').running, 'true');
    const [last] = (await api.get('/activities?limit=1')).body;
    assert.deepEqual([last.action, last.description, last.target_name], ['config.updated', 'updated config for', 'storefront']);
  });

  it('does not restart an app whose containers are stopped; viewers may change config (wokku only checks show)', async () => {
    const cid = server.control.processReport('mailer').status_web_1;
    assert.equal((await api.put('/apps/mailer/config', { vars: { A: '1' } })).status, 200);
    assert.equal(server.control.processReport('mailer').status_web_1, cid);
    assert.equal((await api.put('/apps/oss-docs/config', { vars: { A: '1' } })).status, 200, 'demo is a viewer of OSS');
  });

  it('DELETE takes {keys} in the body, and also makes a release', async () => {
    await api.put('/apps/api-gateway/config', { vars: { TMP_ONE: '1', TMP_TWO: '2' } });
    const before = await latestRelease('api-gateway');
    const res = await api.del('/apps/api-gateway/config', { keys: ['TMP_ONE', 'TMP_TWO'] });
    assert.deepEqual([res.status, res.body], [200, { message: 'Config vars removed', keys: ['TMP_ONE', 'TMP_TWO'] }]);
    const config = (await api.get('/apps/api-gateway/config')).body.config;
    assert.ok(!('TMP_ONE' in config) && !('TMP_TWO' in config));
    assert.equal((await latestRelease('api-gateway')).version, before.version + 1);
  });

  it('400 "vars parameter required" / "keys parameter required"; 422 for bad key names', async () => {
    for (const body of [{}, { vars: {} }, { vars: [] }, { vars: 'A=1' }]) {
      const res = await api.put('/apps/storefront/config', body);
      assert.deepEqual([res.status, res.body], [400, { error: 'vars parameter required' }]);
    }
    for (const body of [{}, { keys: [] }, { keys: 'A' }]) {
      const res = await api.del('/apps/storefront/config', body);
      assert.deepEqual([res.status, res.body], [400, { error: 'keys parameter required' }]);
    }
    const bad = await api.put('/apps/storefront/config', { vars: { SECRET_TOKEN: 's3cret', '1BAD': 'x' } });
    assert.equal(bad.status, 422);
    assert.match(bad.body.error, /^Dokku command failed: config:set storefront SECRET_TOKEN=s3cret 1BAD=x\n !/, 'like wokku, the values sent show in the message');
    assert.equal((await api.put('/apps/storefront/config', { vars: { OK: { nested: true } } })).status, 422);
    assert.equal((await api.put('/apps/storefront/config', undefined, { raw: '{"vars":' })).status, 400);
  });

  it('404 for unknown apps and 503 on the unreachable server', async () => {
    assert.equal((await api.get('/apps/nope/config')).status, 404);
    assert.equal((await api.get('/apps/legacy-crm/config')).status, 503);
    assert.equal((await api.put('/apps/legacy-crm/config', { vars: { A: '1' } })).status, 503);
  });

  it('control.setConfig / deleteConfig change config behind the client\'s back (with a release)', async () => {
    const before = await latestRelease('analytics');
    server.control.setConfig('analytics', { REMOTE: 'yes' });
    server.control.deleteConfig('analytics', ['RETENTION_DAYS']);
    const config = (await api.get('/apps/analytics/config')).body.config;
    assert.equal(config.REMOTE, 'yes');
    assert.ok(!('RETENTION_DAYS' in config));
    assert.equal((await latestRelease('analytics')).version, before.version + 2);
  });

  describe('releases', () => {
    it('lists newest first with the canonical fields; shows one by id (or version)', async () => {
      const list = (await api.get('/apps/storefront/releases')).body;
      assert.ok(list.length >= 5);
      for (const r of list) assert.deepEqual(Object.keys(r).sort(), ['created_at', 'deploy_id', 'description', 'id', 'version']);
      assert.ok(list.every((r: { version: number }, i: number) => i === 0 || list[i - 1].version > r.version));
      const one = await api.get(`/apps/storefront/releases/${list[1].id}`);
      assert.equal(one.body.id, list[1].id);
      assert.equal((await api.get('/apps/storefront/releases/v1')).body.version, 1);
      assert.equal((await api.get('/apps/storefront/releases/nope')).status, 404);
    });

    it('rollback creates a new release and a deploy of the target\'s commit (201); 422 when the target has no commit', async () => {
      const list = (await api.get('/apps/storefront/releases')).body;
      const target = list.find((r: { deploy_id: string | null }) => r.deploy_id);
      const sha = (await api.get(`/apps/storefront/releases/${target.id}`)).body.commit_sha;
      const deploysBefore = server.control.deploysOf('storefront').length;
      const res = await api.post(`/apps/storefront/releases/${target.id}/rollback`);
      assert.equal(res.status, 201);
      assert.equal(res.body.version, list[0].version + 1);
      assert.equal(res.body.description, `Rollback to v${target.version} (${sha.slice(0, 7)})`);
      const deploys = (await api.get('/apps/storefront/deploys')).body;
      assert.equal(deploys.length, Math.min(20, deploysBefore + 1));
      assert.equal(deploys[0].commit_sha, sha);
      // Started at once; on a busy machine it may already be building when read.
      assert.ok(['pending', 'building'].includes(deploys[0].status), deploys[0].status);
      assert.equal(res.body.deploy_id, deploys[0].id);
      await waitFor(async () => (await api.get(`/apps/storefront/deploys/${deploys[0].id}`)).body.status === 'succeeded');
      assert.equal((await latestRelease('storefront')).id, res.body.id, 'the deploy does not add another release');
      assert.equal((await api.get('/activities?limit=1')).body[0].action, 'app.deployed');

      const v1 = list[list.length - 1];
      assert.equal(v1.version, 1);
      const noCommit = await api.post(`/apps/storefront/releases/${v1.id}/rollback`);
      assert.deepEqual([noCommit.status, noCommit.body], [422, { error: 'Cannot rollback: no commit SHA recorded for v1. Only releases with recorded commits can be rolled back.' }]);
      // A config change records no commit either (wokku finds none through its deploy).
      const configRelease = list.find((r: { description: string; version: number }) => /config vars/.test(r.description) && r.version > 1);
      const refused = await api.post(`/apps/storefront/releases/${configRelease.id}/rollback`);
      assert.deepEqual([refused.status, refused.body.error], [422, `Cannot rollback: no commit SHA recorded for v${configRelease.version}. Only releases with recorded commits can be rolled back.`]);
      assert.equal((await api.post('/apps/storefront/releases/nope/rollback')).status, 404);
      assert.equal((await api.post(`/apps/oss-docs/releases/v1/rollback`)).status, 403, 'viewers may not roll back');
    });
  });
});
