import assert from 'node:assert/strict';
import { DEMO_USER, type RunningServer } from '../server';
import { closeJourney, openJourney } from './journey';
import type { Workbench } from './workbench';
import { ACT_TIMEOUT, gesture, gone, shows } from './gesture';

describe('journey: sign in with e-mail and password, browse, sign out', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async () => ({ server, workbench } = await openJourney({ server: { actionDelayMs: 200 }, signIn: false })));
  after(() => closeJourney(workbench, server));
  /** Create API Token…'s first prompt: the token's name. */
  const tokenNamePrompt = () => workbench.quickInput().getByText(/leave empty and the service names it after the time/);

  it('offers Sign In on the welcome view', async () => {
    await workbench.openAppHostView();
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).waitFor();
    await workbench.screenshot('signin-1-welcome');
  });

  it('offers three ways to sign in', async () => {
    const rows = workbench.quickInput().locator('.monaco-list-row');
    await workbench.click(workbench.welcomeView().getByRole('button', { name: 'Sign In' }), () => shows(rows.filter({ hasText: 'Paste an API token' })), 'Sign In (welcome view)');
    const labels = await rows.allInnerTexts();
    assert.equal(labels.length, 3, labels.join(' | '));
    assert.match(labels.join('\n'), /browser/);
    assert.match(labels.join('\n'), /e-mail and password/);
    assert.match(labels.join('\n'), /Paste an API token/);
    await workbench.screenshot('signin-2-methods');
  });

  it('explains a wrong password in place and signs in with the right one', async () => {
    await workbench.pick('e-mail and password', workbench.quickInput().getByText('E-mail address of your AppHost account'));
    await workbench.enter(DEMO_USER.email, workbench.quickInput().getByText(`Password for ${DEMO_USER.email}`));
    // Signing in takes a request: the check waits longer than a prompt's.
    const invalid = workbench.quickInput().getByText('Invalid email or password');
    const input = workbench.quickInput().locator('input');
    await gesture('enter a wrong password', async () => {
      await input.fill('not-the-password', { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, () => shows(invalid, 20_000));
    await workbench.screenshot('signin-3-wrong-password');
    await gesture('enter the password', async () => {
      if (await workbench.treeRow('Personal').isVisible()) return;
      await input.fill(DEMO_USER.password, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, () => shows(workbench.treeRow('Personal'), 20_000));
    await workbench.treeRow('Acme Corp').waitFor();
  });

  it('shows the workspaces, their resources and the account in the status bar', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: DEMO_USER.email }).waitFor();
    await workbench.expand('Apps');
    await workbench.treeRow('storefront').waitFor();
    await workbench.screenshot('signin-4-signed-in-tree');
    const labels = await workbench.treeLabels();
    assert.ok(labels.includes('Servers') && labels.includes('Databases'), labels.join(', '));
  });

  it('switches the active workspace from the status bar', async () => {
    const acme = workbench.quickInput().locator('.monaco-list-row', { hasText: 'Acme Corp' });
    await workbench.click(workbench.page.locator('.statusbar-item', { hasText: DEMO_USER.email }), () => shows(acme), 'the account status bar item');
    await workbench.pick(acme, workbench.page.locator('.statusbar-item', { hasText: `${DEMO_USER.email} · acme` }));
  });

  it('creates an API token and shows its value once', async () => {
    await workbench.runCommand('AppHost: Create API Token…', tokenNamePrompt());
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await workbench.enter('ci-deploys', dialog.getByText('API token "ci-deploys" created'));
    const shown = (await dialog.locator('.dialog-message-detail').innerText()).trim();
    assert.match(shown, /^[0-9a-f]{64}$/, 'the value is shown');
    await workbench.screenshot('signin-6-token-created');
    await workbench.click(dialog.getByRole('button', { name: 'Cancel' }), () => gone(dialog), 'Cancel (token dialog)');
  });

  it('creates a token without a name, which the service names after the time', async () => {
    await workbench.runCommand('AppHost: Create API Token…', tokenNamePrompt());
    await workbench.screenshot('signin-6b-token-name-optional');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await workbench.enter('', dialog.getByText(/API token "token-\d+" created/));
    await workbench.click(dialog.getByRole('button', { name: 'Cancel' }), () => gone(dialog), 'Cancel (token dialog)');
  });

  it('lists the API tokens and revokes one after confirmation', async () => {
    const row = workbench.quickInput().locator('.monaco-list-row', { hasText: 'ci-deploys' });
    await workbench.runCommand('AppHost: Manage API Tokens…', row);
    await workbench.quickInput().locator('.monaco-list-row', { hasText: 'used by this editor' }).waitFor();
    await workbench.screenshot('signin-7-tokens');
    const dialog = workbench.page.locator('.monaco-dialog-box');
    const question = dialog.getByText('Revoke the API token "ci-deploys"?');
    await workbench.hoverAction(row, row.getByRole('button', { name: 'Revoke' }), () => shows(question), 'Revoke (token row)');
    // Checked by the row going (a dialog closed by an Escape meant for a hover cancelled: asked again then).
    await gesture('Revoke (dialog)', async () => {
      if (!(await question.isVisible())) await workbench.hoverAction(row, row.getByRole('button', { name: 'Revoke' }), () => shows(question), 'Revoke (token row)');
      await dialog.getByRole('button', { name: 'Revoke' }).click({ timeout: ACT_TIMEOUT });
    }, () => gone(row, 15_000));
    await workbench.escape(workbench.quickInput(), 'close the token list');
  });

  it('signs out from the view menu and shows the welcome view again', async () => {
    await workbench.runCommand('AppHost: Sign Out');
    // From the palette nothing names the service: AppHost asks first, naming it and the account.
    const dialog = workbench.page.locator('.monaco-dialog-box');
    const question = dialog.getByText(/^Sign out of .*\?$/);
    await question.waitFor({ timeout: ACT_TIMEOUT });
    await workbench.click(dialog.getByRole('button', { name: 'Sign Out' }), () => gone(question), 'Sign Out (dialog)');
    await workbench.welcomeView().getByRole('button', { name: 'Sign In' }).waitFor();
    await workbench.screenshot('signin-5-signed-out');
  });
});
