// The chat's tool picker (Configure Tools…) lists AppHost's tools. It needs the chat's AI
// features on (the other journeys turn them off), but no language model: the picker lists
// the contributed tools of the installed extension.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { startJourneyServer } from './journey';
import { REPO_ROOT } from '../vscode/tools';
import { Workbench } from './workbench';
import { patient } from '../support/patience';
import { ACT_TIMEOUT, dismissOverlays, gesture, shows } from './gesture';

describe('journey: AppHost\'s tools in the chat\'s tool picker', () => {
  let workbench: Workbench;
  let server: RunningServer;

  before(async () => {
    server = await startJourneyServer({ seed: 'demo' });
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
    const configure = workbench.page.locator('.interactive-input-part a.action-label[aria-label^="Configure Tools"], .chat-input-toolbars a.action-label[aria-label*="Tools"]').first();
    // Ctrl+Alt+I toggles the chat: pressed again only while no chat input shows.
    const chatInput = workbench.page.locator('.interactive-input-part, .chat-input-toolbars').first();
    await gesture('open the chat (Ctrl+Alt+I)', async () => {
      if (!(await chatInput.isVisible())) await workbench.page.keyboard.press('Control+Alt+KeyI');
    }, () => shows(configure, patient(30_000))).catch(async (error: unknown) => {
      await workbench.screenshot('agent-tools-chat');
      throw new Error(`the chat shows no Configure Tools button (no language model here?): ${error instanceof Error ? error.message : String(error)}`);
    });
    const picker = workbench.quickInput();
    const input = picker.locator('input');
    await workbench.click(configure, () => shows(input), 'Configure Tools…');
    // The tools are grouped by extension: open the AppHost group.
    const group = picker.locator('.monaco-list-row', { hasText: 'AppHost' }).first();
    await workbench.type('apphost', group);
    const tool = picker.locator('.monaco-list-row', { hasText: 'apphostDeploy' }).first();
    // The twistie toggles: clicked again only while the group's tools do not show.
    await gesture('open the AppHost group', async () => {
      if (await tool.isVisible()) return;
      await dismissOverlays(workbench.page, group);
      await group.locator('.monaco-tl-twistie').click({ timeout: ACT_TIMEOUT });
    }, () => shows(tool));
    // Each row: the #reference name and the user description.
    await picker.locator('.monaco-list-row', { hasText: 'apphostDeploy' }).first().waitFor({ timeout: patient(30_000) });
    const text = await picker.innerText();
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: { toolReferenceName: string }[] } };
    for (const { toolReferenceName } of manifest.contributes.languageModelTools) assert.ok(text.includes(toolReferenceName), `#${toolReferenceName} in the picker: ${text}`);
    assert.match(text, /Deploys the open folder to its linked app and follows the build/);
    await workbench.screenshot('agent-tools-picker');
  });
});
