import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { closeJourney, openJourney, startJourneyServer } from './journey';
import type { Workbench } from './workbench';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';

// Several services side by side (#28): a second service added through the real UI (tested,
// named, signed in to by pasting a token) shows next to the first, each with its workspaces.
describe('journey: a second service side by side', () => {
  let server: RunningServer;
  let staging: RunningServer;
  let workbench: Workbench;

  before(async () => {
    ({ server, workbench } = await openJourney({ collapse: ['Activity'] }));
    staging = await startJourneyServer({ seed: 'demo', actionDelayMs: 300, workspaceHeader: true });
  });
  after(async () => {
    await closeJourney(workbench, server);
    await staging?.close();
  });

  it('adds a service from the view\'s … menu, names it, signs in to it, and shows both (light theme)', async () => {
    const { page } = workbench;
    const address = workbench.quickInput().getByText('Address of your AppHost service');
    await workbench.sectionMenu('Resources', 'Add Service…', () => shows(address));
    await workbench.type(server.url, workbench.quickInput().getByText(/already knows this service/));
    await workbench.enter(staging.url, workbench.quickInput().getByText(/Display name of the service/));
    await workbench.type('Staging', workbench.quickInput().getByText(/Display name of the service/));
    await workbench.screenshot('services-1-name');
    const toast = page.locator('.notifications-toasts', { hasText: 'AppHost service Staging added. Sign in to it now?' });
    await workbench.enter('Staging', toast);
    const pasteRow = workbench.quickInput().locator('.monaco-list-row', { hasText: 'Paste an API token' });
    await workbench.click(toast.getByRole('button', { name: 'Sign In' }), () => shows(pasteRow), 'Sign In (toast of Staging)');
    await workbench.pasteToken(staging.control.issueToken(DEMO_USER.email), workbench.treeRow('Staging').locator('.label-description', { hasText: DEMO_USER.email }));
    await workbench.treeRow('Staging').locator('.label-description', { hasText: DEMO_USER.email }).waitFor();
    const host = new URL(server.url).host;
    await workbench.treeRow(host).waitFor();
    // Each service's workspaces under it: two Personal rows, one per service.
    await page.locator('.monaco-list-row[role=treeitem]', { hasText: 'Personal' }).nth(1).waitFor();
    assert.deepEqual((await workbench.treeLabels()).filter((l) => l === host || l === 'Staging'), [host, 'Staging']);
    await workbench.screenshot('services-2-two-services');
  });

  it('the account status bar speaks for both services: each one\'s account and active workspace', async () => {
    const { page } = workbench;
    const item = page.locator('.statusbar-item', { hasText: '2 AppHost services' });
    await item.waitFor();
    const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: 'active workspace' }).last();
    await gesture('hover the status bar item', async () => {
      await dismissOverlays(page, item);
      await item.hover({ timeout: ACT_TIMEOUT });
    }, () => shows(hover));
    const text = await hover.innerText();
    assert.match(text, /Staging: demo@apphost\.dev, active workspace Personal/);
    assert.match(text, new RegExp(`${new URL(server.url).host.replace(/\./g, '\\.')}: demo@apphost\\.dev`));
    await workbench.screenshot('services-3-status-bar');
    await gesture('close the hover', () => dismissOverlays(page), () => gone(hover));
  });

  it('offers Sign Out, Rename and Remove on a service\'s row', async () => {
    const items = await workbench.openContextMenu('Staging');
    for (const expected of ['Sign Out', 'Rename Service…', 'Remove Service…']) assert.ok(items.some((i) => i.includes(expected)), `${expected} in ${items.join(' | ')}`);
    await workbench.screenshot('services-3-menu');
    await workbench.escape(workbench.page.locator('.context-view .monaco-menu'), 'close the context menu');
  });

  it('tells the editor tabs of the two services apart: config.env of storefront on each, in its service\'s colour with its badge', async () => {
    const { page } = workbench;
    const host = new URL(server.url).host;
    const tabs = page.locator('.tabs-container .tab', { hasText: 'config.env' });
    for (const [i, service] of [host, 'Staging'].entries()) {
      const serviceRow = workbench.quickInput().locator('.monaco-list-row', { hasText: service }).first();
      const app = workbench.quickInput().locator('.monaco-list-row', { hasText: 'storefront' }).first();
      // The apps' picker names the service picked: a click that a re-rendered list gave to the other row shows.
      const appsOfService = workbench.quickInput().locator('.quick-input-title', { hasText: `${service}: AppHost apps in` });
      // The command runs again when its service picker is not there (closed, or replaced by the wrong service's apps).
      await gesture(`Edit Config, service ${service}`, async () => {
        if (!(await serviceRow.isVisible())) await workbench.runCommand('AppHost: Edit Config', serviceRow);
        await dismissOverlays(page, serviceRow);
        await serviceRow.click({ timeout: ACT_TIMEOUT });
      }, () => shows(appsOfService));
      await workbench.pick(app, tabs.nth(i));
      // The decoration comes a moment after the tab: its label gets the colour and badge classes, its tooltip the service.
      await tabs.nth(i).locator(`.monaco-icon-label.monaco-decoration-itemColor.monaco-decoration-badge[aria-label$="Service: ${service}"]`).waitFor();
    }
    // The badge is the label's ::after content (the test's tsconfig has no DOM types: the page's own, typed here).
    type Page = { getComputedStyle(el: unknown, pseudo: string): { content: string } };
    const badges = await tabs.locator('.monaco-icon-label').evaluateAll((labels) => labels.map((label) => (globalThis as unknown as Page).getComputedStyle(label, '::after').content));
    assert.equal(badges.length, 2);
    assert.equal(badges[1], '"St"', 'Staging\'s badge');
    assert.notEqual(badges[0], badges[1], `two badges: ${badges.join(' / ')}`);
    // The side bar hidden, both tabs show in full; then it comes back for the next step.
    // Ctrl+B toggles: pressed again only while the side bar is as it was.
    const sidebar = page.locator('.sidebar');
    await gesture('hide the side bar (Ctrl+B)', async () => {
      if (await sidebar.isVisible()) await page.keyboard.press('Control+B');
    }, () => gone(sidebar));
    console.log(`    screenshot: ${await workbench.screenshot('services-5-tabs')}`);
    await gesture('show the side bar (Ctrl+B)', async () => {
      if (!(await sidebar.isVisible())) await page.keyboard.press('Control+B');
    }, () => shows(sidebar));
    await gesture('close all editors (Ctrl+K Ctrl+W)', async () => {
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+W');
    }, () => gone(tabs.first()));
  });

  it('names the service in what a command says when it is done ("Staging: api-gateway restarted.")', async () => {
    const { page } = workbench;
    // The first service folded, so the rows below are Staging's (both services have the same apps).
    await workbench.collapse(workbench.treeRow(new URL(server.url).host), 'the first service');
    await workbench.expand('Staging');
    await workbench.expand('Personal');
    await workbench.expand('Apps');
    const before = staging.control.requestLog.length;
    await workbench.contextMenu('api-gateway', 'Restart');
    await page.locator('.notifications-toasts', { hasText: 'Staging: api-gateway restarted.' }).waitFor();
    const id = staging.control.findApp('api-gateway')!.id;
    assert.ok(staging.control.requestLog.slice(before).some((e) => e.method === 'POST' && e.path === `/api/v1/apps/${id}/restart`), 'Staging restarted its api-gateway');
    await workbench.screenshot('services-4-notice');
  });

  it('shows the Activity of one service at a time, picked from the view\'s title (its name in the description)', async () => {
    const { page } = workbench;
    const header = workbench.sectionHeader('Activity');
    await workbench.expandSection('Activity');
    await workbench.collapseSection('Resources');
    const stagingRow = workbench.quickInput().locator('.monaco-list-row', { hasText: 'Staging' });
    await workbench.hoverAction(header, header.getByRole('button', { name: 'Show Activity of Service…' }), () => shows(stagingRow), 'Show Activity of Service…');
    await workbench.pick(stagingRow, header.locator('.description', { hasText: /^Staging: Personal/ }));
    await page.locator('.sidebar .monaco-list-row[role=treeitem]').first().waitFor();
    await workbench.screenshot('services-5-activity');
  });
});
