// "The user" is a capability AppHost mints (callers.ts), not a context a call
// inherits nor an object VS Code hands every extension (issue 43): a handler another
// extension registered for an id AppHost runs cannot act as the user, a folder's Uri is
// not AppHost's, and a call with nothing (the palette, or anyone) that would act without
// a picker asks first, naming what it does. Declined, nothing reaches the service.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { asAppHost, extensionApi, serviceOf, sleep, startSignedIn, stopSignedIn, until } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { requestsOf, runScripted, withScript } from './support/resourceTree';

describe('consent: the user is a capability AppHost mints', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let shop: TestRepo;
  const ASKED = /^Another extension or tool asked AppHost to: /;
  /** What another extension hands a command: a plain object of the right shape. */
  const madeUp = (name: string, shownAs = name) => ({ service: serviceOf(server), workspace: undefined, id: server.control.findApp(name)!.id, name: shownAs });
  const writes = () => requestsOf(server).filter((r) => !r.startsWith('GET'));
  const asked = (ui: { shown: { text: string; detail?: string }[] }) => ui.shown.filter((m) => ASKED.test(m.text));
  const deploys = () => server.control.deploysOf('storefront').length;

  before(async () => {
    server = await startSignedIn();
    api = await extensionApi();
    shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
    await openFolders(shop);
    await until('the folder is linked', () => api.deploy.links.linkOf(shop.uri), 20_000);
  });
  afterEach(() => server.control.clearFaults());
  after(async () => {
    await closeFolders();
    await stopSignedIn(server);
  });

  it('a handler another extension registered for a workbench.* id AppHost runs cannot act as the user, nor can its timer', async () => {
    const target = madeUp('storefront');
    const calls: Thenable<unknown>[] = [];
    // Known only to the main thread, so an extension may register it in the extension host:
    // Get Started (a user's command from the palette) runs this handler.
    const neighbour = vscode.commands.registerCommand('workbench.action.openWalkthrough', () => {
      calls.push(vscode.commands.executeCommand('apphost.app.stop', target));
      calls.push(new Promise((done) => setTimeout(() => done(vscode.commands.executeCommand('apphost.app.restart', target)), 10)));
    });
    server.control.clearRequestLog();
    try {
      const ui = await withScript({}, async () => {
        await vscode.commands.executeCommand('apphost.walkthrough.open');
        await until('the neighbour ran', () => calls.length === 2);
        await Promise.all(calls);
      });
      assert.deepEqual(asked(ui).map((m) => m.text.replace(ASKED, '')), ['Stop App', 'Restart App'], JSON.stringify(ui.shown));
      assert.deepEqual(writes(), [], 'declined: nothing sent');
    } finally {
      neighbour.dispose();
    }
  });

  it('the status bar hands a fresh object of its own, never the folder\'s Uri every extension gets', async () => {
    await until('the status bar shows the app', () => api.deploy.statusBar.item.text.includes('storefront'));
    const [given] = (api.deploy.statusBar.item.command as vscode.Command).arguments ?? [];
    const folder = vscode.workspace.workspaceFolders!.find((f) => f.uri.fsPath === shop.uri.fsPath)!;
    assert.ok(given && !(given instanceof vscode.Uri), 'not a Uri');
    assert.notEqual(given, folder.uri);
  });

  it('folder.deploy with the folder\'s Uri asks; declined, nothing is pushed', async () => {
    const folder = vscode.workspace.workspaceFolders!.find((f) => f.uri.fsPath === shop.uri.fsPath)!;
    const before = deploys();
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.folder.deploy', {}, folder.uri);
    assert.ok(ui.shown.some((m) => m.kind === 'warning' && m.text === `Deploy to AppHost: ${shop.uri.fsPath}?`), JSON.stringify(ui.shown));
    await sleep(300);
    assert.equal(deploys(), before, 'no deploy');
    assert.deepEqual(writes(), []);
  });

  it('folder.deploy with no argument (one linked folder, a clean tree) asks, naming the app, the folder and the service; declined, nothing is pushed', async () => {
    assert.equal(api.deploy.links.links().length, 1, 'one linked folder');
    const before = deploys();
    server.control.clearRequestLog();
    for (const id of ['apphost.folder.deploy', 'apphost.app.deploy']) {
      const ui = await runScripted(id, {});
      const question = ui.shown.find((m) => m.kind === 'warning' && /^Deploy storefront from folder shop\?$/.test(m.text));
      assert.ok(question, `${id}: ${JSON.stringify(ui.shown)}`);
      assert.match(question.detail ?? '', /^App storefront in workspace Personal, on .*127\.0\.0\.1/);
      assert.equal(ui.shown.filter((m) => m.kind === 'warning').length, 1, 'one question');
    }
    await sleep(300);
    assert.equal(deploys(), before, 'no deploy');
    assert.deepEqual(writes(), []);
  });

  it('logs.tail with a made-up ref asks, naming the service\'s app, never the caller\'s; declined, no tail', async () => {
    const target = madeUp('blog', 'not-its-name');
    const ui = await runScripted('apphost.logs.tail', {}, target);
    const [question] = asked(ui);
    assert.ok(question, JSON.stringify(ui.shown));
    assert.match(question.text, /Tail Logs$/);
    assert.match(question.detail ?? '', /^App blog in workspace Personal, on /);
    assert.ok(!JSON.stringify(ui.shown).includes('not-its-name'));
    assert.equal(api.logs.tails.tailOf(target), undefined, 'no tail');
  });

  it('config.push with a made-up ref asks, naming the service\'s app; declined, nothing is read or sent', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.config.push', {}, madeUp('blog', 'not-its-name'));
    const [question] = asked(ui);
    assert.ok(question, JSON.stringify(ui.shown));
    assert.match(question.detail ?? '', /^App blog in workspace Personal, on /);
    assert.ok(!JSON.stringify(ui.shown).includes('not-its-name'));
    assert.ok(!requestsOf(server).some((r) => r.includes('/config')), requestsOf(server).join(', '));
    assert.deepEqual(writes(), []);
  });

  it('details.reveal with no argument asks, naming the tab; declined, the tab stays masked', async () => {
    const app = server.control.findApp('storefront')!;
    server.control.failNext({ status: 200, method: 'GET', path: new RegExp(`/apps/${app.id}$`), body: { id: app.id, name: 'storefront', status: 'running', github_webhook_secret: 'whsec_only_on_reveal' } });
    await vscode.commands.executeCommand('apphost.showDetails', asAppHost({ service: serviceOf(server), id: app.id, name: 'storefront', workspace: undefined }));
    const editor = (await until('the details tab in front', () => (vscode.window.activeTextEditor?.document.uri.scheme === 'apphost-details' ? vscode.window.activeTextEditor : undefined)))!;
    assert.match(editor.document.getText(), /"github_webhook_secret": "••••••••"/);
    const ui = await runScripted('apphost.details.reveal', {});
    assert.ok(ui.shown.some((m) => m.kind === 'warning' && /^Reveal the secrets of \/.*storefront\.json\?$/.test(m.text)), JSON.stringify(ui.shown));
    await sleep(300);
    assert.doesNotMatch(editor.document.getText(), /whsec_only_on_reveal/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the status bar\'s own argument acts for the user: Deploy from its menu pushes, with no question of AppHost\'s', async () => {
    const { command, arguments: args = [] } = api.deploy.statusBar.item.command as vscode.Command;
    shop.commit('Show prices with two decimals');
    const before = deploys();
    const ui = await withScript({ picks: ['Deploy'] }, () => vscode.commands.executeCommand(command, ...args));
    assert.deepEqual(ui.shown.filter((m) => m.kind === 'warning'), [], 'no question');
    assert.ok(ui.shown.some((m) => m.kind === 'info' && /^storefront deployed: /.test(m.text)), JSON.stringify(ui.shown));
    assert.equal(deploys(), before + 1);
  });

  it('signOut with no argument asks, naming the service and the account; declined, still signed in', async () => {
    const ui = await runScripted('apphost.signOut', {});
    const question = ui.shown.find((m) => m.kind === 'warning' && /^Sign out of .*127\.0\.0\.1.*\?$/.test(m.text));
    assert.ok(question, JSON.stringify(ui.shown));
    assert.match(question.detail ?? '', /^Account demo@apphost\.dev\./);
    assert.ok(await api.connection.session(), 'still signed in');
  });
});
