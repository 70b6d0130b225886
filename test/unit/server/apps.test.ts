import assert from 'node:assert/strict';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../../server';
import { client, demoClient, start, UUID } from './helpers';
import { sleep } from '../../support/wait';

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
    it('lists the apps of every team of the user, each with its team_id, whatever the header', async () => {
      const res = await api.get('/apps');
      const teams = { own: server.control.teamId(), acme: server.control.teamId('acme'), oss: server.control.teamId('oss') };
      const teamOf = (name: string) => res.body.find((a: { name: string }) => a.name === name).team_id;
      assert.deepEqual([teamOf('storefront'), teamOf('acme-api'), teamOf('oss-docs')], [teams.own, teams.acme, teams.oss]);
      assert.ok(!res.body.some((a: { name: string }) => a.name === 'status-page'), 'not the admin\'s own apps');
      assert.deepEqual((await api.get('/apps', undefined, { workspace: 'acme' })).body, res.body, 'X-Service-Workspace is ignored');
    });

    it('lists apps in every status with the canonical fields, previews only on request', async () => {
      const res = await api.get('/apps');
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body) && res.body.length >= 10);
      for (const a of res.body) assert.deepEqual(Object.keys(a).sort(), APP_FIELDS);
      assert.ok(res.body.every((a: { is_preview: boolean }) => !a.is_preview));
      const statuses = new Set(res.body.map((a: { status: string }) => a.status));
      for (const s of ['running', 'stopped', 'crashed', 'deploying', 'sleeping', 'created']) assert.ok(statuses.has(s), s);
      const all = (await api.get('/apps?include_previews=1')).body;
      const preview = all.find((a: { name: string }) => a.name === 'storefront-pr-42');
      assert.equal(preview.name, 'storefront-pr-42');
      assert.equal(preview.pr_number, 42);
      assert.equal(preview.parent_app_id, server.control.findApp('storefront')!.id);
    });

    it('filters with ?q= (substring)', async () => {
      const names = (await api.get('/apps?q=STORE&include_previews=1')).body.map((a: { name: string }) => a.name);
      assert.deepEqual(names.sort(), ['storefront', 'storefront-pr-42']);
    });

    it('shows details by id or name, with git_remote and push_instructions through the git gateway', async () => {
      const byName = await api.get('/apps/storefront');
      assert.equal(byName.status, 200);
      assert.match(byName.body.id, UUID);
      assert.equal(byName.body.id[14], '7', 'a UUIDv7');
      assert.match(byName.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+07:00$/, 'local time with milliseconds');
      assert.equal(byName.body.git_remote, 'git@git.apphost.example:storefront');
      assert.equal(byName.body.push_instructions, 'git remote add wokku git@git.apphost.example:storefront && git push wokku main');
      assert.deepEqual((await api.get(`/apps/${byName.body.id}`)).body, byName.body);
      assert.equal(byName.body.github_repo_full_name, 'dana-demo/storefront');
      assert.match(byName.body.github_webhook_secret, /^[0-9a-f]{40}$/, 'wokku shows every column, this secret in clear');
      assert.equal((await api.get('/apps/blog')).body.github_webhook_secret, null);
      const missing = await api.get('/apps/does-not-exist');
      assert.deepEqual([missing.status, missing.body], [404, { status: 404, error: 'Not Found' }]);
      const html = await api.get('/apps/does-not-exist', undefined, { headers: { accept: 'text/html' } });
      assert.equal(html.status, 404);
      assert.match(html.text, /<title>The page you were looking for doesn't exist/, 'Rails renders HTML unless JSON was asked for');
    });

    it('403 "Not authorized" for an app of a team the user is not in (by name or id)', async () => {
      const statusPage = server.control.findApp('status-page')!;
      for (const ref of ['status-page', statusPage.id]) {
        const res = await api.get(`/apps/${ref}`);
        assert.deepEqual([res.status, res.body], [403, { error: 'Not authorized' }], ref);
      }
      assert.equal((await api.post('/apps/status-page/restart')).status, 403);
    });
  });

  describe('create, update, delete', () => {
    it('creates an app (201, status created) in the user\'s first team, whatever the header, and records app.created', async () => {
      const res = await api.post('/apps', { name: 'fresh-app', server_id: euId, deploy_branch: 'trunk' }, { workspace: 'acme' });
      assert.equal(res.status, 201);
      assert.equal(res.body.status, 'created');
      assert.equal(res.body.deploy_branch, 'trunk');
      assert.equal(res.body.server_id, euId);
      assert.equal(res.body.team_id, server.control.teamId(DEMO_USER.email));
      const server2 = await api.post('/apps', { name: 'fresh-by-name', server_id: 'us-east-1' });
      assert.equal(server2.status, 201, 'server_id may be the server name');
      const [last] = (await api.get('/activities?limit=1')).body;
      assert.deepEqual([last.action, last.description, last.target_name, last.target_type], ['app.created', 'created app', 'fresh-by-name', 'AppRecord']);
    });

    it('422 for invalid or missing names: Dokku\'s refusal as {"error"}, the model\'s as {"errors"}; 404 for a missing or unknown server', async () => {
      // wokku runs `dokku apps:create` first: what Dokku refuses is a platform failure.
      for (const name of ['Bad_Name', 'UPPER', 'a:b', '']) {
        const res = await api.post('/apps', { name, server_id: euId });
        assert.equal(res.status, 422, name);
        assert.match(res.body.error, new RegExp(`^Dokku command failed: apps:create \\S+\n !     (App name must begin with lowercase|Please specify an app)`), name);
        assert.equal(res.body.errors, undefined, name);
      }
      assert.deepEqual((await api.post('/apps', { server_id: euId })).body, { error: "Dokku command failed: apps:create ''\n !     Please specify an app to run the command on" });
      // Then the model's validations (names Dokku accepts).
      for (const name of ['1abc', 'has space', 'dotted.name']) {
        const res = await api.post('/apps', { name, server_id: euId });
        assert.equal(res.status, 422, name);
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length, name);
      }
      assert.equal(server.control.findApp('Bad_Name'), undefined, 'nothing created');
      // wokku's model sets no length limit (nor does Dokku).
      assert.equal((await api.post('/apps', { name: 'a'.repeat(80), server_id: euId })).status, 201);
      assert.equal((await api.post('/apps', { name: 'ok-name' })).status, 404);
      assert.equal((await api.post('/apps', { name: 'ok-name', server_id: 'nope' })).status, 404);
    });

    it('422 with Dokku\'s refusal when the name is used on that server (wokku runs apps:create first)', async () => {
      const res = await api.post('/apps', { name: 'storefront', server_id: euId });
      assert.deepEqual([res.status, res.body], [422, { error: 'Dokku command failed: apps:create storefront\n !     Name is already taken' }]);
    });

    it('402 when the plan limit is reached, preview apps counted (wokku counts every AppRecord of the user\'s teams)', async () => {
      const all = (await api.get('/apps?include_previews=1')).body as { is_preview: boolean }[];
      const previews = all.filter((a) => a.is_preview).length;
      assert.ok(previews > 0);
      server.control.setPlan(undefined, { maxApps: all.length - previews + 1 });
      try {
        const res = await api.post('/apps', { name: 'one-more', server_id: euId });
        assert.deepEqual([res.status, res.body], [402, { error: `App limit reached for your plan (${all.length - previews + 1})` }]);
      } finally {
        server.control.setPlan(undefined, { maxApps: 50 });
      }
    });

    it('402 when the plan limit is reached', async () => {
      server.control.setPlan(undefined, { maxApps: 3 });
      // The limit counts the apps of every team the user is in (wokku counts through memberships).
      try {
        const res = await api.post('/apps', { name: 'one-too-many', server_id: euId });
        assert.deepEqual([res.status, res.body], [402, { error: 'App limit reached for your plan (3)' }]);
      } finally {
        server.control.setPlan(undefined, { maxApps: 50 });
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
      assert.equal((await api.put('/apps/renamed', { name: 'storefront' })).status, 422);
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
      assert.equal((await api.get('/activities?limit=1')).body[0].action, 'app.destroyed');
    });

    it('only team admins delete a team\'s app; members may update it, viewers may not', async () => {
      const denied = await api.del('/apps/acme-queue');
      assert.deepEqual([denied.status, denied.body], [403, { error: 'Not authorized' }], 'demo is a member of Acme');
      assert.equal((await api.put('/apps/acme-queue', { deploy_branch: 'develop' })).status, 200);
      assert.equal((await api.put('/apps/oss-docs', { deploy_branch: 'develop' })).status, 403, 'demo is a viewer of OSS');
      assert.equal((await api.post('/apps/oss-docs/restart')).status, 403);
      const admin = client(server, server.control.issueToken(ADMIN_USER.email));
      assert.equal((await admin.del('/apps/acme-queue')).status, 200);
    });
  });

  describe('lifecycle', () => {
    it('restart is synchronous and leaves the status alone; a second action replaces the first', async () => {
      server.control.setActionDelay(150);
      try {
        const pending = api.post('/apps/api-gateway/restart');
        await sleep(50);
        assert.equal((await api.get('/apps/api-gateway')).body.status, 'running');
        const res = await pending;
        assert.deepEqual([res.status, res.body], [200, { message: 'App restarted' }]);
        assert.equal((await api.get('/apps/api-gateway')).body.status, 'running');
      } finally {
        server.control.setActionDelay(20);
      }
    });

    it('stop then start: "App stoped" / "App started"; status unchanged, the process report tells', async () => {
      const before = (await api.get('/apps/billing-worker/ps')).body.processes;
      const stop = await api.post('/apps/billing-worker/stop');
      assert.deepEqual([stop.status, stop.body], [200, { message: 'App stoped' }]);
      assert.equal((await api.get('/apps/billing-worker')).body.status, 'running', 'wokku never updates status here');
      assert.equal((await api.get('/apps')).body.find((a: { name: string }) => a.name === 'billing-worker').status, 'running');
      const stopped = (await api.get('/apps/billing-worker/ps')).body.processes;
      assert.deepEqual([stopped.running, stopped.restore], ['false', '0']);
      assert.equal(stopped.status_worker_1, before.status_worker_1.replace('running', 'exited'), 'stop keeps the containers');
      const startRes = await api.post('/apps/billing-worker/start');
      assert.deepEqual(startRes.body, { message: 'App started' });
      const started = (await api.get('/apps/billing-worker/ps')).body.processes;
      assert.deepEqual([started.running, started.restore], ['true', '1']);
      assert.notEqual(started.status_worker_1, before.status_worker_1, 'start runs new containers');
      const actions = (await api.get('/activities?limit=2')).body.map((a: { action: string; description: string }) => [a.action, a.description]);
      assert.deepEqual(actions, [['app.started', 'started app'], ['app.stoped', 'app.stoped']]);
    });

    it('start brings stopped and mixed apps back (process report running), status untouched', async () => {
      for (const name of ['mailer', 'search-indexer', 'image-resizer']) {
        const status = (await api.get(`/apps/${name}`)).body.status;
        assert.equal((await api.post(`/apps/${name}/start`)).status, 200);
        assert.equal((await api.get(`/apps/${name}/ps`)).body.processes.running, 'true', name);
        assert.equal((await api.get(`/apps/${name}`)).body.status, status, name);
      }
    });

    it('a never deployed app: start/stop/restart succeed (Dokku only warns); 503 unreachable, 404 unknown', async () => {
      for (const action of ['restart', 'stop', 'start']) {
        const res = await api.post(`/apps/blog/${action}`);
        assert.equal(res.status, 200, action);
      }
      assert.equal((await api.get('/apps/blog/ps')).body.processes.deployed, 'false');
      assert.equal((await api.post('/apps/legacy-crm/stop')).status, 503);
      assert.equal((await api.post('/apps/nope/start')).status, 404);
    });

    it('control.setAppStatus is the dashboard (status and report); setProcessState another client (report only)', async () => {
      server.control.setAppStatus('cron-jobs', 'stopped');
      assert.equal((await api.get('/apps/cron-jobs')).body.status, 'stopped');
      assert.equal((await api.get('/apps/cron-jobs/ps')).body.processes.running, 'false');
      server.control.setAppStatus('cron-jobs', 'running');
      server.control.setProcessState('cron-jobs', 'stopped');
      assert.equal((await api.get('/apps/cron-jobs')).body.status, 'running');
      assert.equal(server.control.processReport('cron-jobs').running, 'false');
    });
  });
});
