import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { patient } from '../support/patience';
import { CHECK_TIMEOUT } from './gesture';

/** A check: whether `condition` holds within a check's wait. */
async function holds(condition: () => boolean): Promise<boolean> {
  for (const end = Date.now() + CHECK_TIMEOUT; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) if (condition()) return true;
  return condition();
}

describe('journey: an app\'s parts (processes, domains, releases, buildpacks, previews) and Rebuild', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ collapse: ['Activity'], expand: ['Apps', 'storefront'] })));
  after(() => closeJourney(workbench, server));

  const description = (label: string) => workbench.treeRow(label).locator('.label-description');

  it('shows process types with counts and each instance\'s status', async () => {
    await workbench.expand('Processes');
    await description('web').filter({ hasText: '2 × running' }).waitFor();
    await description('worker').filter({ hasText: '1 × running' }).waitFor();
    await workbench.expand('web');
    await description('web.1').filter({ hasText: /^running · [0-9a-f]{7}$/ }).waitFor();
    await workbench.treeRow('web.2').waitFor();
  });

  it('scales several types in one input, prefilled and checked as you type', async () => {
    const row = workbench.treeRow('Processes');
    await row.hover();
    await row.getByRole('button', { name: 'Scale Processes…' }).click();
    const input = workbench.quickInput().locator('input');
    await workbench.quickInput().getByText(/Process types and counts/).waitFor();
    assert.equal(await input.inputValue(), 'web=2 worker=1');
    await input.fill('web=3 worker=one');
    await workbench.quickInput().getByText('The count of worker must be a whole number, 0 or more').waitFor();
    await workbench.screenshot('parts-1-scale-invalid');
    await input.fill('web=3 worker=1');
    await workbench.quickInput().getByText('The count of worker').waitFor({ state: 'detached' });
    await workbench.screenshot('parts-2-processes-scale');
    await input.press('Enter');
    await description('web').filter({ hasText: '3 × running' }).waitFor({ timeout: patient(15_000) });
    await workbench.treeRow('web.3').waitFor();
    assert.deepEqual(server.control.findApp('storefront')!.scaling, { web: 3, worker: 1 });
    await workbench.screenshot('parts-3-processes-scaled');
    await workbench.treeRow('Processes').click(); // collapse, to make room
  });

  it('enables SSL on a domain from its inline action, showing progress on the row', async () => {
    await workbench.expand('Domains');
    const row = workbench.treeRow('storefront.apphost-demo.dev');
    await description('storefront.apphost-demo.dev').filter({ hasText: 'no SSL' }).waitFor();
    await row.hover();
    await row.getByRole('button', { name: 'Enable SSL for Domain' }).click();
    await description('storefront.apphost-demo.dev').filter({ hasText: 'Enabling SSL for storefront.apphost-demo.dev…' }).waitFor();
    await description('storefront.apphost-demo.dev').filter({ hasText: /^SSL$/ }).waitFor({ timeout: patient(15_000) });
    await workbench.screenshot('parts-4-domains');
    await workbench.treeRow('Domains').click();
  });

  it('explains why a release without a recorded commit (a config change) cannot be rolled back to', async () => {
    await workbench.expand('Releases');
    const releases = server.control.state.store.releasesOf(server.control.findApp('storefront')!.id);
    const config = releases.find((r, i) => i > 0 && /config vars/.test(r.description))!.version;
    await workbench.contextMenu(`v${config}`, 'Roll Back to Release…');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByRole('button', { name: 'Roll Back' }).click();
    const toast = workbench.page.locator('.notification-toast', { hasText: `Cannot roll storefront back to v${config}: the service recorded no commit for it` });
    await toast.waitFor({ timeout: patient(15_000) });
    assert.match(await toast.innerText(), /Pick a release deployed from GitHub or made by a rollback/);
    await workbench.screenshot('parts-5a-rollback-no-commit');
    await workbench.runCommand('Notifications: Clear All Notifications');
  });

  it('rolls back to an earlier release after a modal confirmation', async () => {
    const releases = server.control.state.store.releasesOf(server.control.findApp('storefront')!.id);
    const newest = releases[0].version;
    // wokku rolls back only to a release whose deploy recorded a commit.
    const target = releases.find((r, i) => i > 0 && r.commitSha)!.version;
    await description(`v${newest}`).filter({ hasText: /^current/ }).waitFor();
    await workbench.contextMenu(`v${target}`, 'Roll Back to Release…');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText(`Roll storefront back to v${target}?`).waitFor();
    await workbench.screenshot('parts-5-rollback-confirm');
    await dialog.getByRole('button', { name: 'Roll Back' }).click();
    await description(`v${newest + 1}`).filter({ hasText: `current · Rollback to v${target}` }).waitFor({ timeout: patient(15_000) });
    const labels = await workbench.treeLabels();
    assert.ok(labels.indexOf(`v${newest + 1}`) < labels.indexOf(`v${newest}`), labels.join(', '));
    await workbench.screenshot('parts-6-releases');
  });

  it('lists the databases linked to the app under Addons, and unlinks one while keeping it', async () => {
    await workbench.treeRow('Releases').click(); // collapse, to make room
    await workbench.expand('Addons');
    for (const name of ['storefront-search', 'storefront-db', 'cache']) await workbench.treeRow(name).waitFor();
    await description('storefront-db').filter({ hasText: 'postgres · running' }).waitFor();
    await workbench.treeRow('cache').click({ button: 'right' });
    const menu = workbench.page.locator('.context-view .monaco-menu');
    await menu.locator('.action-label', { hasText: 'Unlink Addon from App…' }).waitFor();
    await menu.locator('.action-label', { hasText: 'Remove Addon…' }).waitFor();
    await workbench.screenshot('parts-7-addons-linked-databases');
    await workbench.page.keyboard.press('Escape');
    await workbench.contextMenu('cache', 'Unlink Addon from App…');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText('Unlink cache from storefront?').waitFor();
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await workbench.treeRow('cache').waitFor({ state: 'detached', timeout: patient(15_000) });
    assert.ok(server.control.findDatabase('cache'), 'the database stays');
    assert.equal(server.control.getConfig('storefront').REDIS_URL, undefined);
  });

  it('lists the buildpacks in order, and the pull-request previews under Previews', async () => {
    await workbench.treeRow('Addons').click(); // collapse, to make room
    await workbench.expand('Buildpacks');
    await workbench.treeRow('1. https://github.com/heroku/heroku-buildpack-nodejs.git').waitFor();
    await workbench.treeRow('2. https://github.com/heroku/heroku-buildpack-nginx.git').waitFor();
    await workbench.screenshot('parts-8-buildpacks');
    await workbench.treeRow('Buildpacks').click();
    await workbench.expand('Previews');
    await description('PR #42').filter({ hasText: /^storefront-pr-42 · \w+/ }).waitFor();
    await workbench.screenshot('parts-9-previews');
    // A preview row is an app row, and its parent is on GitHub: its menu opens the pull request.
    const entry = workbench.page.locator('.context-view .monaco-menu .action-label', { hasText: 'Open Pull Request' });
    await workbench.click(workbench.treeRow('PR #42'), () => entry.isVisible(), 'the context menu of PR #42', { button: 'right' });
    await workbench.page.locator('.context-view .monaco-menu .action-label', { hasText: 'Restart App' }).waitFor();
    await workbench.screenshot('parts-10-preview-menu');
    await workbench.page.keyboard.press('Escape');
  });

  it('rebuilds the app from its menu: the deploy log tab follows the build, then a notice says how it ended', async () => {
    await workbench.collapse(workbench.treeRow('Previews'), 'Previews');
    // The build stays "building" until the journey has seen it, however slow the machine.
    const release = server.control.holdBuilds();
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: /^deploy [0-9a-f]{7,8}\.log/ });
    try {
      // Its effect read back where it happens: the service holds the new deploy (recorded as the request
      // arrives, not when its answer left), waited for as long as a check waits. A second click would be a second build.
      const before = server.control.deploysOf('storefront').length;
      await workbench.contextMenu('storefront', 'Rebuild App', () => holds(() => server.control.deploysOf('storefront').length > before));
      await tab.waitFor({ timeout: patient(30_000) });
      const text = workbench.page.locator('.editor-instance .view-lines');
      // wokku writes a rebuild's log when the build ends: the tab says so while it builds.
      await text.filter({ hasText: 'building: the service writes the build\'s log when it ends' }).waitFor({ timeout: patient(30_000) });
      await workbench.screenshot('parts-11-rebuild-building');
    } finally {
      release();
    }
    await workbench.page.locator('.notifications-toasts', { hasText: 'storefront rebuilt from its last push.' }).waitFor({ timeout: patient(60_000) });
    await workbench.page.locator('.editor-instance .view-lines', { hasText: 'Application deployed' }).waitFor();
    await workbench.screenshot('parts-12-rebuilt');
    const [deploy] = server.control.deploysOf('storefront');
    assert.equal(deploy.status, 'succeeded');
    assert.equal(server.control.requestLog.filter((e) => e.method === 'POST' && e.path.endsWith('/deploy')).length, 1, 'one rebuild sent');
  });
});
