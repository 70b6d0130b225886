import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPrivateKeys, normalizePrivateKey, validateHost, validatePort, validateServerName, validateSshUser } from '../../src/commands/servers';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { extensionApi, signInWithIssuedToken, signOutQuietly, stopSignedIn, useServer } from './support/env';
import { labelsUnder, nodeAt, requestsOf, runScripted } from './support/resourceTree';

const ONLY_ADMINS = /Only AppHost admins can manage servers/;

function newKey(): string {
  return generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());
}

describe('servers: add, remove, check status (admin-only)', function () {
  let server: RunningServer;

  before(async () => {
    server = await useServer();
  });
  afterEach(() => server.control.clearFaults());
  after(async () => {
    await stopSignedIn(server);
  });

  it('validates names, hosts, ports, users and keys as you type', () => {
    assert.equal(validateServerName('eu-west-2'), undefined);
    for (const bad of ['', 'EU', '1box', 'box_1', 'box-', 'x'.repeat(41)]) assert.ok(validateServerName(bad), bad);
    for (const good of ['203.0.113.7', 'host1.example.com', 'localhost', '::1', '2001:db8::5']) assert.equal(validateHost(good), undefined, good);
    for (const bad of ['', '300.1.1.1', 'bad host', 'under_score.example.com', '-lead.example.com']) assert.ok(validateHost(bad), bad);
    assert.equal(validatePort('22'), undefined);
    for (const bad of ['0', '65536', '22a', '-1', '']) assert.ok(validatePort(bad), bad);
    assert.equal(validateSshUser('dokku'), undefined);
    assert.ok(validateSshUser('Root'));
    const key = newKey();
    assert.equal(normalizePrivateKey(key), key, 'a well-formed key is kept');
    assert.equal(normalizePrivateKey(key.replace(/\n/g, ' ')), key, 'a key flattened by the input box gets its lines back');
    assert.equal(normalizePrivateKey('ssh-ed25519 AAAA... me@host'), undefined, 'a public key is not a private key');
  });

  it('offers the private-key files of ~/.ssh, not public keys or other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apphost-ssh-'));
    writeFileSync(join(dir, 'id_ed25519'), newKey());
    writeFileSync(join(dir, 'id_ed25519.pub'), 'ssh-ed25519 AAAA me@host\n');
    writeFileSync(join(dir, 'known_hosts'), 'example.com ssh-ed25519 AAAA\n');
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    assert.deepEqual(await findPrivateKeys(dir), [join(dir, 'id_ed25519')]);
    assert.deepEqual(await findPrivateKeys(join(dir, 'missing')), []);
  });

  describe('as a user who is not an admin', () => {
    before(async () => {
      await signInWithIssuedToken(server, DEMO_USER.email);
    });
    after(async () => signOutQuietly());

    it('server rows carry no :admin flag, so the actions are hidden', async () => {
      const row = await nodeAt('Personal', 'Servers', 'eu-central-1');
      assert.equal((await row.getTreeItem()).contextValue, 'server:connected');
    });

    it('explains that only admins can add, remove or check servers, without asking anything or calling the service', async () => {
      const row = await nodeAt('Personal', 'Servers', 'eu-central-1');
      server.control.clearRequestLog();
      for (const [command, target] of [['apphost.server.add', undefined], ['apphost.server.remove', row], ['apphost.server.checkStatus', row]] as const) {
        const ui = await runScripted(command, { inputs: ['x'], picks: ['x'] }, target);
        assert.deepEqual(ui.shown.map((s) => s.kind), ['error'], `${command}: ${JSON.stringify(ui.shown)}`);
        assert.match(ui.shown[0].text, ONLY_ADMINS);
      }
      assert.deepEqual(requestsOf(server), []);
    });
  });

  describe('as an admin', () => {
    before(async () => {
      await signInWithIssuedToken(server, ADMIN_USER.email);
    });

    it('server rows carry the :admin flag', async () => {
      const row = await nodeAt('Personal', 'Servers', 'admin-lab');
      assert.equal((await row.getTreeItem()).contextValue, 'server:connected:admin');
    });

    it('refuses an invalid name in place', async () => {
      const group = await nodeAt('Personal', 'Servers');
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.server.add', { inputs: ['Build Box'] }, group);
      assert.ok(ui.shown.some((s) => s.kind === 'error' && /rejected: Use lowercase letters/.test(s.text)), JSON.stringify(ui.shown));
      assert.deepEqual(requestsOf(server), []);
    });

    it('adds a server with a pasted key: one POST, then only the Servers group is fetched again; the key is never logged', async () => {
      const group = await nodeAt('Personal', 'Servers');
      await labelsUnder(group);
      const key = newKey();
      server.control.clearRequestLog();
      const ui = await runScripted(
        'apphost.server.add',
        { inputs: ['build-box', 'build.example.com', '2222', 'deploy', key.replace(/\n/g, ' ')], picks: ['Paste a private key'] },
        group,
      );
      assert.ok(ui.shown.some((s) => s.kind === 'info' && /Server build-box added/.test(s.text)), JSON.stringify(ui.shown));
      const record = server.control.findServer('build-box', ADMIN_USER.email);
      assert.ok(record, 'created on the server');
      assert.deepEqual([record.host, record.port, record.sshUser, record.sshPrivateKey], ['build.example.com', 2222, 'deploy', key.trim()], 'the key arrives whole, line breaks restored (the service trims it)');
      assert.deepEqual(requestsOf(server), ['POST /api/v1/servers']);
      assert.ok((await labelsUnder(group)).includes('build-box'), 'shown in the Servers group');
      assert.deepEqual(requestsOf(server), ['POST /api/v1/servers', 'GET /api/v1/servers'], 'the group refetched, nothing else');
      const keyBody = key.split('\n')[1];
      for (const file of filesUnder((await extensionApi()).logUri.fsPath)) assert.ok(!readFileSync(file, 'utf8').includes(keyBody), `key in ${file}`);
    });

    it('adds from the Command Palette in the active workspace, with the default port and user', async () => {
      const ui = await runScripted('apphost.server.add', { inputs: ['edge-box', '198.51.100.20', '22', 'dokku', newKey()], picks: ['Paste a private key'] });
      assert.ok(ui.shown.some((s) => s.kind === 'info'), JSON.stringify(ui.shown));
      const record = server.control.findServer('edge-box', ADMIN_USER.email);
      assert.deepEqual([record?.port, record?.sshUser], [22, 'dokku']);
    });

    it('shows the service error when adding fails, and does not refresh', async () => {
      server.control.failNext({ method: 'POST', path: '/servers', status: 409, body: { error: 'Server name already taken' } });
      server.control.clearRequestLog();
      const group = await nodeAt('Personal', 'Servers');
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.server.add', { inputs: ['build-box', 'build.example.com', '22', 'dokku', newKey()], picks: ['Paste a private key'] }, group);
      assert.ok(ui.shown.some((s) => s.kind === 'error' && /already taken/.test(s.text)), JSON.stringify(ui.shown));
      assert.deepEqual(requestsOf(server), ['POST /api/v1/servers']);
    });

    it('checks a server status with one request and updates its row in place', async () => {
      server.control.setServerStatus('build-box', 'unreachable', ADMIN_USER.email);
      const row = await nodeAt('Personal', 'Servers', 'build-box');
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.server.checkStatus', {}, row);
      assert.equal(requestsOf(server).length, 1);
      assert.match(requestsOf(server)[0], /^GET \/api\/v1\/servers\/[^/]+\/status$/);
      assert.match(String((await row.getTreeItem()).description), /^unreachable/);
      assert.ok(ui.shown.some((s) => s.kind === 'warning' && /build-box is unreachable/.test(s.text)), JSON.stringify(ui.shown));

      server.control.setServerStatus('build-box', 'connected', ADMIN_USER.email);
      const again = await runScripted('apphost.server.checkStatus', { picks: ['build-box'] });
      assert.ok(again.shown.some((s) => s.kind === 'info' && /build-box is connected/.test(s.text)), 'from the palette: picked in the active workspace');
    });

    it('explains a 403 that still happens instead of showing it raw', async () => {
      server.control.failNext({ path: /\/servers\/[^/]+\/status$/, status: 403, body: { error: 'Not authorized' } });
      const row = await nodeAt('Personal', 'Servers', 'admin-lab');
      const ui = await runScripted('apphost.server.checkStatus', {}, row);
      const errors = ui.shown.filter((s) => s.kind === 'error');
      assert.equal(errors.length, 1);
      assert.match(errors[0].text, ONLY_ADMINS);
    });

    it('removes a server only after a modal confirmation', async () => {
      const row = await nodeAt('Personal', 'Servers', 'build-box');
      server.control.clearRequestLog();
      await runScripted('apphost.server.remove', {}, row);
      assert.deepEqual(requestsOf(server), [], 'dismissed: nothing happens');
      const ui = await runScripted('apphost.server.remove', { buttons: [[/Remove server build-box/, 'Remove']] }, row);
      assert.ok(ui.shown.some((s) => s.kind === 'info' && /build-box removed/.test(s.text)), JSON.stringify(ui.shown));
      assert.equal(server.control.findServer('build-box', ADMIN_USER.email), undefined);
      assert.ok(!(await labelsUnder(await nodeAt('Personal', 'Servers'))).includes('build-box'));
    });

    it('explains why a server that still hosts apps cannot be removed (422)', async () => {
      const row = await nodeAt('Personal', 'Servers', 'admin-lab');
      const ui = await runScripted('apphost.server.remove', { buttons: [[/Remove server/, 'Remove']] }, row);
      const error = ui.shown.find((s) => s.kind === 'error');
      assert.match(error?.text ?? '', /Cannot remove server admin-lab: it still hosts apps or databases/);
      assert.ok(server.control.findServer('admin-lab', ADMIN_USER.email), 'still there');
    });
  });
});
