import assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import { Workbench } from './workbench';
import { gone, shows } from './gesture';
import { until } from '../support/wait';

/** The steps of the Getting Started walkthrough, as package.json contributes them. */
const STEPS = [
  { id: 'connect', title: 'Connect to your service', button: 'Set Service URL…' },
  { id: 'signIn', title: 'Sign in', button: 'Sign In' },
  { id: 'browse', title: 'Browse apps, servers, databases', button: 'Open the AppHost View' },
  { id: 'editConfig', title: 'Edit config vars in a tab', button: 'Edit Config' },
  { id: 'tailLogs', title: 'Tail logs beside your code', button: 'Tail Logs' },
  { id: 'deployTemplate', title: 'Deploy from a template (optional)', button: 'Deploy from Template…' },
];

describe('journey: first look at AppHost', () => {
  let workbench: Workbench;

  before(async () => {
    workbench = await Workbench.open();
  });
  after(async () => workbench?.close());

  /** The Welcome editor showing the walkthrough. */
  const walkthrough = (): Locator => workbench.page.locator('.gettingStartedContainer');
  /** The walkthrough's heading. */
  const title = (): Locator => walkthrough().locator('h2.category-title', { hasText: 'Get Started with AppHost' });
  /** A step's completion checkbox (VS Code ids steps as `<extension>#<walkthrough>#<step>`). */
  const checkbox = (step: string): Locator => walkthrough().locator(`[data-done-step-id="apphost.apphost#gettingStarted#${step}"]`);
  /** The picture of the selected step: an SVG in a webview (two nested frames). */
  const media = (): FrameLocator => walkthrough().locator('.getting-started-media iframe').first().contentFrame().locator('iframe#active-frame').contentFrame();

  /** Closes the Welcome tab. */
  async function closeWalkthrough(): Promise<void> {
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: 'Welcome' });
    await workbench.hoverAction(tab, tab.getByRole('button', { name: /^Close/ }), () => gone(title()), 'close the Welcome tab');
  }

  /** Selects each step in turn and takes a picture of it, checking its button and its illustration. */
  async function screenshotSteps(theme: string): Promise<void> {
    for (const [i, step] of STEPS.entries()) {
      const selected = walkthrough().locator('.getting-started-step.expanded');
      await workbench.click(walkthrough().locator('.step-title', { hasText: step.title }), () => shows(selected.locator('.step-title', { hasText: step.title })), `the step ${step.title}`);
      await selected.getByRole('button', { name: step.button }).waitFor();
      await media().locator('svg text').first().waitFor();
      await workbench.settled(); // the media pane faded in
      await workbench.screenshot(`walkthrough-${theme}-${i + 1}-${step.id}`);
    }
  }

  it('shows the AppHost icon in the activity bar and opens the view', async () => {
    await workbench.openAppHostView();
  });

  it('shows the welcome content while no account is connected', async () => {
    const welcome = workbench.welcomeView();
    await welcome.waitFor();
    assert.match(await welcome.innerText(), /Browse your AppHost servers, apps and databases/);
    await welcome.getByRole('button', { name: 'Set Service URL' }).waitFor();
    await workbench.screenshot('welcome');
  });

  it('opens the Getting Started walkthrough from the welcome view, with its six steps', async () => {
    // VS Code hides a walkthrough's pictures when its editor is 950 px wide or less: widen the window.
    await workbench.page.setViewportSize({ width: 1600, height: 900 });
    await workbench.click(workbench.welcomeView().locator('a', { hasText: 'Getting Started walkthrough' }), () => shows(title()), 'Getting Started walkthrough (welcome view)');
    assert.deepEqual(await walkthrough().locator('.step-list-container .step-title').allInnerTexts(), STEPS.map((s) => s.title));
    assert.equal(await checkbox('connect').getAttribute('aria-checked'), 'false', 'no service URL yet');
    assert.equal(await checkbox('signIn').getAttribute('aria-checked'), 'false', 'not signed in');
  });

  it('illustrates every step, in a light theme', async () => {
    await screenshotSteps('light');
  });

  it('and in a dark theme', async () => {
    await workbench.runCommand('Preferences: Toggle between Light/Dark Themes');
    await workbench.page.locator('.monaco-workbench.vs-dark').waitFor();
    await workbench.settled(); // the theme change animated the status bar
    await screenshotSteps('dark');
    await workbench.runCommand('Preferences: Toggle between Light/Dark Themes');
    await workbench.page.locator('.monaco-workbench.vs').waitFor();
  });

  it('ticks off "Browse…" when its button opens the AppHost view', async () => {
    const selected = walkthrough().locator('.getting-started-step.expanded');
    const button = selected.getByRole('button', { name: STEPS[2].button });
    await workbench.click(walkthrough().locator('.step-title', { hasText: STEPS[2].title }), () => shows(button), `the step ${STEPS[2].title}`);
    const ticked = checkbox('browse').and(workbench.page.locator('[aria-checked="true"]'));
    await workbench.click(button, () => shows(ticked), STEPS[2].button);
  });

  it('validates the service URL as the user types, tests it, and saves it when asked', async () => {
    const input = workbench.quickInput().locator('input');
    await workbench.click(workbench.welcomeView().getByRole('button', { name: 'Set Service URL' }), () => shows(input), 'Set Service URL (welcome view)');
    await workbench.type('http://apphost.example.com', workbench.quickInput().getByText(/Refusing plain http:\/\/ for apphost.example.com/));
    await workbench.screenshot('service-url-validation');
    await workbench.enter('https://apphost.example.com/');
    await workbench.quickInput().waitFor({ state: 'hidden' });
    // The address is tested before it is saved: this one does not answer (a placeholder domain).
    const dialog = workbench.page.locator('.monaco-dialog-box');
    await dialog.getByText('The address was tested before saving, and failed.').waitFor();
    assert.match(await dialog.innerText(), /Cannot reach https:\/\/apphost\.example\.com/);
    await workbench.screenshot('service-url-tested');
    // Read back: the setting holds the address (User settings, or the Remote tab's).
    const saved = () => [workbench.settingsFile('User'), workbench.settingsFile('Machine')].some((f) => String(f?.['apphost.baseUrl'] ?? '').startsWith('https://apphost.example.com'));
    await workbench.click(dialog.getByRole('button', { name: 'Save Anyway' }), async () => (await gone(dialog)) && until('the setting saved', saved, 5_000).then(() => true, () => false), 'Save Anyway');
  });

  it('ticks off the walkthrough step "Connect to your service" once the URL is set', async () => {
    await checkbox('connect').and(workbench.page.locator('[aria-checked="true"]')).waitFor();
    assert.equal(await checkbox('signIn').getAttribute('aria-checked'), 'false');
    await workbench.screenshot('walkthrough-connected');
  });

  it('opens the walkthrough from the view\'s "..." menu and the Command Palette too', async () => {
    await closeWalkthrough();
    const header = workbench.sectionHeader('Resources');
    const menu = workbench.page.locator('.context-view .monaco-menu');
    await workbench.hoverAction(header, header.getByRole('button', { name: /More Actions/ }), () => shows(menu.locator('.action-label', { hasText: 'Get Started' })), '… menu of Resources');
    await workbench.settled(); // the menu faded in
    await workbench.screenshot('walkthrough-view-menu');
    await workbench.sectionMenu('Resources', 'Get Started', () => shows(title()));
    await closeWalkthrough();
    await workbench.runCommand('AppHost: Get Started', title());
  });
});
