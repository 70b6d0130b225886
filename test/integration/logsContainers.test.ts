// Tail Logs inside the real VS Code against the reference server answering as the
// real service does (Dokku): one block per container, colour prefixes, blocks in
// any order, containers replaced by a restart, and apps never deployed.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { extensionApi, sleep, until } from './support/env';
import { checkContainers } from './support/logContinuity';
import { nodeAt } from './support/resourceTree';
import { appRef, linesOf, markersOf, recordLog, showsEveryLast, shownPerContainer, startTailing, tails } from './support/tails';

describe('logs: per-container windows (the real service\'s form)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let close: () => Promise<void>;

  before(async () => ({ server, close } = await startTailing()));
  afterEach(async () => {
    server.control.setLogInterval(0);
    await (await tails()).stopAll();
  });
  after(() => close());

  it('a three-container app tailed for a minute, with a restart by someone else midway: every line once, per container, no escape codes', async function () {
    // A minute: the soak (npm test's 2 minutes, and its hours) follows tails for longer.
    this.timeout(150_000);
    const app = appRef(server, 'storefront');
    const truth = recordLog(server, app);
    const t = await tails();
    await vscode.commands.executeCommand('apphost.logs.tail', app);
    server.control.setLogInterval(100); // every container talks, with repeats and twin messages across web containers
    const end = Date.now() + 60_000;
    let restarted = false;
    for (let i = 0; Date.now() < end; i++) {
      if (!restarted && Date.now() > end - 30_000) {
        server.control.restartContainers(app.name); // the CLI or the dashboard restarted it
        restarted = true;
      }
      if (i % 10 === 0) server.control.appendLogs(app.name, Array(1 + (i % 3)).fill(`repeated line ${i % 4}`), undefined, 'web.2');
      await sleep(200);
    }
    server.control.setLogInterval(0);
    truth.stop();
    await until('caught up', () => showsEveryLast(t.textOf(app), truth.byContainer), 15_000);
    const text = t.textOf(app)!;
    assert.ok(!text.includes('\x1b'), 'an escape code reached the channel');
    const { matched, skipsMarked, firstSkip, markers } = checkContainers(linesOf(text), truth.byContainer);
    assert.ok(skipsMarked, firstSkip);
    assert.ok(matched > 1000, `${matched} lines followed`);
    assert.deepEqual(markers.filter((m) => /new containers/.test(m)), ['… new containers (restart or deploy): web.1, web.2, worker.1; lines the old ones wrote after the last read may have been missed']);
    // A poll stalled past a window on a loaded machine must be marked; it stays rare.
    assert.ok(markers.filter((m) => /missed/.test(m)).length <= 1, markers.join('\n'));
    assert.deepEqual([...shownPerContainer(text).keys()].sort(), ['app[web.1]', 'app[web.2]', 'app[worker.1]']);
    // The window stays what one container needs, not the sum of all.
    assert.ok(t.tailOf(app)!.windowSize <= 200, `window of ${t.tailOf(app)!.windowSize} lines`);
  });

  it('an app never deployed: says so once, no "connection lost", its row says it waits, and it follows the first deploy', async () => {
    const t = await tails();
    const blog = appRef(server, 'blog');
    await vscode.commands.executeCommand('apphost.logs.tail', blog);
    await until('waiting', () => t.tailOf(blog)?.state === 'waiting');
    const row = await nodeAt('Personal', 'Apps', 'blog');
    await until('the row says so', async () => /logs await first deploy/.test(String((await row.getTreeItem()).description)));
    assert.match((await row.getTreeItem()).contextValue!, /:tailing\b/);
    await sleep(1_000);
    assert.deepEqual(markersOf(t.textOf(blog)), ['… this app has not been deployed yet: its lines will show here after the first deploy (checking about once a minute)']);
    const reads = server.control.requestLog.filter((e) => e.path.endsWith(`/apps/${blog.id}/logs`)).length;
    assert.ok(reads <= 2, `${reads} reads while waiting`);

    // The first deploy (a git push elsewhere); the Deploys list shows it, which makes the tail look at once.
    const deployId = server.control.startDeploy(blog.name, { commitSha: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0' });
    await until('deployed', () => server.control.deploysOf(blog.name).find((d) => d.id === deployId)?.status === 'succeeded', 20_000);
    const deploys = await nodeAt('Personal', 'Apps', 'blog', 'Deploys');
    await (await extensionApi()).treeInsides.resources.getChildren(deploys);
    await until('following', () => t.tailOf(blog)?.state === 'live', 5_000);
    await until('its first lines', () => /Server listening on 0\.0\.0\.0:5000/.test(t.textOf(blog) ?? ''));
    assert.equal(markersOf(t.textOf(blog)).at(-1), '… the app has been deployed: following its lines');
    assert.ok(!/connection lost/.test(t.textOf(blog)!));
    await until('the row no longer waits', async () => !/await first deploy/.test(String((await (await nodeAt('Personal', 'Apps', 'blog')).getTreeItem()).description)));
  });
});
