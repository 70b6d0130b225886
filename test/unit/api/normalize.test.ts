// The tolerant readers: every variant the contract lists.

import { strict as assert } from 'node:assert';
import * as R from '../../../src/api/modelReaders';
import { idOf, nextLink, readConfig, readFlatStringMap, readList, readLogLines } from '../../../src/api/normalize';
import { redactHeaders, safePath, SecretScrubber } from '../../../src/api/secrets';
import { bypassesProxy } from '../../../src/api/dispatcher';

describe('api: tolerant readers', () => {
  it('reads list envelopes: bare, data, items, plural key, nested data', () => {
    const one = [{ id: 1 }];
    assert.deepEqual(readList(one), one);
    assert.deepEqual(readList({ data: one }), one);
    assert.deepEqual(readList({ items: one }), one);
    assert.deepEqual(readList({ apps: one, meta: {} }, ['apps']), one);
    assert.deepEqual(readList({ data: { apps: one } }, ['apps']), one);
    assert.deepEqual(readList(null), []);
    assert.deepEqual(readList('text'), []);
  });

  it('treats ids as opaque strings (UUID, integer, name fallback)', () => {
    assert.equal(idOf({ id: 42 }), '42');
    assert.equal(idOf({ id: '9b2e-uuid' }), '9b2e-uuid');
    assert.equal(idOf({ name: 'web' }, 'name'), 'web');
    assert.equal(R.toApp({ name: 'web', status: 'running' }).id, 'web');
    assert.equal(R.toApp({ id: 7, name: 'web', server_id: 3 }).serverId, '3');
  });

  it('keeps unknown fields in raw', () => {
    const app = R.toApp({ id: 'a', name: 'web', status: 'running', region: 'eu', is_preview: 'true', pr_number: '12' });
    assert.equal(app.raw.region, 'eu');
    assert.equal(app.isPreview, true);
    assert.equal(app.prNumber, 12);
    assert.equal(R.toApp({ app: { id: 'x', name: 'wrapped' } }).name, 'wrapped');
  });

  it('reads config bare or wrapped, values as strings', () => {
    assert.deepEqual(readConfig({ config: { A: '1', B: 2, C: true } }), { A: '1', B: '2', C: 'true' });
    assert.deepEqual(readConfig({ A: 'x' }), { A: 'x' });
    assert.deepEqual(readConfig({ vars: { A: 'y' } }), { A: 'y' });
    assert.deepEqual(readConfig(null), {});
  });

  it('reads logs as text, array of lines, entries or wrapped', () => {
    assert.deepEqual(readLogLines({ logs: 'a\nb\r\nc\n' }), ['a', 'b', 'c']);
    assert.deepEqual(readLogLines({ logs: ['a', 'b'] }), ['a', 'b']);
    assert.deepEqual(readLogLines(['a', 'b\nc']), ['a', 'b', 'c']);
    assert.deepEqual(readLogLines('plain\ntext'), ['plain', 'text']);
    assert.deepEqual(readLogLines({ lines: [{ message: 'm', timestamp: 't1' }, { line: 'l' }] }), ['t1 m', 'l']);
    assert.deepEqual(readLogLines({ logs: '' }), []);
    assert.deepEqual(readLogLines(null), []);
  });

  it('reads platform reports as flat string maps', () => {
    assert.deepEqual(readFlatStringMap({ processes: { deployed: 'true', running: true, processes: 2 } }, 'processes'), {
      deployed: 'true', running: 'true', processes: '2',
    });
    assert.deepEqual(readFlatStringMap({ enabled: false, nested: { a: 1 }, n: null }, 'checks'), { enabled: 'false', nested: '{"a":1}', n: '' });
  });

  it('reads a domain from hostname or domain', () => {
    assert.equal(R.toDomain({ id: 1, hostname: 'a.example', ssl_enabled: true }).hostname, 'a.example');
    const v = R.toDomain({ id: 2, domain: 'b.example', ssl_enabled: 'false' });
    assert.equal(v.hostname, 'b.example');
    assert.equal(v.sslEnabled, false);
    assert.equal(R.toDomain('c.example').id, 'c.example');
  });

  it('reads the other models and their variants', () => {
    assert.equal(R.toSession({ token: 't'.repeat(64), user: { id: 1, email: 'e@x' } }).user.email, 'e@x');
    assert.deepEqual(R.toUser({ id: 1, email: 'e', workspaces: [{ slug: 'acme' }, 'beta'] }).workspaces, ['acme', 'beta']);
    assert.equal(R.toTeam({ id: 1, name: 'T', workspace: 'team-t' }).slug, 'team-t');
    assert.equal(R.toServerStatus({ status: 'connected', connected: true }).connected, true);
    assert.equal(R.toServerStatus({ status: 'unreachable' }).connected, false);
    assert.equal(R.toDeploy({ id: 1, status: 'failed', log: ['a', 'b'] }).log, 'a\nb');
    assert.equal(R.toDatabaseLink({ id: 1, app_record_id: 5, database_service_id: 6, alias_name: 'DB' }).appId, '5');
    assert.equal(R.toBackup({ id: 1, size_bytes: '2048' }).sizeBytes, 2048);
    assert.deepEqual(R.toNotificationChannel({ id: 1, channel: 'slack', events: 'a, b', config: { url: 'u' } }).events, ['a', 'b']);
    const list = R.toTemplateList({ templates: [{ slug: 'ghost', name: 'Ghost' }], categories: ['cms', { name: 'db' }] });
    assert.deepEqual([list.templates[0].id, list.categories], ['ghost', ['cms', 'db']]);
    assert.deepEqual(R.toTemplateList([{ slug: 'x' }]).templates.map((t) => t.slug), ['x']);
    const dep = R.toTemplateDeployment({ app: { id: 1, name: 'blog', status: 'deploying' }, deploy: { id: 2, status: 'pending' } });
    assert.deepEqual([dep.app.id, dep.deploy?.id], ['1', '2']);
    assert.equal(R.toMessage({ message: 'Logged out' }).message, 'Logged out');
    assert.equal(R.toCreatedApiToken({ id: 3, token: 'v', name: 'n' }).token, 'v');
    assert.equal(R.toDeviceCode({ device_code: 'd', user_code: 'U', verification_uri: 'https://x', expires_in: 600, interval: 5 }).intervalSec, 5);
  });

  it('parses Link headers (RFC 8288)', () => {
    const base = 'https://h.example/api/v1/apps';
    assert.equal(nextLink('<https://h.example/api/v1/apps?page=2>; rel="next"', base), 'https://h.example/api/v1/apps?page=2');
    assert.equal(nextLink('</api/v1/apps?page=1>; rel="prev", </api/v1/apps?page=3>; rel=next', base), 'https://h.example/api/v1/apps?page=3');
    assert.equal(nextLink('<?page=2>; title="x"; rel="last next"', base), 'https://h.example/api/v1/apps?page=2');
    assert.equal(nextLink('<https://h.example/x>; rel="last"', base), undefined);
    assert.equal(nextLink(undefined, base), undefined);
  });
});

