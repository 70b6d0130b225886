// Deploying the open folder: its link to an app (git remotes, through VS Code's Git
// extension), the status bar and tree, and Deploy by git push to the reference
// server's git gateway — live build log, new release, failures, a missing remote,
// uncommitted changes, a rejected push, and the SSH key check.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AppRef } from '../../src/model';
import type { DeployResult } from '../../src/deploy/deployRun';
import type { AppHostTestApi } from '../../src/extension';
import { makeEd25519PublicKey } from '../server/sshKey';
import { startCountingProxy } from '../unit/api/countingProxy';
import type { RunningServer } from '../server';
import { DEMO_USER } from '../server';
import { asAppHost, extensionApi, serviceOf, stopSignedIn, until, useServer } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { nodeAt, withScript } from './support/resourceTree';
import { scriptUi, type ScriptedUi } from './support/scriptedUi';

const DEPLOY_LOG = 'apphost-deploy-log';

describe('deploy: the open folder, linked to its app, deployed by git push', function () {
  this.timeout(90_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let shop: TestRepo;
  let storefront: AppRef;
  const apiCalls = () => server.control.requestLog.filter((e) => e.path.startsWith('/api/'));

  /** Runs Deploy with scripted answers; resolves with the command's result and what was shown. */
  async function deploy(target: unknown, script: Parameters<typeof scriptUi>[0] = {}): Promise<{ result: DeployResult | undefined; ui: ScriptedUi }> {
    let result: DeployResult | undefined;
    const ui = await withScript(script, async () => {
      result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.app.deploy', target);
    });
    return { result, ui };
  }
  const shown = (ui: ScriptedUi, kind: string, pattern: RegExp) => ui.shown.find((m) => m.kind === kind && pattern.test(m.text));
  // The push log of storefront's deploy of `sha` (other suites, e.g. the agent's deploy, leave tabs of earlier pushes).
  const logDoc = (sha: string) => vscode.workspace.textDocuments.find((d) =>
    d.uri.scheme === DEPLOY_LOG && new URLSearchParams(d.uri.query).has('push') && d.uri.path.startsWith('/storefront/') && d.getText().startsWith(`… Deploy of storefront: ${sha.slice(0, 7)}`));

  before(async () => {
    server = await useServer({ actionDelayMs: 160 }); // a build line every 20 ms
    api = await extensionApi();
    const signIn = await withScript({ picks: ['Paste an API token'], inputs: [server.control.issueToken(DEMO_USER.email, 'integration test')] }, () => vscode.commands.executeCommand('apphost.signIn'));
    assert.ok(await api.connection.session(), `signed in (API root ${api.connection.apiRoot()}, server ${server.url}); sign-in showed ${JSON.stringify(signIn.shown)}`);
    api.deploy.settleDelaysMs = [50, 100, 200];
    storefront = asAppHost({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
    shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
  });
  afterEach(async () => {
    server.control.setActionDelay(160);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await closeFolders();
    await stopSignedIn(server);
  });

  it('links a folder to its app by its git remote without a request; the status bar and the app\'s row show it', async () => {
    server.control.clearRequestLog();
    await openFolders(shop);
    const link = (await until('the folder is linked', () => api.deploy.links.linkOf(shop.uri), 20_000))!;
    assert.deepEqual([link.app.name, link.how, link.remote], ['storefront', 'remote', 'wokku']);
    assert.deepEqual(apiCalls().map((e) => `${e.method} ${e.path}`), [], 'linking costs no request');
    await until('the status bar shows the app', () => api.deploy.statusBar.item.text.includes('storefront'));

    // Once the tree lists the apps, the row says so and the status bar has the state.
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    await until('the row is linked', async () => ((await row.getTreeItem()).contextValue ?? '').includes(':linked'));
    const item = await row.getTreeItem();
    assert.match(String(item.description), /linked folder/);
    await until('the status bar has the state', () => /storefront · running/.test(api.deploy.statusBar.item.text));
    assert.match(api.deploy.statusBar.item.text, /^\$\(vm-running\) storefront · running$/);
    assert.equal((api.deploy.statusBar.item.command as vscode.Command).command, 'apphost.folder.actions');
    await until('the id comes from the tree\'s row', () => api.deploy.links.linkOf(shop.uri)?.app.id === storefront.id);
    assert.deepEqual(apiCalls().filter((e) => /\/apps\/[^/]+$/.test(e.path)), [], 'no app details were read for it');
  });

  it('Deploy: pushes, shows the build live in an editor tab, ends with a new release and "Open App" / "Tail Logs"', async () => {
    server.control.setActionDelay(800); // a build line every 100 ms: the tab must show them while building
    // The build stays "building" (its lines all sent) until the tab was seen showing them, however slow the machine.
    const releaseBuild = server.control.holdBuilds();
    const sha = shop.commit('Fix the checkout total');
    const releasesBefore = server.control.state.store.releasesOf(storefront.id).length;
    server.control.clearRequestLog();
    const ui = scriptUi();
    let result: DeployResult | undefined;
    let livePart: string | undefined;
    try {
      const running = vscode.commands.executeCommand<DeployResult>('apphost.app.deploy', storefront).then((r) => (result = r));
      await until('the log tab opens', () => logDoc(sha), 20_000);
      await until('the status bar says deploying', () => /^\$\(sync~spin\) storefront · deploying…$/.test(api.deploy.statusBar.item.text));
      // Live: build lines in the tab while the server's deploy is still building.
      await until('build lines in the tab while building', () => {
        const text = logDoc(sha)?.getText() ?? '';
        const building = server.control.deploysOf('storefront')[0]?.status === 'building';
        if (building && text.includes('-----> Installing dependencies')) livePart = text;
        return livePart;
      }, 20_000);
      releaseBuild();
      await running;
    } finally {
      releaseBuild();
      ui.restore();
    }
    // Captured while the service's deploy was still building (its last line may already be in: the record ends after it).
    assert.ok(livePart, 'seen while building');
    assert.match(livePart!, /building: this tab shows the build live/);
    assert.equal(result?.outcome.problem, 'ok');
    assert.equal(result?.deploy?.status, 'succeeded');
    // The tab re-renders asynchronously after the end.
    const text = String(await until('the tab shows the outcome', () => /… succeeded/.test(logDoc(sha)!.getText()) && logDoc(sha)!.getText()));
    assert.match(text.split('\n')[0], new RegExp(`^… Deploy of storefront: ${sha.slice(0, 7)} Fix the checkout total — git push wokku HEAD:main$`));
    assert.ok(text.includes('=====> Application deployed:'));
    assert.match(text.trimEnd().split('\n').at(-1)!, /^… succeeded/);

    const releases = server.control.state.store.releasesOf(storefront.id);
    assert.equal(releases.length, releasesBefore + 1);
    assert.equal(releases[0].description, 'Deploy via git push');
    assert.equal(releases[0].deployId, result!.deploy!.id);
    const done = shown(ui, 'info', new RegExp(`^storefront deployed: ${sha.slice(0, 7)} "Fix the checkout total"\\.$`));
    assert.ok(done, JSON.stringify(ui.shown));
    await until('the status bar is back to the state', () => /^\$\(vm-running\) storefront · running$/.test(api.deploy.statusBar.item.text));

    // Frugal: a handful of requests, no poll every second.
    const calls = apiCalls().map((e) => `${e.method} ${e.path.replace(/\/api\/v1/, '').replace(storefront.id, ':app').replace(result!.deploy!.id, ':deploy')}`);
    assert.ok(calls.length <= 8, calls.join('\n'));
    assert.deepEqual(calls.filter((c) => c.startsWith('GET /apps/:app/deploys/')), ['GET /apps/:app/deploys/:deploy'], calls.join('\n'));
  });

  it('a failing build: the push is rejected, the error names the cause and offers "Show Log"', async () => {
    shop.commit('Use the new cart API', { FAIL_BUILD: 'src/cart.ts(12,3): error TS2304: Cannot find name \'totl\'.\n' });
    const { result, ui } = await deploy(storefront, { buttons: [[/failed/, 'Show Log']] });
    assert.equal(result?.outcome.problem, 'buildFailed');
    assert.equal(result?.deploy?.status, 'failed');
    const error = shown(ui, 'error', /^The deploy of storefront failed: Failure during app build of storefront \(commit [0-9a-f]{7}\)$/);
    assert.ok(error, JSON.stringify(ui.shown));
    assert.deepEqual(error.items, ['Diagnose Failure', 'Show Log', 'Tail Logs'], 'a failed deploy can be diagnosed from its notice');
    // "Show Log" brought the tab back.
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, DEPLOY_LOG);
    const doc = vscode.window.activeTextEditor!.document;
    const text = String(await until('the tab shows the outcome', () => /… failed/.test(doc.getText()) && doc.getText()));
    assert.ok(text.includes("Cannot find name 'totl'"));
    assert.match(text.trimEnd().split('\n').at(-1)!, /^… failed/);
    shop.git('rm', '-q', 'FAIL_BUILD');
    shop.commit('Fix the cart');
  });

  it('uncommitted changes: asks first; nothing is pushed unless the user deploys anyway', async () => {
    shop.write('server.js', '// work in progress\n');
    const before = server.control.deploysOf('storefront').length;
    const declined = await deploy(storefront, { buttons: [[/^Deploy folder shop to storefront\?$/, undefined]] });
    assert.ok(shown(declined.ui, 'warning', /^Deploy folder shop to storefront\?$/), JSON.stringify(declined.ui.shown));
    assert.equal(declined.result, undefined);
    assert.equal(server.control.deploysOf('storefront').length, before, 'nothing pushed');

    const accepted = await deploy(storefront, { buttons: [[/^Deploy folder shop to storefront\?$/, 'Deploy Anyway']] });
    assert.equal(accepted.result?.deploy?.status, 'succeeded');
    shop.git('checkout', '--', 'server.js');
  });

  it('nothing new to push: says so, and no deploy starts', async () => {
    const before = server.control.deploysOf('storefront').length;
    const { result, ui } = await deploy(storefront);
    assert.equal(result?.outcome.problem, 'upToDate');
    assert.ok(shown(ui, 'info', /^Nothing to deploy: storefront already has commit [0-9a-f]{7} \(wokku\/main is up to date\)/), JSON.stringify(ui.shown));
    assert.equal(server.control.deploysOf('storefront').length, before);
  });

  it('a rejected push (not a fast-forward) is explained, and "Force Deploy…" replaces the branch after confirming', async () => {
    shop.git('commit', '-q', '--amend', '-m', 'Fix the cart (reworded)');
    const { result, ui } = await deploy(storefront, {
      buttons: [
        [/^The push was rejected/, 'Force Deploy…'],
        [/^Replace storefront's branch main with yours\?$/, 'Replace and Deploy'],
      ],
    });
    assert.equal(result?.outcome.problem, 'nonFastForward');
    assert.ok(shown(ui, 'error', /has commits your branch does not have .* "git pull wokku main"/), JSON.stringify(ui.shown));
    assert.ok(shown(ui, 'info', /^storefront deployed: [0-9a-f]{7} "Fix the cart \(reworded\)"\.$/), 'the forced deploy went through');
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
  });

  it('a proxy in the folder\'s git config, with certificate checks off: the deploy is refused, naming them and their file, and the proxy never sees the token', async () => {
    // What a neighbour (a tool, a task, another extension) can write into the repository.
    const proxy = await startCountingProxy();
    shop.git('config', 'http.proxy', proxy.url);
    shop.git('config', 'http.sslVerify', 'false');
    try {
      shop.commit('Ship through the neighbour');
      const before = server.control.deploysOf('storefront').length;
      const { result, ui } = await deploy(storefront);
      const notice = shown(ui, 'error', /AppHost did not push/);
      assert.ok(notice, JSON.stringify(ui.shown));
      assert.match(notice.text, /http\.proxy \(in [^)]*\.git[\\/]config\)/);
      assert.match(notice.text, /http\.sslverify \(in [^)]*\.git[\\/]config\)/);
      assert.match(notice.text, /deploy over SSH/);
      assert.equal(result, undefined);
      assert.deepEqual(proxy.authorizations.filter(Boolean), [], 'the proxy never saw a credential');
      assert.equal(server.control.deploysOf('storefront').length, before, 'nothing was pushed');
    } finally {
      shop.git('config', '--unset', 'http.proxy');
      shop.git('config', '--unset', 'http.sslVerify');
      proxy.close();
    }
  });

  describe('other folders of a multi-root workspace', () => {
    let blogSrc: TestRepo;
    let mailerSrc: TestRepo;

    before(async () => {
      blogSrc = makeRepo(server, 'blog-src');
      mailerSrc = makeRepo(server, 'mailer-src', { remote: 'git@git.apphost.example:mailer', viaGateway: false });
      await openFolders(blogSrc, mailerSrc);
      await until('mailer-src is linked', () => api.deploy.links.linkOf(mailerSrc.uri), 20_000);
    });

    it('each folder has its own link; the status bar follows the active editor', async () => {
      assert.equal(api.deploy.links.linkOf(shop.uri)?.app.name, 'storefront');
      assert.equal(api.deploy.links.linkOf(mailerSrc.uri)?.app.name, 'mailer');
      assert.equal(api.deploy.links.linkOf(blogSrc.uri), undefined, 'no remote, no link');
      await vscode.window.showTextDocument(vscode.Uri.file(join(mailerSrc.dir, 'README.md')));
      await until('the status bar shows mailer', () => api.deploy.statusBar.item.text.includes('mailer'));
      await vscode.window.showTextDocument(vscode.Uri.file(join(shop.dir, 'README.md')));
      await until('the status bar shows storefront', () => api.deploy.statusBar.item.text.includes('storefront'));
    });

    it('a folder without the remote: Deploy from the Explorer links it, adds the remote after asking, and deploys', async () => {
      blogSrc.commit('First version of the blog');
      const { ui } = await withScript(
        { picks: ['blog'], buttons: [[/^Folder blog-src has no git remote for blog yet\.$/, 'Add Remote and Deploy']] },
        () => vscode.commands.executeCommand('apphost.folder.deploy', asAppHost(blogSrc.uri)),
      ).then((ui) => ({ ui }));
      assert.ok(shown(ui, 'info', /^Folder blog-src has no git remote for blog yet\.$/), JSON.stringify(ui.shown));
      assert.equal(blogSrc.git('config', 'remote.wokku.url'), 'git@git.apphost.example:blog');
      assert.equal(server.control.deploysOf('blog')[0]?.status, 'succeeded');
      assert.ok(shown(ui, 'info', /^blog deployed: /), JSON.stringify(ui.shown));
      const link = (await until('blog-src is linked', () => api.deploy.links.linkOf(blogSrc.uri)))!;
      assert.deepEqual([link.app.name, link.how, link.remote], ['blog', 'manual', 'wokku']);
    });

    it('declining the remote leaves the repository as it was', async () => {
      const other = makeRepo(server, 'notes');
      await openFolders(other);
      await until('notes is open in git', () => api.deploy.links.repoOf(vscode.workspace.getWorkspaceFolder(other.uri)!));
      const { ui } = await withScript({ picks: ['mailer'], buttons: [[/has no git remote/, undefined]] }, () => vscode.commands.executeCommand('apphost.folder.deploy', asAppHost(other.uri))).then((ui) => ({ ui }));
      assert.ok(shown(ui, 'info', /^Folder notes has no git remote for mailer yet\.$/));
      assert.equal(other.git('remote'), '', 'no remote added');
    });

    it('an SSH remote: offers to register a key of ~/.ssh when none is, then explains git\'s refusal in words', async () => {
      const sshDir = join(mailerSrc.dir, '..', 'ssh');
      mkdirSync(sshDir);
      const publicKey = makeEd25519PublicKey(`integration-${Date.now()}`, 'dana@laptop');
      writeFileSync(join(sshDir, 'id_ed25519.pub'), `${publicKey}\n`);
      api.deploy.sshDir = sshDir;
      api.deploy.keysChecked.clear();
      mailerSrc.commit('Send receipts');
      const { result, ui } = await deploy(asAppHost({ workspace: undefined, id: server.control.findApp('mailer')!.id, name: 'mailer' }), {
        buttons: [[/^None of your SSH keys is registered with AppHost/, 'Add id_ed25519.pub']],
      });
      assert.ok(shown(ui, 'warning', /^None of your SSH keys is registered with AppHost/), JSON.stringify(ui.shown));
      assert.ok(shown(ui, 'info', /^SSH key "dana@laptop" added/), JSON.stringify(ui.shown));
      const keys = [...server.control.state.store.sshKeys.values()].filter((k) => k.publicKey.startsWith(publicKey.split(' ').slice(0, 2).join(' ')));
      assert.equal(keys.length, 1, 'the key is registered');
      // git.apphost.example is not a real host: git's own error, explained.
      assert.equal(result?.outcome.problem, 'unknownHost', JSON.stringify(result?.outcome));
      assert.ok(shown(ui, 'error', /^git cannot find the host git\.apphost\.example/), JSON.stringify(ui.shown));

      // Registered now: the next deploy does not ask again.
      const again = await deploy(asAppHost({ workspace: undefined, id: server.control.findApp('mailer')!.id, name: 'mailer' }));
      assert.equal(shown(again.ui, 'warning', /SSH keys/), undefined);
    });

    it('Unlink forgets a folder\'s link (even one by remote); Link Folder to App… links it again', async () => {
      await withScript({}, () => vscode.commands.executeCommand('apphost.folder.unlink', mailerSrc.uri));
      await until('mailer-src unlinked', () => !api.deploy.links.linkOf(mailerSrc.uri));
      await withScript({ picks: ['mailer'] }, () => vscode.commands.executeCommand('apphost.folder.link', mailerSrc.uri));
      const link = (await until('mailer-src linked again', () => api.deploy.links.linkOf(mailerSrc.uri)))!;
      assert.deepEqual([link.app.name, link.how, link.remote], ['mailer', 'manual', 'wokku']);
    });
  });
});
