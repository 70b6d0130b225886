// Remote matching: which git remote of a folder is the service's, and for which app.
import assert from 'node:assert/strict';
import { githubRepoOfRemote, learnFromDetails, matchService, newRemoteName, parseRemoteUrl, remoteForApp, serviceRemotes, type RemoteLike, type ServiceGit } from '../../../src/deploy/remotes';

const WOKKU: ServiceGit = { hosts: ['wokku.cloud'], remoteNames: ['wokku'] };
const remote = (name: string, url: string): RemoteLike => ({ name, fetchUrl: url, pushUrl: url });

describe('deploy: remote matching', () => {
  describe('parseRemoteUrl', () => {
    const cases: [string, Partial<ReturnType<typeof parseRemoteUrl>> | undefined][] = [
      ['git@wokku.cloud:storefront', { protocol: 'ssh', host: 'wokku.cloud', user: 'git', path: 'storefront', appName: 'storefront' }],
      ['git@wokku.cloud:storefront.git', { protocol: 'ssh', host: 'wokku.cloud', appName: 'storefront' }],
      ['git@wokku.cloud:/storefront.git/', { protocol: 'ssh', appName: 'storefront' }],
      ['wokku.cloud:shop-api', { protocol: 'ssh', host: 'wokku.cloud', user: undefined, appName: 'shop-api' }],
      ['ssh://git@wokku.cloud/storefront', { protocol: 'ssh', host: 'wokku.cloud', user: 'git', appName: 'storefront' }],
      ['ssh://git@WOKKU.cloud:2222/storefront.git', { protocol: 'ssh', host: 'wokku.cloud', port: '2222', appName: 'storefront' }],
      ['git+ssh://git@wokku.cloud/storefront', { protocol: 'ssh', appName: 'storefront' }],
      ['https://wokku.cloud/storefront.git', { protocol: 'https', host: 'wokku.cloud', appName: 'storefront' }],
      ['https://user:secret@wokku.cloud/git/storefront.git', { protocol: 'https', user: 'user', host: 'wokku.cloud', appName: 'storefront' }],
      ['http://127.0.0.1:3000/git/storefront.git', { protocol: 'http', host: '127.0.0.1', port: '3000', appName: 'storefront' }],
      ['http://[::1]:3000/git/storefront', { protocol: 'http', host: '::1', port: '3000', appName: 'storefront' }],
      ['git://wokku.cloud/storefront', { protocol: 'git', appName: 'storefront' }],
      // Not an app name: upper case, a digit first, an underscore, an owner/repo with a dot.
      ['git@github.com:acme/Storefront.git', { host: 'github.com', appName: undefined }],
      ['git@wokku.cloud:9lives', { appName: undefined }],
      ['git@wokku.cloud:shop_api', { appName: undefined }],
      // wokku's rule allows a trailing dash.
      ['git@wokku.cloud:shop-', { appName: 'shop-' }],
      ['git@wokku.cloud:my.app', { appName: undefined }],
      // Not remote hosts at all.
      ['/srv/git/storefront.git', undefined],
      ['../storefront', undefined],
      ['file:///srv/git/storefront.git', undefined],
      ['C:\\repos\\storefront', undefined],
    ];
    for (const [url, expected] of cases) {
      it(`reads ${url}`, () => {
        const parsed = parseRemoteUrl(url);
        if (expected === undefined) return assert.equal(parsed, undefined);
        assert.ok(parsed, 'parsed');
        for (const [k, v] of Object.entries(expected)) assert.equal(parsed[k as keyof typeof parsed], v, k);
      });
    }
  });

  describe('serviceRemotes', () => {
    it('matches the service host in every URL form, and nothing on other hosts', () => {
      const found = serviceRemotes(
        [
          remote('origin', 'git@github.com:acme/storefront.git'),
          remote('prod', 'git@wokku.cloud:storefront'),
          remote('staging', 'ssh://git@wokku.cloud:22/storefront-staging.git'),
          remote('web', 'https://wokku.cloud/git/shop-api.git'),
          remote('mirror', 'https://gitlab.com/acme/shop-api.git'),
        ],
        WOKKU,
      );
      assert.deepEqual(found.map((m) => [m.remote, m.appName, m.byName]), [
        ['prod', 'storefront', false],
        ['staging', 'storefront-staging', false],
        ['web', 'shop-api', false],
      ]);
    });

    it('puts the service\'s own remote name first, whatever the order of the remotes', () => {
      const found = serviceRemotes([remote('a-prod', 'git@wokku.cloud:storefront-v2'), remote('wokku', 'git@wokku.cloud:storefront')], WOKKU);
      assert.deepEqual(found.map((m) => m.remote), ['wokku', 'a-prod']);
    });

    it('trusts the instructions\' remote name on an unknown host (the git host is learned later), after host matches', () => {
      const found = serviceRemotes([remote('wokku', 'git@git.example.net:storefront'), remote('other', 'git@wokku.cloud:mailer')], WOKKU);
      assert.deepEqual(found.map((m) => [m.remote, m.appName, m.byName]), [['other', 'mailer', false], ['wokku', 'storefront', true]]);
    });

    it('ignores look-alike hosts and remotes without an app name', () => {
      const found = serviceRemotes(
        [
          remote('a', 'git@wokku.cloud.evil.example:storefront'),
          remote('b', 'git@notwokku.cloud:storefront'),
          remote('c', 'git@wokku.cloud:'),
          remote('d', 'git@wokku.cloud:Store_Front'),
          { name: 'e' },
        ],
        WOKKU,
      );
      assert.deepEqual(found, []);
    });

    it('uses the push URL when a remote has one of its own', () => {
      const [m] = serviceRemotes([{ name: 'both', fetchUrl: 'https://github.com/acme/storefront.git', pushUrl: 'git@wokku.cloud:storefront' }], WOKKU);
      assert.deepEqual([m.remote, m.url, m.appName], ['both', 'git@wokku.cloud:storefront', 'storefront']);
    });
  });

  describe('remoteForApp', () => {
    const remotes = [
      remote('origin', 'git@github.com:acme/storefront.git'),
      remote('wokku', 'git@wokku.cloud:storefront-old'),
      remote('live', 'git@wokku.cloud:storefront.git'),
    ];

    it('finds the app by exact name among several remotes, not a look-alike one', () => {
      assert.equal(remoteForApp(remotes, 'storefront', WOKKU)?.remote, 'live');
      assert.equal(remoteForApp(remotes, 'storefront-old', WOKKU)?.remote, 'wokku');
      assert.equal(remoteForApp(remotes, 'store', WOKKU), undefined);
    });

    it('matches the app\'s git_remote written differently (.git, case of the host, trailing slash)', () => {
      const custom = [remote('deploy', 'git@GIT.example.net:storefront.git/')];
      assert.equal(remoteForApp(custom, 'storefront', WOKKU)?.remote, undefined, 'unknown host, not the service name');
      assert.equal(remoteForApp(custom, 'storefront', WOKKU, 'git@git.example.net:storefront')?.remote, 'deploy');
    });
  });

  describe('matchService (several services: which one a folder links to)', () => {
    const production = { id: 'prod', git: { hosts: ['wokku.cloud', 'git.wokku.cloud'], remoteNames: ['wokku'] } };
    const staging = { id: 'staging', git: { hosts: ['staging.acme.dev'], remoteNames: ['wokku'] } };
    // Two services on one machine: the same host, told apart by the API's port.
    const localA = { id: 'a', git: { hosts: ['127.0.0.1', '127.0.0.1:4001'], remoteNames: ['wokku'] } };
    const localB = { id: 'b', git: { hosts: ['127.0.0.1', '127.0.0.1:4002'], remoteNames: ['wokku'] } };

    it('links to the service whose git host the remote names, whatever the order of the services', () => {
      const remotes = [remote('wokku', 'git@staging.acme.dev:shop-api')];
      assert.deepEqual(matchService(remotes, [production, staging])?.service, 'staging');
      assert.deepEqual(matchService(remotes, [staging, production])?.service, 'staging');
      assert.equal(matchService(remotes, [production, staging])?.match.appName, 'shop-api');
      assert.equal(matchService([remote('live', 'ssh://git@git.wokku.cloud/storefront.git')], [staging, production])?.service, 'prod');
    });

    it('a remote known by its name only belongs to the first service (the one links meant before several)', () => {
      const remotes = [remote('wokku', 'git@unknown.example:blog')];
      assert.equal(matchService(remotes, [production, staging])?.service, 'prod');
      assert.equal(matchService(remotes, [staging, production])?.service, 'staging');
    });

    it('tells two services of one host apart by the port of the address the remote names', () => {
      const remotes = [remote('origin', 'http://127.0.0.1:4002/git/shop.git')];
      assert.equal(matchService(remotes, [localA, localB])?.service, 'b');
      assert.equal(matchService([remote('origin', 'http://127.0.0.1:4001/git/shop.git')], [localA, localB])?.service, 'a');
    });

    it('no remote of any service: no link; one service: as serviceRemotes says', () => {
      assert.equal(matchService([remote('origin', 'git@github.com:acme/shop.git')], [production, staging]), undefined);
      const remotes = [remote('origin', 'git@wokku.cloud:shop'), remote('wokku', 'git@git.wokku.cloud:shop')];
      assert.deepEqual(matchService(remotes, [production])?.match, serviceRemotes(remotes, production.git)[0]);
    });
  });

  it('names a new remote after the instructions, or after the app when that name is taken', () => {
    assert.equal(newRemoteName([remote('origin', 'x')], 'wokku', 'storefront'), 'wokku');
    assert.equal(newRemoteName([remote('wokku', 'x')], 'wokku', 'storefront'), 'wokku-storefront');
    assert.equal(newRemoteName([remote('wokku', 'x'), remote('wokku-storefront', 'y')], 'wokku', 'storefront'), 'wokku-storefront-2');
  });

  it('learns the git host and the remote name from an app\'s details', () => {
    assert.deepEqual(
      learnFromDetails({ gitRemote: 'git@git.apphost.example:storefront', pushInstructions: 'git remote add wokku git@git.apphost.example:storefront && git push wokku main' }),
      { host: 'git.apphost.example', remoteName: 'wokku' },
    );
    assert.deepEqual(learnFromDetails({}), { host: undefined, remoteName: undefined });
  });

  it('reads the GitHub repository of a remote (https, scp-like and ssh forms), and nothing of other hosts', () => {
    const cases: [string, string | undefined][] = [
      ['https://github.com/dana-demo/storefront.git', 'dana-demo/storefront'],
      ['https://github.com/dana-demo/storefront', 'dana-demo/storefront'],
      ['https://token@github.com/Octo-Org/my.repo_1.git/', 'Octo-Org/my.repo_1'],
      ['git@github.com:dana-demo/storefront.git', 'dana-demo/storefront'],
      ['ssh://git@github.com/dana-demo/storefront', 'dana-demo/storefront'],
      ['git@wokku.cloud:storefront', undefined],
      ['https://gitlab.com/dana-demo/storefront.git', undefined],
      ['https://github.com/dana-demo', undefined],
      ['https://github.com/a/b/c', undefined],
    ];
    for (const [url, repo] of cases) assert.equal(githubRepoOfRemote(url), repo, url);
  });
});
