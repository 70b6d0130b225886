import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { until } from '../support/wait';

describe('journey: edit config vars in a tab, blocked save, conflict', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200 }, collapse: ['Activity'], expand: ['Apps', 'storefront'] })));
  after(() => closeJourney(workbench, server));

  const page = () => workbench.page;
  const editorText = () => page().locator('.editor-instance .view-lines').first();
  const dialog = () => page().locator('.monaco-dialog-box');
  const description = (label: string) => workbench.treeRow(label).locator('.label-description');

  it('masks secret-looking values in the tree', async () => {
    await workbench.expand('Config');
    await description('SESSION_SECRET').filter({ hasText: '••••••••' }).waitFor();
    await description('NODE_ENV').filter({ hasText: 'production' }).waitFor();
    const row = workbench.treeRow('SESSION_SECRET');
    await row.hover();
    await row.getByRole('button', { name: 'Reveal Value' }).waitFor();
    await workbench.screenshot('config-1-tree-masked');
  });

  it('opens config.env at the clicked variable', async () => {
    await workbench.treeRow('LOG_LEVEL').click();
    await page().locator('.tabs-container .tab', { hasText: 'config.env' }).waitFor();
    await editorText().getByText('LOG_LEVEL=info').waitFor();
    await editorText().getByText('# Config vars of storefront.', { exact: false }).waitFor();
    await workbench.screenshot('config-2-open-config-env');
  });

  it('blocks a save with an invalid line: squiggle, Problems, a message naming the line', async () => {
    await editorText().click();
    await page().keyboard.press('Control+End');
    await page().keyboard.insertText('9LIVES=cat\n');
    await page().locator('.squiggly-error').first().waitFor();
    await workbench.runCommand('View: Toggle Problems');
    await page().locator('.markers-panel .monaco-list-row', { hasText: 'Line' }).or(page().locator('.markers-panel .monaco-list-row', { hasText: '9LIVES' })).first().waitFor();
    await page().keyboard.press('Control+S');
    const toast = page().locator('.notification-toast', { hasText: /Failed to save 'config\.env'/ });
    await toast.waitFor();
    assert.match(await toast.innerText(), /Line \d+:/);
    await workbench.screenshot('config-3-blocked-save');
    assert.equal(server.control.getConfig('storefront')['9LIVES'], undefined);
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor();
  });

  it('shows server ↔ yours when a key I edited changed remotely, then Overwrite saves mine', async () => {
    await workbench.runCommand('Notifications: Clear All Notifications');
    await page().locator('.notification-toast').first().waitFor({ state: 'detached' });
    // Remove the bad line, edit LOG_LEVEL; meanwhile someone else sets it too.
    await editorText().click();
    await page().keyboard.press('Control+End');
    await page().keyboard.press('ArrowUp');
    await page().keyboard.press('Control+Shift+K');
    await page().locator('.squiggly-error').first().waitFor({ state: 'detached' });
    await editorText().locator('.view-line', { hasText: 'LOG_LEVEL=info' }).click();
    await page().keyboard.press('End');
    await page().keyboard.press('Shift+Home');
    await page().keyboard.insertText('LOG_LEVEL=debug');
    await editorText().getByText('LOG_LEVEL=debug').waitFor();
    server.control.setConfig('storefront', { LOG_LEVEL: 'warn' });

    await page().keyboard.press('Control+S');
    // The first config save asks first: each change restarts the app.
    await dialog().getByText('Saving restarts storefront').waitFor();
    await workbench.screenshot('config-4-restart-prompt');
    await dialog().getByRole('button', { name: 'Save and Restart' }).click();

    await dialog().getByText(/LOG_LEVEL changed on the server since you opened config\.env of storefront/).waitFor();
    await page().locator('.tabs-container .tab', { hasText: 'Server ↔ Yours' }).waitFor();
    await workbench.screenshot('config-5-conflict-diff');
    assert.equal(server.control.getConfig('storefront').LOG_LEVEL, 'warn', 'nothing written while asking');
    await dialog().getByRole('button', { name: 'Overwrite' }).click();
    await until('the save reaching the server', () => server.control.getConfig('storefront').LOG_LEVEL === 'debug', 15_000);
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor({ state: 'detached' });
    await description('LOG_LEVEL').filter({ hasText: 'debug' }).waitFor();
  });
});
