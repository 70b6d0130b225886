// The way a token's push travels: what in git's configuration refuses it (read by the real
// git, as the push reads it: `git config --get-urlmatch` in the push's own environment), and
// what AppHost pins for the push itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configEnv, pushTransportProblems, trustedGitEnv } from '../../../src/deploy/gitProcess';
import { apiProxyFor, parseUrlmatch, transportMessage, transportPins, type TransportProblem } from '../../../src/deploy/pushTransport';

const URL_ = 'https://git.example.com/git/storefront.git';
const ORIGIN = 'https://git.example.com';

describe('deploy: the transport of a push that carries the token', () => {
  let root: string;
  let repo: string;
  let home: string;
  let homeBefore: string | undefined;
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
  const repoConfig = (...args: string[]) => git(repo, 'config', ...args);
  /** The user's own ~/.gitconfig: HOME is what the push's environment keeps of it. */
  const globalConfig = (...args: string[]) => git(repo, 'config', '--file', join(home, '.gitconfig'), ...args);
  const problems = (allowedProxy?: string) => pushTransportProblems('git', repo, { origin: ORIGIN, token: 't', url: URL_, proxy: allowedProxy }, 'wokku');
  const brief = (list: TransportProblem[]) => list.map((p) => `${p.kind} ${p.key} ${p.files.map((f) => f.replace(root, '<root>')).join(',')}`);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'apphost-transport-'));
    repo = join(root, 'repo');
    home = join(root, 'home');
    mkdirSync(home);
    writeFileSync(join(home, '.gitconfig'), '');
    execFileSync('git', ['init', '-q', repo]);
    repoConfig('remote.wokku.url', URL_);
    homeBefore = process.env.HOME;
    process.env.HOME = home;
  });
  afterEach(() => {
    process.env.HOME = homeBefore;
    rmSync(root, { recursive: true, force: true });
  });

  const REPO = '<root>/repo/.git/config';
  const HOME = '<root>/home/.gitconfig';
  const table: [string, () => void, string[]][] = [
    ['nothing set', () => undefined, []],
    ['a proxy in the repository', () => repoConfig('http.proxy', 'http://127.0.0.1:9'), [`proxy http.proxy ${REPO}`]],
    ['certificate checks off in the repository', () => repoConfig('http.sslVerify', 'false'), [`sslVerify http.sslverify ${REPO}`]],
    ['certificate checks off, written "0"', () => repoConfig('http.sslVerify', '0'), [`sslVerify http.sslverify ${REPO}`]],
    ['the repository\'s certificate file', () => repoConfig('http.sslCAInfo', '/tmp/neighbour-ca.pem'), [`certificateAuthority http.sslcainfo ${REPO}`]],
    ['the repository\'s certificate folder', () => repoConfig('http.sslCAPath', '/tmp/neighbour-certs'), [`certificateAuthority http.sslcapath ${REPO}`]],
    ['another address for the host', () => repoConfig('http.curloptResolve', 'git.example.com:443:127.0.0.1'), [`resolve http.curloptresolve ${REPO}`]],
    ['an extra header', () => repoConfig('http.extraHeader', 'Authorization: Bearer other'), [`extraHeader http.extraheader ${REPO}`]],
    ['the remote\'s own proxy', () => repoConfig('remote.wokku.proxy', 'http://127.0.0.1:9'), [`proxy remote.wokku.proxy ${REPO}`]],
    ['a proxy in the user\'s global config', () => globalConfig('http.proxy', 'http://127.0.0.1:9'), [`proxy http.proxy ${HOME}`]],
    ['certificate checks off in the user\'s global config', () => globalConfig('http.sslVerify', 'false'), [`sslVerify http.sslverify ${HOME}`]],
    // The user's own authority (AppHost's advice for a certificate git does not trust) is honoured.
    ['a certificate file in the user\'s global config', () => globalConfig('http.sslCAInfo', '/etc/company-ca.pem'), []],
    ['a key for this URL', () => repoConfig(`http.${ORIGIN}/.sslVerify`, 'false'), [`sslVerify http.${ORIGIN}/.sslverify ${REPO}`]],
    ['a key for this URL\'s path', () => repoConfig('http.https://git.example.com/git/.proxy', 'http://127.0.0.1:9'), [`proxy http.https://git.example.com/git/.proxy ${REPO}`]],
    ['a URL\'s key beats a generic one', () => {
      repoConfig('http.sslVerify', 'false');
      globalConfig(`http.${ORIGIN}/.sslVerify`, 'true');
    }, []],
    ['a key for another host', () => repoConfig('http.https://other.example/.proxy', 'http://127.0.0.1:9'), []],
    ['a key for another port', () => repoConfig('http.https://git.example.com:8443/.sslVerify', 'false'), []],
    ['a key for another path', () => repoConfig('http.https://git.example.com/elsewhere/.extraHeader', 'X-A: 1'), []],
    ['a key for another remote', () => repoConfig('remote.origin.proxy', 'http://127.0.0.1:9'), []],
    ['headers reset after they were added', () => {
      repoConfig('--add', 'http.extraHeader', 'X-A: 1');
      repoConfig('--add', 'http.extraHeader', '');
    }, []],
    ['a proxy in a file the repository includes', () => {
      writeFileSync(join(root, 'included'), '[http]\n\tproxy = http://127.0.0.1:9\n');
      repoConfig('include.path', join(root, 'included'));
    }, ['proxy http.proxy <root>/included']],
  ];
  for (const [name, set, expected] of table) {
    it(`${expected.length ? 'refuses' : 'accepts'}: ${name}`, async () => {
      set();
      assert.deepEqual(brief(await problems()), expected);
    });
  }

  it('accepts the proxy AppHost\'s own requests use, however written; refuses any other', async () => {
    repoConfig('http.proxy', 'http://proxy.corp:3128/');
    assert.deepEqual(brief(await problems('proxy.corp:3128')), []);
    assert.deepEqual(brief(await problems('http://proxy.other:3128')), [`proxy http.proxy ${REPO}`]);
  });

  it('reads git\'s configuration as the push does: a GIT_CONFIG_* of the extension host changes nothing', async () => {
    const before = { ...process.env };
    Object.assign(process.env, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.sslVerify', GIT_CONFIG_VALUE_0: 'true', GIT_CONFIG_GLOBAL: '/dev/null' });
    try {
      repoConfig('http.sslVerify', 'false');
      globalConfig('http.proxy', 'http://127.0.0.1:9');
      assert.deepEqual(brief(await problems()), [`proxy http.proxy ${HOME}`, `sslVerify http.sslverify ${REPO}`]);
    } finally {
      for (const k of ['GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_0', 'GIT_CONFIG_VALUE_0', 'GIT_CONFIG_GLOBAL']) {
        if (before[k] === undefined) delete process.env[k];
        else process.env[k] = before[k];
      }
    }
  });

  it('the notice names each setting and its file, never a value, and says what to do', async () => {
    repoConfig('http.proxy', 'http://dana:s3cret@127.0.0.1:9');
    repoConfig('http.extraHeader', 'Authorization: Bearer s3cret');
    const message = transportMessage(await problems(), URL_);
    assert.ok(message.includes(`http.proxy (in ${join(repo, '.git', 'config')})`), message);
    assert.ok(message.includes('http.extraheader'), message);
    assert.match(message, /deploy over SSH/);
    assert.ok(!message.includes('s3cret'), message);
  });

  it('pins the push\'s way in git\'s command scope: it wins over every file\'s key for the URL, a more specific one included', () => {
    repoConfig('http.proxy', 'http://127.0.0.1:9');
    repoConfig(`http.${URL_}.sslVerify`, 'false');
    repoConfig('http.https://git.example.com/git/.curloptResolve', 'git.example.com:443:127.0.0.1');
    globalConfig(`http.${ORIGIN}.extraHeader`, 'X-A: 1');
    const effective = (env: Record<string, string>) =>
      Object.fromEntries(parseUrlmatch(execFileSync('git', ['config', '-z', '--get-urlmatch', 'http', URL_], { cwd: repo, encoding: 'utf8', env })));
    const env = trustedGitEnv();
    assert.deepEqual(effective(env), { proxy: 'http://127.0.0.1:9', sslverify: 'false', curloptresolve: 'git.example.com:443:127.0.0.1', extraheader: 'X-A: 1' });
    assert.deepEqual(effective({ ...env, ...configEnv(transportPins(URL_, 'wokku', undefined)) }), { proxy: '', sslverify: 'true', curloptresolve: '', extraheader: '' });
    assert.equal(effective({ ...env, ...configEnv(transportPins(URL_, 'wokku', 'http://proxy.corp:3128')) }).proxy, 'http://proxy.corp:3128');
  });

  it('apiProxyFor: the proxy AppHost\'s API client takes for the URL', () => {
    const env = { HTTPS_PROXY: 'http://env-proxy:8080', NO_PROXY: 'internal.example' };
    assert.equal(apiProxyFor(URL_, { url: 'http://vscode-proxy:3128' }, env), 'http://vscode-proxy:3128');
    assert.equal(apiProxyFor(URL_, { url: 'http://vscode-proxy:3128', noProxy: ['git.example.com'] }, env), undefined);
    assert.equal(apiProxyFor(URL_, undefined, env), 'http://env-proxy:8080');
    assert.equal(apiProxyFor('https://internal.example/git/a.git', undefined, env), undefined);
    assert.equal(apiProxyFor('http://git.example.com/git/a.git', undefined, env), undefined, 'HTTPS_PROXY is for https');
    assert.equal(apiProxyFor(URL_, undefined, {}), undefined);
  });
});
