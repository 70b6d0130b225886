import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateAlias, validateDatabaseName } from '../../src/commands/databases';
import { APPS_MIME } from '../../src/schemes';
import { ResourcesDragAndDrop } from '../../src/tree/dragAndDrop';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { signInWithIssuedToken, startSignedIn, stopSignedIn } from './support/env';
import { labelsUnder, nodeAt, requestsOf, runScripted, withScript } from './support/resourceTree';

const token = () => new vscode.CancellationTokenSource().token;

describe('databases: create, delete, link, unlink, backup, drag and drop', function () {
  let server: RunningServer;

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  /** Apps linked to a database, as the service sees them. */
  const linkedApps = (database: string) => {
    const db = server.control.findDatabase(database)!;
    const apps = server.control.listApps();
    return [...server.control.state.store.linksOfDatabase(db.id)].map((l) => apps.find((a) => a.id === l.appId)?.name).sort();
  };

  it('validates names and aliases as you type', () => {
    assert.equal(validateDatabaseName('orders-db'), undefined);
    for (const bad of ['', 'Orders', '1db', 'db_1', 'db-', 'x'.repeat(41)]) assert.ok(validateDatabaseName(bad), bad);
    for (const good of ['', 'DATABASE', 'ORDERS_DB2']) assert.equal(validateAlias(good), undefined, good);
    for (const bad of ['database', '2DB', 'ORDERS-DB']) assert.ok(validateAlias(bad), bad);
  });

  it('creates a database: type, name and server picked, one POST, then only the Databases group is fetched again', async () => {
    const group = await nodeAt('Personal', 'Databases');
    await labelsUnder(group);
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.create', { picks: ['meilisearch', 'eu-central-1'], inputs: ['search-index'] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /search-index \(meilisearch\) created on eu-central-1/.test(s.text)), JSON.stringify(ui.shown));
    const record = server.control.findDatabase('search-index');
    assert.equal(record?.serviceType, 'meilisearch');
    assert.equal(record?.serverId, server.control.findServer('eu-central-1')?.id);
    assert.deepEqual(requestsOf(server), ['GET /api/v1/servers', 'POST /api/v1/databases'], 'the server list for the pick, then the POST');
    assert.ok((await labelsUnder(group)).includes('search-index'));
    assert.deepEqual(requestsOf(server).slice(2), ['GET /api/v1/databases']);
  });

  it('offers to link the new database to an app right away', async () => {
    const ui = await runScripted('apphost.database.create', {
      picks: ['postgres', 'eu-central-1', 'docs-site'],
      inputs: ['docs-db', 'DOCS'],
      buttons: [[/docs-db \(postgres\) created/, 'Link to App…']],
    });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /docs-site linked to docs-db/.test(s.text)), JSON.stringify(ui.shown));
    assert.deepEqual(linkedApps('docs-db'), ['docs-site']);
    assert.ok(server.control.getConfig('docs-site').DOCS_URL, 'linked with the alias typed');
    const dismissed = await runScripted('apphost.database.create', { picks: ['redis', 'eu-central-1'], inputs: ['docs-cache'] });
    assert.deepEqual(linkedApps('docs-cache'), [], 'no link unless asked');
    assert.ok(!dismissed.shown.some((s) => s.kind === 'inputBox' && /Alias of the link/.test(s.text)), JSON.stringify(dismissed.shown));
  });

  it('offers the ten service types and refuses an invalid name in place', async () => {
    const ui = await runScripted('apphost.database.create', { picks: ['nats'], inputs: ['Bad Name'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /rejected: Use lowercase letters/.test(s.text)), JSON.stringify(ui.shown));
    for (const type of ['postgres', 'mysql', 'redis', 'mongodb', 'memcached', 'rabbitmq', 'elasticsearch', 'meilisearch', 'clickhouse', 'nats']) {
      const pick = await runScripted('apphost.database.create', { picks: [type] });
      assert.ok(!pick.shown.some((s) => s.kind === 'error'), `${type} is offered`);
    }
  });

  it('deletes a database only when its name is typed exactly', async () => {
    const row = await nodeAt('Personal', 'Databases', 'search-index');
    server.control.clearRequestLog();
    const wrong = await runScripted('apphost.database.delete', { inputs: ['search'] }, row);
    assert.ok(wrong.shown.some((s) => s.kind === 'error' && /Type "search-index" exactly/.test(s.text)), JSON.stringify(wrong.shown));
    await runScripted('apphost.database.delete', { inputs: [undefined] }, row);
    assert.deepEqual(requestsOf(server), [], 'a wrong name or Escape sends nothing');
    const ui = await runScripted('apphost.database.delete', { inputs: ['search-index'] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /search-index deleted/.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(server.control.findDatabase('search-index'), undefined);
    assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Databases'))).includes('search-index'));
  });

  it('shows why a linked database cannot be deleted (422)', async () => {
    const ui = await runScripted('apphost.database.delete', { picks: ['storefront-db'], inputs: ['storefront-db'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /unlink it from storefront first/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(server.control.findDatabase('storefront-db'));
  });

  it('links an app picked among those not linked yet, with an alias; only Linked Apps is fetched again', async () => {
    const row = await nodeAt('Personal', 'Databases', 'cache');
    const linked = await nodeAt('Personal', 'Databases', 'cache', 'Linked Apps');
    assert.deepEqual((await labelsUnder(linked)).sort(), ['api-gateway', 'storefront']);
    server.control.clearRequestLog();
    const taken = await runScripted('apphost.database.link', { picks: ['api-gateway'] }, row);
    assert.ok(taken.shown.some((s) => /QuickPick has no item "api-gateway"/.test(s.text)), 'an app already linked is not offered');
    assert.deepEqual(requestsOf(server), ['GET /api/v1/apps'], 'the links came from the loaded Linked Apps group');
    const badAlias = await runScripted('apphost.database.link', { picks: ['blog'], inputs: ['cache-url'] }, row);
    assert.ok(badAlias.shown.some((s) => /rejected: Use uppercase letters/.test(s.text)), JSON.stringify(badAlias.shown));
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.link', { picks: ['blog'], inputs: ['SESSIONS'] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /blog linked to cache/.test(s.text)), JSON.stringify(ui.shown));
    assert.deepEqual(linkedApps('cache'), ['api-gateway', 'blog', 'storefront']);
    assert.ok(server.control.getConfig('blog').SESSIONS_URL, 'the alias named the config var');
    assert.deepEqual((await labelsUnder(linked)).sort(), ['api-gateway', 'blog', 'storefront']);
    assert.deepEqual(requestsOf(server).filter((r) => !r.startsWith('GET /api/v1/apps')), [
      'POST /api/v1/databases/' + server.control.findDatabase('cache')!.id + '/link',
      'GET /api/v1/databases/' + server.control.findDatabase('cache')!.id,
    ]);
  });

  it('links from the Command Palette with the default alias', async () => {
    const ui = await runScripted('apphost.database.link', { picks: ['analytics-db', 'docs-site'], inputs: [''] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /docs-site linked to analytics-db/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(server.control.getConfig('docs-site').DATABASE_URL);
  });

  it('reports a failed link and changes nothing', async () => {
    server.control.failNext({ method: 'POST', path: /\/link$/, status: 503, body: { error: 'Cannot connect to server: eu-central-1' } });
    const row = await nodeAt('Personal', 'Databases', 'cache');
    const ui = await runScripted('apphost.database.link', { picks: ['marketing-site'], inputs: [''] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot connect to server/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(!linkedApps('cache').includes('marketing-site'));
  });

  it('unlinks from a linked-app row after a modal confirmation', async () => {
    const linked = await nodeAt('Personal', 'Databases', 'cache', 'Linked Apps');
    const blog = await nodeAt('Personal', 'Databases', 'cache', 'Linked Apps', 'blog');
    assert.equal((await blog.getTreeItem()).contextValue, 'linkedApp');
    server.control.clearRequestLog();
    await runScripted('apphost.database.unlink', {}, blog);
    assert.deepEqual(requestsOf(server), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.database.unlink', { buttons: [[/Unlink blog from cache/, 'Unlink']] }, blog);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /blog unlinked from cache/.test(s.text)), JSON.stringify(ui.shown));
    assert.deepEqual(linkedApps('cache'), ['api-gateway', 'storefront']);
    assert.ok(!(await labelsUnder(linked)).includes('blog'));
    assert.equal(server.control.getConfig('blog').SESSIONS_URL, undefined);
  });

  it('unlinks from the database row or the palette by picking a linked app', async () => {
    const ui = await runScripted('apphost.database.unlink', { picks: ['analytics-db', 'docs-site'], buttons: [[/Unlink docs-site/, 'Unlink']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /docs-site unlinked from analytics-db/.test(s.text)), JSON.stringify(ui.shown));
    assert.deepEqual(linkedApps('analytics-db'), ['analytics']);
  });

  it('links an app dragged onto a database, after confirming', async () => {
    const controller = new ResourcesDragAndDrop();
    const app = await nodeAt('Personal', 'Apps', 'marketing-site');
    const db = await nodeAt('Personal', 'Databases', 'cache');
    const transfer = new vscode.DataTransfer();
    await controller.handleDrag([app], transfer);
    assert.ok(transfer.get(APPS_MIME), 'the app is in the transfer');
    const dismissed = await withScript({}, () => controller.handleDrop(db, transfer, token()));
    assert.ok(dismissed.shown.some((s) => /Link marketing-site to cache\?/.test(s.text)), 'asked first');
    assert.ok(!linkedApps('cache').includes('marketing-site'), 'dismissed: not linked');

    const ui = await withScript({ buttons: [[/Link marketing-site to cache\?/, 'Link']] }, () => controller.handleDrop(db, transfer, token()));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /marketing-site linked to cache/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(linkedApps('cache').includes('marketing-site'));
    assert.ok(server.control.getConfig('marketing-site').REDIS_URL, 'default alias');
  });

  it('ignores drags of other rows and drops onto other rows', async () => {
    const controller = new ResourcesDragAndDrop();
    const domains = await nodeAt('Personal', 'Apps', 'storefront', 'Domains');
    const transfer = new vscode.DataTransfer();
    await controller.handleDrag([domains], transfer);
    assert.equal(transfer.get(APPS_MIME), undefined, 'only apps can be dragged');
    const app = await nodeAt('Personal', 'Apps', 'blog');
    await controller.handleDrag([app], transfer);
    server.control.clearRequestLog();
    await controller.handleDrop(await nodeAt('Personal', 'Apps', 'storefront'), transfer, token());
    await controller.handleDrop(undefined, transfer, token());
    await controller.handleDrop(await nodeAt('Personal', 'Databases', 'cache', 'Backups'), transfer, token());
    assert.deepEqual(requestsOf(server).filter((r) => r.startsWith('POST')), [], 'no link');
  });

  it('a member is told that only administrators start backups (wokku\'s 422 naming ServerPolicy), and nothing changes', async () => {
    const count = server.control.state.store.backups.size;
    const ui = await runScripted('apphost.database.backup', { picks: ['cache'] });
    const error = ui.shown.find((s) => s.kind === 'error');
    assert.match(error?.text ?? '', /^Only administrators of this service can start backups: no backup of cache was started\./);
    assert.ok(!/ServerPolicy/.test(JSON.stringify(ui.shown)), 'the policy\'s name is not the message');
    assert.equal(server.control.state.store.backups.size, count);
  });

  it('takes a backup (as an administrator), polls briefly until it is done, and refreshes only Backups', async () => {
    await signInWithIssuedToken(server, ADMIN_USER.email);
    const backups = await nodeAt('Personal', 'Databases', 'cache', 'Backups');
    const before = await labelsUnder(backups);
    server.control.clearRequestLog();
    const row = await nodeAt('Personal', 'Databases', 'cache');
    const started = Date.now();
    const ui = await runScripted('apphost.database.backup', {}, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /Backup of cache completed/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(Date.now() - started < 5000, 'the poll starts soon');
    const id = server.control.findDatabase('cache')!.id;
    const log = requestsOf(server).filter((r) => !r.startsWith('GET /api/v1/teams'));
    assert.equal(log[0], `POST /api/v1/databases/${id}/backups`, 'no extra list first: the loaded group told what existed');
    assert.ok(log.slice(1).every((r) => r === `GET /api/v1/databases/${id}/backups`), log.join(', '));
    assert.ok(log.length <= 4, `a short poll: ${log.join(', ')}`);
    assert.equal((await labelsUnder(backups)).length, before.length + 1, 'the new backup shows');
  });

  it('a backup that never appears (no backup destination on the service: wokku keeps no record) names the likely cause and who can fix it', async function () {
    this.timeout(90_000); // the whole poll: about 30 s
    // Still signed in as the administrator (the previous test).
    server.control.state.settings.backupDestination = false;
    try {
      const count = server.control.state.store.backups.size;
      const ui = await runScripted('apphost.database.backup', {}, await nodeAt('Personal', 'Databases', 'cache'));
      const notice = ui.shown.find((s) => s.kind === 'warning');
      assert.match(notice?.text ?? '', /^No backup of cache has appeared: the service accepted the request, but recorded no backup in \d+ s\. The likely cause: no backup destination \(S3 storage\) is configured for its server.*An administrator of the service can configure one/, JSON.stringify(ui.shown));
      assert.ok(!ui.shown.some((s) => /will show under Backups/.test(s.text)), 'no promise that it will show');
      assert.equal(server.control.state.store.backups.size, count, 'and indeed none was recorded');
    } finally {
      server.control.state.settings.backupDestination = true;
    }
  });

  it('explains the plan limit on backups (402)', async () => {
    // Still signed in as the administrator (the previous test); the member signs in again after.
    server.control.setPlan(undefined, { maxBackups: 1 });
    try {
      const ui = await runScripted('apphost.database.backup', { picks: ['analytics-db'] });
      const notice = ui.shown.find((s) => s.kind === 'warning');
      assert.match(notice?.text ?? '', /Cannot back up analytics-db: Backup limit reached for your plan \(1\)\. Delete older backups or upgrade your plan\./);
      assert.deepEqual(notice?.items, ['Open Plan Page'], 'the account\'s billing page, a button away');
      assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
    } finally {
      server.control.setPlan(undefined, { maxBackups: 10 });
      await signInWithIssuedToken(server, DEMO_USER.email);
    }
  });
});
