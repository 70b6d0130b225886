import assert from 'node:assert/strict';
import { ADMIN_USER, type RunningServer } from '../../server';
import { client, demoClient, start, waitFor } from './helpers';

const PEM = '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----';

describe('server: /servers', () => {
  let server: RunningServer;
  let admin: ReturnType<typeof client>;
  before(async () => {
    server = await start();
    admin = client(server, server.control.issueToken(ADMIN_USER.email));
  });
  after(() => server.close());

  it('lists servers with the canonical fields, one unreachable, no private key', async () => {
    const res = await demoClient(server).get('/servers');
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 3);
    for (const s of res.body) assert.deepEqual(Object.keys(s).sort(), ['created_at', 'host', 'id', 'name', 'port', 'status']);
    assert.deepEqual(res.body.map((s: { status: string }) => s.status).sort(), ['connected', 'connected', 'unreachable']);
    assert.ok(!res.text.includes('PRIVATE KEY'));
  });

  it('shows one server by id or by name; 404 otherwise', async () => {
    const api = demoClient(server);
    const [first] = (await api.get('/servers')).body;
    assert.deepEqual((await api.get(`/servers/${first.id}`)).body, first);
    assert.deepEqual((await api.get(`/servers/${first.name}`)).body, first);
    const missing = await api.get('/servers/nope');
    assert.deepEqual([missing.status, missing.body], [404, { error: 'Not found' }]);
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

  it('admin adds a server: syncing, then connected (or unreachable for a dead host)', async () => {
    const created = await admin.post('/servers', { name: 'new-box', host: '10.1.2.3', port: 2222, ssh_user: 'dokku', ssh_private_key: PEM });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, 'syncing');
    assert.equal(created.body.port, 2222);
    assert.ok(!('ssh_private_key' in created.body));
    await waitFor(async () => (await admin.get(`/servers/${created.body.id}/status`)).body.connected);
    assert.deepEqual((await admin.get(`/servers/${created.body.id}/status`)).body, { status: 'connected', connected: true });

    const dead = await admin.post('/servers', { name: 'dead-box', host: '203.0.113.99', ssh_private_key: PEM });
    await waitFor(async () => (await admin.get(`/servers/${dead.body.id}`)).body.status === 'unreachable');
    assert.deepEqual((await admin.get(`/servers/${dead.body.id}/status`)).body, { status: 'unreachable', connected: false });
  });

  it('validates new servers (422 errors) and rejects duplicates (409)', async () => {
    const res = await admin.post('/servers', { name: 'Bad Name', host: 'not a host', port: 70000 });
    assert.equal(res.status, 422);
    assert.equal(res.body.errors.length, 4);
    const dup = await admin.post('/servers', { name: 'admin-lab', host: '10.0.0.9', ssh_private_key: PEM });
    assert.deepEqual([dup.status, dup.body], [409, { error: 'Server name already taken' }]);
  });

  it('admin removes an empty server; a server with apps is refused (422)', async () => {
    const created = await admin.post('/servers', { name: 'tmp-box', host: '10.9.9.9', ssh_private_key: PEM });
    const removed = await admin.del(`/servers/${created.body.id}`);
    assert.deepEqual([removed.status, removed.body], [200, { message: 'Server removed' }]);
    assert.equal((await admin.get(`/servers/${created.body.id}`)).status, 404);
    const busy = await admin.del('/servers/admin-lab');
    assert.equal(busy.status, 422);
    assert.match(busy.body.error, /still hosts 1 app/);
    const actions = (await admin.get('/activities?limit=3')).body.map((a: { action: string }) => a.action);
    assert.ok(actions.includes('server.delete'));
  });
});
