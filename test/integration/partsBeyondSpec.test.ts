// The parts wokku serves beyond the specification (issue #35 parts 4-6): Buildpacks (the
// part, the `buildpacks` tab with its conflict check, add, remove), GitHub (connect with the
// open folder's remote first, disconnect, the tooltip), Previews (one shared list, Open Pull
// Request), and an older wokku that answers 404 for them.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validatePosition } from '../../src/commands/buildpacks';
import { validateGithubRepo } from '../../src/commands/github';
import type { TreeNode } from '../../src/tree/commandTarget';
import type { RunningServer } from '../server';
import { closeAll, openDocument, save, setText } from './support/configDocs';
import { asAppHost, extensionApi, startSignedIn, stopSignedIn, until } from './support/env';
import { closeFolders, makeRepo, openFolders } from './support/gitRepos';
import { labelsUnder, nodeAt, requestsOf as allRequests, runScripted } from './support/resourceTree';

const API = '/api/v1';
const NODE = 'https://github.com/heroku/heroku-buildpack-nodejs.git';
const NGINX = 'https://github.com/heroku/heroku-buildpack-nginx.git';

/** Requests of the actions (walking the tree from its roots re-reads the workspace list). */
const requestsOf = (server: RunningServer) => allRequests(server).filter((r) => r !== 'GET /api/v1/teams');
const shown = (ui: { shown: { kind: string; text: string }[] }) => JSON.stringify(ui.shown);
const itemOf = async (node: TreeNode) => node.getTreeItem();
const tooltipOf = (node: TreeNode) => String((node.tooltip?.() as vscode.MarkdownString | undefined)?.value ?? '');

