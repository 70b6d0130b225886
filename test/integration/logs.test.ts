// Tail Logs inside the real VS Code against the reference server: what reaches the
// output channel (read through the channel's capture hook), the tree flag, stop
// paths and failures. Timings are shortened through the logs area's test hooks.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppRef } from '../../src/model';
import { ADMIN_USER, DEMO_USER, OTHER_USERS, type RunningServer } from '../server';
import { asAppHost, extensionApi, signInWithIssuedToken, signOutQuietly, sleep, until } from './support/env';
import { checkContainers, MARKER } from './support/logContinuity';
import { nodeAt, runScripted, withScript } from './support/resourceTree';
import { appRef, caughtUp, contentOf, FAST, linesOf, markersOf, recordLog, showsEveryLast, shownPerContainer, startTailing, tails } from './support/tails';
import { teamWorkspace } from '../../src/api';

describe('logs: tail (polling server)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let token: string;
  let close: () => Promise<void>;

  before(async () => ({ server, token, close } = await startTailing()));
  afterEach(async () => {
    server.control.setLogInterval(0);
    server.control.clearFaults();
    await (await tails()).stopAll();
  });
  after(() => close());

  it('shows the last N lines in "AppHost: <app>", then new lines as they come', async () => {
    const app = appRef(server, 'storefront');
    await runScripted('apphost.logs.tail', { picks: ['storefront'] });
    const t = await tails();
    await caughtUp(server, app);
    const perContainer = shownPerContainer(t.textOf(app));
    assert.deepEqual([...perContainer.keys()].sort(), ['app[web.1]', 'app[web.2]', 'app[worker.1]'], 'storefront runs three containers');
    for (const [container, lines] of perContainer) assert.equal(lines.length, 20, `${container}: apphost.logs.initialLines of each container`);
    assert.equal(t.tailOf(app)?.transport, 'poll', 'no stream on this server: polling');
    assert.ok(!t.textOf(app)!.includes('\x1b'), 'no escape code in the channel');
    server.control.appendLogs('storefront', ['first new line', 'second new line'], undefined, 'web.2');
    const after = await caughtUp(server, app);
    assert.equal(after.length, 62);
    assert.match(after.at(-1)!, /app\[web\.2\]: second new line$/);
    assert.deepEqual(markersOf(t.textOf(app)), [], 'nothing to warn about');
  });

  it('marks the app in the tree (:tailing flag, description) and tailing again only shows the channel', async () => {
    const app = appRef(server, 'storefront');
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    await vscode.commands.executeCommand('apphost.logs.tail', row);
    const t = await tails();
    const first = t.tailOf(app);
    const item = await row.getTreeItem();
    assert.match(item.contextValue!, /^app:running\b.*:tailing\b/);
    assert.match(String(item.description), /tailing logs/);
    await vscode.commands.executeCommand('apphost.logs.tail', row);
    assert.equal(t.tailOf(app), first, 'the same tail');
    assert.deepEqual(t.tailed().map((a) => a.name), ['storefront']);

    await vscode.commands.executeCommand('apphost.logs.stop', row);
    assert.equal(first?.state, 'stopped');
    assert.equal(first?.stopReason, 'user');
    assert.match(markersOf(t.textOf(app)).at(-1)!, /stopped tailing$/);
    const after = await row.getTreeItem();
    assert.doesNotMatch(after.contextValue!, /:tailing\b/);
    assert.doesNotMatch(String(after.description), /tailing/);
    // Stopped means stopped: no more reads of its logs.
    server.control.clearRequestLog();
    await sleep(600);
    assert.deepEqual(server.control.requestLog.filter((e) => e.path.endsWith('/logs')), []);
  });

  it('never shows a line twice nor drops one over busy traffic, two apps at once, with repeated lines', async function () {
    this.timeout(90_000);
    const apps = [appRef(server, 'storefront'), appRef(server, 'api-gateway')];
    const truth = apps.map((app) => recordLog(server, app));
    for (const app of apps) await vscode.commands.executeCommand('apphost.logs.tail', app);
    server.control.setLogInterval(40); // every running app logs every 40 ms
    const end = Date.now() + 15_000;
    for (let i = 0; Date.now() < end; i++) {
      // Identical lines (same timestamp, same text) in short runs, between generated ones.
      server.control.appendLogs(apps[i % 2].name, Array(1 + (i % 4)).fill(`repeated line ${i % 3}`));
      await sleep(97);
    }
    server.control.setLogInterval(0);
    const t = await tails();
    for (const [i, app] of apps.entries()) {
      truth[i].stop();
      await until(`${app.name} caught up`, () => showsEveryLast(t.textOf(app), truth[i].byContainer), 10_000);
      const { matched, skipsMarked, firstSkip, markers } = checkContainers(linesOf(t.textOf(app)), truth[i].byContainer);
      assert.ok(matched > 300, `${app.name}: ${matched} lines followed`);
      assert.ok(skipsMarked, `${app.name}: every skipped line is announced by a marker: ${firstSkip}`);
      // A loaded machine may stall a poll past the window (~1.4 s at this rate): that must be marked, and rare.
      assert.ok(markers.length <= 2, `${app.name}: ${markers.join('\n')}`);
    }
  });

  it('marks a burst larger than the window as a possible gap, reads more lines from then on, and goes on without duplicates', async () => {
    const app = appRef(server, 'docs-site');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await caughtUp(server, app);
    const t = await tails();
    const window = t.tailOf(app)!.windowSize;
    server.control.appendLogs(app.name, Array.from({ length: 3000 }, (_, i) => `burst ${i}`));
    await until('the gap marker', () => markersOf(t.textOf(app)).some((m) => /lines (of \S+ )?may have been missed/.test(m)));
    assert.ok(t.tailOf(app)!.windowSize > window, 'a larger window from now on');
    server.control.appendLogs(app.name, ['after the burst']);
    const text = t.textOf(app)!;
    await until('the line after the burst', () => contentOf(t.textOf(app)).at(-1)?.endsWith('after the burst'));
    const afterGap = linesOf(t.textOf(app)).slice(linesOf(text).findIndex((l) => /lines (of \S+ )?may have been missed/.test(l)) + 1);
    const log = server.control.getLogs(app.name);
    assert.deepEqual(afterGap, log.slice(log.length - afterGap.length), 'after the marker: the exact end of the log');
  });

  it('survives injected failures with a visible "reconnecting…" line, then resumes without duplicates', async () => {
    const app = appRef(server, 'analytics');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await caughtUp(server, app);
    const t = await tails();
    const tail = t.tailOf(app)!;
    const states: string[] = [];
    tail.onDidChangeState((c) => states.push(c.state));
    server.control.failNext({ status: 503, count: 3, path: /\/logs$/ });
    server.control.appendLogs(app.name, ['during the outage']);
    await until('reconnected', () => markersOf(t.textOf(app)).some((m) => /reconnected/.test(m)));
    assert.deepEqual(states, ['reconnecting', 'live']);
    const markers = markersOf(t.textOf(app));
    assert.equal(markers.filter((m) => /connection lost \(503.*reconnecting…/.test(m)).length, 1, 'one line per outage');
    assert.equal(tail.state, 'live');
    await caughtUp(server, app);
    assert.equal(contentOf(t.textOf(app)).filter((l) => l.endsWith('during the outage')).length, 1);
    // The tree still shows it tailed while it reconnects: it is alive, and says so in the channel.
    assert.ok(t.isTailing(app));
  });

  it('stops a tail of a deleted app: at once when deleted here, at the next read when deleted elsewhere', async () => {
    const t = await tails();
    const blog = appRef(server, 'blog');
    await vscode.commands.executeCommand('apphost.logs.tail', blog);
    await until('blog tail waiting for its first deploy', () => t.tailOf(blog)?.state === 'waiting');
    await runScripted('apphost.app.delete', { inputs: ['blog'] }, await nodeAt('Personal', 'Apps', 'blog'));
    assert.equal(t.tailOf(blog)?.stopReason, 'notFound');
    assert.match(markersOf(t.textOf(blog)).at(-1)!, /the app no longer exists/);

    const crm = appRef(server, 'image-resizer');
    await vscode.commands.executeCommand('apphost.logs.tail', crm);
    await until('crm tail live', () => t.tailOf(crm)?.state === 'live');
    const other = server.control.issueToken(DEMO_USER.email, 'elsewhere');
    const res = await fetch(`${server.url}/api/v1/apps/${crm.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } });
    assert.equal(res.status, 200);
    await until('stopped by the 404', () => t.tailOf(crm)?.state === 'stopped');
    assert.equal(t.tailOf(crm)?.stopReason, 'notFound');
    assert.ok(!t.isTailing(crm));
  });

  it('stops every tail on sign-out, with a line saying why', async () => {
    const t = await tails();
    const apps = [appRef(server, 'storefront'), appRef(server, 'cron-jobs')];
    for (const app of apps) await vscode.commands.executeCommand('apphost.logs.tail', app);
    await signOutQuietly();
    for (const app of apps) {
      await until(`${app.name} stopped`, () => t.tailOf(app)?.state === 'stopped');
      await until(`${app.name}: the closing line`, () => markersOf(t.textOf(app)).at(-1)?.match(/stopped tailing \(signed out\)/));
    }
    assert.deepEqual(t.tailed(), []);
    token = await signInWithIssuedToken(server, DEMO_USER.email);
    // Signing out was deliberate: signing in again does not bring them back.
    await sleep(600);
    assert.deepEqual(t.tailed(), []);
    for (const app of apps) assert.ok(!markersOf(t.textOf(app)).some((m) => /resuming/.test(m)));
  });

  it('stops the tails of a workspace added by hand when it is removed', async function () {
    const api = await extensionApi();
    const session = (await api.connection.session())!;
    if (session.account.workspaces?.includes('acme')) this.skip();
    await api.workspaces.addSlug(session.apiRoot, 'acme');
    const t = await tails();
    const app = appRef(server, 'acme-api', 'acme');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await until('acme tail live', () => t.tailOf(app)?.state === 'live');
    await api.workspaces.removeSlug(session.apiRoot, 'acme');
    await until('stopped', () => t.tailOf(app)?.state === 'stopped');
    await until('the closing line', () => markersOf(t.textOf(app)).at(-1)?.match(/stopped tailing \(the workspace acme was removed\)/));
  });

  it('a 401 stops the tail with a clear line and exactly one sign-in prompt, however many tails', async () => {
    const t = await tails();
    const apps = [appRef(server, 'storefront'), appRef(server, 'api-gateway'), appRef(server, 'analytics')];
    for (const app of apps) await vscode.commands.executeCommand('apphost.logs.tail', app);
    for (const app of apps) await until(`${app.name} live`, () => t.tailOf(app)?.state === 'live');
    const ui = await withScript({}, async () => {
      server.control.revokeToken(token);
      for (const app of apps) await until(`${app.name} stopped`, () => t.tailOf(app)?.state === 'stopped');
      await sleep(300);
    });
    for (const app of apps) {
      assert.equal(t.tailOf(app)?.stopReason, 'unauthorized');
      assert.match(markersOf(t.textOf(app)).at(-1)!, /not signed in, or the session expired; sign in again to resume/);
    }
    assert.equal(ui.shown.filter((s) => /session expired/i.test(s.text)).length, 1, JSON.stringify(ui.shown));
    token = await signInWithIssuedToken(server, DEMO_USER.email);
  });

  /** Revokes the session's token with every app tailed; resolves once all stopped, with what was shown. */
  async function revokeWhileTailing(apps: AppRef[]) {
    const t = await tails();
    for (const app of apps) await until(`${app.name} live`, () => t.tailOf(app)?.state === 'live');
    return withScript({}, async () => {
      server.control.revokeToken(token);
      for (const app of apps) await until(`${app.name} stopped`, () => t.tailOf(app)?.state === 'stopped');
      await sleep(300);
    });
  }

  it('signing in again as the same account resumes the tails a 401 stopped, in their channels, nothing twice, nothing unmarked', async function () {
    this.timeout(90_000);
    const t = await tails();
    const apps = [appRef(server, 'storefront'), appRef(server, 'api-gateway')];
    const truth = apps.map((app) => recordLog(server, app));
    for (const app of apps) await vscode.commands.executeCommand('apphost.logs.tail', app);
    const engines = apps.map((app) => t.tailOf(app));
    server.control.setLogInterval(100);
    await sleep(1_000);
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    const ui = await revokeWhileTailing(apps);
    assert.equal(ui.shown.filter((s) => /session expired/i.test(s.text)).length, 1, JSON.stringify(ui.shown));
    assert.doesNotMatch((await row.getTreeItem()).contextValue!, /:tailing\b/);
    const before = apps.map((app) => linesOf(t.textOf(app)));
    // Lines logged while signed out (generated, and one of our own).
    for (const app of apps) server.control.appendLogs(app.name, ['while signed out']);
    await sleep(1_500);

    token = await signInWithIssuedToken(server, DEMO_USER.email);
    for (const app of apps) await until(`${app.name} resumed`, () => t.tailOf(app)?.state === 'live');
    await sleep(1_500);
    server.control.setLogInterval(0);
    for (const [i, app] of apps.entries()) {
      truth[i].stop();
      assert.equal(t.tailOf(app), engines[i], 'the same tail, resumed');
      await until(`${app.name} caught up`, () => showsEveryLast(t.textOf(app), truth[i].byContainer), 10_000);
      const shown = linesOf(t.textOf(app));
      assert.deepEqual(shown.slice(0, before[i].length), before[i], 'the channel kept what it showed');
      const resumed = shown.slice(before[i].length);
      assert.match(resumed[0], /^… signed in again: resuming$/);
      const { matched, skipsMarked, firstSkip, markers } = checkContainers(shown, truth[i].byContainer);
      assert.ok(skipsMarked, `${app.name}: ${firstSkip}`);
      // The stop and resume lines are not gap markers: dropped, the output must run on across them.
      const gaps = (l: string) => !l.startsWith(MARKER) || /missed/.test(l);
      const across = checkContainers(shown.filter(gaps), truth[i].byContainer);
      assert.ok(across.skipsMarked, `${app.name} across the sign-in: ${across.firstSkip}\n${markers.join('\n')}`);
      assert.ok(matched > 20, `${app.name}: ${matched} lines`);
      // What was logged meanwhile is shown (once), or a marker says lines may be missing.
      const ours = contentOf(t.textOf(app)).filter((l) => l.endsWith('while signed out')).length;
      assert.ok(ours === 1 || resumed.some((l) => /missed/.test(l)), `${app.name}: ${ours} copies of the line logged while signed out`);
    }
    const after = await (await nodeAt('Personal', 'Apps', 'storefront')).getTreeItem();
    assert.match(after.contextValue!, /^app:running\b.*:tailing\b/);
    assert.match(String(after.description), /tailing logs/);
  });

  it('a running tail carries on through a new session of the same account', async () => {
    const t = await tails();
    const app = appRef(server, 'analytics');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await caughtUp(server, app);
    const engine = t.tailOf(app);
    const old = token;
    token = await signInWithIssuedToken(server, DEMO_USER.email);
    server.control.revokeToken(old); // the old token is gone: reads use the new one
    server.control.appendLogs(app.name, ['after signing in again']);
    await caughtUp(server, app);
    assert.equal(t.tailOf(app), engine);
    assert.equal(engine?.state, 'live');
    assert.deepEqual(markersOf(t.textOf(app)), []);
  });

  it('signing in as another account does not resume, nor does signing back in after that', async () => {
    const t = await tails();
    const app = appRef(server, 'storefront');
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    await revokeWhileTailing([app]);
    await signInWithIssuedToken(server, OTHER_USERS[0].email);
    await sleep(600);
    assert.equal(t.tailOf(app)?.state, 'stopped');
    token = await signInWithIssuedToken(server, DEMO_USER.email);
    await sleep(600);
    assert.equal(t.tailOf(app)?.state, 'stopped');
    assert.ok(!markersOf(t.textOf(app)).some((m) => /resuming/.test(m)));
  });

  it('a tail the user stopped stays stopped when the account signs in again', async () => {
    const t = await tails();
    const [stopped, other] = [appRef(server, 'storefront'), appRef(server, 'cron-jobs')];
    for (const app of [stopped, other]) await vscode.commands.executeCommand('apphost.logs.tail', app);
    await until('live', () => t.tailOf(stopped)?.state === 'live');
    await vscode.commands.executeCommand('apphost.logs.stop', stopped);
    await revokeWhileTailing([other]);
    token = await signInWithIssuedToken(server, DEMO_USER.email);
    await until('the other tail resumed', () => t.tailOf(other)?.state === 'live');
    await sleep(300);
    assert.equal(t.tailOf(stopped)?.stopReason, 'user');
    assert.ok(!markersOf(t.textOf(stopped)).some((m) => /resuming/.test(m)));
  });

  it('stops the tails of a team the account was removed from once its workspaces are read again', async () => {
    const api = await extensionApi();
    const session = (await api.connection.session())!;
    // wokku's teams have no slug: the team is the workspace `team:<id>`.
    const acmeId = server.control.teamId('acme');
    assert.ok(!api.workspaces.manualSlugs(session.apiRoot).includes('acme'), 'acme is a team workspace here, not added by hand');
    const t = await tails();
    // Slow reads: the tail must stop on the list, not on a 403 of its next read.
    t.tuning = { ...FAST, interval: { activeMs: 60_000, quietMs: 60_000 } };
    const admin = server.control.issueToken(ADMIN_USER.email);
    const asAdmin = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const app = asAppHost({ ...appRef(server, 'acme-api'), workspace: teamWorkspace(acmeId) });
    const personal = appRef(server, 'storefront');
    try {
      for (const a of [app, personal]) await vscode.commands.executeCommand('apphost.logs.tail', a);
      await until('acme tail live', () => t.tailOf(app)?.state === 'live');
      const members = (await (await asAdmin('GET', `/teams/${acmeId}/members`)).json()) as { id: string; email: string }[];
      const me = members.find((m) => m.email === DEMO_USER.email)!;
      assert.equal((await asAdmin('DELETE', `/teams/${acmeId}/members/${me.id}`)).status, 200);
      await sleep(300);
      assert.equal(t.tailOf(app)?.state, 'live', 'nothing has read the workspace list yet');
      const ui = await withScript({}, async () => {
        await vscode.commands.executeCommand('apphost.refresh');
        const roots = await Promise.all((await api.treeInsides.resources.getChildren()).map((n) => n.getTreeItem()));
        assert.ok(!roots.some((r) => r.label === 'Acme Corp'), 'the tree no longer lists the team');
        await until('stopped', () => t.tailOf(app)?.state === 'stopped');
        await sleep(200);
      });
      assert.match(markersOf(t.textOf(app)).at(-1)!, /stopped tailing \(its team is no longer one of yours\)$/);
      assert.deepEqual(ui.shown.filter((m) => /may not read its logs/.test(m.text)), [], 'no 403 warning: it stopped on the list');
      assert.equal(t.tailOf(personal)?.state, 'live', 'tails of other workspaces go on');
    } finally {
      t.tuning = FAST;
      await asAdmin('POST', `/teams/${acmeId}/members`, { email: DEMO_USER.email, role: 'member' });
    }
  });
});
