import assert from 'node:assert/strict';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { Workbench } from './workbench';

describe('journey: sign in with e-mail and password, browse, sign out', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => {
    server = await startServer({ seed: 'demo', actionDelayMs: 200 });
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url } });
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
  });

  it('offers Sign In on the welcome view', async () => {
    await workbench.openAppHostView();
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).waitFor();
    await workbench.screenshot('signin-1-welcome');
  });

  it('offers three ways to sign in', async () => {
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).click();
    const rows = workbench.quickInput().locator('.monaco-list-row');
    await rows.first().waitFor();
    const labels = await rows.allInnerTexts();
    assert.equal(labels.length, 3, labels.join(' | '));
    assert.match(labels.join('\n'), /browser/);
    assert.match(labels.join('\n'), /e-mail and password/);
    assert.match(labels.join('\n'), /Paste an API token/);
    await workbench.screenshot('signin-2-methods');
  });

  it('explains a wrong password in place and signs in with the right one', async () => {
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'e-mail and password' }).click();
    const input = workbench.quickInput().locator('input');
    await workbench.quickInput().getByText('E-mail address of your AppHost account').waitFor();
    await input.fill(DEMO_USER.email);
    await input.press('Enter');
    await workbench.quickInput().getByText(`Password for ${DEMO_USER.email}`).waitFor();
    await input.fill('not-the-password');
    await input.press('Enter');
    await workbench.quickInput().getByText('Invalid email or password').waitFor();
    await workbench.screenshot('signin-3-wrong-password');
    await input.fill(DEMO_USER.password);
    await input.press('Enter');
    await workbench.treeRow('Personal').waitFor();
    await workbench.treeRow('Acme Corp').waitFor();
  });

  it('shows the workspaces, their resources and the account in the status bar', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: DEMO_USER.email }).waitFor();
    await workbench.treeRow('Apps').click();
    await workbench.treeRow('storefront').waitFor();
    await workbench.screenshot('signin-4-signed-in-tree');
    const labels = await workbench.treeLabels();
    assert.ok(labels.includes('Servers') && labels.includes('Databases'), labels.join(', '));
  });

  it('signs out from the view menu and shows the welcome view again', async () => {
    await workbench.runCommand('AppHost: Sign Out');
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).waitFor();
    await workbench.screenshot('signin-5-signed-out');
  });
});
