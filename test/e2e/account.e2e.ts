import assert from 'node:assert/strict';
import type { RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { patient } from '../support/patience';
import { shows } from './gesture';

describe('journey: deploy a template, follow it in the Activity view, manage SSH keys', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200 } })));
  after(() => closeJourney(workbench, server));

  /** The Activity pane of the AppHost side bar. */
  const activityPane = () => workbench.page.locator('.sidebar .pane', { has: workbench.page.locator('.pane-header', { hasText: /^Activity/ }) });

  it('shows the recent activity of the workspace in its own view', async () => {
    const pane = activityPane();
    await workbench.expandSection('Activity');
    // wokku's feed: a sentence fragment completed by the target.
    await pane.locator('.monaco-list-row', { hasText: /restarted (app )?api-gateway/ }).first().waitFor();
    assert.ok(!(await pane.innerText()).includes('\\'), 'no escape characters');
    const rows = await pane.locator('.monaco-list-row').allInnerTexts();
    assert.ok(rows.some((r) => /ago|yesterday/.test(r)), rows.join(' | '));
  });

  it('browses the template catalogue by category, with descriptions', async () => {
    const list = workbench.quickInput().locator('.quick-input-list');
    await workbench.runCommand('AppHost: Deploy from Template…', list.locator('.monaco-list-row', { hasText: 'Node.js + Express' }));
    const text = (await list.allInnerTexts()).join('\n');
    assert.match(text, /Web/);
    assert.match(text, /minimal Express API/);
    await workbench.screenshot('account-1-template-picker');
    await workbench.type('django', list.locator('.monaco-list-row', { hasText: 'Django' }));
    await workbench.type('', list.locator('.monaco-list-row', { hasText: 'Node.js + Express' }));
  });

  it('shows the template details, deploys it to a server and follows the deploy', async () => {
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await workbench.pick('Node.js + Express', dialog.getByText('Deploy the template "Node.js + Express"?'));
    await workbench.screenshot('account-2-template-details');
    const region = workbench.quickInput().locator('.monaco-list-row', { hasText: 'eu-central-1' });
    await workbench.click(dialog.getByRole('button', { name: 'Deploy…' }), () => shows(region), 'Deploy… (template details)');
    await workbench.pick(region, workbench.quickInput().getByText(/Name of the new app on eu-central-1/));
    await workbench.enter('storefront', workbench.quickInput().getByText(/App name already taken/));
    await workbench.screenshot('account-3-name-taken');
    await workbench.enter('hello-e2e');
    await workbench.treeRow('hello-e2e').waitFor({ timeout: patient(30_000) });
    await workbench.page.locator('.notifications-toasts', { hasText: 'hello-e2e deployed.' }).waitFor({ timeout: patient(60_000) });
    assert.equal(server.control.findApp('hello-e2e')?.status, 'running');
  });

  it('lists the deploy in the Activity view after a refresh', async () => {
    const pane = activityPane();
    const deployed = pane.locator('.monaco-list-row', { hasText: /deployed hello-e2e/ }).first();
    await workbench.hoverAction(pane.locator('.pane-header'), pane.locator('.pane-header .action-label[aria-label^="Refresh Activity"]'), () => shows(deployed), 'Refresh Activity');
    await workbench.screenshot('account-4-activity');
  });

  it('lists SSH keys with their fingerprints', async () => {
    const list = workbench.quickInput().locator('.quick-input-list');
    await workbench.runCommand('AppHost: Manage SSH Keys…', list.locator('.monaco-list-row', { hasText: 'MacBook Pro' }));
    assert.match((await list.allInnerTexts()).join('\n'), /[0-9a-f]{64}/);
    await workbench.screenshot('account-5-ssh-keys');
    await workbench.escape(workbench.quickInput(), 'close the SSH keys');
  });
});
