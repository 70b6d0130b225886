import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';

describe('journey: sign in with e-mail and password, browse, sign out', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200 }, signIn: false })));
  after(() => closeJourney(workbench, server));

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

  it('switches the active workspace from the status bar', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: DEMO_USER.email }).click();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'Acme Corp' }).click();
    await workbench.page.locator('.statusbar-item', { hasText: `${DEMO_USER.email} · acme` }).waitFor();
  });

  it('creates an API token and shows its value once', async () => {
    await workbench.runCommand('AppHost: Create API Token…');
    const input = workbench.quickInput().locator('input');
    await input.fill('ci-deploys');
    await input.press('Enter');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText('API token "ci-deploys" created').waitFor();
    const shown = (await dialog.locator('.dialog-message-detail').innerText()).trim();
    assert.match(shown, /^[0-9a-f]{64}$/, 'the value is shown');
    await workbench.screenshot('signin-6-token-created');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('creates a token without a name, which the service names after the time', async () => {
    await workbench.runCommand('AppHost: Create API Token…');
    await workbench.quickInput().getByText(/leave empty and the service names it after the time/).waitFor();
    await workbench.screenshot('signin-6b-token-name-optional');
    await workbench.quickInput().locator('input').press('Enter');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText(/API token "token-\d+" created/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('lists the API tokens and revokes one after confirmation', async () => {
    await workbench.runCommand('AppHost: Manage API Tokens…');
    const row = workbench.quickInput().locator('.monaco-list-row', { hasText: 'ci-deploys' });
    await row.waitFor();
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'used by this editor' }).waitFor();
    await workbench.screenshot('signin-7-tokens');
    await row.hover();
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText('Revoke the API token "ci-deploys"?').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    await workbench.page.keyboard.press('Escape');
  });

  it('signs out from the view menu and shows the welcome view again', async () => {
    await workbench.runCommand('AppHost: Sign Out');
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).waitFor();
    await workbench.screenshot('signin-5-signed-out');
  });
});