describe('parts: buildpacks', function () {
  let server: RunningServer;
  const buildpacksOf = (app: string) => server.control.findApp(app)!.buildpacks ?? [];
  const idOf = (app: string) => server.control.findApp(app)!.id;

  before(async () => (server = await startSignedIn()));
  afterEach(async () => {
    server.control.clearFaults();
    await closeAll();
  });
  after(() => stopSignedIn(server));

  it('lists the buildpacks in order, numbered, as rows that open the tab', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    assert.equal((await itemOf(group)).contextValue, 'group:buildpacks');
    assert.deepEqual(await labelsUnder(group), [`1. ${NODE}`, `2. ${NGINX}`]);
    const row = await itemOf(await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks', `2. ${NGINX}`));
    assert.equal(row.contextValue, 'buildpack');
    assert.equal(row.command?.command, 'apphost.buildpacks.edit');
    assert.deepEqual(await labelsUnder(await nodeAt('Personal', 'Apps', 'blog', 'Buildpacks')), ['None set: the build detects one']);
  });

  it('the buildpacks tab saves the whole list with one PUT after its conflict check, and the part shows it without a read', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    await labelsUnder(group);
    const doc = await openDocument(server, 'storefront', 'buildpacks');
    assert.match(doc.getText(), new RegExp(`^# Buildpacks of storefront.*\\n# Saving sends the whole list.*\\n${NODE}\\n${NGINX}\\n$`));
    server.control.clearRequestLog();
    await setText(doc, `${NGINX}\n# the app first\nheroku/nodejs\n`);
    const { saved, ui } = await save(doc);
    assert.ok(saved, shown(ui));
    assert.deepEqual(buildpacksOf('storefront'), [NGINX, 'heroku/nodejs']);
    const id = idOf('storefront');
    assert.deepEqual(requestsOf(server), [`GET ${API}/apps/${id}/buildpacks`, `PUT ${API}/apps/${id}/buildpacks`]);
    assert.deepEqual(await labelsUnder(group), [`1. ${NGINX}`, '2. heroku/nodejs']);
    assert.deepEqual(requestsOf(server).length, 2, 'no read after the write');
  });

  it('refuses a save when the list changed on the service since the tab was opened: the user is told, the edits stay', async () => {
    server.control.findApp('storefront')!.buildpacks = [NODE, NGINX];
    const doc = await openDocument(server, 'storefront', 'buildpacks');
    // Someone else (the CLI, the dashboard) changes the list meanwhile.
    server.control.findApp('storefront')!.buildpacks = [NODE];
    const mine = `heroku/ruby\n${NODE}\n${NGINX}\n`;
    await setText(doc, mine);
    server.control.clearRequestLog();
    const { saved, ui } = await save(doc, { buttons: [[/changed on the server/, undefined]] });
    assert.equal(saved, false);
    assert.ok(ui.shown.some((s) => s.kind === 'warning' && /^buildpacks changed on the server since you opened buildpacks of storefront/.test(s.text)), shown(ui));
    assert.deepEqual(buildpacksOf('storefront'), [NODE], 'nothing overwritten');
    assert.ok(!requestsOf(server).some((r) => r.startsWith('PUT')));
    assert.ok(doc.isDirty);
    assert.equal(doc.getText(), mine);
  });

  it('blocks a save with a bad URL at its line, sending nothing', async () => {
    const doc = await openDocument(server, 'storefront', 'buildpacks');
    await setText(doc, `${NODE}\nftp://example.com/bp.tgz\n`);
    server.control.clearRequestLog();
    const { saved } = await save(doc);
    assert.equal(saved, false);
    assert.deepEqual(requestsOf(server), []);
    const problems = await until('the diagnostics', () => {
      const list = vscode.languages.getDiagnostics(doc.uri);
      return list.length ? list : undefined;
    });
    assert.equal(problems![0].range.start.line, 1);
  });

  it('adds a buildpack at a position: one POST, the part shows the list it answered', async () => {
    server.control.findApp('storefront')!.buildpacks = [NODE, NGINX];
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    await vscode.commands.executeCommand('apphost.refresh', group);
    await labelsUnder(group);
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.buildpacks.add', { inputs: ['heroku/python', '2'] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /heroku\/python added to storefront as buildpack 2\./.test(s.text)), shown(ui));
    assert.deepEqual(buildpacksOf('storefront'), [NODE, 'heroku/python', NGINX]);
    assert.deepEqual(requestsOf(server), [`POST ${API}/apps/${idOf('storefront')}/buildpacks`]);
    assert.deepEqual(await labelsUnder(group), [`1. ${NODE}`, '2. heroku/python', `3. ${NGINX}`]);
    // No position: last.
    await runScripted('apphost.buildpacks.add', { inputs: ['https://example.com/bp.tgz', ''] }, group);
    assert.equal(buildpacksOf('storefront').at(-1), 'https://example.com/bp.tgz');
  });

  it('refuses a bad URL or position in place, and shows the service\'s refusal', async () => {
    for (const bad of ['0', '-1', 'first']) assert.ok(validatePosition(bad), bad);
    for (const good of ['', ' 1 ', '12']) assert.equal(validatePosition(good), undefined, good);
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    server.control.clearRequestLog();
    const badUrl = await runScripted('apphost.buildpacks.add', { inputs: ['ftp://example.com/bp'] }, group);
    assert.ok(badUrl.shown.some((s) => s.kind === 'error' && /rejected: Enter an http\(s\):\/\/ URL/.test(s.text)), shown(badUrl));
    const badPosition = await runScripted('apphost.buildpacks.add', { inputs: ['heroku/go', 'top'] }, group);
    assert.ok(badPosition.shown.some((s) => s.kind === 'error' && /rejected: Enter a position from 1/.test(s.text)), shown(badPosition));
    assert.deepEqual(requestsOf(server), []);
    server.control.failNext({ method: 'POST', path: /\/buildpacks$/, status: 422, body: { error: 'buildpack URL invalid: "heroku/go"' } });
    const ui = await runScripted('apphost.buildpacks.add', { inputs: ['heroku/go', ''] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot add heroku\/go: buildpack URL invalid: "heroku\/go"/.test(s.text)), shown(ui));
  });

  it('removes a buildpack only after a modal question', async () => {
    server.control.findApp('storefront')!.buildpacks = [NODE, NGINX];
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    await vscode.commands.executeCommand('apphost.refresh', group);
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks', `1. ${NODE}`);
    server.control.clearRequestLog();
    const declined = await runScripted('apphost.buildpacks.remove', { buttons: [[/Remove the buildpack/, undefined]] }, row);
    assert.ok(declined.shown.some((s) => s.kind === 'warning' && s.text === `Remove the buildpack ${NODE} from storefront?`), shown(declined));
    assert.deepEqual(requestsOf(server), []);
    const ui = await runScripted('apphost.buildpacks.remove', { buttons: [[/Remove the buildpack/, 'Remove']] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === `${NODE} removed from storefront.`), shown(ui));
    assert.deepEqual(buildpacksOf('storefront'), [NGINX]);
    assert.deepEqual(requestsOf(server), [`DELETE ${API}/apps/${idOf('storefront')}/buildpacks`]);
    assert.deepEqual(await labelsUnder(group), [`1. ${NGINX}`]);
  });

  it('from the palette: picks the app, then the buildpack', async () => {
    server.control.findApp('api-gateway')!.buildpacks = ['heroku/go', 'heroku/nodejs'];
    await runScripted('apphost.buildpacks.remove', { picks: ['api-gateway', 'heroku/go'], buttons: [[/Remove the buildpack/, 'Remove']] });
    assert.deepEqual(buildpacksOf('api-gateway'), ['heroku/nodejs']);
  });
});

