import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_USER, type RunningServer } from '../server';
import {
  appRef, appRequests, closeAll, diagnosticsOf, editEnv, lastRelease, openDocument, releaseNotes, save, setText, settled, skipRestartPrompt,
} from './support/configDocs';
import { asAppHost, extensionApi, serviceOf, signInWithIssuedToken, startSignedIn, stopSignedIn, until } from './support/env';
import { labelsUnder, nodeAt } from './support/resourceTree';

describe('config: config.env saves exactly the user\'s change', function () {
  let server: RunningServer;

  before(async () => {
    server = await startSignedIn();
    await skipRestartPrompt(true);
  });
  afterEach(async () => {
    server.control.clearFaults();
    await closeAll();
  });
  after(async () => {
    await skipRestartPrompt(false);
    await stopSignedIn(server);
  });

  it('opens sorted KEY=value lines with a header, quoting values that need it', async () => {
    server.control.setConfig('marketing-site', { GREETING: 'hello world # not a comment', QUOTE: 'say "hi"', RAILS_ENV: 'production' });
    const doc = await openDocument(server, 'marketing-site', 'config');
    const lines = doc.getText().split('\n');
    assert.match(lines[0], /^# Config vars of marketing-site\./);
    const entries = lines.filter((l) => l && !l.startsWith('#'));
    assert.deepEqual(entries.map((l) => l.split('=')[0]), ['GREETING', 'QUOTE', 'RAILS_ENV']);
    assert.equal(entries[0], 'GREETING="hello world # not a comment"');
    assert.equal(entries[1], `QUOTE='say "hi"'`);
    assert.equal(doc.isDirty, false);
    assert.match(doc.uri.path, /^\/~personal\/apps\/[^/]+\/marketing-site\/config\.env$/, 'the tab reads marketing-site/config.env');
  });

  it('serves an app\'s config only to the user\'s editors: another extension\'s workspace.fs read or write of its address is refused, unsent', async () => {
    // An app whose config this window never opened (a document lingers a while after its tab closed).
    const app = server.control.findApp('mailer')!;
    const service = (await extensionApi()).connections.firstId();
    // By id, and by name (wokku takes an app's name for its id): both guessable addresses.
    const addresses = [app.id, app.name].map((id) => vscode.Uri.from({ scheme: 'apphost', path: `/~personal/apps/${id}/mailer/config.env`, query: `service=${encodeURIComponent(service)}` }));
    server.control.clearRequestLog();
    for (const uri of addresses) {
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), (e: Error) => e instanceof vscode.FileSystemError && e.code === 'NoPermissions' && /only in an editor of its own/.test(e.message));
      await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('EVIL=1\n'))), (e: Error) => e instanceof vscode.FileSystemError && e.code === 'NoPermissions');
    }
    assert.deepEqual(server.control.requestLog.filter((e) => e.path.includes('/config')).map((e) => `${e.method} ${e.path}`), [], 'nothing was read or written on the server');
    // Once the user opens it, its text is what every extension sees in workspace.textDocuments anyway.
    const doc = await openDocument(server, 'mailer', 'config');
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(doc.uri)), doc.getText());
  });

  /** The Config group of an app in the tree, fetched (as when expanded). */
  const configGroup = async (app: string) => {
    const group = await nodeAt('Personal', 'Apps', app, 'Config');
    await labelsUnder(group);
    return group;
  };
  /** "KEY=description" of each Config row of the app, as the tree shows them now. */
  const configRows = async (app: string) => {
    const group = await nodeAt('Personal', 'Apps', app, 'Config');
    const api = await extensionApi();
    return Promise.all((await api.treeInsides.resources.getChildren(group)).map(async (n) => {
      const item = await n.getTreeItem();
      return item.description === undefined ? String(item.label) : `${String(item.label)}=${String(item.description)}`;
    }));
  };

  it('a one-key save costs GET + PUT, a removal GET + DELETE; the tree and the tab show the result without reading again', async () => {
    server.control.setConfig('marketing-site', { RAILS_ENV: 'production', REGION: 'us' });
    await configGroup('marketing-site');
    const doc = await openDocument(server, 'marketing-site', 'config');
    await editEnv(doc, { RAILS_ENV: 'staging' });
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, true);
    const changed = await configRows('marketing-site');
    assert.ok(changed.includes('RAILS_ENV=staging'), `the Config rows show the saved value: ${changed.join(', ')}`);
    assert.match(doc.getText(), /^RAILS_ENV=staging$/m);
    assert.equal(doc.isDirty, false);
    await settled(server);
    assert.deepEqual(appRequests(server, 'marketing-site'), ['GET /config', 'PUT /config'], 'the conflict check, the one write: no read after it');

    await editEnv(doc, {}, ['RAILS_ENV']);
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, true);
    const removed = await configRows('marketing-site');
    assert.ok(!removed.some((r) => r.startsWith('RAILS_ENV')), removed.join(', '));
    assert.deepEqual(removed.map((r) => r.split('=')[0]), Object.keys(server.control.getConfig('marketing-site')).sort(), 'the rows match the server');
    assert.doesNotMatch(doc.getText(), /RAILS_ENV/);
    assert.equal(doc.isDirty, false);
    await settled(server);
    assert.deepEqual(appRequests(server, 'marketing-site'), ['GET /config', 'DELETE /config']);
  });

  it('sends one PUT with only added or changed keys and one DELETE with only removed keys', async () => {
    await configGroup('storefront');
    const doc = await openDocument(server, 'storefront', 'config');
    const since = lastRelease(server, 'storefront');
    await editEnv(doc, { LOG_LEVEL: 'debug', FEATURE_FLAGS: '"a b,c"' }, ['WEB_CONCURRENCY']);
    server.control.clearRequestLog();
    const { saved } = await save(doc);
    assert.equal(saved, true);
    assert.equal(doc.isDirty, false);
    assert.deepEqual(appRequests(server, 'storefront'), ['GET /config', 'PUT /config', 'DELETE /config'], 're-read, then the two writes');
    assert.deepEqual(releaseNotes(server, 'storefront', since), ['Set FEATURE_FLAGS, LOG_LEVEL config vars', 'Unset WEB_CONCURRENCY config vars']);
    const config = server.control.getConfig('storefront');
    assert.equal(config.LOG_LEVEL, 'debug');
    assert.equal(config.FEATURE_FLAGS, 'a b,c');
    assert.equal(config.WEB_CONCURRENCY, undefined);
    assert.equal(config.SESSION_SECRET, 'f3c9a1d07be24e5c9a6e1f0b8d7c2a41', 'untouched keys stay');
    const rows = await configRows('storefront');
    assert.ok(rows.includes('LOG_LEVEL=debug') && rows.includes('FEATURE_FLAGS=a b,c'), rows.join(', '));
    assert.ok(!rows.some((r) => r.startsWith('WEB_CONCURRENCY')), rows.join(', '));
    await settled(server);
    assert.deepEqual(appRequests(server, 'storefront'), ['GET /config', 'PUT /config', 'DELETE /config'], 'nothing read after the writes');
  });

  it('sends nothing when the values did not change (comments and order do not count)', async () => {
    const doc = await openDocument(server, 'storefront', 'config');
    const reordered = doc.getText().split('\n').filter((l) => l && !l.startsWith('#')).reverse();
    await setText(doc, `# my notes\n${reordered.join('\n')}\n`);
    assert.equal(doc.isDirty, true);
    server.control.clearRequestLog();
    const since = lastRelease(server, 'storefront');
    assert.equal((await save(doc)).saved, true);
    assert.equal(doc.isDirty, false);
    await settled(server);
    assert.deepEqual(appRequests(server, 'storefront'), [], 'nothing to send, so nothing to read');
    assert.deepEqual(releaseNotes(server, 'storefront', since), []);
  });

  it('refuses invalid lines: the buffer stays as typed, diagnostics name the lines, nothing is sent', async () => {
    const doc = await openDocument(server, 'api-gateway', 'config');
    const typed = `${doc.getText()}1BAD=x\nNODE_ENV=again\nno equals sign here\n`;
    await setText(doc, typed);
    const diagnostics = (await until('diagnostics while typing', () => {
      const d = diagnosticsOf(doc);
      return d.length >= 3 ? d : undefined;
    }))!;
    const lastLines = doc.lineCount - 4;
    assert.deepEqual(diagnostics.map((d) => d.range.start.line).sort(), [lastLines, lastLines + 1, lastLines + 2]);
    assert.ok(diagnostics.every((d) => d.severity === vscode.DiagnosticSeverity.Error && d.source === 'AppHost'));
    server.control.clearRequestLog();
    const { saved } = await save(doc);
    assert.equal(saved, false, 'the save is refused');
    assert.equal(doc.isDirty, true);
    assert.equal(doc.getText(), typed, 'the buffer is exactly as typed');
    assert.deepEqual(appRequests(server, 'api-gateway'), [], 'nothing sent, not even the re-read');

    // Fixed: the save goes through and the diagnostics go away.
    await setText(doc, typed.replace('1BAD=x\nNODE_ENV=again\nno equals sign here\n', 'GOOD=x\n'));
    await until('diagnostics cleared', () => diagnosticsOf(doc).length === 0);
    assert.equal((await save(doc)).saved, true);
    assert.equal(server.control.getConfig('api-gateway').GOOD, 'x');
  });

  it('merges a remote change to other keys without asking, and shows it after the save (tab and tree, no read after the write)', async () => {
    await configGroup('billing-worker');
    const doc = await openDocument(server, 'billing-worker', 'config');
    server.control.setConfig('billing-worker', { QUEUE_CONCURRENCY: '8' });
    await editEnv(doc, { QUEUE: 'billing-eu' });
    const since = lastRelease(server, 'billing-worker');
    server.control.clearRequestLog();
    const { saved, ui } = await save(doc);
    assert.equal(saved, true);
    assert.ok(!ui.shown.some((s) => /changed on the server/.test(s.text)), 'no conflict question');
    assert.deepEqual(releaseNotes(server, 'billing-worker', since), ['Set QUEUE config vars'], 'only the user\'s key is sent');
    assert.deepEqual(server.control.getConfig('billing-worker').QUEUE_CONCURRENCY, '8', 'the remote change stays');
    await until('the buffer shows the merged state', () => doc.getText().includes('QUEUE_CONCURRENCY=8'));
    assert.match(doc.getText(), /^QUEUE=billing-eu$/m);
    assert.equal(doc.isDirty, false);
    const rows = await configRows('billing-worker');
    assert.ok(rows.includes('QUEUE=billing-eu') && rows.includes('QUEUE_CONCURRENCY=8'), rows.join(', '));
    await settled(server);
    assert.deepEqual(appRequests(server, 'billing-worker'), ['GET /config', 'PUT /config'], 'the merged state comes from the re-read, not another read');
  });

  it('never overwrites a remote change to a key the user edited: diff, then Cancel, Overwrite or Keep Server\'s', async () => {
    const doc = await openDocument(server, 'admin-panel', 'config');
    await editEnv(doc, { ADMIN_EMAILS: 'me@example.com', TIMEZONE: 'UTC' });
    server.control.setConfig('admin-panel', { ADMIN_EMAILS: 'boss@example.com' });

    // Cancel: nothing written, the buffer kept, the comparison left open.
    const since = lastRelease(server, 'admin-panel');
    const cancelled = await save(doc);
    assert.equal(cancelled.saved, false);
    assert.ok(cancelled.ui.shown.some((s) => s.kind === 'warning' && /ADMIN_EMAILS changed on the server since you opened config\.env of admin-panel/.test(s.text)),
      JSON.stringify(cancelled.ui.shown));
    assert.equal(doc.isDirty, true);
    assert.match(doc.getText(), /ADMIN_EMAILS=me@example\.com/);
    assert.deepEqual(releaseNotes(server, 'admin-panel', since), [], 'nothing written');
    const diff = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.toString() === doc.uri.toString());
    assert.ok(diff, 'server ↔ yours is open');
    const server_ = await vscode.workspace.openTextDocument((diff.input as vscode.TabInputTextDiff).original);
    assert.match(server_.getText(), /ADMIN_EMAILS=boss@example\.com/, 'the left side is the server');

    // Overwrite: my value wins on the conflicting key, my other edit goes too.
    const overwrite = await save(doc, { buttons: [[/changed on the server/, 'Overwrite']] });
    assert.equal(overwrite.saved, true);
    assert.deepEqual(server.control.getConfig('admin-panel'), { ADMIN_EMAILS: 'me@example.com', TIMEZONE: 'UTC' });
    assert.deepEqual(releaseNotes(server, 'admin-panel', since), ['Set ADMIN_EMAILS, TIMEZONE config vars']);

    // Keep Server's: the server's value stays on the conflicting key, my other edit is saved, the buffer shows the result.
    await editEnv(doc, { ADMIN_EMAILS: 'mine-again@example.com', TIMEZONE: 'Europe/Paris' });
    server.control.setConfig('admin-panel', { ADMIN_EMAILS: 'boss-again@example.com' });
    const keep = await save(doc, { buttons: [[/changed on the server/, "Keep Server's"]] });
    assert.equal(keep.saved, true);
    assert.deepEqual(server.control.getConfig('admin-panel'), { ADMIN_EMAILS: 'boss-again@example.com', TIMEZONE: 'Europe/Paris' });
    await until('the buffer shows the server\'s value', () => doc.getText().includes('ADMIN_EMAILS=boss-again@example.com'));
    assert.equal(doc.isDirty, false);
  });

  it('treats a remote delete of an edited key as a conflict too', async () => {
    const doc = await openDocument(server, 'image-resizer', 'config');
    await editEnv(doc, { MAX_WIDTH: '4096' });
    server.control.deleteConfig('image-resizer', ['MAX_WIDTH']);
    const { saved, ui } = await save(doc);
    assert.equal(saved, false);
    assert.ok(ui.shown.some((s) => /MAX_WIDTH changed on the server/.test(s.text)));
    assert.equal(server.control.getConfig('image-resizer').MAX_WIDTH, undefined);
  });

  for (const [label, fault] of [
    ['a server error (500)', { status: 500 }],
    ['an unavailable service (503, after the retries)', { status: 503, count: 3 }],
  ] as const) {
    it(`keeps the buffer dirty on ${label}, and saving again works`, async () => {
      const doc = await openDocument(server, 'analytics', 'config');
      await editEnv(doc, { RETENTION_DAYS: `${fault.status}` });
      assert.equal(doc.isDirty, true);
      const wanted = doc.getText();
      server.control.failNext({ method: 'PUT', path: /\/config$/, ...fault });
      const failed = await save(doc);
      assert.equal(failed.saved, false);
      assert.equal(doc.isDirty, true);
      assert.equal(doc.getText(), wanted);
      assert.equal((await save(doc)).saved, true, 'retry');
      assert.equal(server.control.getConfig('analytics').RETENTION_DAYS, /RETENTION_DAYS=(\d+)/.exec(wanted)![1]);
      assert.equal(doc.isDirty, false);
    });
  }

  it('waits out the rate limit (429: refused before the service acted) and then saves, once', async () => {
    const doc = await openDocument(server, 'analytics', 'config');
    await editEnv(doc, { RETENTION_DAYS: '429' });
    server.control.failNext({ method: 'PUT', path: /\/config$/, status: 429, count: 3, retryAfter: 0 });
    server.control.clearRequestLog();
    assert.equal((await save(doc)).saved, true);
    assert.equal(server.control.getConfig('analytics').RETENTION_DAYS, '429');
    const puts = server.control.requestLog.filter((e) => e.method === 'PUT');
    assert.deepEqual(puts.map((e) => e.status), [429, 429, 429, 200]);
    assert.equal(doc.isDirty, false);
  });

  it('with the request budget spent by tails, a save waits first in line, says so, and reports its true outcome', async function () {
    this.timeout(120_000);
    const api = await extensionApi();
    const apphost = vscode.workspace.getConfiguration('apphost');
    const t = api.logs.tails;
    const tuning = t.tuning;
    // 12 a minute (the 6,000 of the suite would never run short): one token every ~6 s once the bucket is empty.
    await apphost.update('requestsPerMinute', 12, vscode.ConfigurationTarget.Global);
    await apphost.update('logs.stream', false, vscode.ConfigurationTarget.Global);
    t.tuning = { interval: { activeMs: 100, quietMs: 100 }, retry: { baseMs: 100, maxMs: 300 } };
    const window = vscode.window as { withProgress: typeof vscode.window.withProgress };
    const withProgress = window.withProgress;
    const titles: string[] = [];
    window.withProgress = (options, task) => {
      if (options.title) titles.push(options.title);
      return withProgress(options, task);
    };
    const tailed = ['storefront', 'billing-worker'].map((name) => asAppHost({ ...appRef(server, name), service: serviceOf(server) }));
    try {
      const doc = await openDocument(server, 'analytics', 'config');
      await editEnv(doc, { RATE_LIMITED: 'saved' });
      for (const app of tailed) await vscode.commands.executeCommand('apphost.logs.tail', app);
      const budget = api.connection.budget;
      await until('the tails to start', () => tailed.every((app) => t.tailOf(app) !== undefined));
      // Nearly spent: not a token left when the save asks.
      while (budget.tryAcquire('user'));
      server.control.clearRequestLog();
      const { saved, ui } = await save(doc);
      assert.equal(saved, true, 'reported saved');
      assert.equal(doc.isDirty, false);
      assert.equal(server.control.getConfig('analytics').RATE_LIMITED, 'saved', 'and it is on the server');
      assert.deepEqual(ui.shown.filter((m) => m.kind === 'error' || m.kind === 'warning'), []);
      assert.ok(titles.includes("Saving config.env… (waiting for the service's rate limit)"), `the status bar said it waits: ${JSON.stringify(titles)}`);
      const puts = server.control.requestLog.filter((e) => e.method === 'PUT' && e.path.endsWith('/config'));
      assert.deepEqual(puts.map((e) => e.status), [200], 'sent once');
    } finally {
      window.withProgress = withProgress;
      for (const app of tailed) await t.stop(app);
      t.tuning = tuning;
      await apphost.update('logs.stream', undefined, vscode.ConfigurationTarget.Global);
      await apphost.update('requestsPerMinute', 6000, vscode.ConfigurationTarget.Global);
    }
  });

  it('keeps the buffer when the token is revoked (401), and saves after signing in again', async () => {
    const doc = await openDocument(server, 'analytics', 'config');
    await editEnv(doc, { SIGNED: 'yes' });
    const session = await (await extensionApi()).connection.session();
    server.control.revokeToken(session!.token);
    const failed = await save(doc);
    assert.equal(failed.saved, false);
    assert.equal(doc.isDirty, true);
    assert.equal(server.control.getConfig('analytics').SIGNED, undefined);
    await signInWithIssuedToken(server, DEMO_USER.email);
    assert.equal((await save(doc)).saved, true);
    assert.equal(server.control.getConfig('analytics').SIGNED, 'yes');
  });

  it('asks once before the first config save restarts the app, with "Don\'t Ask Again"', async () => {
    await skipRestartPrompt(false);
    try {
      const doc = await openDocument(server, 'storefront-pr-42', 'config');
      await editEnv(doc, { STEP: '1' });
      const declined = await save(doc);
      assert.equal(declined.saved, false, 'dismissed: not saved');
      assert.ok(declined.ui.shown.some((s) => s.text === 'Saving restarts storefront-pr-42'), JSON.stringify(declined.ui.shown));
      assert.equal(server.control.getConfig('storefront-pr-42').STEP, undefined);
      assert.equal(doc.isDirty, true);

      assert.equal((await save(doc, { buttons: [[/Saving restarts/, 'Save and Restart']] })).saved, true);
      await editEnv(doc, { STEP: '2' });
      const second = await save(doc);
      assert.equal(second.saved, true);
      assert.ok(!second.ui.shown.some((s) => /Saving restarts/.test(s.text)), 'asked once per app');

      const other = await openDocument(server, 'api-gateway', 'config');
      await editEnv(other, { STEP: '1' });
      assert.equal((await save(other, { buttons: [[/Saving restarts api-gateway/, "Don't Ask Again"]] })).saved, true);
      const third = await openDocument(server, 'billing-worker', 'config');
      await editEnv(third, { STEP: '1' });
      const never = await save(third);
      assert.equal(never.saved, true);
      assert.ok(!never.ui.shown.some((s) => /Saving restarts/.test(s.text)), 'not asked again');
    } finally {
      await skipRestartPrompt(true);
    }
  });
});
