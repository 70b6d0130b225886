// Several services (#28): an open folder links to the service whose git host its remote
// names, the status bar says which service, and a deploy of the folder goes there. Two
// reference servers on one machine: A (the first service, wokku's SSH remotes) and B, whose
// `git_remote` is its own HTTP gateway (its address, port included).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { DeployResult } from '../../src/deploy/deployRun';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { runScripted, withScript } from './support/resourceTree';
import { parseRecentLinesUri, recentLinesUri } from '../../src/logViews/recentLines';
import { DEPLOY_LOG_SCHEME, DETAILS_SCHEME } from '../../src/schemes';

describe('services: folders link to the right service', function () {
  this.timeout(90_000);
  let a: RunningServer;
  let b: RunningServer;
  let api: AppHostTestApi;
  let shopA: TestRepo;
  let shopB: TestRepo;
  const config = () => vscode.workspace.getConfiguration('apphost');
  const paths = (server: RunningServer) => server.control.requestLog.map((e) => `${e.method} ${e.path}`);

  before(async () => {
    a = await startSignedIn();
    b = await startServer({ rateLimit: false, actionDelayMs: 20, logIntervalMs: 0, gitRemote: 'http' });
    api = await extensionApi();
    api.deploy.settleDelaysMs = [50, 100, 200];
    await runScripted('apphost.addService', {
      inputs: [b.url, 'Staging', b.control.issueToken(DEMO_USER.email, 'integration test B')],
      buttons: [[/added\. Sign in/, 'Sign In']],
      picks: ['Paste an API token'],
    });
    assert.ok(await api.connections.of(serviceOf(b)).session(), 'signed in to B');
    // Both have a storefront: the folder's remote alone says which one it is.
    shopA = makeRepo(a, 'shop-a', { remote: 'git@git.apphost.example:storefront' });
    shopB = makeRepo(b, 'shop-b', { remote: `${b.url}/git/storefront.git`, viaGateway: false });
    await openFolders(shopA, shopB);
  });
  after(async () => {
    await closeFolders();
    await withScript({ buttons: [[/Remove service/, 'Remove']] }, () => vscode.commands.executeCommand('apphost.removeService', serviceOf(b))).catch(() => undefined);
    await config().update('services', undefined, vscode.ConfigurationTarget.Global);
    await stopSignedIn(a);
    await b?.close();
  });

  it('links each folder to the service its remote names (B by its address), A\'s as before', async () => {
    const linkB = (await until('shop-b is linked', () => api.deploy.links.linkOf(shopB.uri), 20_000))!;
    const linkA = (await until('shop-a is linked', () => api.deploy.links.linkOf(shopA.uri), 20_000))!;
    assert.deepEqual([linkB.service, linkB.app.name, linkB.how], [serviceOf(b), 'storefront', 'remote']);
    assert.deepEqual([linkA.service, linkA.app.name], [serviceOf(a), 'storefront'], 'a remote known by its name stays the first service\'s');
    const storefrontB = { service: serviceOf(b), workspace: undefined, id: b.control.findApp('storefront')!.id, name: 'storefront' };
    assert.deepEqual(api.deploy.links.linksOf(storefrontB).map((l) => l.folder.name), ['shop-b']);
  });

  it('the status bar names the service of the folder\'s link, in its colour', async () => {
    await vscode.window.showTextDocument(vscode.Uri.joinPath(shopB.uri, 'README.md'));
    await until('the status bar shows B\'s app', () => /^\$\([^)]+\) storefront \(Staging\)/.test(api.deploy.statusBar.item.text), 10_000);
    const color = api.deploy.statusBar.item.color as vscode.ThemeColor | undefined;
    assert.equal((color as unknown as { id: string } | undefined)?.id, api.connections.service(serviceOf(b))!.color);
    assert.match((api.deploy.statusBar.item.tooltip as vscode.MarkdownString).value, /Service: Staging/);
    await vscode.window.showTextDocument(vscode.Uri.joinPath(shopA.uri, 'README.md'));
    const hostA = new URL(a.url).host;
    await until('the status bar shows A\'s app', () => api.deploy.statusBar.item.text.includes(`storefront (${hostA})`), 10_000);
  });

  it('Deploy of folder shop-b pushes to B and records the release there; A gets nothing', async () => {
    const releasesB = b.control.state.store.releasesOf(b.control.findApp('storefront')!.id).length;
    const releasesA = a.control.state.store.releasesOf(a.control.findApp('storefront')!.id).length;
    shopB.commit('Staging change');
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    let result: DeployResult | undefined;
    const ui = await withScript({}, async () => {
      result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.folder.deploy', shopB.uri);
    });
    assert.equal(result?.outcome.problem, 'ok', JSON.stringify(result?.outcome));
    assert.ok(ui.shown.some((m) => m.kind === 'info' && m.text.startsWith('Staging: ')), `the outcome names the service: ${JSON.stringify(ui.shown)}`);
    assert.equal(result?.deploy?.status, 'succeeded');
    assert.equal(b.control.state.store.releasesOf(b.control.findApp('storefront')!.id).length, releasesB + 1, 'B has the new release');
    assert.equal(a.control.state.store.releasesOf(a.control.findApp('storefront')!.id).length, releasesA, 'A has no new release');
    assert.deepEqual(paths(a), [], `nothing was sent to A: ${paths(a).join(', ')}`);
    const tab = vscode.workspace.textDocuments.find((d) => d.uri.scheme === DEPLOY_LOG_SCHEME && d.uri.path.startsWith('/storefront (Staging)/deploy '));
    assert.ok(tab, `the push log's tab names the service: ${vscode.workspace.textDocuments.map((d) => d.uri.path).join(', ')}`);
  });

  it('names the service in tail channels, Show Details tabs and recent lines when two services are known', async () => {
    const storefrontB = { service: serviceOf(b), workspace: undefined, id: b.control.findApp('storefront')!.id, name: 'storefront' };
    await vscode.commands.executeCommand('apphost.logs.tail', storefrontB);
    await until('B\'s tail channel is named after its service', () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.uri.path.endsWith('-AppHost: storefront (Staging)')), 20_000);
    await vscode.commands.executeCommand('apphost.logs.stop', storefrontB);
    await vscode.commands.executeCommand('apphost.showDetails', storefrontB);
    const details = await until('the details tab', () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === DETAILS_SCHEME && d.uri.path.startsWith('/Staging/')), 10_000);
    assert.match(details!.getText(), new RegExp(storefrontB.id), 'B\'s storefront');
    assert.match(recentLinesUri(storefrontB, 100, 'Staging').path, /^\/storefront \(Staging\)\/last 100 lines\.log$/);
    assert.equal(parseRecentLinesUri(recentLinesUri(storefrontB, 100, 'Staging'), serviceOf(a)).app.name, 'storefront', 'the app\'s name is read back from the query');
  });

  it('agent tools: default to the linked folder\'s service, take "service" by name, name it in answers and confirmations', async () => {
    const never = new vscode.CancellationTokenSource().token;
    await vscode.window.showTextDocument(vscode.Uri.joinPath(shopB.uri, 'README.md'));
    await until('the status bar shows B\'s link', () => api.deploy.statusBar.shown()?.service === serviceOf(b), 10_000);
    a.control.clearRequestLog();
    const listed = await api.agentTools.invoke('apphost_list_apps', {}, never);
    assert.match(listed, new RegExp(`^Service: Staging \\(${serviceOf(b).replace(/[.]/g, '\\.')}\\)\\. Every app below is on it\\.$`, 'm'), listed);
    assert.match(listed, /^Other services \(pass "service" to list theirs\): /m);
    assert.match(listed, /storefront on service Staging/, 'the open folders say their app\'s service');
    assert.deepEqual(paths(a), [], `the default was B (the linked folder's): nothing asked of A (${paths(a).join(', ')})`);

    const hostA = new URL(a.url).host;
    b.control.clearRequestLog();
    const listedA = await api.agentTools.invoke('apphost_list_apps', { service: hostA }, never);
    assert.match(listedA, new RegExp(`^Service: ${hostA.replace(/[.]/g, '\\.')} `, 'm'), listedA);
    assert.deepEqual(paths(b), [], 'the named service only');

    assert.match(await api.agentTools.invoke('apphost_list_apps', { service: 'Production' }, never), /No service "Production" in AppHost\. Services: .*Staging/);
    const prepared = await api.agentTools.prepare('apphost_restart_app', { app: 'api-gateway', service: 'Staging' }, never);
    const message = prepared?.confirmationMessages?.message;
    assert.match(typeof message === 'string' ? message : message?.value ?? '', /on Staging \(/, 'the confirmation names the service');
  });

  it('Link Folder to App… asks for the service first and keeps the link under it', async () => {
    await withScript({ picks: ['Staging', 'api-gateway'] }, () => vscode.commands.executeCommand('apphost.folder.link', shopA.uri));
    const link = (await until('shop-a is linked to B\'s api-gateway', () => (api.deploy.links.linkOf(shopA.uri)?.app.name === 'api-gateway' ? api.deploy.links.linkOf(shopA.uri) : undefined)))!;
    assert.deepEqual([link.service, link.how], [serviceOf(b), 'manual']);
    await withScript({}, () => vscode.commands.executeCommand('apphost.folder.unlink', shopA.uri));
    assert.equal(api.deploy.links.linkOf(shopA.uri), undefined, 'unlinked, its remote silenced');
  });
});