describe('api: secrets helpers', () => {
  it('redacts Authorization and cookies in logged headers', () => {
    assert.deepEqual(redactHeaders({ Authorization: 'Bearer abc', accept: 'application/json', Cookie: 'a=b', x: ['1', '2'] }), {
      Authorization: '[redacted]', accept: 'application/json', Cookie: '[redacted]', x: '1, 2',
    });
  });

  it('scrubs registered secrets and bearer values', () => {
    const s = new SecretScrubber();
    s.add('abcdefgh12345678');
    s.add('short');
    assert.equal(s.scrub('x abcdefgh12345678 y short'), 'x [redacted] y short');
    assert.equal(s.scrub('authorization: Bearer zzz.yyy'), 'authorization: Bearer [redacted]');
  });

  it('keeps paths but redacts sensitive query values', () => {
    assert.equal(safePath('/api/v1/apps?q=x&api_key=1&password=2'), '/api/v1/apps?q=x&api_key=[redacted]&password=[redacted]');
    assert.equal(safePath('/api/v1/apps'), '/api/v1/apps');
  });

  it('matches NO_PROXY entries', () => {
    assert.ok(bypassesProxy('api.example.com', 'example.com'));
    assert.ok(bypassesProxy('api.example.com', '.example.com'));
    assert.ok(bypassesProxy('api.example.com', '*.example.com'));
    assert.ok(bypassesProxy('anything', '*'));
    assert.ok(bypassesProxy('127.0.0.1', 'localhost, 127.0.0.1:8080'));
    assert.ok(!bypassesProxy('notexample.com', 'example.com'));
    assert.ok(!bypassesProxy('api.example.com', ''));
  });

  describe('wokku\'s endpoints beyond the specification', () => {
    it('reads a one-off command\'s end: exit codes as numbers or strings, stderr when sent', () => {
      assert.deepEqual(R.toRunResult({ output: 'hi', exit_code: 0 }), { ok: true, output: 'hi', exitCode: 0, raw: { output: 'hi', exit_code: 0 } });
      const failed = R.toRunResult({ output: 'Dokku command failed: run a -- exit 3\n', exit_code: '3', stderr: '' });
      assert.deepEqual([failed.ok, failed.exitCode, failed.stderr], [false, 3, '']);
      assert.equal(R.isRunOutcome({ output: '', exit_code: '1', stderr: 'x' }), true);
      assert.equal(R.isRunOutcome({ error: 'Missing command' }), false);
      assert.equal(R.isRunOutcome(undefined), false);
    });

    it('reads buildpacks without Dokku\'s header or blank lines, from a list or from text', () => {
      const urls = ['https://github.com/heroku/heroku-buildpack-nodejs.git', 'heroku/ruby'];
      assert.deepEqual(R.readBuildpacks({ buildpacks: ['-----> shop buildpack urls', ...urls, ''] }), urls);
      assert.deepEqual(R.readBuildpacks({ buildpacks: [] }), []);
      assert.deepEqual(R.readBuildpacks(`=====> shop buildpack urls\n       ${urls[0]}\n       ${urls[1]}\n`), urls);
      assert.deepEqual(R.readBuildpacks(urls), urls);
      assert.deepEqual(R.readBuildpacks(null), []);
    });

    it('reads a diagnosis, or why there is none', () => {
      assert.deepEqual(R.toDiagnosis({ diagnosis: '**Diagnosis:** x' }), { kind: 'diagnosis', markdown: '**Diagnosis:** x', raw: { diagnosis: '**Diagnosis:** x' } });
      const reasons = [{ error: 'No API key configured' }, { error: 'No deploy log available' }, { error: 'AI diagnosis failed: timeout' }, { diagnosis: 'Unable to diagnose: overloaded' }, {}]
        .map((b) => { const d = R.toDiagnosis(b); return d.kind === 'unavailable' ? d.reason : d.kind; });
      assert.deepEqual(reasons, ['no_api_key', 'no_log', 'failed', 'failed', 'failed']);
    });

    it('reads download addresses, restores, imports, GitHub connections and the app\'s repository', () => {
      assert.deepEqual([R.toBackupDownloadUrl({ url: 'https://s3/x', expires_in: '300' }).expiresIn, R.toBackupDownloadUrl({ download_url: 'https://s3/y' }).url], [300, 'https://s3/y']);
      const restore = R.toRestoreResult({ message: 'Restore completed', restored_to: 'db', from_backup: 42 });
      assert.deepEqual([restore.restoredTo, restore.fromBackup], ['db', '42']);
      assert.deepEqual([R.toImportResult({ message: 'Imported', database: 'db' }, 10).bytesSent, R.toImportResult(null, 0).message], [10, 'OK']);
      const gh = R.toGithubConnection({ message: 'Connected to a/b (main)', app_id: 7, github_repo: 'a/b', deploy_branch: 'main' });
      assert.deepEqual([gh.appId, gh.githubRepo, gh.deployBranch, gh.githubAppUrl], ['7', 'a/b', 'main', undefined], 'wokku names no GitHub App page');
      const named = (url: string) => R.toGithubConnection({ message: 'ok', installation_url: url }).githubAppUrl;
      assert.deepEqual([named('https://github.com/apps/wokku/installations/new'), named('javascript:alert(1)'), named('http://x.test')],
        ['https://github.com/apps/wokku/installations/new', undefined, undefined], 'only an https page is offered');
      const app = R.toApp({ id: 1, name: 'shop', github_repo_full_name: 'a/b', git_repository_url: 'https://github.com/a/b.git' });
      assert.deepEqual([app.githubRepo, app.gitRepositoryUrl], ['a/b', 'https://github.com/a/b.git']);
      assert.deepEqual([R.toApp({ id: 1, github_repo_full_name: null }).githubRepo, R.toApp({ id: 1, pr_number: '12', is_preview: 'true' }).prNumber], [undefined, 12]);
    });
  });
});