describe('parts: GitHub and preview apps', function () {
  let server: RunningServer;
  const idOf = (app: string) => server.control.findApp(app)!.id;

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(async () => {
    await closeFolders();
    await stopSignedIn(server);
  });

  it('validates repositories as owner/name', () => {
    for (const good of ['dana-demo/storefront', 'Octo-Org/my.repo_1', ' a/b ']) assert.equal(validateGithubRepo(good), undefined, good);
    for (const bad of ['', 'storefront', 'https://github.com/a/b', 'a/b/c', '-a/b', 'a /b', 'a/..']) assert.ok(validateGithubRepo(bad), bad);
  });

  it('lists an app\'s pull-request previews under Previews: one list read, shared by the parts expanded together', async () => {
    const storefront = await nodeAt('Personal', 'Apps', 'storefront');
    assert.ok((await labelsUnder(storefront)).includes('Previews'));
    const previews = await nodeAt('Personal', 'Apps', 'storefront', 'Previews');
    server.control.clearRequestLog();
    assert.deepEqual(await labelsUnder(previews), ['PR #42']);
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Previews', 'PR #42');
    const item = await itemOf(row);
    assert.match(String(item.description), /^storefront-pr-42 · \w+/);
    assert.match(String(item.contextValue), /^app:\w+:preview:pull\b/);
    // The list, then (it has previews) the parent's details: is it on GitHub?
    const lists = server.control.requestLog.filter((r) => r.method === 'GET' && r.path === `${API}/apps`);
    assert.equal(lists.length, 1);
    assert.equal(lists[0].query.include_previews, '1');
    assert.deepEqual(requestsOf(server), [`GET ${API}/apps`, `GET ${API}/apps/${idOf('storefront')}`]);
    // A preview is an app row with the app's parts, but no Previews of its own.
    const parts = await labelsUnder(row);
    assert.ok(parts.includes('Config') && !parts.includes('Previews'), parts.join());
    // Two parents looked at together share one read.
    const blog = await nodeAt('Personal', 'Apps', 'blog', 'Previews');
    const api = await extensionApi();
    api.treeInsides.resources.refresh(previews);
    api.treeInsides.resources.refresh(blog);
    server.control.clearRequestLog();
    const [mine, theirs] = await Promise.all([labelsUnder(previews), labelsUnder(blog)]);
    assert.deepEqual(mine, ['PR #42']);
    assert.match(theirs[0], /^No preview apps/);
    assert.deepEqual(requestsOf(server), [`GET ${API}/apps`]);
    // Not in the Apps list beside its app too (until "Show Preview Apps").
    assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Apps'))).includes('storefront-pr-42'));
  });

  it('Open Pull Request opens the pull request on GitHub, with no request', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Previews', 'PR #42');
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const original = env.openExternal;
    const opened: string[] = [];
    env.openExternal = async (uri) => {
      opened.push(uri.toString(true));
      return true;
    };
    try {
      server.control.clearRequestLog();
      await vscode.commands.executeCommand('apphost.github.openPullRequest', row);
      assert.deepEqual(requestsOf(server), []);
      // From the palette: the preview's details, the parent's repository as known.
      await runScripted('apphost.github.openPullRequest', { picks: ['storefront-pr-42'] });
    } finally {
      env.openExternal = original;
    }
    assert.deepEqual(opened, ['https://github.com/dana-demo/storefront/pull/42', 'https://github.com/dana-demo/storefront/pull/42']);
    assert.match(tooltipOf(row), /Pull request: https:\/\/github\.com\/dana-demo\/storefront\/pull\/42/);
    assert.match(tooltipOf(await nodeAt('Personal', 'Apps', 'storefront')), /GitHub: `dana-demo\/storefront` \(`main`\)/);
  });

  it('connects an app to the open folder\'s GitHub remote, offered first with its branch; the tooltip shows it', async () => {
    const repo = makeRepo(server, 'blog-src', { viaGateway: false });
    repo.git('remote', 'add', 'origin', 'git@github.com:dana-demo/blog.git');
    repo.git('checkout', '-q', '-b', 'release');
    await openFolders(repo);
    const git = vscode.extensions.getExtension<{ getAPI(v: 1): { repositories: { rootUri: vscode.Uri; state: { remotes: unknown[]; HEAD?: { name?: string } } }[] } }>('vscode.git')!;
    const gitApi = (await git.activate()).getAPI(1);
    await until('the Git extension opened the folder', () => gitApi.repositories.some((r) => r.rootUri.fsPath === repo.uri.fsPath && r.state.remotes.length && r.state.HEAD?.name === 'release'), 20_000);
    const blog = await nodeAt('Personal', 'Apps', 'blog');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.github.connect', { picks: ['dana-demo/blog'], inputs: ['release'] }, blog);
    const pick = ui.shown.find((s) => s.kind === 'quickPick');
    assert.deepEqual(pick?.items, ['$(github) dana-demo/blog', '$(edit) Enter a repository…'], shown(ui));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /blog is connected to dana-demo\/blog\. The service deploys pushes to release and makes a preview app for each pull request once its GitHub App is installed on dana-demo\/blog; a private repository needs that too/.test(s.text)), shown(ui));
    const app = server.control.findApp('blog')!;
    assert.equal(app.github?.repo, 'dana-demo/blog');
    assert.equal(app.deployBranch, 'release');
    assert.deepEqual(requestsOf(server), [`POST ${API}/apps/${idOf('blog')}/github_connect`]);
    assert.match(tooltipOf(await nodeAt('Personal', 'Apps', 'blog')), /GitHub: `dana-demo\/blog` \(`release`\)/);
  });

  it('connects to a typed repository, checked as owner/name', async () => {
    const bad = await runScripted('apphost.github.connect', { picks: ['Enter a repository'], inputs: ['just-a-name'] }, await nodeAt('Personal', 'Apps', 'api-gateway'));
    assert.ok(bad.shown.some((s) => s.kind === 'error' && /rejected: Enter the repository as owner\/name/.test(s.text)), shown(bad));
    const ui = await runScripted('apphost.github.connect', { picks: ['Enter a repository'], inputs: ['octo-org/gateway', 'main'] }, await nodeAt('Personal', 'Apps', 'api-gateway'));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /api-gateway is connected to octo-org\/gateway/.test(s.text)), shown(ui));
    assert.equal(server.control.findApp('api-gateway')!.github?.repo, 'octo-org/gateway');
  });

  it('disconnects only after a question naming the repository (declined: nothing sent)', async () => {
    const blog = await nodeAt('Personal', 'Apps', 'blog');
    server.control.clearRequestLog();
    const declined = await runScripted('apphost.github.disconnect', { buttons: [[/Disconnect blog from/, undefined]] }, blog);
    assert.ok(declined.shown.some((s) => s.kind === 'warning' && s.text === 'Disconnect blog from dana-demo/blog?'), shown(declined));
    assert.deepEqual(requestsOf(server), [`GET ${API}/apps/${idOf('blog')}`], 'only the read that names the repository');
    assert.equal(server.control.findApp('blog')!.github?.repo, 'dana-demo/blog');
    const ui = await runScripted('apphost.github.disconnect', { buttons: [[/Disconnect blog from/, 'Disconnect']] }, blog);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'blog is no longer connected to dana-demo/blog.'), shown(ui));
    assert.equal(server.control.findApp('blog')!.github, undefined);
    assert.doesNotMatch(tooltipOf(await nodeAt('Personal', 'Apps', 'blog')), /GitHub:/);
    const again = await runScripted('apphost.github.disconnect', {}, await nodeAt('Personal', 'Apps', 'blog'));
    assert.ok(again.shown.some((s) => s.kind === 'info' && s.text === 'blog is not connected to a GitHub repository.'), shown(again));
  });

  it('acts for another extension only after AppHost\'s own question', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.github.disconnect', { buttons: [[/Another extension or tool asked AppHost/, undefined]] }, { workspace: undefined, id: idOf('api-gateway'), name: 'api-gateway' });
    assert.ok(ui.shown.some((s) => /Another extension or tool asked AppHost to: AppHost: Disconnect GitHub Repository|Another extension or tool asked AppHost to: Disconnect GitHub Repository/.test(s.text)), shown(ui));
    assert.equal(server.control.findApp('api-gateway')!.github?.repo, 'octo-org/gateway');
    assert.ok(!requestsOf(server).some((r) => r.startsWith('DELETE')));
  });
});

