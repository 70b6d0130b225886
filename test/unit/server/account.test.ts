import assert from 'node:assert/strict';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../../server';
import { makeEd25519PublicKey } from '../../server/sshKey';
import { client, type DemoClient, startWithDemoClient } from './helpers';

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
    it('lists every team of the user, their own first, without slugs', async () => {
      const teams = (await api.get('/teams')).body;
      assert.deepEqual(teams.map((t: { name: string }) => t.name), ["Dana Demo's Team", 'Acme Corp', 'OSS Collective']);
      for (const t of teams) assert.deepEqual(Object.keys(t).sort(), ['created_at', 'id', 'name', 'owner_id', 'updated_at']);
      assert.equal(teams[0].id, server.control.teamId(DEMO_USER.email));
    });

    it('creates a team (422 for a taken name); the creator is its admin', async () => {
      const res = await api.post('/teams', { name: 'Side Hustle' });
      assert.equal(res.status, 201);
      assert.deepEqual(Object.keys(res.body).sort(), ['created_at', 'id', 'name', 'owner_id', 'updated_at']);
      const taken = await api.post('/teams', { name: 'Side Hustle' });
      assert.deepEqual([taken.status, taken.body], [422, { errors: ['Name has already been taken'] }]);
      const members = (await api.get(`/teams/${res.body.id}/members`)).body;
      assert.deepEqual(members.map((m: { role: string }) => m.role), ['admin']);
      assert.equal((await api.post('/teams', { name: '' })).status, 422);
    });

    it('lists members; admins add (201) and remove them; 404 User not found', async () => {
      const team = (await api.post('/teams', { name: 'Side Project' })).body;
      const members = (await api.get(`/teams/${team.id}/members`)).body;
      assert.deepEqual(Object.keys(members[0]).sort(), ['email', 'id', 'role', 'user_id']);
      const added = await api.post(`/teams/${team.id}/members`, { email: 'sam@apphost.dev', role: 'viewer' });
      assert.equal(added.status, 201);
      assert.equal(added.body.role, 'viewer');
      const again = await api.post(`/teams/${team.id}/members`, { email: 'sam@apphost.dev' });
      assert.deepEqual([again.status, again.body], [422, { errors: ['User has already been taken'] }]);
      const missing = await api.post(`/teams/${team.id}/members`, { email: 'nobody@apphost.dev' });
      assert.deepEqual([missing.status, missing.body], [404, { error: 'User not found' }]);
      assert.equal((await api.post(`/teams/${team.id}/members`, { email: 'kim@apphost.dev', role: 'boss' })).status, 422);
      assert.equal((await api.post(`/teams/${team.id}/members`, {})).status, 422);
      const removed = await api.del(`/teams/${team.id}/members/${added.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Member removed' }]);
      assert.equal((await api.del(`/teams/${team.id}/members/${added.body.id}`)).status, 404);
      assert.equal((await api.del(`/teams/${team.id}/members/${members[0].id}`)).status, 422, 'the owner stays');
    });

    it('non-admin members cannot manage members (403); a team the caller is not in is 403, an unknown one 404', async () => {
      const acme = server.control.teamId('acme');
      assert.equal((await api.get(`/teams/${acme}/members`)).status, 200);
      assert.equal((await api.post(`/teams/${acme}/members`, { email: 'lee@apphost.dev' })).status, 403);
      const outsider = client(server, server.control.issueToken('outsider@apphost.dev'));
      assert.deepEqual((await outsider.get(`/teams/${acme}/members`)).body, { error: 'Not authorized' });
      assert.deepEqual((await api.get('/teams/01900000-0000-7000-8000-000000000000/members')).body, { status: 404, error: 'Not Found' });
    });
  });

  describe('/notifications', () => {
    it('lists the channels of every team of the user, with canonical fields', async () => {
      const list = (await api.get('/notifications')).body;
      assert.equal(list.length, 3);
      for (const n of list) assert.deepEqual(Object.keys(n).sort(), ['app_record_id', 'channel', 'config', 'events', 'id', 'team_id']);
      assert.deepEqual(new Set(list.map((n: { team_id: string }) => n.team_id)), new Set([server.control.teamId(), server.control.teamId('acme')]));
      const events = new Set(list.flatMap((n: { events: string[] }) => n.events));
      assert.deepEqual([...events].sort(), ['backup_failed', 'deploy_failed', 'deploy_succeeded'], 'the events wokku fires');
    });

    it('creates in a team the user administers (any of them), deletes; team members get 403', async () => {
      const own = server.control.teamId();
      const res = await api.post('/notifications', { team_id: own, channel: 'webhook', events: ['deploy_failed'], config: { url: 'https://example.com/hook' }, app_record_id: 'storefront' });
      assert.equal(res.status, 201);
      assert.equal(res.body.app_record_id, server.control.findApp('storefront')!.id);
      assert.equal(res.body.team_id, own);
      assert.deepEqual(res.body.events, ['deploy_failed']);
      const inAcme = await api.post('/notifications', { team_id: server.control.teamId('acme'), channel: 'email', events: ['deploy_failed'] });
      assert.deepEqual([inAcme.status, inAcme.body], [403, { error: 'Not authorized' }], 'demo is a member, not an admin, of Acme');
      const admin = client(server, server.control.issueToken(ADMIN_USER.email));
      const team = await admin.post('/notifications', { team_id: server.control.teamId('acme'), channel: 'email', events: ['backup_failed'], config: { address: 'ops@acme.example' } });
      assert.equal(team.status, 201);
      assert.ok((await api.get('/notifications')).body.some((n: { id: string }) => n.id === team.body.id), 'visible to every member of the team');
      assert.equal((await api.del(`/notifications/${team.body.id}`)).status, 403);
      const removed = await api.del(`/notifications/${res.body.id}`);
      assert.deepEqual([removed.status, removed.body], [200, { message: 'Notification removed' }]);
      assert.equal((await api.del(`/notifications/${res.body.id}`)).status, 404);
    });

    it('404 without team_id or for a team of someone else; 422 {errors} for bad channel, events or app', async () => {
      const own = server.control.teamId();
      for (const team_id of [undefined, server.control.teamId(ADMIN_USER.email), 'nope']) {
        const res = await api.post('/notifications', { team_id, channel: 'push', events: ['deploy_failed'] });
        assert.deepEqual([res.status, res.body], [404, { status: 404, error: 'Not Found' }], String(team_id));
      }
      for (const body of [
        {},
        { channel: 'pigeon', events: ['deploy_failed'] },
        { channel: 'email', events: [] },
        { channel: 'push', events: ['deploy_failed'], app_record_id: 'nope' },
      ]) {
        const res = await api.post('/notifications', { team_id: own, ...body });
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.ok(Array.isArray(res.body.errors) && res.body.errors.length, JSON.stringify(body));
      }
      // Like wokku: any event name and any config are stored as given.
      const odd = await api.post('/notifications', { team_id: own, channel: 'slack', events: ['whatever'], config: {} });
      assert.equal(odd.status, 201);
    });
  });

  describe('/activities', () => {
    it('newest first, default 50, ?limit clamped to 1..200, canonical fields', async () => {
      const list = (await api.get('/activities')).body;
      assert.equal(list.length, 50);
      for (const a of list) assert.deepEqual(Object.keys(a).sort(), ['action', 'created_at', 'description', 'id', 'target_name', 'target_type']);
      assert.ok(list.every((a: { created_at: string }, i: number) => i === 0 || list[i - 1].created_at >= a.created_at));
      assert.equal((await api.get('/activities?limit=3')).body.length, 3);
      assert.ok((await api.get('/activities?limit=200')).body.length > 50);
      for (const [raw, n] of [['0', 1], ['x', 1], ['-5', 1]] as const) assert.equal((await api.get(`/activities?limit=${raw}`)).body.length, n, raw);
      assert.ok((await api.get('/activities?limit=500')).body.length <= 200);
    });

    it('descriptions are fragments completed by target_name; unknown actions describe themselves', async () => {
      const list: { action: string; description: string; target_name: string | null }[] = (await api.get('/activities?limit=200')).body;
      const byAction = (action: string) => list.find((a) => a.action === action);
      assert.deepEqual(byAction('config.updated') && [byAction('config.updated')!.description], ['updated config for']);
      assert.equal(byAction('app.deployed')?.description, 'deployed');
      assert.equal(byAction('app.stoped')?.description, 'app.stoped', 'the API writes app.stoped; wokku has no description for it');
      assert.equal(byAction('database.create_queued')?.description, 'database.create_queued');
      assert.equal(byAction('log_drain.added')?.target_name, null);
      // Only the user's first team's feed: what they did on Acme's apps is in it, Acme's own deploys are not.
      assert.ok(list.some((a) => a.action === 'app.restarted' && a.target_name === 'acme-api'));
      assert.ok(!list.some((a) => a.action === 'app.deployed' && a.target_name?.startsWith('acme')));
    });

    it('records wokku\'s action names for API calls, in the caller\'s own feed', async () => {
      const acmeMember = api;
      await acmeMember.put('/apps/acme-web/config', { vars: { FEATURE: 'on' } });
      await acmeMember.post('/apps/acme-web/restart');
      await acmeMember.post('/apps/acme-web/stop');
      await acmeMember.post('/apps/acme-web/start');
      const latest = (await api.get('/activities?limit=4')).body.map((a: { action: string; target_name: string }) => `${a.action} ${a.target_name}`);
      assert.deepEqual(latest, ['app.started acme-web', 'app.stoped acme-web', 'app.restarted acme-web', 'config.updated acme-web']);
      const admin = client(server, server.control.issueToken(ADMIN_USER.email));
      const adminFeed = (await admin.get('/activities?limit=10')).body;
      assert.ok(!adminFeed.some((a: { action: string }) => a.action === 'app.stoped'), 'not in the feed of the team owner');
    });
  });
});
