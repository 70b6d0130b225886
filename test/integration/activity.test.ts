import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ActivityProvider, MAX_ACTIVITIES, type ActivitySource } from '../../src/activity/activityProvider';
import type { Activity } from '../../src/api';
import { DEMO_USER, type RunningServer } from '../server';
import { extensionApi, signInWithIssuedToken, signOutQuietly, sleep, until, useServer } from './support/env';


/** A source of `total` activities, counting fetches and the limits asked for. */
function fakeSource(total = 500) {
  const limits: number[] = [];
  let scope = 'a';
  const source: ActivitySource = {
    scope: async () => ({ key: scope, label: scope }),
    fetch: async (limit) => {
      limits.push(limit);
      return Array.from({ length: Math.min(limit, total) }, (_, i): Activity => ({
        id: String(i), action: i % 2 ? 'deploy.failed' : 'app.create', description: `event ${i}`, createdAt: new Date(Date.now() - i * 60_000).toISOString(), raw: {},
      }));
    },
    hasRoom: () => true,
  };
  return { source, limits, setScope: (s: string) => (scope = s) };
}

/** Plays VS Code: each change event of a visible view reads the children again. */
function attach(provider: ActivityProvider) {
  const reads: vscode.TreeItem[][] = [];
  provider.onDidChangeTreeData(async () => reads.push(await provider.getChildren()));
  return reads;
}

