// Reading git push output: build lines vs git's own, and git's refusals classified.
import assert from 'node:assert/strict';
import { PushOutputParser, pushOutcome } from '../../../src/deploy/pushOutput';
import { buildFailure } from '../../../src/logs';

describe('deploy: git push output', () => {
  it('tells build lines from git progress and git lines, across chunk boundaries', () => {
    const p = new PushOutputParser();
    const events = [
      ...p.feed('Enumerating objects: 3, done.\nWriting objects:  50% (1/2)\rWriting objects: 100% (2/2), done.\nremote: -----> Build'),
      ...p.feed('ing storefront        \nremote: \u001b[1G\u001b[K-----> Releasing\u001b[K\n'),
      ...p.feed('remote: Resolving deltas:  50% (1/2)\rremote: \nTo http://h/git/storefront\n * [new branch]      main -> main'),
      ...p.end(),
    ];
    assert.deepEqual(events, [
      { kind: 'git', text: 'Enumerating objects: 3, done.' },
      { kind: 'progress', text: 'Writing objects:  50% (1/2)' },
      { kind: 'git', text: 'Writing objects: 100% (2/2), done.' },
      { kind: 'remote', text: '-----> Building storefront' },
      { kind: 'remote', text: '-----> Releasing' },
      { kind: 'progress', text: 'Resolving deltas:  50% (1/2)' },
      { kind: 'remote', text: '' },
      { kind: 'git', text: 'To http://h/git/storefront' },
      { kind: 'git', text: ' * [new branch]      main -> main' },
    ]);
  });

  it('reads ssh\'s \\r\\n line ends as lines, even split across chunks', () => {
    const p = new PushOutputParser();
    const events = [...p.feed('ssh: Could not resolve hostname h: Name or service not known\r'), ...p.feed('\nfatal: Could not read from remote repository.\r\n'), ...p.end()];
    assert.deepEqual(events, [
      { kind: 'git', text: 'ssh: Could not resolve hostname h: Name or service not known' },
      { kind: 'git', text: 'fatal: Could not read from remote repository.' },
    ]);
  });

  describe('pushOutcome', () => {
    const cases: [string, number | null, string[], string][] = [
      ['a deploy', 0, ['To git@wokku.cloud:storefront', ' * [new branch]      main -> main'], 'ok'],
      ['nothing to push', 0, ['Everything up-to-date'], 'upToDate'],
      ['a failed build', 1, [' ! [remote rejected] main -> main (pre-receive hook declined)', "error: failed to push some refs to 'x'"], 'buildFailed'],
      ['fetch first', 1, [' ! [rejected]        main -> main (fetch first)', "error: failed to push some refs to 'x'", 'hint: Updates were rejected because the remote contains work that you do'], 'nonFastForward'],
      ['non-fast-forward', 1, [' ! [rejected]        HEAD -> main (non-fast-forward)'], 'nonFastForward'],
      ['an SSH key refused', 128, ['git@wokku.cloud: Permission denied (publickey).', 'fatal: Could not read from remote repository.'], 'authentication'],
      ['no HTTP credentials', 128, ["fatal: could not read Username for 'http://127.0.0.1:3000': terminal prompts disabled"], 'authentication'],
      ['wrong HTTP credentials', 128, ["fatal: Authentication failed for 'https://wokku.cloud/git/storefront.git/'"], 'authentication'],
      ['a viewer', 128, ['remote: Permission denied', "fatal: unable to access 'http://h/git/storefront/': The requested URL returned error: 403"], 'forbidden'],
      ['an unknown app over HTTP', 128, ["fatal: repository 'http://h/git/nope.git/' not found"], 'noSuchApp'],
      ['an unknown app over SSH', 128, ["App 'nope' not found", 'fatal: Could not read from remote repository.'], 'noSuchApp'],
      ['an unknown host', 128, ['ssh: Could not resolve hostname git.apphost.example: Name or service not known', 'fatal: Could not read from remote repository.'], 'unknownHost'],
      ['an untrusted host key', 128, ['Host key verification failed.', 'fatal: Could not read from remote repository.'], 'hostKey'],
      ['a refused connection', 128, ['ssh: connect to host wokku.cloud port 22: Connection refused'], 'connection'],
      ['anything else', 128, ['fatal: the remote end hung up unexpectedly'], 'other'],
    ];
    for (const [what, code, lines, problem] of cases) {
      it(`reads ${what} as ${problem}`, () => assert.equal(pushOutcome(code, lines, 'wokku').problem, problem));
    }

    it('tells a missing remote from a missing repository', () => {
      const lines = ["fatal: 'wokku' does not appear to be a git repository", 'fatal: Could not read from remote repository.'];
      assert.equal(pushOutcome(128, lines, 'wokku').problem, 'noSuchRemote');
      assert.equal(pushOutcome(128, ["fatal: 'storefront' does not appear to be a git repository"], 'wokku').problem, 'noSuchApp');
    });

    it('keeps git\'s telling line, without its fatal: prefix, as the detail', () => {
      assert.equal(pushOutcome(128, ["fatal: could not read Username for 'http://h': terminal prompts disabled"], 'wokku').detail, "could not read Username for 'http://h': terminal prompts disabled");
    });
  });

  it('finds why a build failed: the last line Dokku marks with !, else the last line', () => {
    assert.equal(buildFailure(['-----> Build', '       npm ERR! code ELIFECYCLE', ' !     Failure during app build of storefront', '-----> Cleaning up']), 'Failure during app build of storefront');
    assert.equal(buildFailure(['Deploy failed: Cannot connect to server 10.0.0.5']), 'Deploy failed: Cannot connect to server 10.0.0.5');
    assert.equal(buildFailure([]), undefined);
  });
});
