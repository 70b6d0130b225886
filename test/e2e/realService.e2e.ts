// Journeys against the reference server answering as the real service (wokku) does,
// and the same against the specification's workspaces (the server's header option):
// stop then start an app from the tree, a team as a workspace showing only its apps,
// the activity feed, a database linked right after it was created.
import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { until } from '../support/wait';
import { patient } from '../support/patience';
import { ACT_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';

for (const mode of ['wokku', 'workspace header'] as const) {
  describe(`journey: the real service's answers (${mode})`, () => {
    let server: RunningServer;
    let workbench: Workbench;
    const header = mode === 'workspace header';
    const shot = (name: string) => workbench.screenshot(`real-${header ? 'header' : 'wokku'}-${name}`);

    before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200, workspaceHeader: header }, collapse: ['Activity'], expand: ['Apps'] })));
    after(() => closeJourney(workbench, server));

    const description = (label: string) => workbench.treeRow(label).locator('.label-description');
    const menuItems = (label: string) => workbench.contextMenuItems(label);

    it('stops then starts an app from the tree: the row and its menu follow its containers', async () => {
      await workbench.contextMenu('analytics', 'Stop App');
      await description('analytics').filter({ hasText: /^stopped/ }).waitFor({ timeout: patient(15_000) });
      if (!header) assert.equal(server.control.findApp('analytics')?.status, 'running', 'wokku leaves the status as it was');
      const stopped = await menuItems('analytics');
      assert.ok(stopped.includes('Start App') && !stopped.includes('Stop App'), stopped.join(', '));
      await shot('1-stopped');
      await workbench.contextMenu('analytics', 'Start App');
      await description('analytics').filter({ hasText: /^running/ }).waitFor({ timeout: patient(15_000) });
      const running = await menuItems('analytics');
      assert.ok(running.includes('Stop App') && !running.includes('Start App'), running.join(', '));
    });

    it('shows a team as a workspace with only its own apps', async () => {
      await workbench.treeRow('Acme Corp').waitFor();
      assert.equal(await description('Acme Corp').innerText(), header ? 'acme' : 'team');
      const personalApps = await workbench.treeLabels();
      assert.ok(personalApps.includes('storefront') && !personalApps.includes('acme-api'), 'Personal shows no app of Acme');
      await workbench.collapse(workbench.treeRow('Apps'), 'Personal\'s apps');
      const acmeApps = workbench.page.locator('.monaco-list-row[role=treeitem][aria-level="2"]', { hasText: 'Apps' }).nth(1);
      // The click toggles: clicked again only while Acme's apps do not show.
      await gesture('expand Acme\'s apps', async () => {
        if (await workbench.treeRow('acme-api').isVisible()) return;
        await dismissOverlays(workbench.page, acmeApps);
        await acmeApps.click({ timeout: ACT_TIMEOUT });
      }, () => shows(workbench.treeRow('acme-api')));
      const labels = await workbench.treeLabels();
      assert.ok(labels.includes('acme-web') && !labels.includes('storefront'), labels.join(', '));
      await shot('2-team-workspace');
    });

    it('opens the members of Personal only where it is a team of the service', async () => {
      const items = await menuItems('Personal');
      // wokku: Personal is the user's first team; with workspace headers it is no team at all.
      assert.equal(items.includes('Team Members…'), !header, items.join(', '));
      if (header) return;
      await workbench.contextMenu('Personal', 'Team Members…');
      await workbench.quickInput().getByText('Members of Personal').waitFor();
      await workbench.quickInput().locator('.monaco-list-row', { hasText: DEMO_USER.email }).waitFor();
      await shot('2b-personal-members');
      await workbench.escape(workbench.quickInput(), 'close the members');
    });

    it('reads the activity feed as sentences', async () => {
      const pane = workbench.page.locator('.sidebar .pane', { has: workbench.page.locator('.pane-header', { hasText: /^Activity/ }) });
      await workbench.expandSection('Activity');
      await pane.locator('.monaco-list-row', { hasText: /restarted/ }).first().waitFor();
      const rows = await pane.locator('.monaco-list-row').allInnerTexts();
      assert.ok(rows.every((r) => !r.includes('\\') && !/^[a-z_]+\.[a-z_]+$/.test(r.split('\n')[0])), rows.join(' | '));
      await shot('3-activity');
      await workbench.collapseSection('Activity');
    });

    it('links a database right after creating it', async () => {
      const redis = workbench.quickInput().locator('.monaco-list-row', { hasText: /^redis/i }).first();
      await workbench.runCommand('AppHost: Create Database…', redis);
      const input = workbench.quickInput().locator('input');
      await workbench.pick(redis, workbench.quickInput().getByText(/Name of the new redis database/));
      const firstServer = workbench.quickInput().locator('.monaco-list-row').first();
      await workbench.enter('journey-cache', firstServer);
      // the server (first one offered) and creation
      const linkToApp = workbench.page.locator('.notification-toast', { hasText: /journey-cache/ }).first().getByRole('button', { name: 'Link to App…' });
      await workbench.pick(firstServer);
      await linkToApp.waitFor({ timeout: patient(30_000) });
      await workbench.quickInput().waitFor({ state: 'hidden' });
      await shot('4-created');
      // The toast's own button links the new database: no need to find it again.
      const docsSite = workbench.quickInput().locator('.monaco-list-row', { hasText: 'docs-site' }).first();
      await workbench.click(linkToApp, () => shows(docsSite), 'Link to App… (toast)');
      const alias = workbench.quickInput().getByText(/Alias of the link/);
      await workbench.pick(docsSite, alias);
      const db = server.control.findDatabase('journey-cache');
      assert.ok(db, 'created');
      const linked = () => [...server.control.state.store.links.values()].some((l) => l.databaseId === db!.id);
      // The default alias: Enter.
      await gesture('Enter (the default alias)', async () => {
        if (await alias.isVisible()) await input.press('Enter', { timeout: ACT_TIMEOUT });
      }, async () => (await gone(alias)) && until('the folder linked', linked, 5_000).then(() => true, () => false));
      await until('the folder linked', linked, 30_000);
      // The message may already have left its toast (VS Code hides toasts on its own): the center keeps it.
      const bell = workbench.page.locator('[id="status.notifications"]');
      const center = workbench.page.locator('.notifications-center.visible');
      await workbench.click(bell, () => shows(center), 'the notifications bell');
      await workbench.page.locator('.notifications-center .monaco-list-row', { hasText: /docs-site linked to journey-cache/ }).first().waitFor({ timeout: patient(30_000) });
      await shot('5-linked');
      await workbench.click(bell, () => gone(center), 'the notifications bell (close)');
    });
  });
}