describe('parts: an older wokku without buildpacks and GitHub connections', function () {
  let server: RunningServer;

  before(async () => (server = await startSignedIn(undefined, { olderWokku: true })));
  after(() => stopSignedIn(server));

  it('a 404 of Buildpacks (the app still there) hides the part and its menus for that service', async () => {
    const storefront = await nodeAt('Personal', 'Apps', 'storefront');
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Buildpacks');
    assert.deepEqual(await labelsUnder(group), ['This service does not offer Buildpacks (it answers 404)']);
    await until('the part is gone', async () => !(await labelsUnder(storefront)).includes('Buildpacks'));
    assert.match(String((await itemOf(await nodeAt('Personal', 'Apps', 'storefront'))).contextValue), /:lacks-buildpacks\b/);
    // The palette's door says so, and sends nothing more.
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.buildpacks.add', { inputs: ['heroku/nodejs', ''] }, asAppHost({ workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' }));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /does not offer buildpacks/.test(s.text)), shown(ui));
    assert.deepEqual(requestsOf(server), []);
  });

  it('Connect GitHub Repository says the service lacks it once, and the menus hide it', async () => {
    const blog = await nodeAt('Personal', 'Apps', 'blog');
    const ui = await runScripted('apphost.github.connect', { picks: ['Enter a repository'], inputs: ['dana-demo/blog', 'main'] }, blog);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /does not offer GitHub connections/.test(s.text)), shown(ui));
    assert.match(String((await itemOf(await nodeAt('Personal', 'Apps', 'blog'))).contextValue), /:lacks-github\b/);
  });

  it('Previews: an apps list that never says which app is a preview (no is_preview) hides the part for that service', async () => {
    const storefront = await nodeAt('Personal', 'Apps', 'storefront');
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Previews');
    assert.deepEqual(await labelsUnder(group), ['This service does not offer preview apps (its apps list never says which app is a preview)']);
    await until('the part is gone', async () => !(await labelsUnder(storefront)).includes('Previews'));
    assert.match(String((await itemOf(await nodeAt('Personal', 'Apps', 'storefront'))).contextValue), /:lacks-previews\b/);
    assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Apps'))).some((l) => /-pr-/.test(l)), 'no preview in the Apps list');
  });
});
