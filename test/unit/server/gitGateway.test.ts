// The reference server's git gateway, pushed to with the real git client and the
// extension's own push runner: builds stream back live, the deploy record follows
// wokku's DeployForwarder, and git's refusals read as the extension expects.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPush } from '../../../src/deploy/gitProcess';
import { pushOutcome, type PushEvent } from '../../../src/deploy/pushOutput';
import { DEMO_USER, type RunningServer } from '../../server';
import { linkedRepo } from '../../tools/sampleRepo';
import { demoClient, start } from './helpers';

interface Pushed {
  code: number | null;
  remote: { text: string; at: number }[];
  git: string[];
  endedAt: number;
}

/** A repository with one commit, whose `wokku` remote is the app's wokku-style SSH remote (rewritten to the gateway). */
function makeRepo(server: RunningServer, app: string): { dir: string; git: (...args: string[]) => string; commit: (msg: string, files?: Record<string, string>) => string } {
  const repo = linkedRepo(mkdtempSync(join(tmpdir(), 'apphost-push-')), server, app);
  let n = 0;
  const commit = (msg: string, files: Record<string, string> = { [`file${++n}.txt`]: msg }) => repo.commit(msg, files);
  commit('Initial commit');
  return { dir: repo.dir, git: repo.git, commit };
}

function push(server: RunningServer, dir: string, opts: { token?: string; refspec?: string; force?: boolean } = {}): Promise<Pushed> {
  const out: Pushed = { code: null, remote: [], git: [], endedAt: 0 };
  const run = runPush({
    gitPath: 'git',
    cwd: dir,
    remote: 'wokku',
    refspec: opts.refspec ?? 'HEAD:refs/heads/main',
    force: opts.force,
    credential: opts.token ? { origin: server.url, token: opts.token, url: pushUrlOf(dir) } : undefined,
    onEvent: (e: PushEvent) => {
      if (e.kind === 'remote') out.remote.push({ text: e.text, at: Date.now() });
      else if (e.kind === 'git') out.git.push(e.text);
    },
  });
  return run.exit.then((code) => ({ ...out, code, endedAt: Date.now() }));
}

