import assert from 'node:assert/strict';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../../server';
import { call, client, demoClient, start } from './helpers';

const names = (list: { name: string }[]): string[] => list.map((r) => r.name).sort();

describe('server: workspaces (default: like wokku, the header is ignored)', () => {
  let server: RunningServer;
  before(async () => {
    server = await start();
  });
  after(() => server.close());

  it('every list holds the records of every team of the user, the same with any header', async () => {
    const plain = demoClient(server);
    for (const path of ['/apps', '/databases', '/notifications', '/activities', '/servers', '/teams']) {
      const a = (await plain.get(path)).body;
      const b = (await demoClient(server, 'acme').get(path)).body;
      const c = (await demoClient(server, 'no-such-team').get(path)).body;
      assert.deepEqual(b, a, `${path} with a member's slug`);
      assert.deepEqual(c, a, `${path} with an unknown slug`);
    }
    const teams = new Set((await plain.get('/apps')).body.map((a: { team_id: string }) => a.team_id));
    assert.deepEqual(teams, new Set([server.control.teamId(), server.control.teamId('acme'), server.control.teamId('oss')]));
  });

  it('teams have no slug; the first one is "<Name>\'s Team", created at sign-up', async () => {
    const teams = (await demoClient(server).get('/teams')).body;
    assert.ok(teams.every((t: object) => !('slug' in t)));
    assert.equal(teams[0].name, "Dana Demo's Team");
    const admin = (await client(server, server.control.issueToken(ADMIN_USER.email)).get('/teams')).body;
    assert.equal(admin[0].name, "Ada Admin's Team");
  });

  it('new apps and databases land in the first team whatever header is sent; a record of another team is 403', async () => {
    const acme = demoClient(server, 'acme');
    const app = await acme.post('/apps', { name: 'header-ignored', server_id: 'acme-prod-1' });
    assert.equal(app.status, 201);
    assert.equal(app.body.team_id, server.control.teamId(DEMO_USER.email));
    assert.ok(server.control.findApp('header-ignored', DEMO_USER.email));
    const db = await acme.post('/databases', { name: 'header-ignored-db', service_type: 'redis', server_id: 'acme-prod-1' });
    assert.equal(db.status, 201);

    const outsider = client(server, server.control.issueToken('outsider@apphost.dev'), 'acme');
    assert.deepEqual((await outsider.get('/apps')).body, [], 'their own (empty) team, not 403');
    for (const path of ['/apps/acme-api', '/apps/acme-api/config', '/databases/acme-pg', `/teams/${server.control.teamId('acme')}/members`]) {
      const res = await outsider.get(path);
      assert.deepEqual([res.status, res.body], [403, { error: 'Not authorized' }], path);
    }
    assert.ok(!(await outsider.get('/databases')).body.some((d: { name: string }) => d.name === 'header-ignored-db'));
  });

  it('the activity feed is the first team\'s only', async () => {
    const api = demoClient(server);
    await api.post('/apps/acme-web/restart');
    const feed = (await api.get('/activities?limit=1')).body[0];
    assert.deepEqual([feed.action, feed.target_name], ['app.restarted', 'acme-web'], 'what the user did on a team app');
    const sam = client(server, server.control.issueToken('sam@apphost.dev'));
    assert.ok(!(await sam.get('/activities')).body.some((a: { action: string; target_name: string }) => a.target_name === 'acme-web' && a.action === 'app.restarted'));
  });

  it('the request log still records the header that was sent', async () => {
    server.control.clearRequestLog();
    await demoClient(server, 'acme').get('/apps');
    await demoClient(server).get('/apps');
    assert.deepEqual(server.control.requestLog.map((e) => e.workspace), ['acme', null]);
    assert.equal(server.control.workspaceHeader, false);
  });

  it('an empty seed still has each user\'s first team', async () => {
    const empty = await start({ seed: 'empty' });
    try {
      const api = demoClient(empty);
      assert.deepEqual((await api.get('/apps')).body, []);
      assert.deepEqual(names((await api.get('/teams')).body), ["Dana Demo's Team"]);
      assert.equal((await call(empty, 'POST', '/auth/login', { body: DEMO_USER })).status, 201);
    } finally {
      await empty.close();
    }
  });
});

