import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { extensionApi, startSignedIn, stopSignedIn } from './support/env';
import { nodeAt, requestsOf, runScripted } from './support/resourceTree';

/** The JSON of the active editor, which must be a read-only details document. */
function shownJson(): { uri: vscode.Uri; json: Record<string, unknown> } {
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'an editor is open');
  assert.equal(editor.document.uri.scheme, 'apphost-details', 'a virtual, read-only document');
  assert.equal(editor.document.languageId, 'json');
  const text = editor.document.getText();
  assert.match(text, /^\{\n {2}"/, 'pretty-printed');
  return { uri: editor.document.uri, json: JSON.parse(text) };
}

describe('details: Show Details opens the full JSON read-only', function () {
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
  });
  afterEach(async () => {
    server.control.clearFaults();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await stopSignedIn(server);
  });

  it('an app: one GET of its details, unknown fields included', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    const id = server.control.findApp('storefront')!.id;
    const real = server.control.findApp('storefront')!;
    // A deployment that sends more than the contract: the extra fields must show.
    server.control.failNext({ method: 'GET', path: `/apps/${id}`, status: 200, body: { id, name: 'storefront', status: real.status, git_remote: 'dokku@eu:storefront', build_pack: 'heroku/nodejs', owner: { email: 'demo@apphost.dev' } } });
    server.control.clearRequestLog();
    await runScripted('apphost.showDetails', {}, row);
    assert.deepEqual(requestsOf(server), [`GET /api/v1/apps/${id}`]);
    const { uri, json } = shownJson();
    assert.equal(json.build_pack, 'heroku/nodejs');
    assert.deepEqual(json.owner, { email: 'demo@apphost.dev' });
    assert.match(uri.path, /\/personal\/apps\/storefront\.json$/);
  });

  it('a server and a database: their details endpoints', async () => {
    await runScripted('apphost.showDetails', {}, await nodeAt('Personal', 'Servers', 'eu-central-1'));
    const srv = shownJson().json;
    assert.equal(srv.name, 'eu-central-1');
    assert.ok(!JSON.stringify(srv).includes('PRIVATE KEY'), 'no key: the API never returns it');

    const cache = await nodeAt('Personal', 'Databases', 'cache');
    server.control.clearRequestLog();
    await runScripted('apphost.showDetails', {}, cache);
    assert.deepEqual(requestsOf(server), [`GET /api/v1/databases/${server.control.findDatabase('cache')!.id}`]);
    const db = shownJson().json;
    assert.equal(db.service_type, 'redis');
    assert.ok(Array.isArray(db.linked_apps), 'fields beyond the contract (linked_apps) are kept');
  });

  it('a release and a deploy: one GET each; a deploy includes its build log', async () => {
    const releases = await nodeAt('Personal', 'Apps', 'storefront', 'Releases');
    const [release] = await (await extensionApi()).treeInsides.resources.getChildren(releases);
    server.control.clearRequestLog();
    await runScripted('apphost.showDetails', {}, release);
    assert.equal(requestsOf(server).length, 1);
    assert.match(requestsOf(server)[0], /^GET \/api\/v1\/apps\/[^/]+\/releases\/[^/]+$/);
    assert.ok('version' in shownJson().json);

    const deploys = await nodeAt('Personal', 'Apps', 'storefront', 'Deploys');
    const [deploy] = await (await extensionApi()).treeInsides.resources.getChildren(deploys);
    server.control.clearRequestLog();
    await runScripted('apphost.showDetails', {}, deploy);
    assert.match(requestsOf(server)[0], /^GET \/api\/v1\/apps\/[^/]+\/deploys\/[^/]+$/);
    assert.equal(typeof shownJson().json.log, 'string');
  });

  it('rows without a details endpoint use the data at hand: no request', async () => {
    const domain = await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'shop.example.com');
    const [backup] = await (await extensionApi()).treeInsides.resources.getChildren(await nodeAt('Personal', 'Databases', 'cache', 'Backups'));
    const configVar = await nodeAt('Personal', 'Apps', 'storefront', 'Config', 'NODE_ENV');
    server.control.clearRequestLog();
    await runScripted('apphost.showDetails', {}, domain);
    assert.equal(shownJson().json.hostname, 'shop.example.com');
    await runScripted('apphost.showDetails', {}, backup);
    assert.ok('size_bytes' in shownJson().json, 'the raw record, as the server sent it');
    await runScripted('apphost.showDetails', {}, configVar);
    assert.deepEqual(Object.keys(shownJson().json), ['NODE_ENV']);
    assert.deepEqual(requestsOf(server), []);
  });

  it('from the Command Palette: picks an app', async () => {
    await runScripted('apphost.showDetails', { picks: ['api-gateway'] });
    assert.equal(shownJson().json.name, 'api-gateway');
  });

  it('showing the same resource again updates the open tab', async () => {
    const row = await nodeAt('Personal', 'Apps', 'blog');
    await runScripted('apphost.showDetails', {}, row);
    const first = shownJson();
    server.control.setAppStatus('blog', 'running');
    await runScripted('apphost.showDetails', {}, row);
    const second = shownJson();
    assert.equal(second.uri.toString(), first.uri.toString());
    assert.equal(second.json.status, 'running');
  });

  it('reports a failed fetch without opening anything', async () => {
    const row = await nodeAt('Personal', 'Servers', 'us-east-1');
    server.control.failNext({ method: 'GET', path: /\/servers\/[^/]+$/, status: 500, count: 5 });
    const ui = await runScripted('apphost.showDetails', {}, row);
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Internal server error|500/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(vscode.window.activeTextEditor, undefined);
  });
});
