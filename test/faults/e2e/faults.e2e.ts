// The fault suite, journeys: what a user sees in the real workbench when the service
// throttles (a 429 storm from other clients of the same account) and when an edited
// config.env comes back after a window reload (hot exit). Screenshots in
// test-results/screenshots/faults-*.png.
import assert from 'node:assert/strict';
import type { RunningServer } from '../../server';
import { closeJourney, openJourney } from '../../e2e/journey';
import type { Workbench } from '../../e2e/workbench';
import { patient } from '../../support/patience';

describe('journey (faults): throttled tree, restored editor', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({
    server: { rateLimit: false, actionDelayMs: 100 },
    // The web workbench saves by itself after a delay: here the edit must stay unsaved across the reload.
    settings: { 'files.autoSave': 'off' },
    collapse: ['Activity'],
    expand: ['Apps', 'storefront', 'Config'],
  })));
  after(() => closeJourney(workbench, server));

  const page = () => workbench.page;
  const staleRows = () => page().locator('.monaco-list-row[role=treeitem]', { hasText: /^Stale/ });
  const throttleStatus = () => page().locator('.statusbar-item', { hasText: 'rate limited' });
  const dialog = () => page().locator('.monaco-dialog-box');

  it('under a 429 storm the tree keeps its rows, marked stale, the status bar says when it retries; then it heals by itself', async () => {
    await workbench.treeRow('LOG_LEVEL').waitFor();
    // Another client of the same account spends the budget: everything gets 429, Retry-After: 60.
    server.control.failNext({ status: 429, retryAfter: 60, count: 100_000 });
    await workbench.runCommand('AppHost: Refresh');
    await staleRows().first().waitFor();
    await throttleStatus().waitFor();
    // What was shown and expanded is still there.
    for (const label of ['Personal', 'Apps', 'storefront', 'Config', 'LOG_LEVEL']) await workbench.treeRow(label).waitFor();
    assert.equal(await workbench.treeRow('storefront').getAttribute('aria-expanded'), 'true');
    await workbench.screenshot('faults-1-429-storm');
    server.control.clearFaults();
    await staleRows().first().waitFor({ state: 'detached', timeout: patient(20_000) });
    await throttleStatus().waitFor({ state: 'detached' });
    await workbench.treeRow('LOG_LEVEL').waitFor();
    assert.equal(await workbench.treeRow('storefront').getAttribute('aria-expanded'), 'true');
    await workbench.screenshot('faults-2-healed');
  });

  it('a config.env restored after a reload keeps the base it was opened with: a conflicting remote change is shown, nothing is overwritten', async () => {
    await workbench.treeRow('LOG_LEVEL').click();
    const editorText = page().locator('.editor-instance .view-lines').first();
    await editorText.getByText('LOG_LEVEL=info').waitFor();
    await editorText.locator('.view-line', { hasText: 'LOG_LEVEL=info' }).click();
    await page().keyboard.press('End');
    await page().keyboard.press('Shift+Home');
    await page().keyboard.insertText('LOG_LEVEL=debug');
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor();
    // Once the workbench has backed the dirty buffer up, reload the window (hot exit).
    await workbench.backedUp('LOG_LEVEL=debug');
    await workbench.screenshot('faults-3a-before-reload');
    page().once('dialog', (d) => void d.accept());
    await page().reload();
    await page().locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor({ timeout: patient(30_000) });
    await editorText.getByText('LOG_LEVEL=debug').waitFor();
    // Meanwhile someone else changes the same key and adds one.
    server.control.setConfig('storefront', { LOG_LEVEL: 'warn', ADDED_ELSEWHERE: 'keep-me' });
    server.control.clearRequestLog();
    await editorText.click();
    await page().keyboard.press('Control+S');
    await dialog().getByText('Saving restarts storefront').waitFor();
    await dialog().getByRole('button', { name: 'Save and Restart' }).click();
    await dialog().getByText(/LOG_LEVEL changed on the server since you opened config\.env of storefront/).waitFor();
    await page().locator('.tabs-container .tab', { hasText: 'Server ↔ Yours' }).waitFor();
    await workbench.screenshot('faults-3-restored-editor-conflict');
    assert.deepEqual(server.control.requestLog.filter((e) => e.method !== 'GET').map((e) => `${e.method} ${e.path}`), [], 'nothing written while asking');
    await dialog().getByRole('button', { name: "Keep Server's" }).click();
    await page().locator('.tabs-container .tab.dirty[aria-label="config.env"]').waitFor({ state: 'detached', timeout: patient(15_000) });
    await editorText.getByText('LOG_LEVEL=warn').waitFor();
    const config = server.control.getConfig('storefront');
    assert.equal(config.LOG_LEVEL, 'warn');
    assert.equal(config.ADDED_ELSEWHERE, 'keep-me', 'the other change survived');
    await workbench.screenshot('faults-4-restored-editor-kept-server');
  });
});