describe('activity: the Activity view', function () {
  describe('refresh logic (provider with a fake source)', () => {
    it('refreshes on its timer only while visible, and not at all while hidden', async () => {
      const { source, limits } = fakeSource();
      const provider = new ActivityProvider(source, 40);
      const reads = attach(provider);
      await sleep(150);
      assert.equal(limits.length, 0, 'never shown: no fetch');
      provider.setVisible(true);
      await sleep(190);
      assert.ok(limits.length >= 3, `visible: fetched ${limits.length} times`);
      provider.setVisible(false);
      await sleep(20);
      const hiddenAt = limits.length;
      provider.refresh();
      await sleep(200);
      assert.equal(limits.length, hiddenAt, 'hidden: neither the timer nor refresh() fetches');
      provider.setVisible(true);
      await sleep(10);
      assert.equal(limits.length, hiddenAt + 1, 'shown again: one fetch of what went stale');
      provider.setFocused(false);
      await sleep(150);
      assert.equal(limits.length, hiddenAt + 1, 'window in the background: the timer pauses');
      provider.dispose();
      assert.ok(reads.length > 0);
    });

    it('a refresh asked for while a read runs (another service picked) reads again after it, and the older read never wins', async () => {
      let scope = 'service-a';
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const asked: string[] = [];
      const source: ActivitySource = {
        scope: async () => ({ key: scope, label: scope }),
        fetch: async () => {
          const from = scope;
          asked.push(from);
          if (from === 'service-a') await held; // A's answer comes late
          return [{ id: from, action: 'app.create', description: from, createdAt: new Date().toISOString(), raw: {} }];
        },
        hasRoom: () => true,
      };
      const provider = new ActivityProvider(source, 0);
      // VS Code folds a refresh into the read in progress: here the change events are not read at all.
      const changes: number[] = [];
      provider.onDidChangeTreeData(() => changes.push(1));
      provider.setVisible(true);
      const first = provider.getChildren();
      await until('A asked', () => asked.includes('service-a'));
      scope = 'service-b';
      provider.refresh();
      const before = changes.length;
      release();
      await first;
      assert.ok(changes.length > before, 'the view is asked to read again once the older read ends');
      const rows = await provider.getChildren();
      assert.deepEqual(asked, ['service-a', 'service-b']);
      assert.equal(String(rows[0].label).includes('service-b') || rows[0].id === 'activity/service-b', true, JSON.stringify(rows.map((r) => r.id)));
      provider.dispose();
    });

    it('loads more by pages up to the service maximum of 200, and starts over in another workspace', async () => {
      const { source, limits, setScope } = fakeSource();
      const provider = new ActivityProvider(source, 0);
      provider.setVisible(true);
      let rows = await provider.getChildren();
      assert.equal(rows.length, 51, '50 + "Load more"');
      assert.match(String(rows.at(-1)!.label), /Load more/);
      assert.equal(rows.at(-1)!.command?.command, 'apphost.activity.loadMore');
      for (let i = 0; i < 5; i++) {
        provider.loadMore();
        rows = await provider.getChildren();
      }
      assert.deepEqual(limits, [50, 100, 150, 200]);
      assert.equal(rows.length, MAX_ACTIVITIES, 'no "Load more" at the maximum');
      assert.ok(rows.every((r) => typeof r.description === 'string' && /ago|now/.test(r.description)), 'relative times');
      assert.equal((rows[1].iconPath as vscode.ThemeIcon).id, 'error', 'icon by action');
      setScope('b');
      provider.refresh();
      await provider.getChildren();
      assert.equal(limits.at(-1), 50);
      provider.dispose();
    });

    it('shows an empty state, and an error row with a retry', async () => {
      const empty = new ActivityProvider({ ...fakeSource(0).source }, 0);
      empty.setVisible(true);
      assert.match(String((await empty.getChildren())[0].label), /No activity yet/);
      const failing = new ActivityProvider({ ...fakeSource().source, fetch: () => Promise.reject(new Error('boom')) }, 0);
      failing.setVisible(true);
      const [row] = await failing.getChildren();
      assert.match(String(row.label), /Could not load the activity log: boom/);
      assert.equal(row.command?.command, 'apphost.activity.refresh');
      const signedOut = new ActivityProvider({ ...fakeSource().source, scope: async () => undefined }, 0);
      signedOut.setVisible(true);
      assert.deepEqual(await signedOut.getChildren(), [], 'signed out: the welcome content shows');
      [empty, failing, signedOut].forEach((p) => p.dispose());
    });
  });

  describe('in the workbench, against the reference server', () => {
    let server: RunningServer;
    before(async () => {
      server = await useServer();
      await signInWithIssuedToken(server, DEMO_USER.email);
    });
    after(async () => {
      await vscode.commands.executeCommand('workbench.view.explorer');
      await signOutQuietly();
      await server.close();
    });

    const activityRequests = () => server.control.requestLog.filter((e) => e.path === '/api/v1/activities');

    it('fetches when shown, per active workspace, loads more with ?limit=, and stays quiet while hidden', async () => {
      const api = await extensionApi();
      const session = (await api.connection.session())!;
      await api.workspaces.setActive(session.apiRoot, undefined);
      server.control.clearRequestLog();
      await vscode.commands.executeCommand('apphost.activity.focus');
      await until('the first fetch', () => activityRequests().length > 0);
      assert.deepEqual(activityRequests().map((e) => [e.query.limit, e.workspace]), [['50', null]]);

      await api.workspaces.setActive(session.apiRoot, 'acme');
      await until('the acme fetch', () => activityRequests().some((e) => e.workspace === 'acme'));
      await vscode.commands.executeCommand('apphost.activity.loadMore');
      await sleep(300);
      // acme has fewer than 50 activities: there is no "Load more", and the command only re-reads.
      assert.ok(activityRequests().every((e) => Number(e.query.limit) <= 200));

      await vscode.commands.executeCommand('workbench.view.explorer');
      await sleep(200);
      server.control.clearRequestLog();
      await api.workspaces.setActive(session.apiRoot, undefined);
      await vscode.commands.executeCommand('apphost.activity.refresh');
      await sleep(500);
      assert.equal(activityRequests().length, 0, 'hidden: no request');

      await vscode.commands.executeCommand('apphost.activity.focus');
      await until('the fetch on showing', () => activityRequests().length > 0);
      await sleep(300);
      assert.deepEqual(activityRequests().map((e) => [e.query.limit, e.workspace]), [['50', null]], 'one fetch for what went stale');
    });
  });
});
