// A self-hosted service behind a private certificate authority, inside a real VS Code:
// the reference server over https with a throwaway authority made now. Without the
// authority, sign-in stops at once and says why (Open Settings); with it in
// apphost.tls.certificateAuthorities the view loads and a log tail works, and a change
// of the setting applies without a reload; a wrong name and an expired certificate are
// explained in the view's row and in Set Service URL…, which tests before saving.
// (The OS store case needs a fresh extension host: test/e2e/certificates.e2e.ts.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DEMO_USER, makeTestPki, startServer, type RunningServer, type TestPki } from '../server';
import type { DeployResult } from '../../src/deploy/deployRun';
import { extensionApi, signInWithIssuedToken, signOutQuietly, until, useServer } from './support/env';
import { closeFolders, makeRepo, openFolders } from './support/gitRepos';
import { labelsUnder, nodeAt, runScripted, withScript } from './support/resourceTree';
import { scriptUi } from './support/scriptedUi';
import { appRef, caughtUp, tails } from './support/tails';

const SETTING = 'tls.certificateAuthorities';

describe('certificates: a service behind a private certificate authority', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let dir: string;
  let caFile: string;
  let server: RunningServer;
  const others: RunningServer[] = [];
  const config = () => vscode.workspace.getConfiguration('apphost');
  const trustCa = (files: string[] | undefined) => config().update(SETTING, files, vscode.ConfigurationTarget.Global);

  before(async () => {
    pki = await makeTestPki();
    dir = mkdtempSync(join(tmpdir(), 'apphost-ca-'));
    caFile = join(dir, 'apphost-test-ca.pem');
    writeFileSync(caFile, pki.ca.cert);
    server = await useServer({ tls: pki.server });
  });
  after(async () => {
    await closeFolders();
    await signOutQuietly();
    await trustCa(undefined);
    await (await tails()).stopAll();
    await Promise.all([server, ...others].map((s) => s?.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async function () {
    // Every case but the first starts with the authority trusted (as the user has fixed it).
    if (!this.currentTest?.title.startsWith('C1')) await trustCa([caFile]);
  });

  async function serve(tls: TestPki['server']): Promise<RunningServer> {
    const other = await startServer({ tls, rateLimit: false, logIntervalMs: 0 });
    others.push(other);
    return other;
  }

  it('C1 without the authority: sign-in stops before asking anything, names the host and the reason, and offers Open Settings', async () => {
    await trustCa(undefined);
    const ui = scriptUi({ picks: ['Paste an API token'], inputs: [server.control.issueToken(DEMO_USER.email)], buttons: [[/does not trust/, 'Open Settings']] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    const error = ui.shown.find((s) => s.kind === 'error');
    assert.ok(error, JSON.stringify(ui.shown));
    assert.match(error.text, /AppHost does not trust the certificate of 127\.0\.0\.1: it is signed by an authority this computer does not know/);
    assert.match(error.text, /apphost\.tls\.certificateAuthorities.*trust store/);
    assert.doesNotMatch(error.text, /strictSSL|disable|turn off/i);
    assert.ok(error.items?.includes('Open Settings'), error.items?.join(' | '));
    assert.ok(!ui.shown.some((s) => s.kind === 'quickPick'), 'nothing was asked');
    assert.equal(await (await extensionApi()).connection.session(), undefined, 'not signed in');
    // Open Settings opens the Settings editor (on the new setting).
    await until('the Settings editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('C2 with the authority in apphost.tls.certificateAuthorities: the tree loads and a log tail works', async () => {
    await trustCa([caFile]);
    await signInWithIssuedToken(server, DEMO_USER.email);
    assert.ok((await labelsUnder(await nodeAt('Personal', 'Apps'))).includes('storefront'));
    const t = await tails();
    t.capture = true;
    const app = appRef(server, 'storefront');
    await runScripted('apphost.logs.tail', { picks: ['storefront'] });
    await caughtUp(server, app);
    server.control.appendLogs('storefront', ['a line over https'], undefined, 'web.1');
    const shown = await caughtUp(server, app);
    assert.match(shown.at(-1)!, /a line over https$/);
    await t.stopAll();
  });

  it('C3 a change of the setting applies without a reload: the row explains, Open Settings on click, then loads again', async () => {
    await trustCa([]);
    await vscode.commands.executeCommand('apphost.refresh');
    // The workspace list itself is read from the service: its row says what is wrong.
    const api = await extensionApi();
    const row = (await until('the error row', async () => {
      const rows = await api.treeInsides.resources.getChildren();
      const items = await Promise.all(rows.map((r) => r.getTreeItem()));
      return items.length === 1 && /certificate/.test(String(items[0].label)) ? items[0] : undefined;
    }))!;
    assert.equal(row.label, '127.0.0.1: certificate not trusted (unknown authority) — click to open settings');
    // code-server is a remote window: machine settings live in its Remote tab.
    assert.equal(vscode.env.remoteName ? 'remote' : 'local', 'remote');
    assert.equal(row.command?.command, 'workbench.action.openRemoteSettings');
    assert.deepEqual(row.command?.arguments, [{ query: 'apphost.tls.certificateAuthorities' }]);
    assert.match(String(row.tooltip), /private certificate authority/);
    await trustCa([caFile]);
    await vscode.commands.executeCommand('apphost.refresh');
    await until('the apps again', async () => (await labelsUnder(await nodeAt('Personal', 'Apps'))).includes('storefront'));
  });

  it('C4 a certificate for another name: Set Service URL tests it, explains, and saves nothing on Cancel', async () => {
    const wrong = await serve(pki.wrongHost);
    const before = config().get<string>('baseUrl');
    const ui = await runScripted('apphost.setServiceUrl', { inputs: [wrong.url], buttons: [[/tested before saving/, undefined]] });
    const failed = ui.shown.find((s) => s.kind === 'error');
    assert.ok(failed, JSON.stringify(ui.shown));
    assert.match(failed.detail ?? '', /The certificate of 127\.0\.0\.1 is for another name \(wrong\.apphost\.test\)/);
    assert.deepEqual(failed.items, ['Edit Address', 'Save Anyway']);
    assert.equal(config().get<string>('baseUrl'), before, 'nothing saved');
  });

  it('C5 an expired certificate: explained in Set Service URL (Save Anyway saves it) and in the view\'s row', async () => {
    const expired = await serve(pki.expired);
    const ui = await runScripted('apphost.setServiceUrl', { inputs: [expired.url], buttons: [[/tested before saving/, 'Save Anyway']] });
    assert.match(ui.shown.find((s) => s.kind === 'error')?.detail ?? '', /The certificate of 127\.0\.0\.1 has expired.*renew/);
    assert.equal(config().get<string>('baseUrl'), expired.url, 'saved as chosen');
    await config().update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    // The certificate of the service we are signed in to expires.
    await until('signed in again', async () => (await labelsUnder(await nodeAt('Personal', 'Apps'))).includes('storefront'));
    server.setCertificate(pki.expired);
    try {
      await vscode.commands.executeCommand('apphost.refresh');
      const row = (await until('the error row', async () => {
        const [first] = await (await extensionApi()).treeInsides.resources.getChildren();
        const item = await first?.getTreeItem();
        return item && /certificate/.test(String(item.label)) ? item : undefined;
      }))!;
      assert.equal(row.label, '127.0.0.1: certificate expired — click to retry');
      assert.equal(row.command?.command, 'apphost.refresh');
      assert.match(String(row.tooltip), /has expired.*Its administrator must renew it/);
    } finally {
      server.setCertificate(pki.server);
    }
    await vscode.commands.executeCommand('apphost.refresh');
    await until('the apps again', async () => (await labelsUnder(await nodeAt('Personal', 'Apps'))).includes('storefront'));
  });

  it('C6 a trusted address passes the test and is saved at once', async () => {
    const ui = await runScripted('apphost.setServiceUrl', { inputs: [`${server.url}/api/v1/`] });
    assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
    assert.equal(config().get<string>('baseUrl'), `${server.url}/api/v1`);
    await config().update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
  });

  it('C7 a deploy over an https git remote whose certificate git does not trust is explained in words', async () => {
    // AppHost trusts the authority (the setting); git checks certificates itself and does not.
    await signInWithIssuedToken(server, DEMO_USER.email);
    const repo = makeRepo(server, 'https-shop', { remote: 'git@git.apphost.example:storefront' });
    await openFolders(repo);
    await until('the folder is linked', async () => (await extensionApi()).deploy.links.linkOf(repo.uri), 20_000);
    repo.commit('A change pushed over https');
    let result: DeployResult | undefined;
    const ui = await withScript({}, async () => {
      result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.app.deploy', appRef(server, 'storefront'));
    });
    assert.equal(result?.outcome.problem, 'certificate', JSON.stringify(result?.outcome));
    const error = ui.shown.find((m) => m.kind === 'error');
    assert.match(error?.text ?? '', /^git does not trust the certificate of 127\.0\.0\.1 \(.*(certificate problem|verification failed).*\)\. git checks certificates itself/);
    assert.match(error?.text ?? '', /git config --global http\.https:\/\/127\.0\.0\.1:\d+\/\.sslCAInfo/);
    assert.doesNotMatch(error?.text ?? '', /sslVerify|GIT_SSL_NO_VERIFY/);
  });
});
