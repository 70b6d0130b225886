import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateHostname } from '../../src/commands/domains';
import type { RunningServer } from '../server';
import { startSignedIn, stopSignedIn } from './support/env';
import { labelsUnder, nodeAt, requestsOf as allRequests, runScripted } from './support/resourceTree';

/** Requests of the actions (walking the tree from its roots re-reads the workspace list). */
const requestsOf = (server: RunningServer) => allRequests(server).filter((r) => r !== 'GET /api/v1/teams');

const API = '/api/v1';

describe('parts: domains', function () {
  let server: RunningServer;
  const domainsOf = (app: string) =>
    [...server.control.state.store.domains.values()].filter((d) => d.appId === server.control.findApp(app)!.id).map((d) => d.hostname).sort();
  const shown = (ui: { shown: { kind: string; text: string }[] }) => JSON.stringify(ui.shown);

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  it('validates hostnames as you type', () => {
    for (const good of ['example.com', 'www.shop.example.com', 'a-b.example.co.uk', 'API.Example.com']) assert.equal(validateHostname(good), undefined, good);
    const cases: [string, RegExp][] = [
      ['', /Enter a hostname/],
      ['https://example.com', /hostname only/],
      ['example.com/path', /hostname only/],
      ['*.example.com', /Wildcard/],
      ['localhost', /at least two labels/],
      ['-bad.example.com', /dash/],
      ['bad_.example.com', /letters, digits and dashes/],
    ];
    for (const [value, message] of cases) assert.match(validateHostname(value) ?? '', message, value);
  });

  it('lists domains with SSL shown, as rows that offer the right actions', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Domains');
    assert.deepEqual(await labelsUnder(group), ['shop.example.com', 'www.shop.example.com', 'storefront.apphost-demo.dev']);
    const plain = await (await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'storefront.apphost-demo.dev')).getTreeItem();
    assert.equal(plain.contextValue, 'domain:nossl');
    assert.equal(plain.description, 'no SSL');
    const secure = await (await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'shop.example.com')).getTreeItem();
    assert.equal(secure.contextValue, 'domain:ssl');
    assert.equal((await group.getTreeItem()).contextValue, 'group:domains');
  });

  it('adds a domain from the group: one POST, then only Domains is fetched again', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Domains');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.domain.add', { inputs: ['Checkout.Example.com'] }, group);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /checkout\.example\.com added to storefront/.test(s.text)), shown(ui));
    assert.ok(domainsOf('storefront').includes('checkout.example.com'));
    assert.ok((await labelsUnder(group)).includes('checkout.example.com'));
    const id = server.control.findApp('storefront')!.id;
    assert.deepEqual(requestsOf(server), [`POST ${API}/apps/${id}/domains`, `GET ${API}/apps/${id}/domains`]);
  });

  it('refuses a bad hostname in place and sends nothing', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.domain.add', { inputs: ['https://x.example.com'] }, await nodeAt('Personal', 'Apps', 'storefront', 'Domains'));
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /rejected: Enter the hostname only/.test(s.text)), shown(ui));
    assert.deepEqual(requestsOf(server), []);
  });

  it('accepts the AppRef that "Open App in Browser" passes when an app has no domain', async () => {
    const ui = await runScripted('apphost.app.openInBrowser', { buttons: [[/has no domain yet/, 'Add Domain…']], inputs: ['blog.example.com'] }, await nodeAt('Personal', 'Apps', 'blog'));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /blog\.example\.com added to blog/.test(s.text)), shown(ui));
    assert.deepEqual(domainsOf('blog'), ['blog.example.com']);
  });

  it('adds from the palette after picking the app, and explains a 409', async () => {
    const ui = await runScripted('apphost.domain.add', { picks: ['api-gateway'], inputs: ['shop.example.com'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot add shop\.example\.com: Hostname has already been taken/.test(s.text)), shown(ui));
  });

  it('explains that the app\'s server is unreachable (503)', async () => {
    const ui = await runScripted('apphost.domain.add', { picks: ['legacy-crm'], inputs: ['crm.example.com'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot add crm\.example\.com: the app's server cannot be reached \(Cannot connect to server/.test(s.text)), shown(ui));
    assert.deepEqual(domainsOf('legacy-crm'), []);
  });

  it('shows every message of a 422', async () => {
    server.control.failNext({ method: 'POST', path: /\/domains$/, status: 422, body: { errors: ['Hostname is reserved', 'Hostname is on a blocklist'] } });
    const ui = await runScripted('apphost.domain.add', { picks: ['storefront'], inputs: ['reserved.example.com'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot add reserved\.example\.com: Hostname is reserved; Hostname is on a blocklist/.test(s.text)), shown(ui));
  });

  it('enables SSL with progress and a busy row, then refreshes Domains', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Domains');
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'storefront.apphost-demo.dev');
    server.control.setActionDelay(300);
    server.control.clearRequestLog();
    try {
      const running = runScripted('apphost.domain.enableSsl', {}, row);
      await new Promise((r) => setTimeout(r, 100));
      const busy = await row.getTreeItem();
      assert.equal(busy.description, 'Enabling SSL for storefront.apphost-demo.dev…');
      assert.match(String(busy.contextValue), /:busy\b/);
      const ui = await running;
      assert.ok(ui.shown.some((s) => s.kind === 'info' && /SSL enabled for storefront\.apphost-demo\.dev/.test(s.text)), shown(ui));
    } finally {
      server.control.setActionDelay(20);
    }
    assert.equal((await (await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'storefront.apphost-demo.dev')).getTreeItem()).contextValue, 'domain:ssl');
    const id = server.control.findApp('storefront')!.id;
    const did = [...server.control.state.store.domains.values()].find((d) => d.hostname === 'storefront.apphost-demo.dev')!.id;
    assert.deepEqual(requestsOf(server), [`POST ${API}/apps/${id}/domains/${did}/ssl`, `GET ${API}/apps/${id}/domains`]);
    assert.ok(await labelsUnder(group));
  });

  it('offers only domains without SSL from the palette, and explains a platform refusal', async () => {
    const none = await runScripted('apphost.domain.enableSsl', { picks: ['api-gateway'] });
    assert.ok(none.shown.some((s) => s.kind === 'error' && /Every domain of api-gateway already has SSL/.test(s.text)), JSON.stringify(none.shown));
    // marketing-site sleeps: the platform refuses a certificate for an app that is not running.
    const ui = await runScripted('apphost.domain.enableSsl', { picks: ['marketing-site', 'example.com'] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /Cannot enable SSL for example\.com: .*must be running/.test(s.text)), shown(ui));
  });

  it('removes a domain only after a modal confirmation', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'checkout.example.com');
    server.control.clearRequestLog();
    await runScripted('apphost.domain.remove', {}, row);
    assert.deepEqual(requestsOf(server), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.domain.remove', { buttons: [[/Remove checkout\.example\.com from storefront\?/, 'Remove']] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /checkout\.example\.com removed from storefront/.test(s.text)), shown(ui));
    assert.ok(!domainsOf('storefront').includes('checkout.example.com'));
    assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Apps', 'storefront', 'Domains'))).includes('checkout.example.com'));
    assert.equal(requestsOf(server).filter((r) => r.startsWith('DELETE')).length, 1);
    assert.equal(requestsOf(server).filter((r) => r.startsWith('GET')).length, 1, 'only Domains is fetched again');
  });

  it('removes from the palette by picking app and domain', async () => {
    const ui = await runScripted('apphost.domain.remove', { picks: ['blog', 'blog.example.com'], buttons: [[/Remove blog\.example\.com/, 'Remove']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /blog\.example\.com removed from blog/.test(s.text)), shown(ui));
    assert.deepEqual(domainsOf('blog'), []);
  });

  it('opens a domain in the browser (https once SSL is on)', async function () {
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const original = env.openExternal;
    const opened: string[] = [];
    try {
      env.openExternal = async (uri: vscode.Uri) => {
        opened.push(uri.toString(true));
        return true;
      };
    } catch {
      this.skip();
    }
    try {
      await runScripted('apphost.domain.open', {}, await nodeAt('Personal', 'Apps', 'storefront', 'Domains', 'shop.example.com'));
      await runScripted('apphost.domain.open', { picks: ['marketing-site', 'example.com'] });
    } finally {
      env.openExternal = original;
    }
    if (!opened.length) this.skip(); // vscode.env is read-only in this host: nothing to observe
    assert.deepEqual(opened, ['https://shop.example.com/', 'http://example.com/']);
  });
});
