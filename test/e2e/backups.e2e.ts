import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import type { RunningServer } from '../server';
import { ACT_TIMEOUT, CHECK_TIMEOUT, gesture, shows } from './gesture';
import { closeJourney, openJourney } from './journey';
import { patient } from '../support/patience';
import type { Workbench } from './workbench';

describe('journey: a database\'s backups (download, restore, import back)', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let saved: string | undefined;

  before(async () => {
    // Behind Dokku's nginx, as wokku runs: its operator raised the 1 MB body limit for imports.
    ({ server, workbench } = await openJourney({ collapse: ['Activity'], server: { bodyLimitBytes: 50 * 1024 * 1024 } }));
    // A small backup made now (the demo's are 180 MB): its row reads "now" or "… seconds ago".
    server.control.addBackup('storefront-db', 2 * 1024 * 1024);
    for (const row of ['Databases', 'storefront-db', 'Backups']) await workbench.expand(row);
  });
  after(async () => {
    if (saved) rmSync(saved, { force: true });
    await closeJourney(workbench, server);
  });

  const toast = (text: string | RegExp) => workbench.page.locator('.notification-toast', { hasText: text });

  it('a completed backup\'s context menu offers Download and Restore', async () => {
    const row = workbench.treeRow('yesterday');
    await row.click({ button: 'right' });
    const menu = workbench.page.locator('.context-view .monaco-menu');
    await menu.locator('.action-label', { hasText: 'Download Backup…' }).waitFor();
    await menu.locator('.action-label', { hasText: 'Restore Backup…' }).waitFor();
    await workbench.screenshot('backups-1-menu');
    await workbench.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('restores after the database name is typed; the prompt shows the backup\'s date and size', async () => {
    await workbench.contextMenu('yesterday', 'Restore Backup…');
    const prompt = workbench.quickInput().getByText(/This replaces all data of storefront-db with the backup from .*, \d+\.\d MB/);
    await prompt.waitFor();
    await workbench.quickInput().locator('input').fill('storefront');
    await workbench.quickInput().getByText('Type "storefront-db" exactly to restore it').waitFor();
    await workbench.screenshot('backups-2-restore-prompt');
    await workbench.enter('storefront-db', toast(/The service answered that it restored storefront-db from the backup of/));
    assert.equal(server.control.restores.at(-1)?.database, 'storefront-db');
    await workbench.screenshot('backups-3-restored');
    await workbench.runCommand('Notifications: Clear All Notifications');
  });

  it('downloads a backup to the file named in the save dialog', async () => {
    // Its label says how long ago, and changes when the list is read again: found by its pattern.
    const row = /^(now|\d+ seconds? ago|\d+ minutes? ago)$/;
    assert.ok((await workbench.treeLabels()).some((label) => row.test(label)), 'the small backup is listed');
    const input = workbench.quickInput().locator('input');
    // Runs in the page: the save dialog's input once it holds the proposed file.
    const proposed = () =>
      workbench.page
        .waitForFunction((pattern) => {
          const value = (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('.quick-input-widget input')?.value ?? '';
          return new RegExp(pattern).test(value) && value;
        }, /storefront-db-\d{4}-\d\d-\d\d-\d{4}\.gz$/.source, { timeout: CHECK_TIMEOUT })
        .then((value) => value.jsonValue() as Promise<string>, () => '');
    // VS Code's own save dialog (a quick input in the browser) shows, then fills in the default
    // file: waited for, as it can come seconds later on a slow machine. The menu entry is chosen
    // again if the dialog did not come (or went before it was read). The name is kept as the
    // check read it: a second read can come after the dialog moved on.
    let file = '';
    await workbench.contextMenu(row, 'Download Backup…', async () => (await shows(workbench.quickInput(), patient(15_000))) && !!(file = await proposed()));
    saved = file;
    await workbench.screenshot('backups-4-save-dialog');
    const done = toast(/Saved the backup of storefront-db/);
    await gesture('save the backup (Enter in the save dialog)', () => input.press('Enter', { timeout: ACT_TIMEOUT }), () => shows(done, patient(30_000)));
    await workbench.screenshot('backups-5-saved');
    assert.ok(existsSync(file), `${file} was written`);
  });

  it('imports the downloaded backup back through the proxy: decompressed as it is sent, and the summary says only what the service confirmed', async () => {
    assert.ok(saved, 'the download step saved a backup');
    const title = workbench.quickInput().getByText(/Import a dump into storefront-db/);
    await workbench.contextMenu('storefront-db', 'Import Dump…', () => shows(title));
    // VS Code's own open dialog (a quick input in the browser): the file's path, then Enter.
    const input = workbench.quickInput().locator('input');
    const prompt = workbench.quickInput().getByText(/decompressed as it is sent/);
    await gesture('the dump\'s path in the open dialog', async () => {
      if (!(await title.isVisible())) return;
      await input.fill(saved!, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, () => shows(prompt));
    await workbench.screenshot('backups-6-import-prompt');
    const before = server.control.imports.length;
    await workbench.enter('storefront-db', toast(/The service took the dump .* for storefront-db; it does not check that the import worked/));
    await workbench.screenshot('backups-7-imported');
    assert.equal(server.control.imports.length, before + 1, 'sent once');
    assert.equal(server.control.imports.at(-1)?.done, true);
    assert.deepEqual(server.control.state.frontCuts, [], "the proxy let it through");
  });
});
