import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { startJourneyServer } from './journey';
import { until } from '../support/wait';
import { ACT_TIMEOUT, gesture, gone, shows } from './gesture';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

const CODE = `import express from 'express';

const app = express();
app.get('/api/orders', async (req, res) => {
  const orders = await db.orders.list({ page: Number(req.query.page ?? 1) });
  res.json(orders);
});
app.listen(process.env.PORT ?? 5000);
`;

describe('journey: tail logs beside the code, a deploy log in a tab', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let token: string;

  before(async () => {
    // The generator is off: the journey appends the lines it shows.
    server = await startJourneyServer({ seed: 'demo', actionDelayMs: 300, logIntervalMs: 0 });
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url, 'apphost.logs.initialLines': 12, 'editor.autoIndent': 'none' } });
    token = server.control.issueToken(DEMO_USER.email);
    await workbench.signInWithToken(token);
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
  });

  const page = () => workbench.page;
  const output = () => page().locator('.part.panel .view-lines').first();
  const description = (label: string) => workbench.treeRow(label).locator('.label-description');
  const stamp = () => new Date().toISOString();


  const findWidget = () => page().locator('.part.panel .find-widget.visible');
  const findInput = () => findWidget().locator('.monaco-findInput textarea, .monaco-findInput input').first();
  /**
   * Searches the Output panel's whole channel with Find (Monaco renders only the lines in
   * view: the DOM misses a line scrolled out). Returns the number of matches.
   */
  const matches = async (text: string): Promise<number> => {
    await gesture('Find in the Output panel (Ctrl+F)', async () => {
      if (await findWidget().isVisible()) return;
      await page().locator('.part.panel .monaco-editor').first().locator('.native-edit-context, textarea').first().focus({ timeout: ACT_TIMEOUT });
      await page().keyboard.press('Control+F');
    }, () => shows(findWidget()));
    const count = findWidget().locator('.matchesCount');
    // The count settles to "No results" or "i of n" once the search ran.
    await gesture(`find ${JSON.stringify(text.slice(0, 40))}`, () => findInput().fill(text, { timeout: ACT_TIMEOUT }), async () => (await findInput().inputValue()) === text && shows(count.filter({ hasText: /No results|\d+ of \d+/ })));
    return Number(/of (\d+)/.exec(await count.innerText())?.[1] ?? 0);
  };
  /**
   * Waits until the channel holds `text`, and reveals it (Find moves the view to it). When
   * it does not come, says whether the extension wrote it (the channel's file) at all.
   */
  const findInOutput = async (text: string) => {
    const found = await until(`"${text}"`, () => matches(text), 30_000).catch(() => 0);
    if (!found) {
      const written = workbench.outputChannelFile('AppHost storefront').includes(text);
      throw new Error(`"${text}" is not in the Output view's text (Find searched all of it); the extension ${written ? 'wrote it to the channel: the view lost it' : 'never wrote it to the channel'}`);
    }
    // Enter in Find goes to the match: then the lines in view hold it.
    await gesture('go to the match (Enter)', () => findInput().press('Enter', { timeout: ACT_TIMEOUT }), () => shows(output().getByText(text)));
  };
  /**
   * Closes Find and puts the cursor back on the last line: a cursor left above it makes the
   * Output view stop following new lines (output.smartScroll.enabled).
   */
  const closeFind = async () => {
    await gesture('close Find (Escape)', async () => {
      if (await findWidget().isVisible()) await findInput().press('Escape', { timeout: ACT_TIMEOUT });
    }, () => gone(findWidget()));
    await workbench.outputTo('End');
  };

  /** A close-up of the Output panel (the tokens' colours at full size). */
  const panelShot = async (name: string) => {
    const path = await workbench.screenshot(name); // the whole window first, then the close-up beside it
    await page().locator('.part.panel').screenshot({ path: path.replace(/\.png$/, '-panel.png') });
  };

  /**
   * The token class Monaco gives the output's first span containing `text`: one
   * `mtkN` class per distinct theme colour, so two classes mean two colours.
   */
  const tokenOf = (text: string) => page().locator('.part.panel .view-lines span span', { hasText: text }).first().getAttribute('class');

  it('tails an app from its inline icon into a coloured "AppHost: storefront" channel, beside an editor', async () => {
    await workbench.runCommand('File: New Untitled Text File');
    await workbench.runCommand('Change Language Mode');
    const typescript = workbench.quickInput().locator('.monaco-list-row', { hasText: /^TypeScript/ }).first();
    await workbench.type('TypeScript', typescript);
    await workbench.pick(typescript);
    const editor = page().locator('.editor-instance .view-lines').first();
    // Typed once: a retry only while the editor is still empty.
    await gesture('type the code', async () => {
      if ((await editor.innerText()).trim()) return;
      await workbench.click(editor, () => shows(page().locator('.editor-instance .monaco-editor.focused')), 'the editor');
      await page().keyboard.insertText(CODE);
    }, () => shows(editor.getByText('app.listen(process.env.PORT')));

    server.control.appendLogs('storefront', [
      `${stamp()} app[web.1]: INFO Listening on port 5000`,
      `${stamp()} app[worker.1]: DEBUG cache warmed: 412 keys`,
      `${stamp()} app[web.2]: GET /api/orders?page=2 200 31ms`,
    ]);
    const row = workbench.treeRow('storefront');
    // The inline icon shows while the row is hovered.
    await gesture('Tail Logs (inline icon)', async () => {
      await row.hover({ timeout: ACT_TIMEOUT });
      await row.getByRole('button', { name: 'Tail Logs' }).click({ timeout: ACT_TIMEOUT });
    }, () => shows(output().getByText('cache warmed: 412 keys'), 15_000));
    assert.equal(await page().locator('.part.panel select').first().inputValue(), 'AppHost: storefront', 'the channel shown');

    // Then follows: lines appended now show up without a command.
    server.control.appendLogs('storefront', [
      `${stamp()} app[web.1]: WARN slow query on orders (1.8s)`,
      `${stamp()} app[web.2]: ERROR Unhandled rejection: connect ECONNREFUSED 10.0.0.7:6379`,
      `${stamp()} app[web.2]: GET /api/orders 500 12ms`,
      `${stamp()} app[web.1]: INFO Reconnected to redis`,
    ]);
    await output().getByText('Reconnected to redis').waitFor({ timeout: patient(15_000) });
    await description('storefront').filter({ hasText: /tailing logs/ }).waitFor();

    const plain = await tokenOf('Unhandled rejection');
    const tokens = {
      timestamp: await tokenOf(`${new Date().getUTCFullYear()}-`),
      process: await tokenOf('app[web.2]'),
      error: await tokenOf('ERROR'),
      warn: await tokenOf('WARN'),
      info: await tokenOf('INFO'),
      debug: await tokenOf('DEBUG'),
    };
    for (const [what, token] of Object.entries(tokens)) {
      assert.ok(token, `${what} found`);
      assert.notEqual(token, plain, `${what} is coloured (${JSON.stringify(tokens)} vs ${plain})`);
    }
    assert.notEqual(tokens.error, tokens.warn);
    assert.notEqual(tokens.info, tokens.debug);
    assert.notEqual(await tokenOf('worker.1'), tokens.process, 'web and worker containers in different colours');
    // The service colours each container with escape codes: none reaches the channel.
    const shownText = await page().locator('.part.panel .view-lines').first().innerText();
    assert.ok(!shownText.includes('\x1b') && !/\[[03]\d?m/.test(shownText), 'escape codes shown');
    await panelShot('logs-1-channel-beside-editor');
  });

  it('stops on a revoked session with a sign-in prompt, and resumes in the same channel once signed in again', async () => {
    server.control.revokeToken(token);
    // The next read (up to 15 s away on a quiet app) meets the 401.
    await output().getByText('sign in again to resume').waitFor({ timeout: patient(30_000) });
    server.control.appendLogs('storefront', [`${stamp()} app[web.1]: INFO order export queued while signed out`]);
    const toast = page().locator('.notification-toast', { hasText: 'session expired' });
    const pasteRow = workbench.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' });
    await workbench.click(toast.getByRole('button', { name: 'Sign In' }), () => shows(pasteRow), 'Sign In (session expired toast)');
    await workbench.pasteToken(server.control.issueToken(DEMO_USER.email), output().getByText('… signed in again: resuming'));
    await output().getByText('order export queued while signed out').waitFor({ timeout: patient(15_000) });
    await workbench.expand('Apps');
    await description('storefront').filter({ hasText: /tailing logs/ }).waitFor();
    await panelShot('logs-1b-resumed');
  });

  it('says so in the channel when it stops (context menu), and the tree drops the mark', async () => {
    await workbench.contextMenu('storefront', 'Stop Tailing', () => shows(output().getByText('… stopped tailing', { exact: true })));
    await description('storefront').filter({ hasText: /tailing logs/ }).waitFor({ state: 'detached' });
    const row = workbench.treeRow('storefront');
    await gesture('hover storefront', () => row.hover({ timeout: ACT_TIMEOUT }), () => shows(row.getByRole('button', { name: 'Tail Logs' })));
    await workbench.screenshot('logs-2-stopped');
  });

  it('a restart by someone else shows as new containers (the old ones\' unread end may be missing), not as a gap', async () => {
    await workbench.contextMenu('storefront', 'Tail Logs', () => shows(output().getByText('Reconnected to redis'), 15_000));
    server.control.restartContainers('storefront');
    await output().getByText('Worker started, waiting for jobs').waitFor({ timeout: patient(30_000) });
    // The marker is read from the channel's whole text (Find), not from the lines in view.
    const marker = '… new containers (restart or deploy): web.1, web.2, worker.1; lines the old ones wrote after the last read may have been missed';
    const inView = await output().getByText(marker).isVisible();
    await findInOutput(marker);
    // Find revealed it: now the lines in view hold it.
    await output().getByText(marker).waitFor();
    if (!inView) console.log('    the marker was in the channel but out of view (the Output view had scrolled past it)');
    assert.ok(!(await matches('may have been missed here')), 'no gap marker');
    await closeFind();
    await panelShot('logs-2b-new-containers');
    await workbench.contextMenu('storefront', 'Stop Tailing', () => shows(output().getByText('… stopped tailing', { exact: true })));
  });

  it('explains an app that was never deployed instead of reconnecting forever', async () => {
    await workbench.contextMenu('blog', 'Tail Logs', () => shows(output().getByText('this app has not been deployed yet'), 15_000));
    await description('blog').filter({ hasText: /logs await first deploy/ }).waitFor();
    assert.ok(!/connection lost/.test(await page().locator('.part.panel .view-lines').first().innerText()));
    await panelShot('logs-2c-never-deployed');
    await workbench.contextMenu('blog', 'Stop Tailing', () => gone(description('blog').filter({ hasText: /logs await first deploy/ })));
  });

  it('opens a running deploy\'s log in a read-only tab that follows the build, then says how it ended', async () => {
    server.control.setActionDelay(2400);
    // The build is held open until the tab was seen building, however slow the machine.
    const releaseBuild = server.control.holdBuilds();
    // A deploy job (a rollback or a template deploy in wokku): its log grows while it builds.
    server.control.startDeploy('storefront', { description: 'Add order export', gitPush: false });
    await workbench.expand('storefront');
    await workbench.expand('Deploys');
    const tab = page().locator('.tabs-container .tab', { hasText: /^deploy [0-9a-f]{7}\.log/ });
    await workbench.click(workbench.treeRow('Add order export'), () => shows(tab), 'the deploy row');
    const editor = page().locator('.editor-instance .view-lines').first();
    await editor.getByText('-----> Building storefront').waitFor({ timeout: patient(15_000) });
    await editor.getByText('building: this tab updates live').waitFor();
    await workbench.screenshot('logs-3-deploy-log-building');
    releaseBuild();
    await editor.getByText('… succeeded at').waitFor({ timeout: patient(20_000) });
    await editor.getByText('=====> Application deployed:').waitFor();
    await workbench.screenshot('logs-4-deploy-log-done');
  });

  it('reads well in a dark theme', async () => {
    await workbench.runCommand('Preferences: Color Theme');
    await workbench.type('Dark Modern', workbench.quickInput().locator('.monaco-list-row', { hasText: 'Dark Modern' }).first());
    await workbench.pick('Dark Modern', page().locator('.monaco-workbench.vs-dark'));
    await workbench.settled(); // the theme change animated the status bar
    await workbench.screenshot('logs-5-dark');
  });
});

