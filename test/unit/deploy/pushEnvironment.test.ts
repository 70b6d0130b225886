// A push that carries the token, with the real git: what git inherits of the extension
// host's environment (every extension's to change), and how the credential reaches git's
// helper while another program of the user looks for it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { runPush, trustedGitEnv } from '../../../src/deploy/gitProcess';
import { startCountingProxy, type CountingProxy } from '../api/countingProxy';

const TOKEN = 'apphost-test-token-7f3a9c';

/** What a neighbour finds of AppHost's push in the temporary folder: a helper's key and address, and what they answer. */
async function neighbourSteals(): Promise<string | undefined> {
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('apphost-git-'))) {
    for (const file of readdirSync(join(tmpdir(), dir)).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(tmpdir(), dir, file), 'utf8');
      const address = /connect\(("[^"]+")\)/.exec(source)?.[1];
      const key = /socket\.write\(("[^"]+")\)/.exec(source)?.[1];
      if (!address || !key) continue;
      const answer = await new Promise<string>((resolve) => {
        let reply = '';
        const socket = connect(JSON.parse(address) as string, () => socket.write(JSON.parse(key) as string));
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (reply += chunk));
        socket.on('error', () => resolve(reply));
        socket.on('close', () => resolve(reply));
      });
      if (answer.includes(TOKEN)) return answer;
    }
  }
  return undefined;
}

/** Linux: what another process reads of the descriptors git's HTTP helper holds (a socket cannot be opened through /proc). */
function procDescriptorsRead(): string[] {
  if (process.platform !== 'linux') return [];
  const read: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('remote-http')) continue;
      read.push(readFileSync(`/proc/${pid}/fd/3`, 'utf8'));
    } catch {
      // gone, or not readable: what we want
    }
  }
  return read;
}

describe('deploy: the environment and the credential of a push that carries the token', function () {
  this.timeout(20_000);
  let root: string;
  let server: Server;
  let proxy: CountingProxy;
  let seen: IncomingHttpHeaders[];
  let stolen: (string | undefined)[];
  const saved: Record<string, string | undefined> = {};
  const setEnv = (vars: Record<string, string>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (!(k in saved)) saved[k] = process.env[k];
      process.env[k] = v;
    }
  };

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'apphost-pushenv-'));
    seen = [];
    stolen = [];
    // A gateway that asks for credentials, and, while git waits for its answer, a neighbour that looks for them.
    server = createServer((req, res) => {
      seen.push(req.headers);
      if (req.headers.authorization) return void res.writeHead(403).end('no push today');
      void neighbourSteals().then((s) => {
        stolen.push(s, ...procDescriptorsRead().filter((r) => r.includes(TOKEN)));
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = await startCountingProxy();
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
      delete saved[k];
    }
    server.close();
    proxy.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function pushWithToken(config: Record<string, string> = {}): Promise<{ code: number | null; git: string[] }> {
    const repo = join(root, 'repo');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/git/storefront.git`;
    execFileSync('git', ['init', '-q', repo]);
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'x'], { cwd: repo });
    execFileSync('git', ['remote', 'add', 'wokku', url], { cwd: repo });
    for (const [key, value] of Object.entries(config)) execFileSync('git', ['config', key, value], { cwd: repo });
    const git: string[] = [];
    const run = runPush({
      gitPath: 'git', cwd: repo, remote: 'wokku', refspec: 'HEAD:refs/heads/main',
      credential: { origin: new URL(url).origin, token: TOKEN, url },
      onEvent: (e) => e.kind === 'git' && git.push(e.text),
    });
    return { code: await run.exit, git };
  }

  it('keeps only what git needs of the extension host\'s environment', () => {
    const env = trustedGitEnv({
      PATH: '/usr/bin', HOME: '/home/dana', LANG: 'de_DE.UTF-8', TMPDIR: '/tmp',
      GIT_TRACE_CURL: '/tmp/trace', GIT_TRACE_REDACT: '0', GIT_SSL_NO_VERIFY: '1', GIT_CONFIG_GLOBAL: '/tmp/g', GIT_EXEC_PATH: '/tmp/x',
      GIT_CONFIG_PARAMETERS: "'http.proxy'='x'", HTTPS_PROXY: 'http://p', http_proxy: 'http://p', ALL_PROXY: 'http://p',
      SSLKEYLOGFILE: '/tmp/keys', SSL_CERT_FILE: '/tmp/ca', LD_PRELOAD: '/tmp/x.so', NODE_OPTIONS: '--require /tmp/x.js',
    });
    assert.deepEqual(env, { PATH: '/usr/bin', HOME: '/home/dana', LANG: 'de_DE.UTF-8', TMPDIR: '/tmp', LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' });
  });

  it('a trace, a proxy or a header in the extension host\'s environment does not reach git: the token goes to the gateway only', async () => {
    const trace = join(root, 'curl-trace');
    setEnv({
      GIT_TRACE_CURL: trace, GIT_TRACE_REDACT: '0', GIT_SSL_NO_VERIFY: '1', http_proxy: proxy.url, HTTP_PROXY: proxy.url,
      GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: 'X-Neighbour: 1',
    });
    const pushed = await pushWithToken();
    assert.deepEqual(proxy.forwarded, [], 'no request went through the environment\'s proxy');
    assert.ok(!existsSync(trace), 'git wrote no curl trace');
    assert.deepEqual(seen.filter((h) => h['x-neighbour']), [], 'no header of the environment\'s configuration');
    assert.notEqual(pushed.code, 0, 'the gateway refused the push');
    assert.ok(seen.some((h) => h.authorization === `Basic ${Buffer.from(`apphost:${TOKEN}`).toString('base64')}`), `the credential reached the gateway: ${pushed.git.join('\n')}`);
  });

  it('a program the repository\'s config runs in place of git\'s HTTP transport (remote.<name>.vcs) is not run, and cannot ask for the credential', async function () {
    if (process.platform === 'win32') this.skip(); // the helper is a shell script
    const bin = join(root, 'bin');
    const asked = join(root, 'asked');
    mkdirSync(bin);
    // git runs git-remote-<vcs> from PATH with the remote's URL; it asks git for the credential of that URL.
    writeFileSync(join(bin, 'git-remote-neighbour'), `#!/bin/sh\nprintf 'url=%s\\n\\n' "$2" | git credential fill > '${asked}' 2>&1\nexit 1\n`, { mode: 0o755 });
    setEnv({ PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
    const pushed = await pushWithToken({ 'remote.wokku.vcs': 'neighbour' });
    const answer = existsSync(asked) ? readFileSync(asked, 'utf8') : '';
    assert.ok(!answer.includes(TOKEN), 'the neighbour\'s transport got no credential');
    assert.equal(answer, '', 'it never ran');
    assert.match(pushed.git.join('\n'), /transport 'neighbour' not allowed/);
  });

  it('the credential reaches git\'s helper on a pipe: another program of the user looking for it meanwhile finds nothing', async () => {
    const pushed = await pushWithToken();
    assert.ok(stolen.length > 0, 'the neighbour looked while git waited');
    assert.deepEqual(stolen.filter(Boolean), [], 'nothing the neighbour found answered with the token');
    assert.ok(seen.some((h) => h.authorization), `git authenticated: ${pushed.git.join('\n')}`);
  });
});
