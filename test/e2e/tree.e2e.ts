import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { patient } from '../support/patience';
import { shows } from './gesture';

describe('journey: browse resources and act on an app', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ collapse: ['Activity'] })));
  after(() => closeJourney(workbench, server));

  it('shows servers, apps and databases with their state (light theme)', async () => {
    await workbench.expand('Servers');
    await workbench.treeRow('eu-central-1').waitFor();
    await workbench.expand('Apps');
    await workbench.treeRow('storefront').waitFor();
    await workbench.expand('storefront');
    await workbench.treeRow('Releases').waitFor();
    await workbench.screenshot('tree-1-light');
  });

  it('looks right in a dark theme too', async () => {
    await workbench.runCommand('Preferences: Toggle between Light/Dark Themes');
    await workbench.page.locator('.monaco-workbench.vs-dark').waitFor();
    await workbench.screenshot('tree-2-dark');
    await workbench.runCommand('Preferences: Toggle between Light/Dark Themes');
    await workbench.page.locator('.monaco-workbench.vs').waitFor();
  });

  it('offers lifecycle actions in the context menu of an app', async () => {
    const items = await workbench.openContextMenu('storefront');
    for (const expected of ['Restart App', 'Stop App', 'Open App in Browser', 'Copy Git Remote', 'Delete App…']) {
      assert.ok(items.some((i) => i.includes(expected)), `${expected} in ${items.join(' | ')}`);
    }
    assert.ok(!items.some((i) => i.includes('Start App')), 'a running app is not offered Start');
    await workbench.screenshot('tree-3-context-menu');
    await workbench.escape(workbench.page.locator('.context-view .monaco-menu'), 'close the context menu');
  });

  it('restarts an app from its inline action and shows it while it runs', async () => {
    const row = workbench.treeRow('api-gateway');
    const restarting = row.locator('.label-description', { hasText: 'Restarting api-gateway…' });
    // Checked by the server too: a click that came late still restarts, and the row may be done restarting already.
    const restarts = () => server.control.requestLog.filter((e) => e.method === 'POST' && e.path.endsWith('/restart')).length;
    const before = restarts();
    await workbench.hoverAction(row, row.getByRole('button', { name: 'Restart App' }), async () => (await shows(restarting)) || restarts() > before, 'Restart App (inline icon)');
    await restarting.waitFor();
    await workbench.screenshot('tree-4-restarting');
    await workbench.treeRow('api-gateway').locator('.label-description', { hasText: /^running/ }).waitFor({ timeout: patient(10_000) });
  });

  it('restarts two selected apps at once from the context menu', async () => {
    server.control.setActionDelay(1_500);
    try {
      await workbench.selectRows('api-gateway', 'billing-worker');
      await workbench.contextMenu('billing-worker', 'Restart App');
      for (const name of ['api-gateway', 'billing-worker']) {
        await workbench.treeRow(name).locator('.label-description', { hasText: `Restarting ${name}…` }).waitFor();
      }
      await workbench.screenshot('tree-5-restarting-two');
      for (const name of ['api-gateway', 'billing-worker']) {
        await workbench.treeRow(name).locator('.label-description', { hasText: /^running/ }).waitFor({ timeout: patient(10_000) });
      }
      await workbench.page.locator('.notifications-toasts', { hasText: 'Restarted 2 apps.' }).waitFor();
    } finally {
      server.control.setActionDelay(300);
    }
  });

  it('deletes an app only after its name is typed', async () => {
    await workbench.contextMenu('blog', 'Delete App…');
    await workbench.type('blo', workbench.quickInput().getByText('Type "blog" exactly to delete it'));
    await workbench.screenshot('tree-6-delete-confirmation');
    await workbench.enter('blog');
    await workbench.treeRow('blog').waitFor({ state: 'detached' });
    assert.equal(server.control.findApp('blog'), undefined);
  });
});
