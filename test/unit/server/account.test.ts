import assert from 'node:assert/strict';
import { ADMIN_USER, type RunningServer } from '../../server';
import { makeEd25519PublicKey } from '../../server/sshKey';
import { client, type DemoClient, demoClient, startWithDemoClient } from './helpers';

describe('server: SSH keys, teams, notifications, activities', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  describe('/ssh_keys', () => {
    it('lists the caller\'s keys; adds one with a SHA256 fingerprint; removes it', async () => {
      const list = (await api.get('/ssh_keys')).body;
      assert.equal(list.length, 2);
      for (const k of list) assert.deepEqual(Object.keys(k).sort(), ['created_at', 'fingerprint', 'id', 'name']);
      const key = makeEd25519PublicKey('test-key', 'me@laptop');
      const res = await api.post('/ssh_keys', { name: 'Laptop', public_key: key });
      assert.equal(res.status, 201);
      assert.match(res.body.fingerprint, /^SHA256:[A-Za-z0-9+/]{43}$/);
      assert.equal((await api.post('/ssh_keys', { name: 'Again', public_key: key })).status, 422, 'duplicate fingerprint');
      const removed = await api.del(`/ssh_keys/${res.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'SSH key removed' }]);
      assert.equal((await api.del(`/ssh_keys/${res.body.id}`)).status, 404);
    });

    it('422 for invalid keys and missing fields; other users\' keys are invisible', async () => {
      for (const public_key of ['ssh-rsa', 'ssh-ed25519 !!!notbase64', 'ssh-foo AAAA', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5', 'hello world']) {
        const res = await api.post('/ssh_keys', { name: 'bad', public_key });
        assert.equal(res.status, 422, public_key);
        assert.ok(res.body.errors.length);
      }
      assert.equal((await api.post('/ssh_keys', {})).body.errors.length, 2);
      const adminKeys = (await client(server, server.control.issueToken(ADMIN_USER.email)).get('/ssh_keys')).body;
      assert.equal((await api.del(`/ssh_keys/${adminKeys[0].id}`)).status, 404);
    });
  });

  describe('/teams', () => {
    it('creates a team with a unique slug; the creator is its admin; it is a new workspace', async () => {
      const res = await api.post('/teams', { name: 'Acme Corp' });
      assert.equal(res.status, 201);
      assert.deepEqual(Object.keys(res.body).sort(), ['created_at', 'id', 'name', 'owner_id', 'slug']);
      assert.equal(res.body.slug, 'acme-corp');
      assert.equal((await api.post('/teams', { name: 'Acme Corp' })).body.slug, 'acme-corp-2');
      const members = (await api.get(`/teams/${res.body.id}/members`)).body;
      assert.deepEqual(members.map((m: { role: string }) => m.role), ['admin']);
      assert.deepEqual((await demoClient(server, 'acme-corp').get('/apps')).body, []);
      assert.equal((await api.post('/teams', { name: '' })).status, 422);
    });

    it('lists members; admins add (201) and remove them; 404 User not found', async () => {
      const team = (await api.post('/teams', { name: 'Side Project' })).body;
      const members = (await api.get(`/teams/${team.id}/members`)).body;
      assert.deepEqual(Object.keys(members[0]).sort(), ['email', 'id', 'role', 'user_id']);
      const added = await api.post(`/teams/${team.id}/members`, { email: 'sam@apphost.dev', role: 'viewer' });
      assert.equal(added.status, 201);
      assert.equal(added.body.role, 'viewer');
      assert.equal((await api.post(`/teams/${team.id}/members`, { email: 'sam@apphost.dev' })).status, 409);
      const missing = await api.post(`/teams/${team.id}/members`, { email: 'nobody@apphost.dev' });
      assert.deepEqual([missing.status, missing.body], [404, { error: 'User not found' }]);
      assert.equal((await api.post(`/teams/${team.id}/members`, { email: 'kim@apphost.dev', role: 'boss' })).status, 422);
      assert.equal((await api.post(`/teams/${team.id}/members`, {})).status, 422);
      const removed = await api.del(`/teams/${team.id}/members/${added.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Member removed' }]);
      assert.equal((await api.del(`/teams/${team.id}/members/${added.body.id}`)).status, 404);
      assert.equal((await api.del(`/teams/${team.id}/members/${members[0].id}`)).status, 422, 'the owner stays');
    });

    it('non-admin members cannot manage members (403); non-members get 404', async () => {
      const acme = (await api.get('/teams')).body.find((t: { slug: string }) => t.slug === 'acme');
      assert.equal((await api.get(`/teams/${acme.id}/members`)).status, 200);
      assert.equal((await api.post(`/teams/${acme.id}/members`, { email: 'lee@apphost.dev' })).status, 403);
      const outsider = client(server, server.control.issueToken('outsider@apphost.dev'));
      assert.equal((await outsider.get(`/teams/${acme.id}/members`)).status, 404);
    });
  });

  describe('/notifications', () => {
    it('lists channels with canonical fields; creates and deletes', async () => {
      const list = (await api.get('/notifications')).body;
      assert.ok(list.length >= 2);
      for (const n of list) assert.deepEqual(Object.keys(n).sort(), ['app_record_id', 'channel', 'config', 'events', 'id', 'team_id']);
      const res = await api.post('/notifications', { channel: 'webhook', events: ['deploy.failed'], config: { url: 'https://example.com/hook' }, app_record_id: 'storefront' });
      assert.equal(res.status, 201);
      assert.equal(res.body.app_record_id, server.control.findApp('storefront')!.id);
      assert.equal(res.body.team_id, null);
      const team = await demoClient(server, 'acme').post('/notifications', { channel: 'email', events: ['app.crashed'], config: { address: 'ops@acme.example' } });
      assert.equal(team.status, 201);
      assert.ok(team.body.team_id);
      const removed = await api.del(`/notifications/${res.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Notification removed' }]);
      assert.equal((await api.del(`/notifications/${res.body.id}`)).status, 404);
      assert.equal((await api.del(`/notifications/${team.body.id}`)).status, 404, 'other workspace');
    });

    it('422 {errors} for bad channel, events, config, team or app', async () => {
      for (const body of [
        {},
        { channel: 'pigeon', events: ['deploy.failed'] },
        { channel: 'email', events: [] },
        { channel: 'email', events: ['nope'], config: { address: 'a@b.co' } },
        { channel: 'email', events: ['deploy.failed'], config: { address: 'not-an-email' } },
        { channel: 'slack', events: ['deploy.failed'], config: {} },
        { channel: 'push', events: ['deploy.failed'], team_id: 'someone-else' },
        { channel: 'push', events: ['deploy.failed'], app_record_id: 'nope' },
      ]) {
        const res = await api.post('/notifications', body);
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length, JSON.stringify(body));
      }
    });
  });

  describe('/activities', () => {
    it('newest first, default 50, ?limit=1..200, canonical fields', async () => {
      const list = (await api.get('/activities')).body;
      assert.equal(list.length, 50);
      for (const a of list) assert.deepEqual(Object.keys(a).sort(), ['action', 'created_at', 'description', 'id', 'target_name', 'target_type']);
      assert.ok(list.every((a: { created_at: string }, i: number) => i === 0 || list[i - 1].created_at >= a.created_at));
      assert.equal((await api.get('/activities?limit=3')).body.length, 3);
      assert.ok((await api.get('/activities?limit=200')).body.length >= 50);
      for (const bad of ['0', '201', 'x']) assert.equal((await api.get(`/activities?limit=${bad}`)).status, 400, bad);
    });
  });
});