describe('server: workspaces with the workspaceHeader option (the specification)', () => {
  let server: RunningServer;
  before(async () => {
    server = await start({ workspaceHeader: true });
  });
  after(() => server.close());

  it('teams carry a slug (the personal workspace is not a team); the header selects that team\'s resources', async () => {
    const personal = demoClient(server);
    const teams = (await personal.get('/teams')).body;
    assert.deepEqual(teams.map((t: { slug: string }) => t.slug).sort(), ['acme', 'oss']);
    assert.deepEqual(Object.keys(teams[0]).sort(), ['created_at', 'id', 'name', 'owner_id', 'slug']);
    const acme = demoClient(server, 'acme');
    const personalApps = (await personal.get('/apps')).body.map((a: { name: string }) => a.name);
    const acmeApps = (await acme.get('/apps')).body.map((a: { name: string }) => a.name);
    assert.ok(personalApps.includes('storefront') && !personalApps.includes('acme-api'));
    assert.ok(acmeApps.includes('acme-api') && !acmeApps.includes('storefront'));
    const acmeTeam = teams.find((t: { slug: string }) => t.slug === 'acme');
    assert.ok((await acme.get('/apps')).body.every((a: { team_id: string }) => a.team_id === acmeTeam.id));
    assert.ok((await personal.get('/apps')).body.every((a: { team_id: null }) => a.team_id === null));
    assert.equal(server.control.workspaceHeader, true);
  });

  it('isolates servers, apps, databases, notifications and activities', async () => {
    const personal = demoClient(server);
    const acme = demoClient(server, 'acme');
    for (const path of ['/servers', '/databases', '/notifications', '/activities']) {
      const a = (await personal.get(path)).body.map((r: { id: string }) => r.id);
      const b = (await acme.get(path)).body.map((r: { id: string }) => r.id);
      assert.ok(a.length && b.length, path);
      assert.equal(a.filter((id: string) => b.includes(id)).length, 0, `${path} overlaps`);
    }
    // A personal app is not reachable by name or id from the team workspace.
    const storefront = server.control.findApp('storefront')!;
    assert.equal((await acme.get('/apps/storefront')).status, 404);
    assert.equal((await acme.get(`/apps/${storefront.id}`)).status, 404);
    // Creating in a workspace puts the record there.
    const server1 = (await acme.get('/servers')).body[0];
    const created = await acme.post('/apps', { name: 'team-only', server_id: server1.id });
    assert.equal(created.status, 201);
    assert.ok(server.control.findApp('team-only', 'acme'));
    assert.equal(server.control.findApp('team-only', DEMO_USER.email), undefined);
    assert.deepEqual((await acme.get('/activities?limit=1')).body.map((a: { action: string }) => a.action), ['app.created']);
    assert.deepEqual((await acme.post('/apps', { name: 'x', server_id: 'nope' })).body, { errors: ['Server must exist'] });
  });

  it('403 "Not authorized" for a slug the caller is not a member of, or that does not exist', async () => {
    const outsider = client(server, server.control.issueToken('outsider@apphost.dev'), 'acme');
    const res = await outsider.get('/apps');
    assert.deepEqual([res.status, res.body], [403, { error: 'Not authorized' }]);
    assert.equal((await demoClient(server, 'no-such-team').get('/apps')).status, 403);
    // The same user without the header gets their own (empty) personal workspace.
    const own = await client(server, server.control.issueToken('outsider@apphost.dev')).get('/apps');
    assert.deepEqual([own.status, own.body], [200, []]);
  });

  it('viewers may read but not change a team workspace; members may not delete its apps', async () => {
    const viewer = demoClient(server, 'oss');
    assert.equal((await viewer.get('/apps')).status, 200);
    const srv = (await viewer.get('/servers')).body[0];
    assert.equal((await viewer.post('/apps', { name: 'nope', server_id: srv.id })).status, 403);
    assert.equal((await viewer.post('/apps/oss-docs/restart')).status, 403);
    assert.equal((await viewer.put('/apps/oss-docs/config', { vars: { A: '1' } })).status, 403);
    assert.equal((await demoClient(server, 'acme').del('/apps/acme-queue')).status, 403);
  });

  it('notifications default to the selected workspace\'s team', async () => {
    const acme = demoClient(server, 'acme');
    const admin = client(server, server.control.issueToken(ADMIN_USER.email), 'acme');
    const res = await admin.post('/notifications', { channel: 'email', events: ['deploy_failed'], config: { address: 'ops@acme.example' } });
    assert.equal(res.status, 201);
    assert.equal(res.body.team_id, server.control.teamId('acme'));
    assert.ok((await acme.get('/notifications')).body.some((n: { id: string }) => n.id === res.body.id));
    assert.ok(!(await demoClient(server).get('/notifications')).body.some((n: { id: string }) => n.id === res.body.id));
  });

  it('works with no header on a fresh empty seed (personal workspace only)', async () => {
    const empty = await start({ seed: 'empty', workspaceHeader: true });
    try {
      const api = demoClient(empty);
      assert.deepEqual((await api.get('/apps')).body, []);
      assert.deepEqual((await api.get('/teams')).body, []);
    } finally {
      await empty.close();
    }
  });
});
