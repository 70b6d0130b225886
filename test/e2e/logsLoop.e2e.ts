import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { startJourneyServer } from './journey';
import { createSampleRepo, type SampleRepo } from '../tools/sampleRepo';
import type { Locator } from 'playwright-core';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

/** A source file of `lines` numbered lines, so the cursor's line can be read on screen too. */
const source = (comment: string, lines = 80) => Array.from({ length: lines }, (_, i) => `${comment} line ${i + 1}: the code the trace points at\n`).join('');

/** Open Link (editor.action.openLink) has no key by default: the journey binds this one (as VS Code and Playwright spell it). */
const OPEN_LINK_KEY = { vscode: 'ctrl+alt+shift+o', playwright: 'Control+Alt+Shift+O' };

// One frame per runtime, as each prints it, under Dokku's /app.
const FRAMES = [
  { runtime: 'Node', line: '    at handler (/app/src/routes/orders.js:42:17)', link: '/app/src/routes/orders.js:42:17', tab: 'orders.js', at: 42 },
  { runtime: 'Python', line: '  File "/app/app/views.py", line 58, in checkout', link: 'File "/app/app/views.py", line 58', tab: 'views.py', at: 58 },
  { runtime: 'Ruby', line: "/app/app/models/order.rb:12:in 'total'", link: '/app/app/models/order.rb:12', tab: 'order.rb', at: 12 },
  { runtime: 'Go', line: '\t/app/cmd/server/main.go:57 +0x1d', link: '/app/cmd/server/main.go:57', tab: 'main.go', at: 57 },
];

