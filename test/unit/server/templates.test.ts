import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { type DemoClient, demoClient, startWithDemoClient } from './helpers';
import { until } from '../../support/wait';

describe('server: /templates', () => {
  let server: RunningServer;
  let api: DemoClient;
  before(async () => ({ server, api } = await startWithDemoClient()));
  after(() => server.close());

  it('lists templates in several categories as {templates, categories}', async () => {
    const res = await api.get('/templates');
    assert.equal(res.status, 200);
    assert.ok(res.body.categories.length >= 4);
    for (const t of res.body.templates) for (const k of ['slug', 'name', 'description', 'category']) assert.ok(k in t, k);
    const cms = (await api.get('/templates?category=cms')).body.templates;
    assert.ok(cms.length >= 2 && cms.every((t: { category: string }) => t.category === 'cms'));
    const q = (await api.get('/templates?q=postgres')).body.templates.map((t: { slug: string }) => t.slug);
    assert.ok(q.includes('django'));
    assert.deepEqual((await api.get('/templates?q=zzz-nothing')).body.templates, []);
  });

  it('shows one template by slug; 404 otherwise', async () => {
    assert.equal((await api.get('/templates/ghost')).body.name, 'Ghost');
    assert.equal((await api.get('/templates/nope')).status, 404);
  });

  it('deploys a template: 201 {app, deploy}; the deploy then succeeds', async () => {
    const res = await api.post('/templates/deploy', { slug: 'django', server_id: 'eu-central-1', app_name: 'my-django', name: 'my-django' });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body.app).sort(), ['id', 'name', 'status']);
    assert.deepEqual(Object.keys(res.body.deploy).sort(), ['id', 'status']);
    assert.equal(res.body.app.status, 'deploying');
    assert.equal(res.body.deploy.status, 'pending');
    await until('(await api.get(`/apps/my-django/deploys/${res.body.deploy.id}`)).bo…', async () => (await api.get(`/apps/my-django/deploys/${res.body.deploy.id}`)).body.status === 'succeeded');
    assert.equal((await api.get('/apps/my-django')).body.status, 'running');
    assert.match((await api.get('/apps/my-django/config')).body.config.DATABASE_URL, /^postgres:/);
    assert.equal((await api.get('/apps/my-django/addons')).body[0].service_type, 'postgres');
  });

  it('deploys into the user\'s first team, whatever the header', async () => {
    const acme = demoClient(server, 'acme');
    const res = await acme.post('/templates/deploy', { slug: 'hugo', server_id: 'acme-prod-1', name: 'acme-site' });
    assert.equal(res.status, 201);
    assert.equal(server.control.findApp('acme-site', 'acme'), undefined);
    assert.equal((await api.get('/apps/acme-site')).body.team_id, server.control.teamId());
  });

  it('409 name taken (unlike POST /apps), 422 invalid name / missing fields, 404 unknown server or slug, 503 unreachable', async () => {
    const taken = await api.post('/templates/deploy', { slug: 'hugo', server_id: 'eu-central-1', app_name: 'storefront' });
    assert.deepEqual([taken.status, taken.body], [409, { error: 'App name already taken' }]);
    assert.equal((await api.post('/templates/deploy', { slug: 'hugo', server_id: 'eu-central-1', app_name: 'Bad Name' })).status, 422);
    assert.equal((await api.post('/templates/deploy', {})).status, 422);
    assert.equal((await api.post('/templates/deploy', { slug: 'hugo', server_id: 'nope', app_name: 'x-site' })).status, 404);
    assert.equal((await api.post('/templates/deploy', { slug: 'nope', server_id: 'eu-central-1', app_name: 'x-site' })).status, 404);
    assert.equal((await api.post('/templates/deploy', { slug: 'hugo', server_id: 'legacy-box', app_name: 'x-site' })).status, 503);
  });
});
