import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { until } from '../support/wait';
import { ACT_TIMEOUT, gesture, shows } from './gesture';

describe('journey: edit config vars in a tab, blocked save, conflict', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200 }, collapse: ['Activity'], expand: ['Apps', 'storefront'] })));
  after(() => closeJourney(workbench, server));

  const page = () => workbench.page;
  const editorText = () => page().locator('.editor-instance .view-lines').first();
  const dialog = () => page().locator('.monaco-dialog-box');
  const description = (label: string) => workbench.treeRow(label).locator('.label-description');
  /** The text of the editor (config.env is short: every line is rendered). */
  const text = () => editorText().innerText();
  /** Puts the keyboard focus in the editor's text (no click: nothing can take it); the cursor stays where it was. */
  const focusEditor = async () => {
    await page().locator('.editor-instance .monaco-editor').first().locator('.native-edit-context, textarea').first().focus({ timeout: ACT_TIMEOUT });
    await page().locator('.editor-instance .monaco-editor.focused').first().waitFor({ timeout: ACT_TIMEOUT });
  };
  /** Whether the cursor is on the editor's line showing `content`: its line number is the active one. */
  const cursorOn = async (content: string) => {
    const [line, active] = await Promise.all([
      editorText().locator('.view-line', { hasText: content }).first().boundingBox(),
      page().locator('.editor-instance .line-numbers.active-line-number').first().boundingBox(),
    ]);
    return !!line && !!active && Math.abs(line.y - active.y) < 2;
  };

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
    await workbench.click(workbench.treeRow('LOG_LEVEL'), () => shows(page().locator('.tabs-container .tab', { hasText: 'config.env' })), 'the LOG_LEVEL row');
    await editorText().getByText('LOG_LEVEL=info').waitFor();
    await editorText().getByText('# Config vars of storefront.', { exact: false }).waitFor();
    await workbench.screenshot('config-2-open-config-env');
  });

  it('blocks a save with an invalid line: squiggle, Problems, a message naming the line', async () => {
    // Typed once: a retry only when the line is not in the text.
    await gesture('type an invalid line at the end', async () => {
      if ((await text()).includes('9LIVES=cat')) return;
      await focusEditor();
      await page().keyboard.press('Control+End');
      await page().keyboard.insertText('9LIVES=cat\n');
    }, async () => (await text()).includes('9LIVES=cat'));
    await page().locator('.squiggly-error').first().waitFor();
    await workbench.runCommand('View: Toggle Problems');
    await page().locator('.markers-panel .monaco-list-row', { hasText: 'Line' }).or(page().locator('.markers-panel .monaco-list-row', { hasText: '9LIVES' })).first().waitFor();
    const toast = page().locator('.notification-toast', { hasText: /Failed to save 'config\.env'/ });
    await gesture('save (Ctrl+S)', async () => {
      await focusEditor();
      await page().keyboard.press('Control+S');
    }, () => shows(toast));
    assert.match(await toast.innerText(), /Line \d+:/);
    await workbench.screenshot('config-3-blocked-save');
    assert.equal(server.control.getConfig('storefront')['9LIVES'], undefined);
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor();
  });

  it('shows server ↔ yours when a key I edited changed remotely, then Overwrite saves mine', async () => {
    await workbench.runCommand('Notifications: Clear All Notifications');
    await page().locator('.notification-toast').first().waitFor({ state: 'detached' });
    // Remove the bad line, edit LOG_LEVEL; meanwhile someone else sets it too.
    // Each edit is done only while the text still needs it: a retry never deletes or replaces a second line.
    await gesture('delete the invalid line (Ctrl+Shift+K)', async () => {
      if (!(await text()).includes('9LIVES=cat')) return;
      await focusEditor();
      await page().keyboard.press('Control+End');
      await page().keyboard.press('ArrowUp');
      if (!(await cursorOn('9LIVES=cat'))) return;
      await page().keyboard.press('Control+Shift+K');
    }, async () => !(await text()).includes('9LIVES=cat'));
    await page().locator('.squiggly-error').first().waitFor({ state: 'detached' });
    const logLevel = editorText().locator('.view-line', { hasText: 'LOG_LEVEL=info' });
    await workbench.click(logLevel, () => cursorOn('LOG_LEVEL=info'), 'the LOG_LEVEL line');
    await gesture('replace the LOG_LEVEL line', async () => {
      if (!(await cursorOn('LOG_LEVEL=info'))) await workbench.click(logLevel, () => cursorOn('LOG_LEVEL=info'), 'the LOG_LEVEL line');
      await focusEditor();
      await page().keyboard.press('End');
      await page().keyboard.press('Shift+Home');
      await page().keyboard.insertText('LOG_LEVEL=debug');
    }, async () => {
      const now = await text();
      return now.includes('LOG_LEVEL=debug') && !now.includes('LOG_LEVEL=info');
    });
    await editorText().getByText('LOG_LEVEL=debug').waitFor();
    server.control.setConfig('storefront', { LOG_LEVEL: 'warn' });

    // The first config save asks first: each change restarts the app.
    await gesture('save (Ctrl+S)', async () => {
      if (await dialog().isVisible()) return;
      await focusEditor();
      await page().keyboard.press('Control+S');
    }, () => shows(dialog().getByText('Saving restarts storefront')));
    await workbench.screenshot('config-4-restart-prompt');
    const conflict = dialog().getByText(/LOG_LEVEL changed on the server since you opened config\.env of storefront/);
    await workbench.click(dialog().getByRole('button', { name: 'Save and Restart' }), () => shows(conflict), 'Save and Restart');

    await page().locator('.tabs-container .tab', { hasText: 'Server ↔ Yours' }).waitFor();
    await workbench.screenshot('config-5-conflict-diff');
    assert.equal(server.control.getConfig('storefront').LOG_LEVEL, 'warn', 'nothing written while asking');
    const saved = () => server.control.getConfig('storefront').LOG_LEVEL === 'debug';
    await workbench.click(dialog().getByRole('button', { name: 'Overwrite' }), () => until('the save reaching the server', saved, 5_000).then(() => true, () => false), 'Overwrite');
    await until('the save reaching the server', saved, 15_000);
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor({ state: 'detached' });
    await description('LOG_LEVEL').filter({ hasText: 'debug' }).waitFor();
  });
});
