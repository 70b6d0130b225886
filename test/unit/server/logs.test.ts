import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { RunningServer } from '../../server';
import { type DemoClient, sleep, start, startWithDemoClient, waitFor } from './helpers';

const LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z [a-z]+\[[\w.-]+\]: .+$/;

describe('server: logs and deploys', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  describe('GET /apps/:id/logs', () => {
    it('returns the last 100 lines as newline separated text by default', async () => {
      const res = await api.get('/apps/storefront/logs');
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body), ['logs']);
      const lines = res.body.logs.split('\n');
      assert.equal(lines.length, 100);
      for (const l of lines) assert.match(l, LINE);
    });

    it('?lines=N returns the last N; bad values are 400', async () => {
      server.control.appendLogs('storefront', ['first marker', 'second marker']);
      const lines = (await api.get('/apps/storefront/logs?lines=2')).body.logs.split('\n');
      assert.equal(lines.length, 2);
      assert.match(lines[0], /app\[web\.1\]: first marker$/);
      assert.match(lines[1], /second marker$/);
      for (const bad of ['0', '-1', 'abc', '1.5', '100001']) {
        assert.equal((await api.get(`/apps/storefront/logs?lines=${bad}`)).status, 400, bad);
      }
      assert.equal((await api.get('/apps/legacy-crm/logs')).status, 503);
      assert.equal((await api.get('/apps/nope/logs')).status, 404);
    });

    it('running apps keep producing lines; stopped ones do not', async () => {
      server.control.setLogInterval(5);
      try {
        const count = async (app: string) => (await api.get(`/apps/${app}/logs?lines=10000`)).body.logs.split('\n').length;
        const before = await count('api-gateway');
        const stoppedBefore = server.control.getLogs('admin-panel').length;
        await waitFor(async () => (await count('api-gateway')) > before + 3, 3000);
        assert.equal(server.control.getLogs('admin-panel').length, stoppedBefore);
      } finally {
        server.control.setLogInterval(0);
      }
    });

    it('the generator produces bursts and identical repeated lines', () => {
      for (let i = 0; i < 400; i++) server.control.tickLogs();
      const lines = server.control.getLogs('storefront');
      assert.ok(lines.every((l) => LINE.test(l)));
      const repeated = lines.some((l, i) => i > 0 && l === lines[i - 1]);
      assert.ok(repeated, 'identical consecutive lines occur');
    });

    it('lifecycle actions write to the log', async () => {
      await api.post('/apps/analytics/restart');
      const tail = (await api.get('/apps/analytics/logs?lines=10')).body.logs;
      assert.match(tail, /Restarting analytics/);
      assert.match(tail, /Server listening/);
    });

    it('ignores ?follow=1 unless follow mode is on', async () => {
      const res = await api.get('/apps/storefront/logs?follow=1&lines=3');
      assert.equal(res.body.logs.split('\n').length, 3);
    });

    it('serves ?follow=1 as a chunked text stream in follow mode', async () => {
      const s = await start({ follow: true });
      try {
        const token = s.control.issueToken('demo@apphost.dev');
        const received: string[] = [];
        const req = request(`${s.url}/api/v1/apps/storefront/logs?follow=1&lines=2`, { headers: { authorization: `Bearer ${token}` } });
        const done = new Promise<void>((resolve, reject) => {
          req.on('response', (res) => {
            assert.equal(res.statusCode, 200);
            assert.match(String(res.headers['content-type']), /text\/plain/);
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              received.push(chunk);
              if (received.join('').includes('streamed marker')) resolve();
            });
          });
          req.on('error', reject);
        });
        req.end();
        await waitFor(() => received.length > 0);
        assert.equal(received.join('').trim().split('\n').length, 2);
        s.control.appendLogs('storefront', ['streamed marker']);
        await done;
        req.destroy();
      } finally {
        await s.close();
      }
    });
  });

  describe('deploys', () => {
    it('lists the last 20 newest first, including a failed one with a log', async () => {
      const list = (await api.get('/apps/storefront/deploys')).body;
      for (const d of list) assert.deepEqual(Object.keys(d).sort(), ['commit_sha', 'created_at', 'description', 'finished_at', 'id', 'started_at', 'status']);
      assert.ok(list.every((d: { created_at: string }, i: number) => i === 0 || list[i - 1].created_at >= d.created_at));
      const failed = list.find((d: { status: string }) => d.status === 'failed');
      const detail = (await api.get(`/apps/storefront/deploys/${failed.id}`)).body;
      assert.match(detail.log, /Build failed/);
      assert.equal((await api.get('/apps/storefront/deploys/nope')).status, 404);
      for (let i = 0; i < 25; i++) server.control.startDeploy('cron-jobs');
      assert.equal((await api.get('/apps/cron-jobs/deploys')).body.length, 20);
    });

    it('a git push: pending -> building -> succeeded with a growing log; its release comes first, without a commit', async () => {
      // Steps slow enough that a poll sees the build half-way even on a busy machine.
      server.control.setActionDelay(300);
      try {
        const releasesBefore = (await api.get('/apps/marketing-site/releases')).body.length;
        const id = server.control.startDeploy('marketing-site', { commitSha: 'a'.repeat(40) });
        const get = async () => (await api.get(`/apps/marketing-site/deploys/${id}`)).body;
        assert.equal((await get()).status, 'pending');
        assert.equal((await get()).commit_sha, null, 'wokku records no commit for a push');
        const pushed = (await api.get('/apps/marketing-site/releases')).body[0];
        assert.deepEqual([pushed.description, pushed.deploy_id], ['Deploy via git push', id]);
        const building = await waitFor(async () => {
          const d = await get();
          return d.status === 'building' && d.log.length > 0 ? d : undefined;
        });
        assert.equal((await api.get('/apps/marketing-site')).body.status, 'sleeping', 'a push does not set "deploying"');
        const done = await waitFor(async () => {
          const d = await get();
          return d.status === 'succeeded' ? d : undefined;
        }, 10_000);
        assert.ok(done.log.length > building.log.length, 'the log grew');
        assert.ok(done.finished_at && done.started_at);
        const releases = (await api.get('/apps/marketing-site/releases')).body;
        assert.equal(releases.length, releasesBefore + 1);
        assert.equal(releases[0].deploy_id, id);
        assert.equal((await api.get('/apps/marketing-site')).body.status, 'running');
        assert.equal(server.control.processReport('marketing-site').running, 'true', 'a deploy runs new containers');
        const rollback = await api.post(`/apps/marketing-site/releases/${pushed.id}/rollback`);
        assert.equal(rollback.status, 422, 'nothing to roll back to');
      } finally {
        server.control.setActionDelay(20);
      }
    });

    it('a deploy job (gitPush: false) records its commit, passes through "deploying" and logs app.deployed', async () => {
      const id = server.control.startDeploy('docs-site', { commitSha: 'b'.repeat(40), gitPush: false });
      assert.equal((await api.get(`/apps/docs-site/deploys/${id}`)).body.commit_sha, 'b'.repeat(40));
      await waitFor(async () => (await api.get(`/apps/docs-site/deploys/${id}`)).body.status === 'succeeded');
      assert.equal((await api.get('/apps/docs-site/releases')).body[0].deploy_id, id);
      const [last] = (await api.get('/activities?limit=1')).body;
      assert.deepEqual([last.action, last.description, last.target_name], ['app.deployed', 'deployed', 'docs-site']);
    });

    it('a failing deploy ends failed and leaves the app as it was (no activity: wokku logs successes only)', async () => {
      const feed = (await api.get('/activities?limit=5')).body;
      const id = server.control.startDeploy('admin-panel', { fail: true });
      await waitFor(async () => (await api.get(`/apps/admin-panel/deploys/${id}`)).body.status === 'failed');
      assert.equal((await api.get('/apps/admin-panel')).body.status, 'stopped');
      await sleep(5);
      assert.deepEqual((await api.get('/activities?limit=5')).body, feed);
    });
  });
});
