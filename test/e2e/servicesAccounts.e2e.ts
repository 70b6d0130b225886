import assert from 'node:assert/strict';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { closeJourney, openTwoServices } from './journey';
import type { Workbench } from './workbench';
import { patient } from '../support/patience';

// Several services (#28): VS Code's Accounts menu lists the account of every signed-in
// service, each named after its service, and signs out of one only; the rate-limit status
// bar names the service that throttles.
describe('journey: accounts and rate limits of two services', () => {
  let production: RunningServer;
  let staging: RunningServer;
  let workbench: Workbench;
  let host: string;

  before(async () => {
    production = await startServer({ seed: 'demo', actionDelayMs: 300 });
    staging = await startServer({ seed: 'demo', actionDelayMs: 300, workspaceHeader: true });
    host = new URL(production.url).host;
    workbench = await openTwoServices(production, staging);
  });
  after(() => closeJourney(workbench, production, staging));

  const statusItem = () => workbench.page.locator('.statusbar-item', { hasText: 'rate limited' });

  it('a 429 storm on Staging: the status bar names Staging, its tooltip says when; Retry Now once it allows', async () => {
    const { page } = workbench;
    staging.control.failNext({ status: 429, retryAfter: 60, count: 100_000 });
    await workbench.runCommand('AppHost: Refresh');
    await statusItem().waitFor({ timeout: patient(30_000) });
    assert.match(await statusItem().innerText(), /AppHost: Staging rate limited · retry \S+/);
    await statusItem().hover();
    await page.locator('.monaco-hover', { hasText: 'Staging: The service is limiting requests' }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-1-rate-limited')}`);
    staging.control.clearFaults();
    await statusItem().click();
    await statusItem().waitFor({ state: 'detached', timeout: patient(30_000) });
  });

  it('the Accounts menu shows both accounts, each named after its service; Sign Out of Staging leaves the other', async () => {
    const { page } = workbench;
    await page.keyboard.press('Escape');
    await page.locator('.activitybar .action-label[aria-label^="Accounts"]').click();
    const menu = page.locator('.context-view .monaco-menu');
    const stagingAccount = menu.locator('.action-menu-item', { hasText: `${DEMO_USER.email} (Staging)` });
    await stagingAccount.waitFor();
    await menu.locator('.action-menu-item', { hasText: `${DEMO_USER.email} (${host})` }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-2-menu')}`);
    await stagingAccount.hover();
    // The submenu opens on hover; its item takes the keyboard (a click may land while it is still opening).
    await menu.locator('.action-menu-item', { hasText: /^Sign Out$/ }).hover();
    await page.keyboard.press('Enter');
    // VS Code asks before signing an account out.
    const dialog = page.locator('.monaco-dialog-box');
    if (await dialog.waitFor({ timeout: patient(5_000) }).then(() => true, () => false)) await dialog.getByRole('button', { name: 'Sign Out' }).click();
    await workbench.treeRow('Staging').locator('.label-description', { hasText: 'signed out' }).waitFor({ timeout: patient(30_000) });
    await workbench.treeRow(host).locator('.label-description', { hasText: DEMO_USER.email }).waitFor();
    // A pasted token stays valid on the server: said, naming the service signed out of.
    await page.locator('.notifications-toasts', { hasText: 'Staging: Signed out of AppHost. The pasted API token is still valid' }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-3-signed-out-of-staging')}`);
  });
});
