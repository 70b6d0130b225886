// Rebuild App (wokku's POST /apps/:id/deploy, `dokku ps:rebuild`): from an app's row the
// build is followed live in the deploy log tab and ends with a notice; an app never pushed
// fails with Dokku's line; the POST is never sent twice; another extension's call asks; a
// service without the route (an older wokku) is said once, then the menu hides it.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/tree/commandTarget';
import { DEMO_USER, type RunningServer } from '../server';
import { extensionApi, serviceOf, signInWithIssuedToken, startSignedIn, stopSignedIn, until, useServer } from './support/env';
import { closeFolders, makeRepo, openFolders } from './support/gitRepos';
import { nodeAt, runScripted, withScript } from './support/resourceTree';

const ASKED = /^Another extension or tool asked AppHost to: /;

describe('Rebuild App: the build followed in the deploy log tab', function () {
  this.timeout(60_000);
  let server: RunningServer;
  const rebuildPosts = (app: string) => server.control.requestLog.filter((e) => e.method === 'POST' && e.path === `/api/v1/apps/${server.control.findApp(app)!.id}/deploy`);

  before(async () => {
    server = await startSignedIn(DEMO_USER.email);
    (await extensionApi()).logs.deployLogs.interval = { activeMs: 150, quietMs: 300 };
  });
  afterEach(async () => {
    server.control.setActionDelay(20);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(() => stopSignedIn(server));

  it('from the app\'s row: one POST, the deploy log tab follows the build live to its end, then a notice with Open App and Tail Logs', async () => {
    server.control.setActionDelay(1200); // a build step every 300 ms: the tab sees it building
    const deployLogs = (await extensionApi()).logs.deployLogs;
    let followedLive = false;
    const watching = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === 'apphost-deploy-log' && /… (pending|building)/.test(e.document.getText())) followedLive = true;
    });
    const opened = vscode.workspace.onDidOpenTextDocument((doc) => {
      if (doc.uri.scheme === 'apphost-deploy-log' && deployLogs.isFollowing(doc.uri)) followedLive = true;
    });
    let ui: Awaited<ReturnType<typeof runScripted>>;
    try {
      ui = await runScripted('apphost.app.rebuild', {}, await nodeAt('Personal', 'Apps', 'storefront'));
    } finally {
      watching.dispose();
      opened.dispose();
    }
    assert.equal(rebuildPosts('storefront').length, 1);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'apphost-deploy-log');
    const deploy = server.control.deploysOf('storefront')[0];
    assert.equal(deploy.status, 'succeeded');
    assert.ok(followedLive, 'the tab followed the deploy while it built');
    // The tab re-reads its text after the end's change event.
    await until('the tab shows the whole build', () => doc!.getText().includes('-----> Releasing storefront...'), 10_000);
    const notice = ui.shown.find((m) => m.kind === 'info' && /rebuilt/.test(m.text));
    assert.equal(notice?.text, 'storefront rebuilt from its last push.');
    assert.deepEqual(notice?.items, ['Open App', 'Tail Logs']);
  });

  it('an app never pushed: the rebuild fails with Dokku\'s line, said in an error with Tail Logs', async () => {
    // blog was created and never pushed (the demo data).
    const ui = await runScripted('apphost.app.rebuild', {}, await nodeAt('Personal', 'Apps', 'blog'));
    const failure = ui.shown.find((m) => m.kind === 'error');
    assert.equal(failure?.text, 'The rebuild of blog failed: App blog has not been deployed');
    assert.ok(failure?.items?.includes('Tail Logs'));
    assert.equal(rebuildPosts('blog').length, 1, 'never sent twice');
  });

  it('the agent tool: its confirmation names the app, workspace and service; the chat\'s call follows the build to its end and answers with it, secrets masked', async () => {
    const api = await extensionApi();
    const never = new vscode.CancellationTokenSource().token;
    const prepared = await api.agentTools.prepare('apphost_rebuild_app', { app: 'storefront' }, never);
    assert.equal(prepared?.confirmationMessages?.title, 'Rebuild storefront?');
    const message = prepared?.confirmationMessages?.message;
    assert.match(typeof message === 'string' ? message : message?.value ?? '', /App \*\*storefront\*\* in workspace Personal, on .*\n\nThe service builds storefront again from its last push/);
    const before = rebuildPosts('storefront').length;
    const text = await api.agentTools.invoke('apphost_rebuild_app', { app: 'storefront' }, never, 'chat');
    assert.equal(rebuildPosts('storefront').length, before + 1);
    assert.match(text, /^storefront rebuilt from its last push\.\nThe last \d+ of \d+ lines of the build:\n/);
    assert.match(text, /=====> Application deployed:/);
  });

  it('the apphost task with "rebuild": asked for first (declined: nothing sent, exit 1); allowed, it follows the build and ends with 0', async () => {
    await vscode.commands.executeCommand('apphost.tasks.forgetPermissions');
    const shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
    const tasks = { version: '2.0.0', tasks: [{ label: 'rebuild storefront', type: 'apphost', app: 'storefront', rebuild: true, problemMatcher: [] }] };
    mkdirSync(join(shop.dir, '.vscode'));
    shop.commit('A rebuild task', { '.vscode/tasks.json': `${JSON.stringify(tasks, null, 2)}\n` });
    await openFolders(shop);
    let task: vscode.Task | undefined;
    await until('the rebuild task', async () => (task = (await vscode.tasks.fetchTasks({ type: 'apphost' })).find((t) => t.name === 'rebuild storefront')), 20_000);
    const runTask = (answer: string | undefined) => withScript({ buttons: [[/^A task asks AppHost to rebuild/, answer]] }, () => new Promise<number | undefined>((resolve, reject) => {
      const ended = vscode.tasks.onDidEndTaskProcess((e) => {
        if (e.execution.task.definition.rebuild !== true) return;
        ended.dispose();
        resolve(e.exitCode);
      });
      vscode.tasks.executeTask(task!).then(undefined, reject);
    }).then((code) => (exit = code)));
    let exit: number | undefined;
    const before = rebuildPosts('storefront').length;
    const declined = await runTask(undefined);
    assert.equal(exit, 1);
    assert.equal(declined.shown.find((m) => /^A task asks/.test(m.text))?.text, 'A task asks AppHost to rebuild storefront.');
    assert.equal(rebuildPosts('storefront').length, before, 'declined: nothing sent');
    await runTask('Run');
    assert.equal(exit, 0);
    assert.equal(rebuildPosts('storefront').length, before + 1);
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
    await closeFolders();
  });

  it('another extension\'s call asks first, naming the app as the service names it; declined, nothing is sent', async () => {
    const before = rebuildPosts('storefront').length;
    const id = server.control.findApp('storefront')!.id;
    const ui = await runScripted('apphost.app.rebuild', {}, { service: serviceOf(server), workspace: undefined, id, name: 'made-up-name' });
    const question = ui.shown.find((m) => ASKED.test(m.text));
    assert.ok(question, JSON.stringify(ui.shown));
    assert.match(question!.detail ?? question!.text, /storefront/);
    assert.doesNotMatch(JSON.stringify(question), /made-up-name/);
    assert.equal(rebuildPosts('storefront').length, before);
  });
});

describe('Rebuild App on an older service (no POST /apps/:id/deploy)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  const flags = async (row: TreeNode) => String((await row.getTreeItem()).contextValue);

  before(async () => {
    server = await useServer({ olderWokku: true });
    await signInWithIssuedToken(server, DEMO_USER.email);
  });
  after(() => stopSignedIn(server));

  it('says once that the service does not offer rebuilds; the rows carry lacks-rebuild and nothing more is sent', async () => {
    const ui = await runScripted('apphost.app.rebuild', {}, await nodeAt('Personal', 'Apps', 'storefront'));
    const notices = ui.shown.filter((m) => /does not offer rebuilds/.test(m.text));
    assert.equal(notices.length, 1, JSON.stringify(ui.shown));
    await until('the rows carry lacks-rebuild', async () => (await flags(await nodeAt('Personal', 'Apps', 'storefront'))).includes(':lacks-rebuild'), 10_000);
    server.control.clearRequestLog();
    await runScripted('apphost.app.rebuild', {}, await nodeAt('Personal', 'Apps', 'storefront'));
    assert.deepEqual(server.control.requestLog.filter((e) => e.method === 'POST'), []);
  });
});
