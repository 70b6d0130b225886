// Every one of the 65 endpoints against the reference server over real HTTP, then
// a check of the server's request log that each (method, route) was really hit.

import { strict as assert } from 'node:assert';
import { generateKeyPairSync } from 'node:crypto';
import { ADMIN_USER, DEMO_USER, OTHER_USERS, type RunningServer, startServer } from '../../server';
import { ApiClient, ApiError, needsOtp } from '../../../src/api';
import { capturingLogger, freeBudget, knownSecrets, rejects } from './helpers';
import { SPEC_ENDPOINTS as SPEC_LIST } from '../../server/specEndpoints';
import { until } from '../../support/wait';

/** The endpoint table of service-spec.md (65 rows). */
/** [method, route] of every endpoint of the specification. */
export const SPEC_ENDPOINTS = SPEC_LIST.map((e) => e.split(' ') as [string, string]);

function routeRegex(route: string): RegExp {
  return new RegExp(`^/api/v1${route.replace(/:[a-z]+/g, '[^/]+')}$`);
}

/** An OpenSSH ed25519 public key line. */
function sshPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const field = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} api-test@example`;
}

describe('api: every endpoint against the reference server', function () {
  this.timeout(20_000);
  let srv: RunningServer;
  let admin: ApiClient;
  let demo: ApiClient;
  let adminToken: string;
  const ids: Record<string, string> = {};
  const ok = (v: unknown) => assert.ok(v !== undefined && v !== null);

  before(async () => {
    srv = await startServer({ seed: 'demo', actionDelayMs: 20, rateLimit: false, deviceIntervalSec: 0 });
    adminToken = srv.control.issueToken(ADMIN_USER.email);
    const demoToken = srv.control.issueToken(DEMO_USER.email);
    knownSecrets.add(adminToken).add(demoToken);
    const make = (token: string) =>
      new ApiClient({ baseUrl: srv.url, getToken: async () => token, budget: freeBudget(), logger: capturingLogger(), timeouts: { slowMs: 10_000 } });
    admin = make(adminToken);
    demo = make(demoToken);
  });
  after(async () => {
    await Promise.all([admin?.close(), demo?.close()]);
    await srv?.close();
  });

  it('auth: whoami, tokens, login (with OTP), logout, device sign-in', async () => {
    const me = await admin.auth.whoami();
    assert.equal(me.email, ADMIN_USER.email);
    assert.equal(me.role, 'admin');
    const created = await admin.auth.createToken({ name: 'api-suite' });
    knownSecrets.add(created.token);
    assert.ok(created.token.length >= 16 && created.id);
    assert.ok((await admin.auth.listTokens()).some((t) => t.id === created.id && t.name === 'api-suite'));
    assert.ok((await admin.auth.revokeToken(created.id)).message);
    await rejects(admin.auth.whoami({ token: created.token }), ApiError).then((e) => assert.equal(e.status, 401));

    const otpError = await rejects(admin.auth.login({ email: ADMIN_USER.email, password: ADMIN_USER.password }), ApiError);
    assert.ok(needsOtp(otpError), otpError.message);
    const session = await admin.auth.login({ email: ADMIN_USER.email, password: ADMIN_USER.password, otpCode: ADMIN_USER.otp });
    knownSecrets.add(session.token);
    assert.equal(session.user.email, ADMIN_USER.email);
    const bad = await rejects(demo.auth.login({ email: DEMO_USER.email, password: 'wrong-password' }), ApiError);
    assert.equal(bad.status, 401);
    assert.ok((await admin.auth.logout({ token: session.token })).message);
    await rejects(admin.auth.whoami({ token: session.token }), ApiError);

    const code = await demo.auth.deviceCode();
    assert.ok(code, 'the reference server offers device sign-in');
    assert.ok(code.userCode && code.verificationUri);
    assert.equal((await demo.auth.deviceToken(code.deviceCode)).status, 'pending');
    srv.control.approveDevice(code.userCode, DEMO_USER.email);
    const done = await demo.auth.deviceToken(code.deviceCode);
    assert.equal(done.status, 'ok');
    if (done.status === 'ok') {
      knownSecrets.add(done.session.token);
      assert.equal((await demo.auth.whoami({ token: done.session.token })).email, DEMO_USER.email);
    }
    // wokku hands the token out once: a second poll is told the code was used, not that it expired.
    assert.equal((await demo.auth.deviceToken(code.deviceCode)).status, 'used');
    assert.equal((await demo.auth.deviceToken('never-issued')).status, 'expired');
  });

  it('servers: create, list, get, status (admin); 403 for others', async () => {
    const server = await admin.servers.create({ name: 'api-test-host', host: '10.0.0.9', port: 22, sshUser: 'dokku', sshPrivateKey: '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----' });
    ids.server = server.id;
    assert.equal(server.name, 'api-test-host');
    assert.ok(!('ssh_private_key' in server.raw));
    assert.ok((await admin.servers.list()).some((s) => s.id === server.id));
    assert.equal((await admin.servers.get(server.id)).host, '10.0.0.9');
    const status = await admin.servers.status(server.id);
    ok(status.status);
    // A new server syncs first; apps can be created once it is connected.
    await until('(await admin.servers.status(server.id)).connected', async () => (await admin.servers.status(server.id)).connected);
    const denied = await rejects(demo.servers.create({ name: 'nope', host: 'h', sshPrivateKey: 'k' }), ApiError);
    assert.equal(denied.status, 403);
  });

  it('templates: list, get, deploy (gives a deployed, running app)', async () => {
    const { templates, categories } = await admin.templates.list();
    assert.ok(templates.length > 0 && categories.length > 0);
    const t = await admin.templates.get(templates[0].slug);
    assert.equal(t.slug, templates[0].slug);
    assert.ok((await admin.templates.list({ category: t.category })).templates.every((x) => x.category === t.category));
    const dep = await admin.templates.deploy({ slug: t.slug, serverId: ids.server, appName: 'api-test-tpl' });
    ids.tplApp = dep.app.id;
    assert.equal(dep.app.name, 'api-test-tpl');
    await until("(await admin.apps.get(ids.tplApp)).status === 'running'", async () => (await admin.apps.get(ids.tplApp)).status === 'running');
  });

  it('apps: create, list, get, update; restart, stop, start a deployed app', async () => {
    const app = await admin.apps.create({ name: 'api-test-web', serverId: ids.server });
    ids.app = app.id;
    assert.equal(app.name, 'api-test-web');
    assert.ok((await admin.apps.list({ q: 'api-test' })).some((a) => a.id === app.id));
    assert.ok((await admin.apps.list({ includePreviews: true })).length >= 2);
    const details = await admin.apps.get(app.id);
    assert.equal(details.id, app.id);
    assert.equal((await admin.apps.update(app.id, { deployBranch: 'release' })).deployBranch, 'release');
    const dup = await rejects(admin.apps.create({ name: 'api-test-web', serverId: ids.server }), ApiError);
    assert.equal(dup.status, 422, 'wokku: Dokku refuses the name first');
    assert.equal(dup.message, 'Name is already taken');
    const invalid = await rejects(admin.apps.create({ name: 'Bad Name', serverId: ids.server }), ApiError);
    assert.equal(invalid.status, 422);
    assert.ok((await admin.apps.restart(app.id)).message, 'a never-deployed app: Dokku only warns');

    await until("(await admin.apps.get(ids.tplApp)).status === 'running'", async () => (await admin.apps.get(ids.tplApp)).status === 'running');
    assert.ok((await admin.apps.restart(ids.tplApp)).message);
    assert.ok((await admin.apps.stop(ids.tplApp)).message);
    assert.equal((await admin.processes.get(ids.tplApp)).running, 'false', 'the process report is the truth');
    assert.equal((await admin.apps.get(ids.tplApp)).status, 'running', 'the record does not change');
    assert.ok((await admin.apps.start(ids.tplApp)).message);
    assert.equal((await admin.processes.get(ids.tplApp)).running, 'true');
  });

  it('config: set, get, unset', async () => {
    const set = await admin.config.set(ids.tplApp, { API_URL: 'https://x.example', DEBUG: 'true' });
    assert.deepEqual([...set.keys].sort(), ['API_URL', 'DEBUG']);
    assert.equal((await admin.config.get(ids.tplApp)).API_URL, 'https://x.example');
    const unset = await admin.config.unset(ids.tplApp, ['DEBUG']);
    assert.deepEqual(unset.keys, ['DEBUG']);
    assert.equal((await admin.config.get(ids.tplApp)).DEBUG, undefined);
  });

  it('domains: add, list, enable SSL, remove', async () => {
    const d = await admin.domains.add(ids.tplApp, 'api-test.example.com');
    // Config writes restart the app; certificates need it running again.
    await until("(await admin.apps.get(ids.tplApp)).status === 'running'", async () => (await admin.apps.get(ids.tplApp)).status === 'running');
    assert.equal(d.hostname, 'api-test.example.com');
    assert.ok((await admin.domains.list(ids.tplApp)).some((x) => x.id === d.id));
    assert.ok((await admin.domains.enableSsl(ids.tplApp, d.id)).message);
    assert.equal((await admin.domains.list(ids.tplApp)).find((x) => x.id === d.id)?.sslEnabled, true);
    assert.ok((await admin.domains.remove(ids.tplApp, d.id)).message);
  });

  it('processes and checks: get and update', async () => {
    const ps = await admin.processes.get(ids.tplApp);
    assert.ok(Object.values(ps).every((v) => typeof v === 'string'));
    assert.deepEqual((await admin.processes.scale(ids.tplApp, { web: 2, worker: 1 })).scaling, { web: 2, worker: 1 });
    const checks = await admin.checks.get(ids.tplApp);
    assert.ok(Object.keys(checks).length > 0);
    assert.ok((await admin.checks.update(ids.tplApp, { path: '/healthz', attempts: 3 })).message);
  });

  it('deploys, releases, rollback, logs', async () => {
    const deploys = await admin.deploys.list(ids.tplApp);
    assert.ok(deploys.length >= 1);
    const deploy = await admin.deploys.get(ids.tplApp, deploys[0].id);
    assert.equal(deploy.id, deploys[0].id);
    const releases = await admin.releases.list(ids.tplApp);
    assert.ok(releases.length >= 1);
    assert.equal((await admin.releases.get(ids.tplApp, releases[0].id)).id, releases[0].id);
    try {
      const rolled = await admin.releases.rollback(ids.tplApp, releases[releases.length - 1].id);
      assert.notEqual(rolled.id, releases[0].id, 'a rollback creates a new release');
    } catch (e) {
      assert.ok(e instanceof ApiError && e.status === 422, String(e)); // target without a recorded commit
    }
    srv.control.tickLogs();
    const logs = await admin.logs.get(ids.tplApp, { lines: 5 });
    // lines=5 is per container (Dokku): at most 5 of each.
    const perContainer = new Map<string, number>();
    for (const l of logs.lines) {
      const c = /app\[[\w.-]+\]/.exec(l)?.[0] ?? '';
      perContainer.set(c, (perContainer.get(c) ?? 0) + 1);
    }
    assert.ok([...perContainer.values()].every((n) => n <= 5), JSON.stringify([...perContainer]));
    assert.equal(logs.text, logs.lines.join('\n'));
  });

  it('addons and log drains: add, list, remove', async () => {
    const addon = await admin.addons.add(ids.app, { serviceType: 'redis', name: 'api-test-cache' });
    assert.equal(addon.serviceType, 'redis');
    assert.ok((await admin.addons.list(ids.app)).some((a) => a.id === addon.id));
    assert.ok((await admin.addons.remove(ids.app, addon.id)).message);
    const drain = await admin.logDrains.add(ids.app, { url: 'syslog://logs.example.com:514' });
    assert.equal(drain.drainType, 'syslog');
    assert.ok((await admin.logDrains.list(ids.app)).some((d) => d.id === drain.id));
    assert.ok((await admin.logDrains.remove(ids.app, drain.id)).message);
    const bad = await rejects(admin.logDrains.add(ids.app, { url: 'ftp://nope', drainType: 'https' }), ApiError);
    assert.equal(bad.status, 422);
    assert.ok(bad.messages.length >= 1);
  });

  it('databases and backups: create, list, get, link, unlink, backup, delete', async () => {
    const db = await admin.databases.create({ name: 'api-test-db', serviceType: 'postgres', serverId: ids.server });
    ids.db = db.id;
    assert.equal(db.serviceType, 'postgres');
    assert.ok((await admin.databases.list()).some((d) => d.id === db.id));
    assert.equal((await admin.databases.get(db.id)).name, 'api-test-db');
    await new Promise((r) => setTimeout(r, 100));
    const link = await admin.databases.link(db.id, { appId: ids.app, aliasName: 'DATABASE' });
    ok(link.id);
    assert.ok((await admin.databases.unlink(db.id, ids.app)).message);
    assert.ok((await admin.backups.create(db.id)).message);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(Array.isArray(await admin.backups.list(db.id)));
    assert.ok((await admin.databases.delete(db.id)).message);
  });

  it('ssh keys, teams and members, notifications, activities', async () => {
    const key = await admin.sshKeys.add({ name: 'api-test-key', publicKey: sshPublicKey() });
    assert.ok(key.fingerprint);
    assert.ok((await admin.sshKeys.list()).some((k) => k.id === key.id));
    assert.ok((await admin.sshKeys.remove(key.id)).message);

    const team = await admin.teams.create('Api Test Team');
    ids.team = team.id;
    assert.ok((await admin.teams.list()).some((t) => t.id === team.id));
    const member = await admin.teams.addMember(team.id, { email: OTHER_USERS[0].email, role: 'viewer' });
    assert.equal(member.email, OTHER_USERS[0].email);
    assert.ok((await admin.teams.listMembers(team.id)).some((m) => m.id === member.id));
    assert.ok((await admin.teams.removeMember(team.id, member.id)).message);
    const missing = await rejects(admin.teams.addMember(team.id, { email: 'nobody@nowhere.example' }), ApiError);
    assert.equal(missing.status, 404);

    const channel = await admin.notifications.create({ teamId: team.id, channel: 'webhook', events: ['deploy_failed'], config: { url: 'https://hooks.example.com/x' } });
    assert.deepEqual(channel.events, ['deploy_failed']);
    assert.ok((await admin.notifications.list()).some((n) => n.id === channel.id));
    assert.ok((await admin.notifications.delete(channel.id)).message);

    const acts = await admin.activities.list({ limit: 5 });
    assert.ok(acts.length > 0 && acts.length <= 5);
    ok(acts[0].action);
  });

  it('workspace header: ignored by default (every team in the list); scoped with the workspaceHeader option', async () => {
    const teams = await demo.teams.list();
    assert.ok(teams.length >= 3 && teams.every((t) => !t.slug), 'wokku\'s teams have no slug');
    const from = srv.control.requestLog.length;
    const all = await demo.apps.list();
    assert.deepEqual(await demo.apps.list({}, { workspace: 'no-such-workspace-slug' }), all);
    const log = srv.control.requestLog.slice(from).filter((e) => e.path === '/api/v1/apps');
    assert.deepEqual(log.map((e) => e.workspace), [null, 'no-such-workspace-slug']);

    const spec = await startServer({ seed: 'demo', actionDelayMs: 20, rateLimit: false, workspaceHeader: true });
    const token = spec.control.issueToken(DEMO_USER.email);
    knownSecrets.add(token);
    const client = new ApiClient({ baseUrl: spec.url, getToken: async () => token, budget: freeBudget(), logger: capturingLogger() });
    try {
      const slugged = (await client.teams.list()).find((t) => t.slug);
      assert.ok(slugged?.slug);
      const scoped = await client.apps.list({}, { workspace: slugged.slug });
      assert.ok(scoped.length > 0 && scoped.every((a) => a.teamId === slugged.id));
      const outsider = await rejects(client.apps.list({}, { workspace: 'no-such-workspace-slug' }), ApiError);
      assert.equal(outsider.status, 403);
    } finally {
      await client.close();
      await spec.close();
    }
  });

  it('cleanup: delete apps and the server', async () => {
    for (const id of [ids.app, ids.tplApp].filter(Boolean)) assert.ok((await admin.apps.delete(id)).message);
    assert.ok((await admin.servers.delete(ids.server)).message);
  });

  it('hit all 65 endpoints of the specification', () => {
    assert.equal(SPEC_ENDPOINTS.length, 65);
    const log = srv.control.requestLog;
    const missing = SPEC_ENDPOINTS.filter(([m, r]) => !log.some((e) => e.method === m && routeRegex(r).test(e.path)));
    assert.deepEqual(missing, []);
    // ...and each one answered with success at least once (a rollback may be refused with 422).
    const neverOk = SPEC_ENDPOINTS.filter(
      ([m, r]) => !log.some((e) => e.method === m && routeRegex(r).test(e.path) && (e.status < 300 || (r.endsWith('/rollback') && e.status === 422))),
    );
    assert.deepEqual(neverOk, []);
  });
});
