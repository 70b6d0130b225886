// The coding loop in logs, inside the real VS Code against the reference server: Filter
// Tail… / Clear Filter (nothing lost meanwhile), Show Recent Lines… (one request, a
// read-only tab), the timestamps toggle, and stack frames as links into the folder
// linked to the app, in a tail's channel and in a recent lines tab.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppRef } from '../../src/model';
import type { RunningServer } from '../server';
import { extensionApi, until } from './support/env';
import { nodeAt, runScripted } from './support/resourceTree';
import { appRef, caughtUp, contentOf, linesOf, settings, startTailing, tails } from './support/tails';

const ORDERS_JS = Array.from({ length: 60 }, (_, i) => `// line ${i + 1}\n`).join('');

describe('logs: filters, recent lines, timestamps and stack frame links', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let close: () => Promise<void>;
  let storefront: AppRef;
  const folder = () => vscode.workspace.workspaceFolders![0];
  const shown = async () => linesOf((await tails()).textOf(storefront));

  before(async () => {
    ({ server, close } = await startTailing());
    storefront = appRef(server, 'storefront');
  });
  afterEach(async () => {
    await (await tails()).stopAll();
    await settings({ showTimestamps: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(() => close());

  it('Filter Tail… by container shows only those lines, names the filter in the channel and on the row; Clear Filter shows what came meanwhile', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    await vscode.commands.executeCommand('apphost.logs.tail', row);
    const before = await caughtUp(server, storefront);
    await runScripted('apphost.logs.filter', { picks: ['By Container'], inputs: ['worker.*'] }, row);
    const t = await tails();
    assert.deepEqual(t.filterOf(storefront), { kind: 'container', globs: ['worker.*'] });
    let lines = await shown();
    assert.equal(lines[0], '… Filtered: container worker.*. Only matching lines are shown; Clear Filter shows every line again.');
    assert.deepEqual(contentOf(lines.join('\n')), before.filter((l) => l.includes('app[worker.1]:')));
    const item = await row.getTreeItem();
    assert.match(item.contextValue!, /:tailing\b.*:filtered\b|:filtered\b.*:tailing\b/);
    assert.match(String(item.description), /tailing logs · filtered: container worker\.\*/);

    server.control.appendLogs('storefront', ['web line while filtered'], undefined, 'web.2');
    server.control.appendLogs('storefront', ['worker line while filtered'], undefined, 'worker.1');
    await until('the worker line', async () => (await shown()).some((l) => l.endsWith('worker line while filtered')), 10_000);
    assert.ok(!(await shown()).some((l) => l.endsWith('web line while filtered')), 'the web line is filtered out');

    await vscode.commands.executeCommand('apphost.logs.clearFilter', row);
    lines = await shown();
    assert.ok(lines.some((l) => l.endsWith('web line while filtered')), 'the line that arrived while filtered shows');
    assert.equal(t.filterOf(storefront), undefined);
    assert.doesNotMatch(String((await row.getTreeItem()).description), /filtered/);
    // Everything shown before the filter, then the two lines that came while filtered: nothing lost, nothing twice.
    const after = contentOf(lines.join('\n'));
    assert.deepEqual(after.slice(0, before.length), before);
    assert.deepEqual(after.slice(before.length).map((l) => l.replace(/^.*\]: /, '')).sort(), ['web line while filtered', 'worker line while filtered']);
    await caughtUp(server, storefront);
  });

  it('Filter Tail… by level keeps errors and their stack frames; by regular expression matches the message', async () => {
    await vscode.commands.executeCommand('apphost.logs.tail', storefront);
    await caughtUp(server, storefront);
    await runScripted('apphost.logs.filter', { picks: ['Errors and Warnings'] }, storefront);
    const added = ['INFO all good 7f3', 'ERROR Unhandled rejection: boom 7f3', '    at handler (/app/src/routes/orders.js:42:17) 7f3', 'WARN slow query 7f3'];
    server.control.appendLogs('storefront', added, undefined, 'web.1');
    await until('the warning', async () => (await shown()).some((l) => l.endsWith('WARN slow query 7f3')), 10_000);
    const mine = (lines: string[]) => contentOf(lines.join('\n')).filter((l) => l.endsWith(' 7f3')).map((l) => l.replace(/^.*app\[web\.1\]: /, ''));
    assert.deepEqual(mine(await shown()), added.slice(1), 'the info line is filtered out');

    await runScripted('apphost.logs.filter', { picks: ['By Regular Expression'], inputs: ['/^info ALL good/i'] }, storefront);
    assert.deepEqual(mine(await shown()), ['INFO all good 7f3'], 'the regular expression applies to the message');
    assert.match((await shown())[0], /Filtered: regular expression \/\^info ALL good\/i\./);
  });

  it('Show or Hide Log Timestamps redraws the channel without the time, and new lines follow suit', async () => {
    await vscode.commands.executeCommand('apphost.logs.tail', storefront);
    const before = await caughtUp(server, storefront);
    await vscode.commands.executeCommand('apphost.logs.toggleTimestamps');
    assert.equal(vscode.workspace.getConfiguration('apphost.logs').get('showTimestamps'), false);
    await until('redrawn', async () => contentOf((await shown()).join('\n'))[0] === before[0].replace(/^\S+ /, ''));
    server.control.appendLogs('storefront', ['after the toggle'], undefined, 'web.1');
    await until('the new line', async () => (await shown()).includes('app[web.1]: after the toggle'), 10_000);
    await vscode.commands.executeCommand('apphost.logs.toggleTimestamps');
    await until('times again', async () => contentOf((await shown()).join('\n')).every((l) => /^\d{4}-/.test(l)));
  });

  it('Show Recent Lines… reads once into a read-only tab, merged by time, in the log language', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.logs.showRecent', { inputs: ['5'] }, storefront);
    assert.match(ui.shown.find((s) => s.kind === 'inputBox')!.text, /at most 1000/);
    const doc = vscode.window.activeTextEditor!.document;
    assert.equal(doc.uri.scheme, 'apphost-recent-log');
    assert.equal(doc.languageId, 'apphost-log');
    const lines = linesOf(doc.getText());
    assert.match(lines[0], /^… storefront: the last 5 lines of each container, read at /);
    const body = lines.slice(1);
    assert.equal(body.length, 15, 'three containers, five lines each');
    assert.deepEqual([...body].sort(), body, 'merged by time');
    assert.deepEqual(server.control.requestLog.filter((e) => e.path.endsWith('/logs')).map((e) => `${e.method} ${e.path}?${e.query ?? ''}`).length, 1, 'one request');
    assert.ok(!body.some((l) => l.includes('\x1b')), 'escape codes stripped');
  });

  describe('stack frames as links', () => {
    const files = { 'src/routes/orders.js': ORDERS_JS, 'app/views.py': ORDERS_JS, 'app/models/order.rb': ORDERS_JS, 'cmd/server/main.go': ORDERS_JS };
    before(async () => {
      for (const [path, text] of Object.entries(files)) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder().uri, path), Buffer.from(text));
      await (await extensionApi()).deploy.links.link(folder(), storefront);
    });
    after(async () => {
      await (await extensionApi()).deploy.links.unlink(folder());
      for (const top of ['src', 'app', 'cmd']) await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder().uri, top), { recursive: true });
    });

    const TRACE = [
      'ERROR boom',
      '    at handler (/app/src/routes/orders.js:42:17)',
      '  File "/app/app/views.py", line 8, in checkout',
      "/app/app/models/order.rb:12:in 'total'",
      '\t/app/cmd/server/main.go:57 +0x1d',
      '    at missing (/app/src/nowhere.js:1:1)',
      '    at library (/usr/lib/node/express.js:3:3)',
    ];
    const targetsOf = async (uri: vscode.Uri) => {
      const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', uri);
      return [...new Set(links.filter((l) => l.target?.scheme === folder().uri.scheme).map((l) => `${vscode.workspace.asRelativePath(l.target!, false)}#${l.target!.fragment}`))].sort();
    };
    const EXPECTED = ['app/models/order.rb#L12', 'app/views.py#L8', 'cmd/server/main.go#L57', 'src/routes/orders.js#L42,17'];

    it('in a recent lines tab: Node, Python, Ruby and Go frames lead to the linked folder; missing files and libraries are not links', async () => {
      server.control.appendLogs('storefront', TRACE, undefined, 'web.1');
      await runScripted('apphost.logs.showRecent', { inputs: ['20'] }, storefront);
      const doc = vscode.window.activeTextEditor!.document;
      assert.deepEqual(await targetsOf(doc.uri), EXPECTED);
    });

    it("in the tail's output channel", async () => {
      await vscode.commands.executeCommand('apphost.logs.tail', storefront);
      server.control.appendLogs('storefront', TRACE, undefined, 'web.1');
      await until('the trace', async () => (await shown()).some((l) => l.includes('express.js')), 10_000);
      const doc = (await until('the channel as a document', () =>
        vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.uri.path.endsWith('-AppHost: storefront') && d.getText().includes('express.js'))))!;
      assert.equal(doc.languageId, 'apphost-log');
      // An earlier suite's tail of another server's storefront has a channel of the same name: this one is the running one.
      assert.deepEqual((await extensionApi()).logs.tails.appOfOutput(doc.uri), storefront);
      const targets = await targetsOf(doc.uri);
      for (const expected of EXPECTED) assert.ok(targets.includes(expected), `${expected} in ${targets.join(' ')}`);
      assert.ok(!targets.some((t) => t.includes('nowhere') || t.includes('express')));
    });

    it('apphost.logs.sourceRoots maps /app into a subfolder (a monorepo)', async () => {
      const config = vscode.workspace.getConfiguration('apphost.logs', folder().uri);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder().uri, 'services/api/src/routes/orders.js'), Buffer.from(ORDERS_JS));
      await config.update('sourceRoots', { '/app': 'services/api' }, vscode.ConfigurationTarget.WorkspaceFolder);
      try {
        server.control.appendLogs('storefront', ['    at handler (/app/src/routes/orders.js:7:1)'], undefined, 'web.1');
        await runScripted('apphost.logs.showRecent', { inputs: ['3'] }, storefront);
        assert.deepEqual(await targetsOf(vscode.window.activeTextEditor!.document.uri), ['services/api/src/routes/orders.js#L7,1']);
      } finally {
        await config.update('sourceRoots', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder().uri, 'services'), { recursive: true });
      }
    });
  });
});
