// The chat's tool picker (Configure Tools…) lists AppHost's tools. It needs the chat's AI
// features on (the other journeys turn them off), but no language model: the picker lists
// the contributed tools of the installed extension.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { REPO_ROOT } from '../vscode/tools';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

describe('journey: AppHost\'s tools in the chat\'s tool picker', () => {
  let workbench: Workbench;
  let server: RunningServer;

  before(async () => {
    server = await startServer({ seed: 'demo' });
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url, 'chat.disableAIFeatures': false } });
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
  });

  it('lists the AppHost tools under Configure Tools…', async () => {
    // The tools show while AppHost is not signed out (their `when` clause): sign in first.
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    // Configure Tools… sits in the chat's input toolbar (it is not in the palette).
    await workbench.page.keyboard.press('Control+Alt+KeyI');
    const configure = workbench.page.locator('.interactive-input-part a.action-label[aria-label^="Configure Tools"], .chat-input-toolbars a.action-label[aria-label*="Tools"]').first();
    await configure.waitFor({ timeout: patient(30_000) }).catch(async () => {
      await workbench.screenshot('agent-tools-chat');
      throw new Error('the chat shows no Configure Tools button (no language model here?)');
    });
    await configure.click();
    const picker = workbench.quickInput();
    await picker.waitFor();
    const input = picker.locator('input');
    await input.fill('apphost');
    // The tools are grouped by extension: open the AppHost group.
    const group = picker.locator('.monaco-list-row', { hasText: 'AppHost' }).first();
    await group.waitFor({ timeout: patient(30_000) });
    await group.locator('.monaco-tl-twistie').click();
    // Each row: the #reference name and the user description.
    await picker.locator('.monaco-list-row', { hasText: 'apphostDeploy' }).first().waitFor({ timeout: patient(30_000) });
    const text = await picker.innerText();
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: { toolReferenceName: string }[] } };
    for (const { toolReferenceName } of manifest.contributes.languageModelTools) assert.ok(text.includes(toolReferenceName), `#${toolReferenceName} in the picker: ${text}`);
    assert.match(text, /Deploys the open folder to its linked app and follows the build/);
    await workbench.screenshot('agent-tools-picker');
  });
});
