// Several services (#28): VS Code's Accounts menu and the rate-limit status bar speak for
// every service, not only the first. Two reference servers: A (the first service,
// apphost.baseUrl, the demo user) and B ("Staging", an admin signed in by password).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { TreeNode } from '../../src/tree/commandTarget';
import { ADMIN_USER, DEMO_USER, startServer, type RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, until } from './support/env';
import { stopTwoServices } from './support/twoServices';
import { childOf, labelOf, requestsOf, runScripted, withScript } from './support/resourceTree';

describe('services: accounts and rate limits of each service', function () {
  this.timeout(90_000);
  let a: RunningServer;
  let b: RunningServer;
  let api: AppHostTestApi;
  let hostA: string;
  const config = () => vscode.workspace.getConfiguration('apphost');
  const children = (node: TreeNode) => api.treeInsides.resources.getChildren(node);
  const appsOf = async (row: TreeNode) => childOf(await childOf(row, 'Personal'), 'Apps');
  const labels = (sessions: readonly vscode.AuthenticationSession[]) => sessions.map((s) => s.account.label);
  const budget = (server: RunningServer) => api.connections.of(serviceOf(server)).budget;
  /** The nodes the view was told to refresh (the healer refreshes a list through this). */
  const refreshedNodes = () => {
    const seen: (TreeNode | undefined)[] = [];
    const sub = api.treeInsides.resources.onDidChangeTreeData!((e) => seen.push(...(Array.isArray(e) ? e : [e])));
    return { seen, dispose: () => sub.dispose() };
  };

  before(async () => {
    a = await startSignedIn();
    b = await startServer({ rateLimit: false, actionDelayMs: 20, logIntervalMs: 0, workspaceHeader: true });
    api = await extensionApi();
    hostA = new URL(a.url).host;
  });
  after(() => stopTwoServices(a, b));
  afterEach(() => [a, b].forEach((server) => server.control.clearFaults()));

  it('with one service, the Accounts menu shows its account as always: the e-mail, the account id', async () => {
    const sessions = await api.auth.getSessions();
    assert.deepEqual(labels(sessions), [DEMO_USER.email]);
    const stored = await api.connections.first.session();
    assert.equal(sessions[0].account.id, stored?.account.id);
    assert.equal(sessions[0].id, stored?.id);
    assert.equal(api.auth.contextKeys['apphost.severalServices'], false);
    assert.equal(api.auth.contextKeys['apphost.isAdmin'], false);
  });

  it('with two services signed in, both accounts show, each labelled with its service; the changes are announced', async () => {
    const events: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent[] = [];
    const sub = api.auth.onDidChangeSessions((e) => events.push(e));
    try {
      await config().update('services', [{ url: b.url, name: 'Staging' }], vscode.ConfigurationTarget.Global);
      await until('A\'s account named after its service', async () => labels(await api.auth.getSessions()).includes(`${DEMO_USER.email} (${hostA})`));
      await runScripted('apphost.signIn', { picks: ['e-mail and password'], inputs: [ADMIN_USER.email, ADMIN_USER.password, ADMIN_USER.otp] }, serviceOf(b));
      await until('B\'s account announced', () => events.some((e) => labels(e.added ?? []).includes(`${ADMIN_USER.email} (Staging)`)));
    } finally {
      sub.dispose();
    }
    const sessions = await api.auth.getSessions();
    assert.deepEqual(labels(sessions), [`${DEMO_USER.email} (${hostA})`, `${ADMIN_USER.email} (Staging)`]);
    assert.equal(sessions[0].accessToken, (await api.connections.first.session())?.token);
    assert.equal(sessions[1].accessToken, (await api.connections.of(serviceOf(b)).session())?.token);
    assert.notEqual(sessions[0].account.id, sessions[1].account.id, 'two accounts, even with the same user id on both');
    // A's label changed (a second service came): removed under its old label, added under the new one.
    assert.ok(events.some((e) => labels(e.removed ?? []).includes(DEMO_USER.email)), JSON.stringify(events.map((e) => [labels(e.added ?? []), labels(e.removed ?? [])])));
    // VS Code asks for one account by its label: that service's session only.
    assert.deepEqual(labels(await api.auth.getSessions([], { account: { label: `${ADMIN_USER.email} (Staging)` } } as never)), [`${ADMIN_USER.email} (Staging)`]);
    assert.deepEqual(api.auth.contextKeys, {
      'apphost.signedIn': true, 'apphost.severalServices': true, 'apphost.signedOut': false, 'apphost.isAdmin': true, 'apphost.sessionExpired': false,
    });
  });

  it('admin commands show (an admin on B) and on A, where the account is no admin, say so and name A', async () => {
    a.control.clearRequestLog();
    const ui = await runScripted('apphost.server.checkStatus', { picks: [hostA] });
    const errors = ui.shown.filter((m) => m.kind === 'error').map((m) => m.text);
    assert.deepEqual(errors, [`${hostA}: Only AppHost admins can manage servers. Ask an admin of your AppHost service to add, remove or check servers.`], JSON.stringify(ui.shown));
    assert.deepEqual(requestsOf(a).filter((p) => !p.startsWith('GET')), [], 'nothing was asked of A');
  });

  it('a 429 storm on B: the status bar names B, A\'s lists keep refreshing', async () => {
    const [rowA, rowB] = await api.treeInsides.resources.getChildren();
    const [appsA, appsB] = [await appsOf(rowA), await appsOf(rowB)];
    assert.equal(api.throttleStatus.shown, undefined, 'hidden while no service throttles');
    await children(appsB); // shown once: a refused refresh keeps these rows
    b.control.failNext({ status: 429, retryAfter: 60, count: 100_000 });
    api.treeInsides.resources.refresh(appsB);
    assert.match(await labelOf((await children(appsB))[0]), /^Stale/);
    await until('the status bar shows', () => api.throttleStatus.shown !== undefined);
    assert.match(api.throttleStatus.shown!.text, /^\$\(watch\) AppHost: Staging rate limited · retry \S+/);
    assert.match(api.throttleStatus.shown!.tooltip, /^Staging: The service is limiting requests \(HTTP 429\)/);
    assert.doesNotMatch(api.throttleStatus.shown!.tooltip, new RegExp(hostA.replace(/\./g, '\\.')), 'A is not throttled');
    a.control.clearRequestLog();
    api.treeInsides.resources.refresh(appsA);
    const rowsA = await Promise.all((await children(appsA)).map(labelOf));
    assert.ok(rowsA.includes('storefront') && !rowsA.some((l) => l.startsWith('Stale')), rowsA.join(', '));
    assert.ok(requestsOf(a).some((p) => p.startsWith('GET /api/v1/apps')), 'A asked its server');
  });

  it('two services throttled: the status bar counts them, the tooltip has each; a list heals when its own service allows, not another\'s', async () => {
    const [rowA, rowB] = await api.treeInsides.resources.getChildren();
    const [appsA, appsB] = [await appsOf(rowA), await appsOf(rowB)];
    for (const [server, apps] of [[b, appsB], [a, appsA]] as const) {
      await children(apps);
      server.control.failNext({ status: 429, retryAfter: 60, count: 100_000 });
      api.treeInsides.resources.refresh(apps);
      assert.match(await labelOf((await children(apps))[0]), /^Stale/);
    }
    assert.ok(budget(a).isThrottled() && budget(b).isThrottled());
    await until('both in the status bar', () => /2 services/.test(api.throttleStatus.shown?.text ?? ''));
    assert.match(api.throttleStatus.shown!.text, /^\$\(watch\) AppHost: 2 services rate limited · retry \S+/);
    const tooltip = api.throttleStatus.shown!.tooltip;
    assert.ok(tooltip.includes(`${hostA}: The service is limiting requests`) && tooltip.includes('Staging: The service is limiting requests'), tooltip);
    // A allows again: A's waiting list heals, B's (still refused) waits for B's own time.
    a.control.clearFaults();
    const refreshed = refreshedNodes();
    try {
      budget(a).resume();
      assert.ok(refreshed.seen.includes(appsA), 'A\'s list asked again when A\'s throttle ended');
      assert.ok(!refreshed.seen.includes(appsB), 'B\'s list waits for B');
      await until('only B in the status bar', () => /^\$\(watch\) AppHost: Staging rate limited/.test(api.throttleStatus.shown?.text ?? ''));
      assert.ok(!(await Promise.all((await children(appsA)).map(labelOf))).some((l) => l.startsWith('Stale')), 'A\'s list is fresh');
      // B's storm ends: at B's probe time its list asks again (the view asks for its rows: here the
      // test does), the probe finds B open and the list is fetched again.
      b.control.clearFaults();
      await until('B\'s list fresh', async () => !(await Promise.all((await children(appsB)).map(labelOf))).some((l) => l.startsWith('Stale')), 20_000);
      assert.ok(refreshed.seen.includes(appsB), 'B\'s list was asked again by the healer');
    } finally {
      refreshed.dispose();
    }
    await until('the status bar hides', () => api.throttleStatus.shown === undefined);
  });

  it('Retry Now (the status bar\'s click) retries every throttled service: their budgets resume, their lists ask again', async () => {
    const [rowA, rowB] = await api.treeInsides.resources.getChildren();
    const [appsA, appsB] = [await appsOf(rowA), await appsOf(rowB)];
    for (const [server, apps] of [[a, appsA], [b, appsB]] as const) {
      server.control.failNext({ status: 429, retryAfter: 60, count: 1 });
      api.treeInsides.resources.refresh(apps);
      await children(apps);
    }
    assert.ok(budget(a).isThrottled() && budget(b).isThrottled());
    const refreshed = refreshedNodes();
    try {
      await vscode.commands.executeCommand('apphost.retryNow');
      assert.ok(!budget(a).isThrottled() && !budget(b).isThrottled());
      assert.ok(refreshed.seen.includes(appsA) && refreshed.seen.includes(appsB));
    } finally {
      refreshed.dispose();
    }
    await until('the status bar hides', () => api.throttleStatus.shown === undefined);
  });

  it('an expired session on B sets sessionExpired (Sign In in the palette) and B\'s row offers to sign in again', async () => {
    const tokenB = (await api.connections.of(serviceOf(b)).session())!.token;
    const [, rowB] = await api.treeInsides.resources.getChildren();
    const appsB = await appsOf(rowB);
    b.control.expireToken(tokenB);
    await withScript({}, async () => {
      api.treeInsides.resources.refresh(appsB);
      await children(appsB);
      await until('sessionExpired', () => api.auth.contextKeys['apphost.sessionExpired'] === true, 10_000);
    });
    api.treeInsides.resources.refresh(rowB);
    assert.match(await labelOf((await children(rowB))[0]), /Session expired/);
    // Signing in again clears it.
    await runScripted('apphost.signIn', { picks: ['e-mail and password'], inputs: [ADMIN_USER.email, ADMIN_USER.password, ADMIN_USER.otp] }, serviceOf(b));
    await until('sessionExpired cleared', () => api.auth.contextKeys['apphost.sessionExpired'] === false, 10_000);
  });

  it('Sign Out of B\'s account in the Accounts menu signs out of B only (its token revoked), A stays', async () => {
    const sessionB = (await api.connections.of(serviceOf(b)).session())!;
    const sessionA = (await api.connections.first.session())!;
    const events: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent[] = [];
    const sub = api.auth.onDidChangeSessions((e) => events.push(e));
    b.control.clearRequestLog();
    a.control.clearRequestLog();
    try {
      await withScript({}, () => api.auth.removeSession(sessionB.id));
      await until('B\'s account removed', () => events.some((e) => (e.removed ?? []).some((s) => s.id === sessionB.id)));
    } finally {
      sub.dispose();
    }
    assert.equal(await api.connections.of(serviceOf(b)).session(), undefined, 'B signed out');
    assert.ok(requestsOf(b).includes(`DELETE /api/v1/auth/tokens/${sessionB.tokenId}`), requestsOf(b).join(', '));
    assert.equal((await api.connections.first.session())?.id, sessionA.id, 'A stays signed in');
    assert.deepEqual(requestsOf(a).filter((p) => p.startsWith('DELETE')), [], 'nothing revoked on A');
    assert.deepEqual(labels(await api.auth.getSessions()), [`${DEMO_USER.email} (${hostA})`]);
    assert.equal(api.auth.contextKeys['apphost.isAdmin'], false, 'the only admin account is gone');
  });

  it('signing in from the Accounts menu (another extension asks) with two services asks which one; the session names it', async () => {
    const token = b.control.issueToken(DEMO_USER.email, 'accounts menu');
    const ui = await withScript({ picks: ['Staging', 'Paste an API token'], inputs: [token] }, async () => {
      const created = await api.auth.createSession([]);
      assert.equal(created.account.label, `${DEMO_USER.email} (Staging)`);
      assert.equal(created.accessToken, token);
    });
    const question = ui.shown.find((m) => m.kind === 'quickPick');
    assert.equal(question?.text, 'Sign in to which service?');
    assert.deepEqual(question?.items?.map((i) => i.replace(/^\$\(cloud\) /, '')), ['Staging', hostA], 'the signed-out service first');
    assert.equal((await api.connections.of(serviceOf(b)).session())?.token, token);
    assert.deepEqual(labels(await api.auth.getSessions()), [`${DEMO_USER.email} (${hostA})`, `${DEMO_USER.email} (Staging)`], 'the same e-mail on both: two accounts');
  });
});