describe('server: git gateway (git push deploys)', function () {
  this.timeout(30_000);
  let server: RunningServer;
  let token: string;
  const dirs: string[] = [];
  const repo = (app: string) => {
    const r = makeRepo(server, app);
    dirs.push(r.dir);
    return r;
  };

  beforeEach(async () => {
    server = await start({ actionDelayMs: 240 }); // a build line every 30 ms
    token = server.control.issueToken(DEMO_USER.email);
  });
  afterEach(async () => {
    await server.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('builds a push to the deploy branch, streaming the build back while the record waits for the end', async () => {
    const api = demoClient(server);
    const releasesBefore = (await api.get('/apps/storefront/releases')).body.length;
    const { dir, commit } = repo('storefront');
    commit('Fix the checkout total');
    let logWhileBuilding: string | undefined;
    let ended = false;
    const pushing = push(server, dir, { token }).finally(() => (ended = true));
    // While the build runs, the record exists (building) but its log is empty, as wokku's.
    // Looked at until it is seen or the push ended (however long git takes to authenticate).
    while (logWhileBuilding === undefined && !ended) {
      await new Promise((r) => setTimeout(r, 20));
      const [latest] = server.control.deploysOf('storefront');
      if (latest?.status === 'building') logWhileBuilding = latest.log.join('\n');
    }
    const pushed = await pushing;
    assert.equal(pushed.code, 0, pushed.git.join('\n'));
    assert.equal(logWhileBuilding, '', 'no log on the record while building');
    const lines = pushed.remote.map((l) => l.text);
    assert.equal(lines[0], '-----> Cleaning up...');
    assert.ok(lines.includes('=====> Application deployed:'), lines.join('\n'));
    assert.ok(pushed.remote.at(-1)!.at - pushed.remote[0].at >= 300, 'the lines arrive over time, not at the end');
    assert.equal(pushOutcome(pushed.code, pushed.git, 'wokku').problem, 'ok');

    const [release] = (await api.get('/apps/storefront/releases')).body;
    assert.equal((await api.get('/apps/storefront/releases')).body.length, releasesBefore + 1);
    assert.equal(release.description, 'Deploy via git push');
    assert.equal((await api.get(`/apps/storefront/releases/${release.id}`)).body.commit_sha, null, 'wokku records no commit for a push');
    const [deploy] = (await api.get('/apps/storefront/deploys')).body;
    assert.deepEqual([deploy.id, deploy.status, deploy.commit_sha, deploy.description], [release.deploy_id, 'succeeded', null, null]);
    const detail = (await api.get(`/apps/storefront/deploys/${deploy.id}`)).body;
    assert.deepEqual(detail.log.split('\n'), lines, 'the record has the streamed lines once done');
    assert.equal((await api.get('/apps/storefront')).body.status, 'running');
  });

  it('fails the build when the pushed tree has FAIL_BUILD, and rejects the push as Dokku does', async () => {
    const { dir, commit } = repo('storefront');
    commit('Break the build', { FAIL_BUILD: 'src/cart.ts(12,3): error TS2304: Cannot find name "totl".\n' });
    const pushed = await push(server, dir, { token });
    assert.notEqual(pushed.code, 0);
    assert.equal(pushOutcome(pushed.code, pushed.git, 'wokku').problem, 'buildFailed');
    const lines = pushed.remote.map((l) => l.text);
    assert.ok(lines.some((l) => l.includes('Cannot find name "totl"')), lines.join('\n'));
    assert.ok(lines.some((l) => l.startsWith(' !     Failure during app build of storefront')), lines.join('\n'));
    const [deploy] = server.control.deploysOf('storefront');
    assert.equal(deploy.status, 'failed');
    assert.ok(deploy.log.some((l) => l.includes('Cannot find name')));
  });

  it('rejects a push that is not a fast-forward of the app\'s branch', async () => {
    const { dir, git, commit } = repo('mailer');
    assert.equal((await push(server, dir, { token })).code, 0);
    git('commit', '-q', '--amend', '-m', 'Rewritten history');
    const rejected = await push(server, dir, { token });
    assert.equal(pushOutcome(rejected.code, rejected.git, 'wokku').problem, 'nonFastForward', rejected.git.join('\n'));
    assert.equal(rejected.remote.length, 0, 'no build ran');
    commit('More work');
    const forced = await push(server, dir, { token, force: true });
    assert.equal(forced.code, 0, forced.git.join('\n'));
  });

  it('gives the token to git\'s authentication only: a pre-push hook finds it in no environment, configuration or helper, and no helper stores it', async function () {
    if (process.platform === 'win32') this.skip(); // the hook is a shell script
    const { dir, commit } = repo('storefront');
    commit('Deploy with a hook');
    const dump = join(dir, '.git', 'hook-dump.txt');
    // What a hostile or careless hook (husky's, or one a neighbour wrote) can reach: its
    // environment, git's configuration, and git's credential machinery asked for this remote.
    const hook = join(dir, '.git', 'hooks', 'pre-push');
    writeFileSync(hook, `#!/bin/sh
{ env; echo '--- config'; git config --list --show-origin; echo '--- credential fill'
  printf 'url=${server.url}/git/storefront.git\\n\\n' | git credential fill 2>&1; } > '${dump}'
exit 0
`);
    chmodSync(hook, 0o755);
    // The user's own credential helper (a keychain, ~/.git-credentials): it must never see the token.
    // git reads it from HOME (the push keeps no GIT_CONFIG_GLOBAL of the extension host's).
    const stored = join(dir, '.git', 'helper-calls.txt');
    const home = mkdtempSync(join(tmpdir(), 'apphost-home-'));
    dirs.push(home);
    writeFileSync(join(home, '.gitconfig'), `[credential]\n\thelper = "!f() { echo \\"$1\\" >> '${stored}'; cat >> '${stored}'; }; f"\n`);
    const before = process.env.HOME;
    process.env.HOME = home;
    let pushed: Pushed;
    try {
      pushed = await push(server, dir, { token });
    } finally {
      process.env.HOME = before;
    }
    assert.equal(pushed.code, 0, pushed.git.join('\n'));
    assert.ok(server.control.deploysOf('storefront').length > 0, 'the token authenticated the push');
    const seen = readFileSync(dump, 'utf8');
    assert.match(seen, /--- credential fill\n[\s\S]*(could not read|terminal prompts disabled)/i, 'the hook asked git for the credential and got none');
    assert.ok(!seen.includes(token), 'no token in the hook\'s environment, configuration or credential answer');
    let helperSaw = '';
    try {
      helperSaw = readFileSync(stored, 'utf8');
    } catch {
      // never called
    }
    assert.ok(!helperSaw.includes(token), 'the user\'s credential helper never got the token');
  });

  it('asks for credentials, refuses viewers and unknown apps, in words git shows', async () => {
    const { dir } = repo('storefront');
    assert.equal(pushOutcome(...args(await push(server, dir))).problem, 'authentication', 'no token');
    assert.equal(pushOutcome(...args(await push(server, dir, { token: 'not-a-token' }))).problem, 'authentication', 'wrong token');
    const viewer = repo('oss-docs'); // demo is a viewer of the OSS team
    assert.equal(pushOutcome(...args(await push(server, viewer.dir, { token }))).problem, 'forbidden');
    const unknown = repo('no-such-app');
    assert.equal(pushOutcome(...args(await push(server, unknown.dir, { token }))).problem, 'noSuchApp');
    assert.equal(server.control.deploysOf('storefront').filter((d) => d.description === null).length, 0, 'nothing was deployed');
  });

  it('accepts a push to another branch without building it (Dokku\'s warning)', async () => {
    const { dir } = repo('storefront');
    const before = server.control.deploysOf('storefront').length;
    const pushed = await push(server, dir, { token, refspec: 'HEAD:refs/heads/feature' });
    assert.equal(pushed.code, 0);
    assert.match(pushed.remote.map((l) => l.text).join('\n'), /deploy did not complete, you must push to main/);
    assert.equal(server.control.deploysOf('storefront').length, before);
  });

  it('offers the gateway address as git_remote, and the commit on the release, when asked to', async () => {
    await server.close();
    server = await start({ actionDelayMs: 40, gitRemote: 'http', gitPushCommit: true });
    token = server.control.issueToken(DEMO_USER.email);
    const api = demoClient(server);
    const details = (await api.get('/apps/storefront')).body;
    assert.equal(details.git_remote, `${server.url}/git/storefront.git`);
    assert.equal(details.push_instructions, `git remote add wokku ${server.url}/git/storefront.git && git push wokku main`);
    const { dir, git, commit } = repo('storefront');
    git('remote', 'set-url', 'wokku', details.git_remote);
    const sha = commit('Ship the new cart');
    assert.equal((await push(server, dir, { token })).code, 0);
    const [release] = (await api.get('/apps/storefront/releases')).body;
    assert.equal(release.description, 'Ship the new cart');
    assert.equal((await api.get(`/apps/storefront/releases/${release.id}`)).body.commit_sha, sha);
  });
});

/** Where git pushes `wokku` (after the repository's insteadOf), as the deploy's checks read it. */
function pushUrlOf(dir: string): string {
  return execFileSync('git', ['remote', 'get-url', '--push', 'wokku'], { cwd: dir, encoding: 'utf8' }).trim();
}

function args(p: Pushed): [number | null, string[], string] {
  return [p.code, p.git, 'wokku'];
}
