import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { RunningServer } from '../../server';
import { type DemoClient, start, startWithDemoClient } from './helpers';
import { sleep, until } from '../../support/wait';

/** Dokku's line: the container's colour around "<RFC 3339 nano time> app[<process>]:", then the message. */
// eslint-disable-next-line no-control-regex -- the colour codes are what is checked
const DOKKU_LINE = /^\x1b\[(\d+)m(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z) app\[([\w.-]+)\]:\x1b\[0m (.+)$/;
const PLAIN_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z app\[[\w.-]+\]: .+$/;

/** The window's blocks: process → its lines (plain), in the order they came, and the block order. */
function blocks(text: string): { order: string[]; byProcess: Map<string, string[]>; colours: Map<string, string> } {
  const order: string[] = [];
  const byProcess = new Map<string, string[]>();
  const colours = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = DOKKU_LINE.exec(line);
    assert.ok(m, `not a Dokku line: ${JSON.stringify(line)}`);
    const [, colour, time, process, message] = m;
    if (order.at(-1) !== process) {
      assert.ok(!order.includes(process), `${process} in two blocks`);
      order.push(process);
    }
    byProcess.set(process, [...(byProcess.get(process) ?? []), `${time} app[${process}]: ${message}`]);
    colours.set(process, colour);
  }
  return { order, byProcess, colours };
}

describe('server: logs and deploys', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  describe('GET /apps/:id/logs (Dokku: one block per container)', () => {
    it('returns the last 100 lines of each container by default, each prefixed in its colour', async () => {
      const res = await api.get('/apps/storefront/logs');
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body), ['logs']);
      const { order, byProcess, colours } = blocks(res.body.logs);
      assert.deepEqual([...order].sort(), ['web.1', 'web.2', 'worker.1'], 'storefront runs web=2 worker=1');
      assert.equal(new Set(colours.values()).size, 3, 'one colour per container');
      for (const [process, lines] of byProcess) {
        assert.equal(lines.length, 100, process);
        const own = server.control.containerLogs('storefront').find((c) => c.current && c.process === process)!;
        assert.deepEqual(lines, own.lines.slice(-100), `${process}: its own last 100 lines, in order`);
      }
    });

    it('?lines=N is per container; bad values are 400; 503 when the server is down; 404 for no app', async () => {
      server.control.appendLogs('storefront', ['first marker', 'second marker'], undefined, 'web.2');
      const { byProcess } = blocks((await api.get('/apps/storefront/logs?lines=2')).body.logs);
      assert.deepEqual([...byProcess.values()].map((l) => l.length), [2, 2, 2]);
      const web2 = byProcess.get('web.2')!;
      assert.match(web2[0], /app\[web\.2\]: first marker$/);
      assert.match(web2[1], /second marker$/);
      for (const bad of ['0', '-1', 'abc', '1.5', '100001']) {
        assert.equal((await api.get(`/apps/storefront/logs?lines=${bad}`)).status, 400, bad);
      }
      assert.equal((await api.get('/apps/legacy-crm/logs')).status, 503);
      assert.equal((await api.get('/apps/nope/logs')).status, 404);
    });

    it('blocks come in a varying order', async () => {
      const orders = new Set<string>();
      for (let i = 0; i < 30; i++) orders.add(blocks((await api.get('/apps/storefront/logs?lines=1')).body.logs).order.join(','));
      assert.ok(orders.size > 1, 'always the same order');
    });

    it('a never-deployed app has no containers: 422 with Dokku\'s words', async () => {
      const res = await api.get('/apps/blog/logs?lines=5');
      assert.equal(res.status, 422);
      assert.equal(res.body.error, 'Dokku command failed: logs blog --num 5\n !     App blog has not been deployed\n');
    });

    it('running apps keep producing lines; stopped ones do not', async () => {
      server.control.setLogInterval(5);
      try {
        const count = async (app: string) => (await api.get(`/apps/${app}/logs?lines=10000`)).body.logs.split('\n').length;
        const before = await count('api-gateway');
        const stoppedBefore = server.control.getLogs('admin-panel').length;
        await until("(await count('api-gateway')) > before + 3", async () => (await count('api-gateway')) > before + 3, 3000);
        assert.equal(server.control.getLogs('admin-panel').length, stoppedBefore);
      } finally {
        server.control.setLogInterval(0);
      }
    });

    it('the generator produces bursts, identical repeats, and the same message from two containers in one second', () => {
      for (let i = 0; i < 400; i++) server.control.tickLogs();
      const containers = server.control.containerLogs('storefront').filter((c) => c.current);
      for (const c of containers) assert.ok(c.lines.every((l) => PLAIN_LINE.test(l)));
      const web1 = containers.find((c) => c.process === 'web.1')!.lines;
      assert.ok(web1.some((l, i) => i > 0 && l === web1[i - 1]), 'identical consecutive lines occur');
      const web2 = new Set(containers.find((c) => c.process === 'web.2')!.lines.map((l) => `${l.slice(0, 19)} ${l.slice(l.indexOf(']: ') + 3)}`));
      assert.ok(web1.some((l) => web2.has(`${l.slice(0, 19)} ${l.slice(l.indexOf(']: ') + 3)}`)), 'twin messages across containers');
    });

    it('restart replaces the containers (earlier lines gone); stop keeps them with their last lines', async () => {
      const before = server.control.containerLogs('analytics').filter((c) => c.current);
      await api.post('/apps/analytics/restart');
      const after = server.control.containerLogs('analytics').filter((c) => c.current);
      assert.deepEqual(after.map((c) => c.process), before.map((c) => c.process));
      assert.ok(after.every((c) => !before.some((b) => b.cid === c.cid)), 'new container ids');
      const { byProcess } = blocks((await api.get('/apps/analytics/logs?lines=100')).body.logs);
      assert.match(byProcess.get('web.1')!.join('\n'), /Server listening/);
      assert.ok(!byProcess.get('web.1')!.some((l) => before[0].lines.includes(l)), 'an old line is still served');

      await api.post('/apps/analytics/stop');
      const stopped = server.control.containerLogs('analytics').filter((c) => c.current);
      assert.deepEqual(stopped.map((c) => c.cid), after.map((c) => c.cid), 'stop keeps the containers');
      assert.ok(stopped.every((c) => !c.running && /Received SIGTERM/.test(c.lines.at(-1)!)));
      assert.equal((await api.get('/apps/analytics/logs')).status, 200, 'their lines stay readable');
      await api.post('/apps/analytics/start');
      assert.ok(server.control.containerLogs('analytics').filter((c) => c.current).every((c) => c.running && !stopped.some((s) => s.cid === c.cid)));
    });

    it('a config change replaces the containers of a running app', async () => {
      const before = server.control.containerLogs('api-gateway').filter((c) => c.current).map((c) => c.cid);
      const res = await api.put('/apps/api-gateway/config', { vars: { FEATURE_FLAG: 'on' } });
      assert.ok(res.status < 300, String(res.status));
      await until("server.control.containerLogs('api-gateway').filter((c) => c.current…", () => server.control.containerLogs('api-gateway').filter((c) => c.current).every((c) => !before.includes(c.cid)), 3000);
    });

    it('ignores ?follow=1 unless follow mode is on', async () => {
      const res = await api.get('/apps/storefront/logs?follow=1&lines=3');
      assert.equal(res.body.logs.split('\n').length, 9, '3 lines of each of 3 containers');
    });

    it('answers with one merged, time-ordered plain window in the merged log format', async () => {
      const s = await start({ logFormat: 'merged' });
      try {
        const token = s.control.issueToken('demo@apphost.dev');
        const res = await fetch(`${s.url}/api/v1/apps/storefront/logs?lines=30`, { headers: { authorization: `Bearer ${token}` } });
        const lines = ((await res.json()) as { logs: string }).logs.split('\n');
        assert.deepEqual(lines, s.control.getLogs('storefront').slice(-30));
        assert.ok(lines.every((l) => PLAIN_LINE.test(l)));
      } finally {
        await s.close();
      }
    });

    it('serves ?follow=1 as a chunked text stream in follow mode', async () => {
      const s = await start({ follow: true });
      try {
        const token = s.control.issueToken('demo@apphost.dev');
        const received: string[] = [];
        const req = request(`${s.url}/api/v1/apps/docs-site/logs?follow=1&lines=2`, { headers: { authorization: `Bearer ${token}` } });
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
        await until('received.length > 0', () => received.length > 0);
        assert.equal(received.join('').trim().split('\n').length, 2);
        s.control.appendLogs('docs-site', ['streamed marker']);
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
        const building = await until('the deploy building with a log', async () => {
          const d = await get();
          return d.status === 'building' && d.log.length > 0 ? d : undefined;
        });
        assert.equal((await api.get('/apps/marketing-site')).body.status, 'sleeping', 'a push does not set "deploying"');
        const done = await until('the deploy succeeded', async () => {
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
      await until("(await api.get(`/apps/docs-site/deploys/${id}`)).body.status === 's…", async () => (await api.get(`/apps/docs-site/deploys/${id}`)).body.status === 'succeeded');
      assert.equal((await api.get('/apps/docs-site/releases')).body[0].deploy_id, id);
      const [last] = (await api.get('/activities?limit=1')).body;
      assert.deepEqual([last.action, last.description, last.target_name], ['app.deployed', 'deployed', 'docs-site']);
    });

    it('a failing deploy ends failed and leaves the app as it was (no activity: wokku logs successes only)', async () => {
      const feed = (await api.get('/activities?limit=5')).body;
      const id = server.control.startDeploy('admin-panel', { fail: true });
      await until('(await api.get(`/apps/admin-panel/deploys/${id}`)).body.status === …', async () => (await api.get(`/apps/admin-panel/deploys/${id}`)).body.status === 'failed');
      assert.equal((await api.get('/apps/admin-panel')).body.status, 'stopped');
      await sleep(5);
      assert.deepEqual((await api.get('/activities?limit=5')).body, feed);
    });
  });
});