describe('journey: from a log line to the code, filtered tails, recent lines', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let repo: SampleRepo;
  let scratch: string;

  before(async () => {
    server = await startJourneyServer({ seed: 'demo', actionDelayMs: 300, logIntervalMs: 0 });
    scratch = mkdtempSync(join(tmpdir(), 'apphost-e2e-loop-'));
    // The folder linked to storefront (its wokku remote), with the files the trace names.
    repo = createSampleRepo(join(scratch, 'storefront'), server);
    const files = { 'src/routes/orders.js': source('//'), 'app/views.py': source('#'), 'app/models/order.rb': source('#'), 'cmd/server/main.go': source('//') };
    for (const file of Object.keys(files)) mkdirSync(dirname(join(repo.dir, file)), { recursive: true });
    repo.commit('Sources the trace names', files);
    workbench = await Workbench.open({
      folder: repo.dir,
      settings: { 'apphost.baseUrl': server.url, 'apphost.logs.initialLines': 12, 'git.openRepositoryInParentFolders': 'never', 'workbench.startupEditor': 'none' },
    });
    workbench.bindKeys([{ key: OPEN_LINK_KEY.vscode, command: 'editor.action.openLink', when: 'editorTextFocus' }]);
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
    await workbench.treeRow('storefront').locator('.label-description', { hasText: 'linked folder' }).waitFor({ timeout: patient(30_000) });
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const page = () => workbench.page;
  const output = () => page().locator('.part.panel .view-lines').first();
  const stamp = () => new Date().toISOString();
  const description = () => workbench.treeRow('storefront').locator('.label-description');
  const activeTab = () => page().locator('.tabs-container .tab.active');
  /** The editor's active line number (where the cursor is). */
  const cursorLine = (n: number) => page().locator('.editor-instance .line-numbers.active-line-number', { hasText: new RegExp(`^${n}$`) }).first();
  /** Puts the keyboard focus in the Output panel's text (no click: nothing can take it). */
  const focusOutput = () => page().locator('.part.panel .monaco-editor').first().locator('.native-edit-context, textarea').first().focus();
  /** Scrolls the Output panel to its first or its last line (the cursor goes there: on the last, the view follows again). */
  const scrollOutput = (to: 'Home' | 'End') => workbench.outputTo(to);

  /**
   * Opens the link at `text` in the Output panel, checked by `opened`. The keyboard first
   * (Find puts the cursor on the text, then Open Link at the cursor, a command the palette
   * lists for the editors only, not the Output panel: bound to a key, as a user would): a hover or a page
   * scrolled by an earlier scroll-into-view lets `<html>` take a click on a slow machine.
   * Then, every other try, Ctrl+click once overlays are dismissed.
   */
  const panelFind = () => page().locator('.part.panel .find-widget.visible textarea, .part.panel .find-widget.visible input').first();
  const openLink = (text: string, link: Locator, opened: () => Promise<boolean>) => gesture(`open the link ${text} in the Output panel`, async (attempt) => {
    // An earlier try that stopped before its Escape leaves Find open: it would stay for the next steps.
    if (await panelFind().isVisible()) await panelFind().press('Escape', { timeout: ACT_TIMEOUT });
    await dismissOverlays(page(), link);
    if (attempt % 2 === 0) {
      await link.click({ modifiers: ['Control'], timeout: ACT_TIMEOUT });
      return;
    }
    await focusOutput();
    await page().keyboard.press('Control+F');
    await panelFind().fill(text, { timeout: ACT_TIMEOUT });
    await page().locator('.part.panel .find-widget .matchesCount', { hasText: /^[1-9]\d* of / }).waitFor({ timeout: ACT_TIMEOUT });
    await panelFind().press('Escape'); // the cursor stays on the match, the focus returns to the output
    await page().keyboard.press(OPEN_LINK_KEY.playwright);
  }, opened);

  it('a stack frame in the tail is a link: Open Link at the cursor (or Ctrl+click) opens the file at that line, for Node, Python, Ruby and Go', async () => {
    server.control.appendLogs('storefront', [
      `${stamp()} app[web.1]: ERROR Unhandled rejection: order total is NaN`,
      ...FRAMES.map((f) => `${stamp()} app[web.1]: ${f.line}`),
    ]);
    await workbench.contextMenu('storefront', 'Tail Logs');
    await output().getByText('main.go:57').waitFor({ timeout: patient(15_000) });
    for (const frame of FRAMES) {
      // The link decoration shows once VS Code asked the provider (after the text settled).
      const name = frame.link.split('/').at(-1)!.split(':')[0];
      const link = page().locator('.part.panel .view-lines span.detected-link', { hasText: name }).first();
      await link.waitFor({ timeout: patient(15_000) });
      await openLink(name, link, () => activeTab().filter({ hasText: frame.tab }).isVisible().then(async (tab) => tab && shows(cursorLine(frame.at))));
      if (frame.runtime === 'Node') {
        // The picture shows the link as Ctrl+hover underlines it (no hit test: only the mouse moves).
        await link.hover({ modifiers: ['Control'], force: true });
        console.log(`    screenshot: ${await workbench.screenshot('loop-1-node-frame-opened')}`);
        // The link's hover would cover the next one.
        await dismissOverlays(page());
      }
    }
    // The last one opened: Go's main.go at line 57, the line under the cursor says so.
    await page().locator('.editor-instance .view-line', { hasText: '// line 57:' }).first().waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('loop-2-go-frame-opened')}`);
  });

  it('Filter Tail… by container: the channel names the filter first, the row too; Clear Filter shows what came meanwhile', async () => {
    // The frames' step leaves an editor with its Find widget open, which can take the keys meant for the filter's box.
    await workbench.runCommand('View: Close All Editors');
    server.control.appendLogs('storefront', [`${stamp()} app[worker.1]: Processed job 4711 in 80ms`]);
    await output().getByText('Processed job 4711').waitFor({ timeout: patient(15_000) });
    // The kind pick closes when focus leaves it (the input after it does not): when it went
    // before the pick took, the whole route is done again, checked by the input's prompt.
    const prompt = workbench.quickInput().getByText('Containers to show');
    await gesture('Filter Tail… → By Container…', async () => {
      if (await prompt.isVisible()) return;
      await workbench.contextMenu('storefront', 'Filter Tail…', () => shows(workbench.quickInput().locator('.monaco-list-row', { hasText: 'By Container…' })));
      await workbench.pick('By Container…', prompt);
    }, () => shows(prompt), patient(75_000));
    await workbench.enter('worker.*', description().filter({ hasText: 'tailing logs · filtered: container worker.*' }));
    await output().getByText('Processed job 4711').waitFor();
    await scrollOutput('Home');
    await output().getByText('… Filtered: container worker.*. Only matching lines are shown; Clear Filter shows every line again.').waitFor();
    await description().filter({ hasText: 'tailing logs · filtered: container worker.*' }).waitFor();
    server.control.appendLogs('storefront', [`${stamp()} app[web.2]: GET /api/orders 200 12ms (while filtered)`, `${stamp()} app[worker.1]: Processed job 4712 in 75ms`]);
    await scrollOutput('End');
    await output().getByText('Processed job 4712').waitFor({ timeout: patient(15_000) });
    const shown = await output().innerText();
    assert.ok(!shown.includes('Unhandled rejection') && !shown.includes('while filtered'), 'web lines are hidden');
    await scrollOutput('Home');
    // A wider side bar, so the row's description (tailing logs · filtered: …) shows whole.
    const sash = await page().locator('.sidebar').boundingBox();
    const wider = async () => ((await page().locator('.sidebar').boundingBox())?.width ?? 0) >= sash!.width + 200;
    // Dragged once: a retry only while the side bar is not wider yet.
    await gesture('widen the side bar (drag its edge)', async () => {
      if (await wider()) return;
      await dismissOverlays(page());
      const now = (await page().locator('.sidebar').boundingBox())!;
      await page().mouse.move(now.x + now.width, 400);
      await page().mouse.down();
      await page().mouse.move(sash!.x + sash!.width + 260, 400, { steps: 5 });
      await page().mouse.up();
    }, wider);
    console.log(`    screenshot: ${await workbench.screenshot('loop-3-filtered-channel')}`);

    await workbench.contextMenu('storefront', 'Clear Filter', () => gone(description().filter({ hasText: /filtered/ })));
    await scrollOutput('End');
    await output().getByText('(while filtered)').waitFor();
    await description().filter({ hasText: /filtered/ }).waitFor({ state: 'detached' });
  });

  it('Show Recent Lines… opens the last lines in a read-only tab to search with Find', async () => {
    const prompt = workbench.quickInput().getByText('How many of the last lines of each container of storefront?');
    await workbench.contextMenu('storefront', 'Show Recent Lines…', () => shows(prompt));
    const tab = activeTab().filter({ hasText: 'last 1000 lines.log' });
    // The default: 1000, the service's most.
    await gesture('Enter (the default number of lines)', () => workbench.quickInput().locator('input').press('Enter', { timeout: ACT_TIMEOUT }), () => shows(tab, 15_000));
    const editor = page().locator('.editor-instance .view-lines').first();
    await editor.getByText('storefront: the last 1000 lines of each container').waitFor();
    const editorTextArea = page().locator('.editor-instance .monaco-editor').first().locator('.native-edit-context, textarea').first();
    const findWidget = page().locator('.editor-instance .find-widget.visible');
    await gesture('Find in the recent lines (Ctrl+F)', async () => {
      if (await findWidget.isVisible()) return;
      await editorTextArea.focus({ timeout: ACT_TIMEOUT }); // no click: nothing can take it
      await page().keyboard.press('Control+F');
    }, () => shows(findWidget));
    const findInput = findWidget.locator('.monaco-findInput textarea, .monaco-findInput input').first();
    const counted = page().locator('.editor-instance .find-widget .matchesCount', { hasText: /of [1-9]/ });
    await gesture('find "Processed job"', () => findInput.fill('Processed job', { timeout: ACT_TIMEOUT }), async () => (await findInput.inputValue()) === 'Processed job' && shows(counted));
    console.log(`    screenshot: ${await workbench.screenshot('loop-4-recent-lines-find')}`);
    // Read-only: typing changes nothing.
    await gesture('close Find (Escape)', async () => {
      if (await findWidget.isVisible()) await findInput.press('Escape', { timeout: ACT_TIMEOUT });
    }, () => gone(findWidget));
    await gesture('type in the read-only tab', async () => {
      await editorTextArea.focus({ timeout: ACT_TIMEOUT });
      await page().keyboard.type('x');
    }, () => shows(page().locator('.monaco-editor-overlaymessage', { hasText: /read-only/i }).first()));
    assert.ok(!(await activeTab().getAttribute('class'))!.includes('dirty'), 'the tab cannot be edited');
  });
});
