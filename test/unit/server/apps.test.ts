import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { demoClient, sleep, start, UUID, waitFor } from './helpers';

const APP_FIELDS = ['created_at', 'id', 'is_preview', 'name', 'parent_app_id', 'pr_number', 'server_id', 'status', 'team_id'];

describe('server: /apps', () => {
  let server: RunningServer;
  let api: ReturnType<typeof demoClient>;
  let euId: string;
  before(async () => {
    server = await start();
    api = demoClient(server);
    euId = server.control.findServer('eu-central-1')!.id;
  });
  after(() => server.close());

  describe('list and details', () => {
    it('lists apps in every status with the canonical fields, previews only on request', async () => {
      const res = await api.get('/apps');
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body) && res.body.length >= 10);
      for (const a of res.body) assert.deepEqual(Object.keys(a).sort(), APP_FIELDS);
      assert.ok(res.body.every((a: { is_preview: boolean }) => !a.is_preview));
      const statuses = new Set(res.body.map((a: { status: string }) => a.status));
      for (const s of ['running', 'stopped', 'crashed', 'deploying', 'sleeping', 'created']) assert.ok(statuses.has(s), s);
      const all = (await api.get('/apps?include_previews=1')).body;
      const preview = all.find((a: { is_preview: boolean }) => a.is_preview);
      assert.equal(preview.name, 'storefront-pr-42');
      assert.equal(preview.pr_number, 42);
      assert.equal(preview.parent_app_id, server.control.findApp('storefront')!.id);
    });

    it('filters with ?q= (substring)', async () => {
      const names = (await api.get('/apps?q=STORE&include_previews=1')).body.map((a: { name: string }) => a.name);
      assert.deepEqual(names.sort(), ['storefront', 'storefront-pr-42']);
    });

    it('shows details by id or name, with git_remote and push_instructions', async () => {
      const byName = await api.get('/apps/storefront');
      assert.equal(byName.status, 200);
      assert.match(byName.body.id, UUID);
      assert.equal(byName.body.git_remote, 'dokku@10.20.1.10:storefront');
      assert.match(byName.body.push_instructions, /git push/);
      assert.deepEqual((await api.get(`/apps/${byName.body.id}`)).body, byName.body);
      assert.equal((await api.get('/apps/does-not-exist')).status, 404);
    });
  });

  describe('create, update, delete', () => {
    it('creates an app (201, status created) and records an activity', async () => {
      const res = await api.post('/apps', { name: 'fresh-app', server_id: euId, deploy_branch: 'trunk' });
      assert.equal(res.status, 201);
      assert.equal(res.body.status, 'created');
      assert.equal(res.body.deploy_branch, 'trunk');
      assert.equal(res.body.server_id, euId);
      const server2 = await api.post('/apps', { name: 'fresh-by-name', server_id: 'us-east-1' });
      assert.equal(server2.status, 201, 'server_id may be the server name');
      assert.equal((await api.get('/activities?limit=1')).body[0].action, 'app.create');
    });

    it('422 for invalid or missing names and unknown servers', async () => {
      for (const name of ['Bad_Name', '1abc', 'has space', '', 'a'.repeat(41)]) {
        const res = await api.post('/apps', { name, server_id: euId });
        assert.equal(res.status, 422, name);
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length, name);
      }
      assert.deepEqual((await api.post('/apps', { server_id: euId })).body, { errors: ["Name can't be blank"] });
      assert.deepEqual((await api.post('/apps', { name: 'ok-name' })).body, { errors: ["Server can't be blank"] });
      assert.deepEqual((await api.post('/apps', { name: 'ok-name', server_id: 'nope' })).body, { errors: ['Server must exist'] });
    });

    it('409 when the name is taken', async () => {
      const res = await api.post('/apps', { name: 'storefront', server_id: euId });
      assert.deepEqual([res.status, res.body], [409, { error: 'App name already taken' }]);
    });

    it('402 when the plan limit is reached', async () => {
      server.control.setPlan(undefined, { maxApps: 3 });
      try {
        const res = await api.post('/apps', { name: 'one-too-many', server_id: euId });
        assert.deepEqual([res.status, res.body], [402, { error: 'App limit reached for your plan (3)' }]);
      } finally {
        server.control.setPlan(undefined, { maxApps: 25 });
      }
    });

    it('503 when the target server is unreachable', async () => {
      const res = await api.post('/apps', { name: 'on-legacy', server_id: 'legacy-box' });
      assert.equal(res.status, 503);
      assert.match(res.body.error, /^Cannot connect to server: /);
    });

    it('renames and changes the deploy branch (PUT 200), with 409/422 checks', async () => {
      await api.post('/apps', { name: 'rename-me', server_id: euId });
      const res = await api.put('/apps/rename-me', { name: 'renamed', deploy_branch: 'release' });
      assert.equal(res.status, 200);
      assert.equal(res.body.name, 'renamed');
      assert.equal(res.body.deploy_branch, 'release');
      assert.equal((await api.get('/apps/rename-me')).status, 404);
      assert.equal((await api.put('/apps/renamed', { name: 'storefront' })).status, 409);
      assert.equal((await api.put('/apps/renamed', { name: 'Nope!' })).status, 422);
      assert.equal((await api.put('/apps/missing', { name: 'x' })).status, 404);
    });

    it('destroys an app and its children', async () => {
      const created = (await api.post('/apps', { name: 'doomed', server_id: euId })).body;
      await api.post('/apps/doomed/domains', { hostname: 'doomed.example.com' });
      const res = await api.del('/apps/doomed');
      assert.deepEqual([res.status, res.body], [200, { message: 'App destroyed' }]);
      assert.equal((await api.get(`/apps/${created.id}`)).status, 404);
      assert.equal((await api.del('/apps/doomed')).status, 404);
      assert.equal((await api.del('/apps/legacy-crm')).status, 503);
    });
  });

  describe('lifecycle', () => {
    it('restart is synchronous and passes through a transient status', async () => {
      server.control.setActionDelay(150);
      try {
        const pending = api.post('/apps/api-gateway/restart');
        await sleep(50);
        assert.equal((await api.get('/apps/api-gateway')).body.status, 'deploying');
        const busy = await api.post('/apps/api-gateway/stop');
        assert.equal(busy.status, 409, 'a second action while one runs is a conflict');
        const res = await pending;
        assert.deepEqual([res.status, res.body], [200, { message: 'App restarted' }]);
        assert.equal((await api.get('/apps/api-gateway')).body.status, 'running');
      } finally {
        server.control.setActionDelay(20);
      }
    });

    it('stop then start change the status; activities are recorded', async () => {
      const stop = await api.post('/apps/billing-worker/stop');
      assert.deepEqual(stop.body, { message: 'App stopped' });
      assert.equal((await api.get('/apps/billing-worker')).body.status, 'stopped');
      const ps = (await api.get('/apps/billing-worker/ps')).body.processes;
      assert.equal(ps.running, 'false');
      const startRes = await api.post('/apps/billing-worker/start');
      assert.deepEqual(startRes.body, { message: 'App started' });
      assert.equal((await api.get('/apps/billing-worker')).body.status, 'running');
      const actions = (await api.get('/activities?limit=2')).body.map((a: { action: string }) => a.action);
      assert.deepEqual(actions, ['app.start', 'app.stop']);
    });

    it('start brings crashed and sleeping apps back', async () => {
      for (const name of ['image-resizer', 'marketing-site']) {
        assert.equal((await api.post(`/apps/${name}/start`)).status, 200);
        assert.equal((await api.get(`/apps/${name}`)).body.status, 'running');
      }
    });

    it('422 for a never deployed app, 503 on the unreachable server, 404 for unknown apps', async () => {
      const notDeployed = await api.post('/apps/blog/restart');
      assert.equal(notDeployed.status, 422);
      assert.match(notDeployed.body.error, /has not been deployed/);
      assert.equal((await api.post('/apps/legacy-crm/stop')).status, 503);
      assert.equal((await api.post('/apps/nope/start')).status, 404);
    });

    it('control.setAppStatus changes the status behind the client\'s back', async () => {
      server.control.setAppStatus('cron-jobs', 'crashed');
      assert.equal((await api.get('/apps/cron-jobs')).body.status, 'crashed');
      await api.post('/apps/cron-jobs/restart');
      await waitFor(async () => (await api.get('/apps/cron-jobs')).body.status === 'running');
    });
  });
});
