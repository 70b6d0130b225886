import assert from 'node:assert/strict';
import { validateAddonName } from '../../src/commands/addons';
import { drainTypeOf, validateDrainUrl } from '../../src/commands/logDrains';
import type { RunningServer } from '../server';
import { startSignedIn, stopSignedIn } from './support/env';
import { labelsUnder, nodeAt, requestsOf as allRequests, runScripted } from './support/resourceTree';

/** Requests of the actions (walking the tree from its roots re-reads the workspace list). */
const requestsOf = (server: RunningServer) => allRequests(server).filter((r) => r !== 'GET /api/v1/teams');

describe('parts: addons and log drains', function () {
  let server: RunningServer;
  const shown = (ui: { shown: { kind: string; text: string }[] }) => JSON.stringify(ui.shown);
  const addonsOf = (app: string) =>
    [...server.control.state.store.addons.values()].filter((a) => a.appId === server.control.findApp(app)!.id).map((a) => `${a.name}:${a.serviceType}:${a.status}`).sort();
  const drainsOf = (app: string) =>
    [...server.control.state.store.drains.values()].filter((d) => d.appId === server.control.findApp(app)!.id).map((d) => `${d.drainType} ${d.url}`).sort();

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  it('validates addon names (empty = the service names it)', () => {
    for (const good of ['', '  ', 'shop-cache', 'q2']) assert.equal(validateAddonName(good), undefined, JSON.stringify(good));
    for (const bad of ['Cache', '2cache', 'cache_1', 'cache-']) assert.ok(validateAddonName(bad), bad);
  });

  it('lists addons with type and status, the databases linked to the app among them (wokku lists both)', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Addons');
    assert.deepEqual(await labelsUnder(group), ['storefront-search', 'storefront-db', 'cache']);
    const linked = await (await nodeAt('Personal', 'Apps', 'storefront', 'Addons', 'storefront-db')).getTreeItem();
    assert.equal(linked.description, 'postgres · running');
    const row = await (await nodeAt('Personal', 'Apps', 'storefront', 'Addons', 'storefront-search')).getTreeItem();
    assert.equal(row.description, 'meilisearch · running');
    assert.equal(row.contextValue, 'addon:running');
  });

  it('adds an addon from the group (type picked, default name), shows it running once provisioned', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Addons');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.addon.add', { picks: ['redis'], inputs: [''] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'Addon storefront-redis (redis) added to storefront: running.'), shown(ui));
    assert.deepEqual(addonsOf('storefront'), ['storefront-redis:redis:running', 'storefront-search:meilisearch:running']);
    assert.deepEqual(await labelsUnder(group), ['storefront-search', 'storefront-redis', 'storefront-db', 'cache']);
    const id = server.control.findApp('storefront')!.id;
    const calls = requestsOf(server);
    assert.equal(calls[0], `POST /api/v1/apps/${id}/addons`);
    assert.deepEqual([...new Set(calls.slice(1))], [`GET /api/v1/apps/${id}/addons`], 'then only the Addons list (watching provisioning)');
  });

  it('adds from the palette with a name, refuses a bad name in place, explains 409 and 503', async () => {
    const bad = await runScripted('apphost.addon.add', { picks: ['analytics', 'postgres'], inputs: ['Reports DB'] });
    assert.ok(bad.shown.some((s) => s.kind === 'error' && /rejected: Use lowercase letters/.test(s.text)), shown(bad));
    const ui = await runScripted('apphost.addon.add', { picks: ['analytics', 'postgres'], inputs: ['reports-db'] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /Addon reports-db \(postgres\) added to analytics/.test(s.text)), shown(ui));
    const taken = await runScripted('apphost.addon.add', { picks: ['analytics', 'postgres'], inputs: ['reports-db'] });
    assert.ok(taken.shown.some((s) => s.kind === 'error' && /Cannot add a postgres addon to analytics: .*Name has already been taken/.test(s.text)), shown(taken));
    const down = await runScripted('apphost.addon.add', { picks: ['legacy-crm', 'redis'], inputs: [''] });
    assert.ok(down.shown.some((s) => s.kind === 'error' && /Cannot add a redis addon to legacy-crm: the app's server cannot be reached/.test(s.text)), shown(down));
  });

  it('offers the ten database service types', async () => {
    for (const type of ['postgres', 'mysql', 'redis', 'mongodb', 'memcached', 'rabbitmq', 'elasticsearch', 'meilisearch', 'clickhouse', 'nats']) {
      const pick = await runScripted('apphost.addon.add', { picks: ['analytics', type] });
      assert.ok(!pick.shown.some((s) => s.kind === 'error'), `${type} is offered`);
    }
  });

  it('removes an addon after a modal confirmation; only Addons is fetched again', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Addons');
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Addons', 'storefront-redis');
    server.control.clearRequestLog();
    await runScripted('apphost.addon.remove', {}, row);
    assert.deepEqual(requestsOf(server), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.addon.remove', { buttons: [[/Remove the addon storefront-redis from storefront\?/, 'Remove']] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /Addon storefront-redis removed from storefront/.test(s.text)), shown(ui));
    assert.deepEqual(await labelsUnder(group), ['storefront-search', 'storefront-db', 'cache']);
    const id = server.control.findApp('storefront')!.id;
    assert.deepEqual(requestsOf(server).filter((r) => !r.includes('/config')), [`DELETE /api/v1/apps/${id}/addons/${row.id.split('/').pop()}`, `GET /api/v1/apps/${id}/addons`]);
  });

  it('unlinks a linked database from its Addons row: the app loses its URL, the database stays', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Addons');
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Addons', 'cache');
    const db = server.control.findDatabase('cache')!;
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.addon.unlink', { buttons: [[/Unlink cache from storefront\?/, 'Unlink']] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'storefront unlinked from cache.'), shown(ui));
    assert.deepEqual(requestsOf(server)[0], `POST /api/v1/databases/${db.id}/unlink`);
    assert.deepEqual(await labelsUnder(group), ['storefront-search', 'storefront-db']);
    assert.ok(server.control.findDatabase('cache'), 'the database stays');
    assert.equal(server.control.getConfig('storefront').REDIS_URL, undefined);
  });

  it('removing a linked database says it destroys the database; the service refuses while another app uses it', async () => {
    const db = server.control.findDatabase('storefront-db')!;
    server.control.state.store.links.set('extra-link', { id: 'extra-link', databaseId: db.id, appId: server.control.findApp('docs-site')!.id, alias: 'DATABASE', createdAt: new Date().toISOString() });
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Addons', 'storefront-db');
    const ui = await runScripted('apphost.addon.remove', { buttons: [[/Remove the addon storefront-db/, 'Remove']] }, row);
    const ask = ui.shown.find((s) => /Remove the addon storefront-db from storefront\?/.test(s.text));
    assert.ok(ask, shown(ui));
    assert.ok(
      ui.shown.some((s) => s.kind === 'error' && s.text === 'Cannot remove storefront-db: Cannot delete linked service storefront-db: unlink it from docs-site first'),
      shown(ui),
    );
    assert.ok(server.control.findDatabase('storefront-db'), 'not destroyed');
    // As wokku does, it was unlinked from storefront before the refusal: the group shows it.
    assert.deepEqual(await labelsUnder(await nodeAt('Personal', 'Apps', 'storefront', 'Addons')), ['storefront-search']);
  });

  it('removes from the palette by picking app and addon', async () => {
    const ui = await runScripted('apphost.addon.remove', { picks: ['analytics', 'reports-db'], buttons: [[/Remove the addon reports-db/, 'Remove']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /reports-db removed from analytics/.test(s.text)), shown(ui));
    assert.deepEqual(addonsOf('analytics'), ['analytics-clickhouse:clickhouse:running']);
  });

  it('validates drain URLs as you type and derives the type from the scheme', () => {
    for (const good of ['syslog://logs.example.com:514', 'syslog+tls://logs.example.com:6514', 'https://intake.example.com/v1?key=1', 'http://10.0.0.5:8080/logs']) {
      assert.equal(validateDrainUrl(good), undefined, good);
    }
    const cases: [string, RegExp][] = [
      ['', /Enter a syslog:\/\/ or https:\/\/ URL/],
      ['logs.example.com:514', /not supported|Start with/],
      ['ftp://logs.example.com', /"ftp" drains are not supported/],
      ['https://', /Start with|Add the host/],
      ['https://a b.com', /spaces/],
    ];
    for (const [value, message] of cases) assert.match(validateDrainUrl(value) ?? '', message, value);
    assert.equal(drainTypeOf('syslog://x.example.com:1'), 'syslog');
    assert.equal(drainTypeOf('https://x.example.com'), 'https');
    assert.equal(drainTypeOf('http://x.example.com'), 'https');
    assert.equal(drainTypeOf('gopher://x'), undefined);
  });

  it('lists drains without the query string (it may hold an API key)', async () => {
    assert.deepEqual(await labelsUnder(await nodeAt('Personal', 'Apps', 'api-gateway', 'Log Drains')), ['https://http-intake.logs.datadoghq.eu/api/v2/logs']);
    const row = await (await nodeAt('Personal', 'Apps', 'storefront', 'Log Drains', 'syslog://logs5.papertrailapp.com:41234')).getTreeItem();
    assert.equal(row.description, 'syslog');
    assert.equal(row.contextValue, 'logDrain:syslog');
  });

  it('adds a syslog drain from the group: one POST with the derived type, then only Log Drains', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Log Drains');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.logDrain.add', { inputs: ['syslog://logs.example.com:514'] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === 'The logs of storefront now go to syslog://logs.example.com:514 (syslog).'), shown(ui));
    assert.ok(drainsOf('storefront').includes('syslog syslog://logs.example.com:514'));
    assert.ok((await labelsUnder(group)).includes('syslog://logs.example.com:514'));
    const id = server.control.findApp('storefront')!.id;
    assert.deepEqual(requestsOf(server), [`POST /api/v1/apps/${id}/log_drains`, `GET /api/v1/apps/${id}/log_drains`]);
  });

  it('asks before sending logs over plain http, then adds it as an https-type drain', async () => {
    server.control.clearRequestLog();
    await runScripted('apphost.logDrain.add', { picks: ['analytics'], inputs: ['http://10.0.0.5:8080/logs'] });
    assert.deepEqual(requestsOf(server).filter((r) => r.startsWith('POST')), [], 'declined: nothing sent');
    const ui = await runScripted('apphost.logDrain.add', { picks: ['analytics'], inputs: ['http://10.0.0.5:8080/logs'], buttons: [[/over plain HTTP/, 'Use HTTP']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /\(https\)/.test(s.text)), shown(ui));
    assert.deepEqual(drainsOf('analytics'), ['https http://10.0.0.5:8080/logs']);
  });

  it('refuses a bad URL in place, shows every message of a 422, and explains a 503', async () => {
    const bad = await runScripted('apphost.logDrain.add', { picks: ['analytics'], inputs: ['ftp://logs.example.com'] });
    assert.ok(bad.shown.some((s) => s.kind === 'error' && /rejected: "ftp" drains are not supported/.test(s.text)), shown(bad));
    server.control.failNext({ method: 'POST', path: /\/log_drains$/, status: 422, body: { errors: ['Url is blocked', 'Drain limit reached'] } });
    const many = await runScripted('apphost.logDrain.add', { picks: ['analytics'], inputs: ['https://intake.example.com/x'] });
    assert.ok(many.shown.some((s) => s.kind === 'error' && s.text === 'Cannot add the log drain: Url is blocked; Drain limit reached'), shown(many));
    const taken = await runScripted('apphost.logDrain.add', { picks: ['storefront'], inputs: ['syslog://logs.example.com:514'] });
    assert.ok(taken.shown.some((s) => s.kind === 'error' && /Url has already been taken/.test(s.text)), shown(taken));
    const down = await runScripted('apphost.logDrain.add', { picks: ['legacy-crm'], inputs: ['syslog://logs.example.com:514'] });
    assert.ok(down.shown.some((s) => s.kind === 'error' && /the app's server cannot be reached/.test(s.text)), shown(down));
  });

  it('removes a drain after a modal confirmation, from the row or the palette', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Log Drains');
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Log Drains', 'syslog://logs.example.com:514');
    server.control.clearRequestLog();
    await runScripted('apphost.logDrain.remove', {}, row);
    assert.deepEqual(requestsOf(server), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.logDrain.remove', { buttons: [[/Stop forwarding the logs of storefront/, 'Remove']] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /removed from storefront/.test(s.text)), shown(ui));
    assert.ok(!(await labelsUnder(group)).includes('syslog://logs.example.com:514'));
    assert.equal(requestsOf(server).length, 2, 'one DELETE, one GET of Log Drains');
    const palette = await runScripted('apphost.logDrain.remove', { picks: ['analytics', 'http://10.0.0.5:8080/logs'], buttons: [[/Stop forwarding/, 'Remove']] });
    assert.ok(palette.shown.some((s) => s.kind === 'info' && /removed from analytics/.test(s.text)), shown(palette));
    assert.deepEqual(drainsOf('analytics'), []);
  });
});
