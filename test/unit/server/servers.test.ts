import assert from 'node:assert/strict';
import { ADMIN_USER, type RunningServer } from '../../server';
import { client, demoClient, start } from './helpers';
import { until } from '../../support/wait';

const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----';

describe('server: /servers', () => {
  let server: RunningServer;
  let admin: ReturnType<typeof client>;
  before(async () => {
    server = await start();
    admin = client(server, server.control.issueToken(ADMIN_USER.email));
  });
  after(() => server.close());

  it('lists every platform server to every user, with the canonical fields, one unreachable, no private key', async () => {
    const res = await demoClient(server).get('/servers');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.map((s: { name: string }) => s.name).sort(), ['acme-prod-1', 'admin-lab', 'eu-central-1', 'legacy-box', 'oss-box', 'us-east-1']);
    for (const s of res.body) assert.deepEqual(Object.keys(s).sort(), ['created_at', 'host', 'id', 'name', 'port', 'status']);
    assert.equal(res.body.filter((s: { status: string }) => s.status === 'unreachable').length, 1);
    assert.ok(!res.text.includes('PRIVATE KEY'));
    const outsider = client(server, server.control.issueToken('outsider@apphost.dev'));
    assert.equal((await outsider.get('/servers')).body.length, res.body.length, 'not only members of a team');
  });

  it('shows one server by id or by name (every column but the key); 404 otherwise', async () => {
    const api = demoClient(server);
    const [first] = (await api.get('/servers')).body;
    const shown = (await api.get(`/servers/${first.id}`)).body;
    assert.deepEqual(Object.keys(shown).sort(), ['created_at', 'host', 'id', 'name', 'port', 'ssh_user', 'status', 'team_id', 'updated_at']);
    assert.deepEqual((await api.get(`/servers/${first.name}`)).body, shown);
    const missing = await api.get('/servers/nope');
    assert.deepEqual([missing.status, missing.body], [404, { status: 404, error: 'Not Found' }]);
  });

  it('403 for non-admins on add, remove and status', async () => {
    const api = demoClient(server);
    const [first] = (await api.get('/servers')).body;
    for (const res of [
      await api.post('/servers', { name: 'x', host: '10.0.0.1', ssh_private_key: PEM }),
      await api.del(`/servers/${first.id}`),
      await api.get(`/servers/${first.id}/status`),
    ]) {
      assert.deepEqual([res.status, res.body], [403, { error: 'Not authorized' }]);
    }
  });

  it('admin adds a server (no private key needed): syncing, then connected (or unreachable); everyone sees it', async () => {
    const created = await admin.post('/servers', { name: 'new-box', host: '10.1.2.3', port: 2222, ssh_user: 'dokku' });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'syncing');
    assert.equal(created.body.port, 2222);
    assert.ok(!('ssh_private_key' in created.body));
    assert.ok((await demoClient(server).get('/servers')).body.some((s: { id: string }) => s.id === created.body.id));
    const withKey = await admin.post('/servers', { name: 'keyed-box', host: '10.1.2.4', ssh_private_key: PEM });
    assert.ok(!withKey.text.includes('PRIVATE KEY'));
    await until('(await admin.get(`/servers/${created.body.id}/status`)).body.connected', async () => (await admin.get(`/servers/${created.body.id}/status`)).body.connected);
    assert.deepEqual((await admin.get(`/servers/${created.body.id}/status`)).body, { status: 'connected', connected: true });

    const dead = await admin.post('/servers', { name: 'dead-box', host: '203.0.113.99', ssh_private_key: PEM });
    await until("(await admin.get(`/servers/${dead.body.id}`)).body.status === 'unre…", async () => (await admin.get(`/servers/${dead.body.id}`)).body.status === 'unreachable');
    assert.deepEqual((await admin.get(`/servers/${dead.body.id}/status`)).body, { status: 'unreachable', connected: false });
  });

  it('validates new servers like wokku (name, host, port) with 422 errors, a taken name included', async () => {
    const res = await admin.post('/servers', { port: 0 });
    assert.deepEqual([res.status, res.body], [422, { errors: ["Name can't be blank", "Host can't be blank", 'Port must be greater than 0'] }]);
    const dup = await admin.post('/servers', { name: 'eu-central-1', host: '10.0.0.9' });
    assert.deepEqual([dup.status, dup.body], [422, { errors: ['Name has already been taken'] }]);
  });

  it('admin removes an empty server; a server with apps is refused (422)', async () => {
    const created = await admin.post('/servers', { name: 'tmp-box', host: '10.9.9.9', ssh_private_key: PEM });
    const removed = await admin.del(`/servers/${created.body.id}`);
    assert.deepEqual([removed.status, removed.body], [200, { message: 'Server removed' }]);
    assert.equal((await admin.get(`/servers/${created.body.id}`)).status, 404);
    const busy = await admin.del('/servers/admin-lab');
    assert.equal(busy.status, 422);
    assert.match(busy.body.error, /still hosts 1 app/);
  });
});
