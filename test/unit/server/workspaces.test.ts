import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../../server';
import { call, client, demoClient, start } from './helpers';

describe('server: workspaces', () => {
  let server: RunningServer;
  before(async () => {
    server = await start();
  });
  after(() => server.close());

  it('teams carry a slug; the header selects that team\'s resources', async () => {
    const personal = demoClient(server);
    const teams = (await personal.get('/teams')).body;
    assert.deepEqual(teams.map((t: { slug: string }) => t.slug).sort(), ['acme', 'oss']);
    const acme = demoClient(server, 'acme');
    const personalApps = (await personal.get('/apps')).body.map((a: { name: string }) => a.name);
    const acmeApps = (await acme.get('/apps')).body.map((a: { name: string }) => a.name);
    assert.ok(personalApps.includes('storefront') && !personalApps.includes('acme-api'));
    assert.ok(acmeApps.includes('acme-api') && !acmeApps.includes('storefront'));
    const acmeTeam = teams.find((t: { slug: string }) => t.slug === 'acme');
    assert.ok((await acme.get('/apps')).body.every((a: { team_id: string }) => a.team_id === acmeTeam.id));
    assert.ok((await personal.get('/apps')).body.every((a: { team_id: null }) => a.team_id === null));
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
    assert.equal((await acme.get('/activities?limit=1')).body[0].action, 'app.create');
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

  it('viewers may read but not change a team workspace', async () => {
    const viewer = demoClient(server, 'oss');
    assert.equal((await viewer.get('/apps')).status, 200);
    const srv = (await viewer.get('/servers')).body[0];
    assert.equal((await viewer.post('/apps', { name: 'nope', server_id: srv.id })).status, 403);
    assert.equal((await viewer.post('/apps/oss-docs/restart')).status, 403);
    assert.equal((await viewer.put('/apps/oss-docs/config', { vars: { A: '1' } })).status, 403);
  });

  it('the request log records the workspace header', async () => {
    server.control.clearRequestLog();
    await demoClient(server, 'acme').get('/apps');
    await demoClient(server).get('/apps');
    assert.deepEqual(server.control.requestLog.map((e) => e.workspace), ['acme', null]);
  });

  it('works with no header on a fresh empty seed (personal workspace only)', async () => {
    const empty = await start({ seed: 'empty' });
    try {
      const api = demoClient(empty);
      assert.deepEqual((await api.get('/apps')).body, []);
      assert.deepEqual((await api.get('/teams')).body, []);
      assert.equal((await call(empty, 'POST', '/auth/login', { body: DEMO_USER })).status, 201);
    } finally {
      await empty.close();
    }
  });
});
