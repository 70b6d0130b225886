// Several services (#28): an open folder links to the service whose git host its remote
// names, the status bar says which service, and a deploy of the folder goes there. Two
// reference servers on one machine: A (the first service, wokku's SSH remotes) and B, whose
// `git_remote` is its own HTTP gateway (its address, port included).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { DeployResult } from '../../src/deploy/deployRun';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { asAppHost, extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { childOf, labelOf, runScripted, withScript } from './support/resourceTree';
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
      result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.folder.deploy', asAppHost(shopB.uri));
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

  it('two deploys of same-named apps on two services run at once, each to its own service, and stay apart', async () => {
    const shaA = shopA.commit('Production change');
    const shaB = shopB.commit('Second staging change');
    const hostA = new URL(a.url).host;
    const pushes = (server: RunningServer) => paths(server).filter((p) => /^POST \/git\/storefront(\.git)?\/git-receive-pack$/.test(p));
    const buildOf = (server: RunningServer, sha: string) => server.control.deploysOf('storefront').find((d) => d.commitSha === sha);
    const statusBarOf = async (repo: TestRepo) => {
      await vscode.window.showTextDocument(vscode.Uri.joinPath(repo.uri, 'README.md'));
      await until(`the status bar shows ${repo.name}'s link`, () => api.deploy.statusBar.shown()?.folder.name === repo.name, 10_000);
    };
    a.control.clearRequestLog();
    b.control.clearRequestLog();
    // Both builds stay "building" until released: both deploys are seen running at once.
    const releaseA = a.control.holdBuilds();
    const releaseB = b.control.holdBuilds();
    let results: (DeployResult | undefined)[] = [];
    const ui = await withScript({}, async () => {
      try {
        const both = [shopA, shopB].map((repo) => vscode.commands.executeCommand<DeployResult | undefined>('apphost.folder.deploy', asAppHost(repo.uri)));
        await until('both builds run at once, each on its own service', () => buildOf(a, shaA)?.status === 'building' && buildOf(b, shaB)?.status === 'building', 30_000);
        assert.equal(api.deploy.running.size, 2, `two deploys under way: ${[...api.deploy.running.keys()].join(', ')}`);
        assert.equal(buildOf(a, shaB), undefined, 'B\'s commit never reached A');
        assert.equal(buildOf(b, shaA), undefined, 'A\'s commit never reached B');
        await statusBarOf(shopB);
        await until('shop-b\'s status bar says its deploy runs', () => /^\$\(sync~spin\) storefront \(Staging\) · deploying…$/.test(api.deploy.statusBar.item.text), 10_000);
        // A ends first; B's deploy still runs, and its folder's status bar still says so.
        releaseA();
        results[0] = await both[0];
        await statusBarOf(shopA);
        await until('shop-a\'s status bar no longer says deploying', () => api.deploy.statusBar.item.text.includes(`storefront (${hostA})`) && !api.deploy.statusBar.item.text.includes('deploying…'), 10_000);
        await statusBarOf(shopB);
        await until('shop-b\'s status bar shows B\'s deploy, still running', () => api.deploy.statusBar.item.text.includes('deploying…'), 10_000).catch(() => undefined);
        assert.match(api.deploy.statusBar.item.text, /^\$\(sync~spin\) storefront \(Staging\) · deploying…$/, 'A\'s end is not B\'s');
        releaseB();
        results = [results[0], await both[1]];
      } finally {
        releaseA();
        releaseB();
      }
    });
    const [resultA, resultB] = results;
    for (const [result, server, sha, name] of [[resultA, a, shaA, hostA], [resultB, b, shaB, 'Staging']] as const) {
      assert.equal(result?.outcome.problem, 'ok', `${name}: ${JSON.stringify(result?.outcome)}`);
      assert.equal(result?.deploy?.status, 'succeeded', name);
      assert.equal(buildOf(server, sha)?.id, result?.deploy?.id, `${name}: the deploy reported is the one its service built from its commit`);
      assert.equal(pushes(server).length, 1, `${name}: one push reached its own gateway (${paths(server).join(', ')})`);
      // Its push log: named after its service, carrying it, and showing its own build only.
      const uri = result!.pushLog!.uri;
      assert.ok(uri.path.startsWith(`/storefront (${name})/deploy ${sha.slice(0, 7)}`), uri.toString());
      assert.equal(new URLSearchParams(uri.query).get('service'), serviceOf(server));
      const text = (await vscode.workspace.openTextDocument(uri)).getText();
      assert.ok(text.includes(sha.slice(0, 7)) && !text.includes((sha === shaA ? shaB : shaA).slice(0, 7)), text);
      assert.equal((api.serviceDecorations.provideFileDecoration(uri) as vscode.FileDecoration | undefined)?.tooltip, `Service: ${name}`, 'its tab in its service\'s colour and badge');
      // The end is told naming the service: two "storefront deployed" would not say which.
      assert.ok(ui.shown.some((m) => m.kind === 'info' && m.text.startsWith(`${name}: storefront deployed: ${sha.slice(0, 7)} `)), JSON.stringify(ui.shown));
      // Each service's tree lists its own deploy.
      const [rowA, rowB] = await api.treeInsides.resources.getChildren();
      const deploys = await childOf(await childOf(await childOf(await childOf(server === a ? rowA : rowB, 'Personal'), 'Apps'), 'storefront'), 'Deploys');
      const rows = await until(`${name}'s Deploys list its deploy`, async () => {
        const labels = await Promise.all((await api.treeInsides.resources.getChildren(deploys)).map(labelOf));
        return labels.includes(result!.deploy!.id) ? labels : undefined;
      }, 20_000);
      const other = (server === a ? resultB : resultA)!.deploy!.id;
      assert.ok(!rows!.includes(other), `${name}'s tree shows no deploy of the other service: ${rows!.join(', ')}`);
    }
  });

  it('names the service in tail channels, Show Details tabs and recent lines when two services are known', async () => {
    const storefrontB = asAppHost({ service: serviceOf(b), workspace: undefined, id: b.control.findApp('storefront')!.id, name: 'storefront' });
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
    const listed = await api.agentTools.invoke('apphost_list_apps', {}, never, 'chat');
    assert.match(listed, new RegExp(`^Service: Staging \\(${serviceOf(b).replace(/[.]/g, '\\.')}\\)\\. Every app below is on it\\.$`, 'm'), listed);
    assert.match(listed, /^Other services \(pass "service" to list theirs\): /m);
    assert.match(listed, /storefront on service Staging/, 'the open folders say their app\'s service');
    assert.deepEqual(paths(a), [], `the default was B (the linked folder's): nothing asked of A (${paths(a).join(', ')})`);

    const hostA = new URL(a.url).host;
    b.control.clearRequestLog();
    const listedA = await api.agentTools.invoke('apphost_list_apps', { service: hostA }, never, 'chat');
    assert.match(listedA, new RegExp(`^Service: ${hostA.replace(/[.]/g, '\\.')} `, 'm'), listedA);
    assert.deepEqual(paths(b), [], 'the named service only');

    assert.match(await api.agentTools.invoke('apphost_list_apps', { service: 'Production' }, never, 'chat'), /No service "Production" in AppHost\. Services: .*Staging/);
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
