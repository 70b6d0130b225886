// The API functions for wokku's endpoints beyond the specification (issue #35), against
// the reference server over real HTTP: one-off commands, buildpacks, GitHub, preview apps,
// backup download/restore and the free-tier 402, streamed imports, the AI diagnosis, and
// the 404 of an older wokku.

import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ApiClient, ApiError, CancelledError, isNameTaken } from '../../../src/api';
import { ADMIN_USER, DEMO_USER, OTHER_USERS, startServer, type RunningServer } from '../../server';
import { capturingLogger, freeBudget, knownSecrets, rejects } from './helpers';
import { until } from '../../support/wait';

const MB = 1024 * 1024;

/** `total` bytes made up as they are read, in 64 KB chunks: nothing is held but one chunk. */
export function generatedDump(total: number, chunkSize = 64 * 1024): Readable {
  const chunk = Buffer.alloc(chunkSize, 0x50);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(chunkSize, left);
      left -= n;
      this.push(n === chunkSize ? chunk : chunk.subarray(0, n));
    },
  });
}

describe('api: wokku\'s endpoints beyond the specification', function () {
  this.timeout(30_000);
  let srv: RunningServer;
  let demo: ApiClient;
  let admin: ApiClient;
  let outsider: ApiClient;
  let dir: string;
  const clientFor = (server: RunningServer, email: string, timeouts: { slowMs?: number; readMs?: number } = { slowMs: 10_000 }) => {
    const token = server.control.issueToken(email);
    knownSecrets.add(token);
    return new ApiClient({ baseUrl: server.url, getToken: () => token, budget: freeBudget(), logger: capturingLogger(), timeouts });
  };
  const postsTo = (server: RunningServer, suffix: string) => server.control.requestLog.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

  before(async () => {
    srv = await startServer({ seed: 'demo', actionDelayMs: 20, logIntervalMs: 0, rateLimit: false, runSecondMs: 1 });
    demo = clientFor(srv, DEMO_USER.email);
    admin = clientFor(srv, ADMIN_USER.email);
    outsider = clientFor(srv, OTHER_USERS.find((u) => u.email.startsWith('outsider'))!.email);
    dir = await mkdtemp(join(tmpdir(), 'apphost-beyond-'));
  });
  after(async () => {
    await Promise.all([demo?.close(), admin?.close(), outsider?.close()]);
    await srv?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  describe('one-off commands (POST /apps/:id/run)', () => {
    it('200 {output, exit_code: 0}: the output, stripped', async () => {
      const res = await demo.apps.run('storefront', 'echo hello world');
      assert.deepEqual([res.ok, res.exitCode, res.output, res.stderr], [true, 0, 'hello world', undefined]);
      const migrate = await demo.apps.run('storefront', 'bundle exec rails db:migrate');
      assert.ok(migrate.ok);
      assert.match(migrate.output, /CreateOrders: migrated/);
    });

    it('a failing command is a result with its exit code and stderr (wokku\'s 422), not an error', async () => {
      const exit3 = await demo.apps.run('storefront', 'exit 3');
      assert.deepEqual([exit3.ok, exit3.exitCode, exit3.stderr], [false, 3, '']);
      assert.equal(exit3.output, 'Dokku command failed: run storefront -- exit 3\n', 'wokku\'s CommandError message, not stdout');
      const missing = await demo.apps.run('storefront', 'ls /nope');
      assert.deepEqual([missing.exitCode, missing.stderr], [2, "ls: cannot access '/nope': No such file or directory\n"]);
      const unknown = await demo.apps.run('storefront', 'frobnicate --now');
      assert.equal(unknown.exitCode, 127);
      assert.match(unknown.stderr ?? '', /frobnicate: command not found/);
      const never = await demo.apps.run('blog', 'echo hi');
      assert.deepEqual([never.ok, never.exitCode], [false, 1]);
      assert.match(never.stderr ?? '', /App blog has not been deployed/);
    });

    it('"Missing command" 422, 503 when Dokku is unreachable (sent once), 403 for a viewer, 404 for an unknown app', async () => {
      const blank = await rejects(demo.apps.run('storefront', '   '), ApiError);
      assert.deepEqual([blank.status, blank.message], [422, 'Missing command']);
      const before = postsTo(srv, '/apps/legacy-crm/run').length;
      const down = await rejects(demo.apps.run('legacy-crm', 'echo hi'), ApiError);
      assert.equal(down.status, 503);
      assert.match(down.message, /Cannot connect to server: ssh: connect to host 203\.0\.113\.50/);
      assert.equal(postsTo(srv, '/apps/legacy-crm/run').length, before + 1, 'a POST is never sent again');
      assert.equal((await rejects(demo.apps.run('oss-docs', 'echo hi'), ApiError)).status, 403);
      assert.equal((await rejects(demo.apps.run('no-such-app', 'echo hi'), ApiError)).status, 404);
    });

    it('waits past the slow timeout for a command that takes long (at least 75 s)', async () => {
      const slowServer = await startServer({ seed: 'demo', logIntervalMs: 0, rateLimit: false, runSecondMs: 400 });
      const impatient = clientFor(slowServer, DEMO_USER.email, { slowMs: 200, readMs: 200 });
      try {
        const res = await impatient.apps.run('storefront', 'sleep 2');
        assert.deepEqual([res.ok, res.exitCode], [true, 0]);
      } finally {
        await impatient.close();
        await slowServer.close();
      }
    });

    it('behind Dokku\'s nginx (its 60 s read timeout scaled to 600 ms), `sleep 70` gets the proxy\'s 504 and runs on to its end', async () => {
      const proxied = await startServer({ seed: 'demo', logIntervalMs: 0, rateLimit: false, runSecondMs: 10, front: 'dokku-nginx', frontTimeoutMs: 600 });
      const client = clientFor(proxied, DEMO_USER.email);
      try {
        const err = await rejects(client.apps.run('storefront', 'sleep 70'), ApiError);
        assert.equal(err.status, 504);
        assert.equal(postsTo(proxied, '/apps/storefront/run').length, 1, 'not retried');
        assert.ok(!proxied.control.runLog.some((r) => r.command === 'sleep 70'), 'still running behind the cut');
        await until('the cut command ends', () => proxied.control.runLog.some((r) => r.command === 'sleep 70'));
        assert.ok((await client.apps.run('storefront', 'sleep 20')).ok, 'under the limit it answers');
      } finally {
        await client.close();
        await proxied.close();
      }
    });
  });

  describe('rebuild (POST /apps/:id/deploy)', () => {
    it('202 with the deploy and release it runs as; the deploy builds with no commit and writes its log when it ends', async () => {
      // Held open until looked at: on a loaded machine the build can end before the first read.
      const endBuild = srv.control.holdBuilds();
      const started = await demo.apps.rebuild('storefront');
      assert.equal(started.message, 'Deploy triggered');
      assert.ok(started.deployId && started.releaseId);
      assert.equal(postsTo(srv, '/apps/storefront/deploy').length, 1);
      const release = (await demo.releases.list('storefront')).find((r) => r.id === started.releaseId);
      assert.equal(release?.description, 'Deploy via API');
      let deploy = await demo.deploys.get('storefront', started.deployId);
      assert.ok(['pending', 'building'].includes(deploy.status), deploy.status);
      assert.equal(deploy.log ?? '', '', 'no log while it builds (wokku writes it at the end)');
      endBuild();
      for (let i = 0; i < 500 && !['succeeded', 'failed'].includes(deploy.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        deploy = await demo.deploys.get('storefront', started.deployId);
      }
      assert.equal(deploy.status, 'succeeded');
      assert.match(deploy.log ?? '', /-----> Releasing storefront/);
      assert.equal(deploy.commitSha, undefined, 'ps:rebuild records no commit');
    });

    it('an app never pushed has nothing to rebuild: the deploy fails with Dokku\'s line; 403 for an outsider', async () => {
      const app = await demo.apps.create({ name: 'never-pushed', serverId: (await demo.servers.list())[0].id });
      const started = await demo.apps.rebuild(app.id);
      let deploy = await demo.deploys.get(app.id, started.deployId!);
      for (let i = 0; i < 500 && deploy.status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        deploy = await demo.deploys.get(app.id, started.deployId!);
      }
      assert.equal(deploy.status, 'failed');
      assert.match(deploy.log ?? '', /App never-pushed has not been deployed/);
      assert.equal((await rejects(outsider.apps.rebuild('storefront'), ApiError)).status, 403);
      await demo.apps.delete(app.id);
    });
  });

  describe('buildpacks', () => {
    it('round trip: list (Dokku\'s header dropped), add at a position, set, remove, clear; the service\'s refusals', async () => {
      const raw = await fetch(`${srv.url}/api/v1/apps/storefront/buildpacks`, { headers: { authorization: `Bearer ${srv.control.issueToken(DEMO_USER.email)}`, accept: 'application/json' } });
      assert.equal(((await raw.json()) as { buildpacks: string[] }).buildpacks[0], '-----> storefront buildpack urls', 'wokku passes Dokku\'s header on');
      const node = 'https://github.com/heroku/heroku-buildpack-nodejs.git';
      const nginx = 'https://github.com/heroku/heroku-buildpack-nginx.git';
      assert.deepEqual(await demo.buildpacks.list('storefront'), [node, nginx]);
      assert.deepEqual(await demo.buildpacks.add('storefront', 'heroku/ruby', { index: 1 }), ['heroku/ruby', node, nginx]);
      assert.deepEqual(await demo.buildpacks.add('storefront', 'heroku/python'), ['heroku/ruby', node, nginx, 'heroku/python']);
      assert.deepEqual(await demo.buildpacks.set('storefront', [nginx, node]), [nginx, node]);
      assert.deepEqual(await demo.buildpacks.remove('storefront', nginx), [node]);
      const absent = await rejects(demo.buildpacks.remove('storefront', nginx), ApiError);
      assert.deepEqual([absent.status, absent.message], [422, 'Value not found']);
      const invalid = await rejects(demo.buildpacks.add('storefront', 'ftp://example.com/pack'), ApiError);
      assert.deepEqual([invalid.status, invalid.message], [422, 'buildpack URL invalid: "ftp://example.com/pack"']);
      assert.deepEqual(await demo.buildpacks.clear('storefront'), []);
      assert.deepEqual(srv.control.buildpacks('storefront'), []);
      const none = await rejects(demo.buildpacks.remove('storefront', node), ApiError);
      assert.match(none.message, /No buildpacks were found, next release on storefront will detect buildpack normally/);
      assert.equal((await rejects(demo.buildpacks.set('oss-docs', [node]), ApiError)).status, 403, 'a viewer reads only');
      assert.deepEqual(await demo.buildpacks.list('oss-docs'), []);
      assert.equal((await rejects(demo.buildpacks.list('legacy-crm'), ApiError)).status, 503);
    });
  });

  describe('GitHub and preview apps', () => {
    it('connect stores the repository and branch; disconnect clears the repository (the git URL stays)', async () => {
      const res = await demo.apps.githubConnect('api-gateway', { repo: 'dana-demo/gateway', branch: 'develop' });
      assert.deepEqual([res.message, res.githubRepo, res.deployBranch], ['Connected to dana-demo/gateway (develop)', 'dana-demo/gateway', 'develop']);
      let app = await demo.apps.get('api-gateway');
      assert.deepEqual([app.githubRepo, app.gitRepositoryUrl, app.deployBranch], ['dana-demo/gateway', 'https://github.com/dana-demo/gateway.git', 'develop']);
      assert.equal((await demo.apps.githubDisconnect('api-gateway')).message, 'GitHub disconnected');
      app = await demo.apps.get('api-gateway');
      assert.deepEqual([app.githubRepo, app.gitRepositoryUrl, app.deployBranch], [undefined, 'https://github.com/dana-demo/gateway.git', 'develop']);
      assert.equal((await demo.apps.githubConnect('api-gateway', { repo: 'dana-demo/gateway' })).deployBranch, 'main', 'the service\'s default branch');
      const blank = await rejects(demo.apps.githubConnect('api-gateway', { repo: '' }), ApiError);
      assert.deepEqual([blank.status, blank.message], [422, 'repo is required']);
      assert.equal((await rejects(demo.apps.githubConnect('oss-docs', { repo: 'a/b' }), ApiError)).status, 403);
    });

    it('lists preview apps only when asked, with their PR number and parent', async () => {
      const main = await demo.apps.list();
      assert.ok(!main.some((a) => a.isPreview), 'hidden by default');
      const all = await demo.apps.list({ includePreviews: true });
      const preview = all.find((a) => a.name === 'storefront-pr-42');
      const parent = all.find((a) => a.name === 'storefront');
      assert.deepEqual([preview?.isPreview, preview?.prNumber, preview?.parentAppId], [true, 42, parent?.id]);
    });
  });

  describe('backups: download, restore, the free tier', () => {
    it('402 with wokku\'s free-tier message once a free database has 2 completed backups', async () => {
      const err = await rejects(admin.backups.create('acme-pg'), ApiError);
      assert.deepEqual([err.status, err.message], [402, 'Free tier limit reached (2 backups). Upgrade to Basic for daily auto-backups with 7-day retention.']);
    });

    it('downloads to a file through a presigned address valid 300 s, fetched without the token', async () => {
      const backupId = srv.control.addBackup('storefront-db', 3 * MB + 123);
      const link = await demo.backups.downloadUrl('storefront-db', backupId);
      assert.equal(link.expiresIn, 300);
      assert.match(link.url, /\/storage\/backups\/postgres\/storefront-db\/.+\.gz\?.*X-Amz-Expires=300/);
      const dest = join(dir, 'storefront-db.dump.gz');
      const seen: number[] = [];
      const res = await demo.backups.download('storefront-db', backupId, dest, { onProgress: (p) => seen.push(p.bytes) });
      assert.deepEqual([res.bytes, res.total, (await stat(dest)).size], [3 * MB + 123, 3 * MB + 123, 3 * MB + 123]);
      assert.ok(seen.length > 1 && seen[seen.length - 1] === 3 * MB + 123, 'progress as it arrives');
      assert.deepEqual(await readdir(dir), ['storefront-db.dump.gz'], 'no temporary file left');
      const storage = srv.control.requestLog.filter((r) => r.path.startsWith('/storage/'));
      assert.equal(storage.length, 1);
      assert.equal(srv.control.downloads.find((d) => d.backupId === backupId)?.withToken, false, 'the API token never goes to the object store');
      const tampered = link.url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000');
      const refused = await rejects(demo.downloadFile(tampered, join(dir, 'tampered.gz')), ApiError);
      assert.equal(refused.status, 403);
      assert.deepEqual(await readdir(dir), ['storefront-db.dump.gz'], 'a refused download leaves nothing');
    });

    it('an aborted download leaves no file under the final name, nor a temporary one', async () => {
      const backupId = srv.control.addBackup('storefront-db', 64 * MB);
      const dest = join(dir, 'aborted.gz');
      const abort = new AbortController();
      const err = await rejects(
        demo.backups.download('storefront-db', backupId, dest, { signal: abort.signal, onProgress: (p) => p.bytes > MB && abort.abort() }),
        CancelledError,
      );
      assert.ok(err);
      assert.ok(!(await readdir(dir)).some((f) => f.includes('aborted')), `left: ${(await readdir(dir)).join(', ')}`);
      const sent = srv.control.downloads.find((d) => d.backupId === backupId);
      assert.ok(sent && sent.bytesSent < 64 * MB, 'the server stopped sending');
    });

    it('restores from a backup; refuses a failed one (422), an unknown one (404), an outsider (422: Pundit\'s refusal, rescued)', async () => {
      const [latest] = await demo.backups.list('storefront-db');
      const res = await demo.backups.restore('storefront-db', latest.id);
      assert.deepEqual([res.message, res.restoredTo, res.fromBackup], ['Restore completed', 'storefront-db', latest.id]);
      assert.deepEqual(srv.control.restores.at(-1), { database: 'storefront-db', backupId: latest.id });
      const failed = (await demo.backups.list('storefront-db')).find((b) => b.status === 'failed')!;
      assert.equal((await rejects(demo.backups.restore('storefront-db', failed.id), ApiError)).status, 422);
      assert.equal((await rejects(demo.backups.restore('storefront-db', '0190a0a0-0000-7000-8000-000000000000'), ApiError)).status, 404);
      const refused = await rejects(outsider.backups.restore('storefront-db', latest.id), ApiError);
      assert.deepEqual([refused.status, refused.message], [422, 'not allowed to DatabaseServicePolicy#update? this DatabaseService'], 'wokku\'s rescue => e');
    });
  });

  describe('imports (POST /databases/:id/import, the dump as the body)', () => {
    it('an empty body is the service\'s 422', async () => {
      const err = await rejects(demo.databases.import('storefront-db', { source: Readable.from([]) }), ApiError);
      assert.deepEqual([err.status, err.message], [422, 'Empty request body — pipe the dump file as the body']);
    });

    it('streams a 200 MB dump made up on the fly: the server counts every byte as it arrives', async function () {
      this.timeout(120_000);
      const total = 200 * MB;
      let last = 0;
      const res = await demo.databases.import('storefront-db', { source: generatedDump(total), size: total, onProgress: (p) => (last = p.bytes) });
      assert.deepEqual([res.message, res.database, res.bytesSent, last], ['Imported', 'storefront-db', total, total]);
      const received = srv.control.imports.at(-1)!;
      assert.deepEqual([received.database, received.bytes, received.done], ['storefront-db', total, true]);
      assert.ok(received.chunks > 100, `arrived in ${received.chunks} chunks, not at once`);
    });

    it('an aborted import stops sending and closes its source', async () => {
      const abort = new AbortController();
      const source = generatedDump(100 * MB);
      await rejects(demo.databases.import('storefront-db', { source, onProgress: (p) => p.bytes > 2 * MB && abort.abort() }, { signal: abort.signal }), CancelledError);
      assert.ok(source.destroyed, 'the source is closed');
    });
  });

  describe('AI diagnosis (POST /ai/diagnose)', () => {
    it('a fresh wokku has no AI key: 200 {"error":"No API key configured"}', async () => {
      const failed = (await demo.deploys.list('storefront')).find((d) => d.status === 'failed')!;
      const res = await demo.ai.diagnose(failed.id);
      assert.deepEqual([res.kind, res.kind === 'unavailable' && res.reason, res.kind === 'unavailable' && res.message], ['unavailable', 'no_api_key', 'No API key configured']);
      assert.equal((await rejects(demo.ai.diagnose('0190a0a0-0000-7000-8000-000000000000'), ApiError)).status, 404);
    });

    it('with a key: a Markdown diagnosis of the failed deploy', async () => {
      const keyed = await startServer({ seed: 'demo', actionDelayMs: 20, logIntervalMs: 0, rateLimit: false, aiKey: true });
      const client = clientFor(keyed, DEMO_USER.email);
      try {
        const failed = (await client.deploys.list('storefront')).find((d) => d.status === 'failed')!;
        const res = await client.ai.diagnose(failed.id);
        assert.equal(res.kind, 'diagnosis');
        assert.match(res.kind === 'diagnosis' ? res.markdown : '', /^\*\*Diagnosis:\*\* [\s\S]*\*\*Suggested fixes:\*\*\n- /);
        assert.equal((await rejects(clientFor(keyed, OTHER_USERS.find((u) => u.email.startsWith('outsider'))!.email).ai.diagnose(failed.id), ApiError)).status, 403);
      } finally {
        await client.close();
        await keyed.close();
      }
    });
  });

  describe('an older wokku and the taken app name', () => {
    it('an older wokku answers Rails\' 404 for every one of these endpoints', async () => {
      const older = await startServer({ seed: 'demo', logIntervalMs: 0, rateLimit: false, olderWokku: true });
      const client = clientFor(older, DEMO_USER.email);
      try {
        const calls: (() => Promise<unknown>)[] = [
          () => client.apps.run('storefront', 'echo hi'), () => client.buildpacks.list('storefront'), () => client.apps.githubConnect('storefront', { repo: 'a/b' }),
          () => client.apps.githubDisconnect('storefront'), () => client.backups.downloadUrl('storefront-db', 'x'), () => client.backups.restore('storefront-db', 'x'),
          () => client.databases.import('storefront-db', { source: Readable.from([Buffer.from('dump')]) }), () => client.ai.diagnose('x'),
          () => client.apps.rebuild('storefront'),
        ];
        for (const call of calls) {
          const err = await rejects(call(), ApiError);
          assert.deepEqual([err.status, err.message, err.details], [404, 'Not Found', { status: 404, error: 'Not Found' }]);
        }
        assert.equal((await client.apps.list()).length > 0, true, 'nothing else changes');
      } finally {
        await client.close();
        await older.close();
      }
    });

    it('a taken app name: Dokku\'s refusal by default, the model\'s validation as an option', async () => {
      const dokku = await rejects(demo.apps.create({ name: 'storefront', serverId: 'eu-central-1' }), ApiError);
      assert.deepEqual([dokku.status, dokku.message, dokku.details], [422, 'Name is already taken', { error: 'Dokku command failed: apps:create storefront\n !     Name is already taken' }]);
      const validating = await startServer({ seed: 'demo', logIntervalMs: 0, rateLimit: false, takenName: 'validation' });
      const client = clientFor(validating, DEMO_USER.email);
      try {
        const model = await rejects(client.apps.create({ name: 'storefront', serverId: 'eu-central-1' }), ApiError);
        assert.deepEqual([model.status, model.message], [422, 'Name has already been taken']);
        assert.deepEqual([isNameTaken(dokku), isNameTaken(model)], [true, true], 'both forms are recognised');
        const refused = await rejects(client.apps.create({ name: 'Bad_Name', serverId: 'eu-central-1' }), ApiError);
        assert.equal(isNameTaken(refused), false, 'another refusal is not a taken name');
      } finally {
        await client.close();
        await validating.close();
      }
    });
  });
});

