import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { closeJourney, openTwoServices, startJourneyServer } from './journey';
import type { Workbench } from './workbench';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';
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
    production = await startJourneyServer({ seed: 'demo', actionDelayMs: 300 });
    staging = await startJourneyServer({ seed: 'demo', actionDelayMs: 300, workspaceHeader: true });
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
    const hover = page.locator('.monaco-hover', { hasText: 'Staging: The service is limiting requests' });
    await gesture('hover the rate-limit item', async () => {
      await dismissOverlays(page, statusItem());
      await statusItem().hover({ timeout: ACT_TIMEOUT });
    }, () => shows(hover));
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-1-rate-limited')}`);
    staging.control.clearFaults();
    // Retry Now: the item goes once the next request went through.
    await workbench.click(statusItem(), () => gone(statusItem(), patient(30_000)), 'Retry Now (status bar)');
  });

  it('the Accounts menu shows both accounts, each named after its service; Sign Out of Staging leaves the other', async () => {
    const { page } = workbench;
    const menu = page.locator('.context-view .monaco-menu');
    const stagingAccount = menu.locator('.action-menu-item', { hasText: `${DEMO_USER.email} (Staging)` });
    await workbench.click(page.locator('.activitybar .action-label[aria-label^="Accounts"]'), () => shows(stagingAccount), 'the Accounts menu');
    await menu.locator('.action-menu-item', { hasText: `${DEMO_USER.email} (${host})` }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-2-menu')}`);
    // The submenu opens on hover; its item takes the keyboard (a click may land while it is still opening).
    const signOut = menu.locator('.action-menu-item', { hasText: /^Sign Out$/ });
    // VS Code asks before signing an account out.
    const dialog = page.locator('.monaco-dialog-box');
    const signedOut = workbench.treeRow('Staging').locator('.label-description', { hasText: 'signed out' });
    await gesture('Sign Out (Accounts menu, Staging)', async () => {
      if (!(await stagingAccount.isVisible())) await workbench.click(page.locator('.activitybar .action-label[aria-label^="Accounts"]'), () => shows(stagingAccount), 'the Accounts menu');
      await stagingAccount.hover({ timeout: ACT_TIMEOUT });
      await signOut.hover({ timeout: ACT_TIMEOUT });
      await page.keyboard.press('Enter');
    }, async () => (await gone(menu)) && ((await shows(dialog)) || (await signedOut.isVisible())));
    if (await dialog.isVisible()) await workbench.click(dialog.getByRole('button', { name: 'Sign Out' }), () => gone(dialog), 'Sign Out (dialog)');
    await signedOut.waitFor({ timeout: patient(30_000) });
    await workbench.treeRow(host).locator('.label-description', { hasText: DEMO_USER.email }).waitFor();
    // A pasted token stays valid on the server: said, naming the service signed out of.
    await page.locator('.notifications-toasts', { hasText: 'Staging: Signed out of AppHost. The pasted API token is still valid' }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('services-accounts-3-signed-out-of-staging')}`);
  });
});
