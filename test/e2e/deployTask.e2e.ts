// Journey: deploy as a task. Terminal > Run Task (the palette's "Tasks: Run Task") offers
// "Deploy storefront" for the linked folder; its first run asks (VS Code does not say who
// started a task): "Always for This Task" lets it and its later runs deploy; its terminal
// shows git's output and the live build; a failing pre-deploy task (apphost.deploy.preDeployTask) stops the deploy and
// says which task failed, in the task's terminal and from the status bar's Deploy.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { startJourneyServer } from './journey';
import { createSampleRepo, type SampleRepo } from '../tools/sampleRepo';
import { ACT_TIMEOUT, CHECK_TIMEOUT, dismissOverlays, gesture, gone, shows } from './gesture';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

const TASKS = {
  version: '2.0.0',
  tasks: [
    { label: 'test', type: 'shell', command: 'echo "Running the tests… 12 passing"', problemMatcher: [] },
    { label: 'lint', type: 'shell', command: 'echo "server.js:3:1  error  Missing semicolon  (semi)" && exit 1', problemMatcher: [] },
    { label: 'Test and deploy', dependsOrder: 'sequence', dependsOn: ['test', 'apphost: Deploy storefront'], problemMatcher: [] },
  ],
};

describe('journey: deploy as a task, with a pre-deploy task', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let repo: SampleRepo;
  let scratch: string;

  before(async () => {
    // A build line every 100 ms: long enough to watch it in the terminal.
    server = await startJourneyServer({ seed: 'demo', actionDelayMs: 800, logIntervalMs: 0 });
    scratch = mkdtempSync(join(tmpdir(), 'apphost-e2e-task-'));
    repo = createSampleRepo(join(scratch, 'storefront'), server);
    mkdirSync(join(repo.dir, '.vscode'));
    repo.commit('Tasks: test, then deploy', { '.vscode/tasks.json': `${JSON.stringify(TASKS, null, 2)}\n`, '.gitignore': '.vscode/settings.json\n' });
    workbench = await Workbench.open({
      folder: repo.dir,
      // The DOM renderer: the terminal's text is in the page, for the journey to read.
      settings: { 'apphost.baseUrl': server.url, 'git.openRepositoryInParentFolders': 'never', 'terminal.integrated.gpuAcceleration': 'off' },
    });
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps'); // the status bar item shows the state the tree read
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const page = () => workbench.page;
  const terminal = () => page().locator('.terminal-wrapper.active .xterm-rows').first();
  const toast = (text: string | RegExp) => page().locator('.notification-toast', { hasText: text }).first();
  const dialog = () => page().locator('.monaco-dialog-box');

  let pickers = 0;
  /** Terminal > Run Task: the palette's "Tasks: Run Task", then the items picked in turn (each list waits for its tasks). */
  async function runTask(...picks: string[]): Promise<void> {
    // Exactly this command ("Tasks: Restart Running Task" matches the words too).
    await page().keyboard.press('F1');
    await workbench.quickInput().locator('input').fill('>Tasks: Run Task');
    await workbench.quickInput().locator('.monaco-list-row', { has: page().locator('.label-name', { hasText: /^Tasks: Run Task$/ }) }).first().click();
    for (const pick of picks) {
      const input = workbench.quickInput().locator('input[placeholder^="Select the task to run"]');
      await input.waitFor({ timeout: patient(30_000) });
      await input.fill(pick);
      const row = workbench.quickInput().locator('.monaco-list-row', { hasText: pick }).first();
      await row.waitFor({ timeout: patient(30_000) });
      if (pick === picks.at(-1)) console.log(`    screenshot: ${await workbench.screenshot(`task-picker-${++pickers}-${pick.replace(/\W+/g, '-')}`)}`);
      await row.click();
    }
  }

  it('Run Task offers "Deploy storefront" under apphost; its terminal shows git\'s output and the build live, then the outcome', async () => {
    await page().locator('.statusbar-item', { hasText: 'storefront · running' }).waitFor({ timeout: patient(30_000) });
    repo.commit('Show prices with two decimals', { 'server.js': "require('node:http').createServer((q, s) => s.end('Prices: 12.50')).listen(process.env.PORT || 5000);\n" });
    // The build ends only when the journey has seen it live, however slowly this machine runs.
    const releaseBuild = server.control.holdBuilds();
    const deploysBefore = server.control.deploysOf('storefront').length;
    try {
      await runTask('apphost', 'Deploy storefront');
      // AppHost's own question before the task sends anything: what, where, and that a task asked.
      await dialog().getByText('A task asks AppHost to deploy folder storefront to storefront.').waitFor({ timeout: patient(30_000) });
      await dialog().getByText(/It was started as a task of folder storefront: from a tasks\.json, a compound task, Run Task, or another extension/).waitFor();
      console.log(`    screenshot: ${await workbench.screenshot('task-1-asks-before-it-runs')}`);
      assert.equal(server.control.deploysOf('storefront').length, deploysBefore, 'nothing pushed while it asks');
      await dialog().getByRole('button', { name: 'Always for This Task' }).click();
      // A taller panel: the whole build fits in the terminal, as on a real screen.
      await page().locator('.part.panel .action-label[aria-label^="Maximize Panel"]').first().click();
      await terminal().getByText('-----> Installing dependencies').waitFor({ timeout: patient(30_000) });
      assert.equal(server.control.deploysOf('storefront')[0].status, 'building', 'seen while building');
      console.log(`    screenshot: ${await workbench.screenshot('task-2-build-in-terminal')}`);
    } finally {
      releaseBuild();
    }
    await terminal().getByText(/storefront deployed: [0-9a-f]{7} "Show prices with two decimals"\./).waitFor({ timeout: patient(30_000) });
    const text = await terminal().innerText();
    assert.match(text, /git push wokku HEAD:main \([0-9a-f]{7} Show prices with two decimals\)/);
    assert.match(text, /=====> Application deployed:/);
    console.log(`    screenshot: ${await workbench.screenshot('task-3-deployed-in-terminal')}`);
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
  });

  it('"Test and deploy" (dependsOn the deploy task, allowed always) runs the tests, then deploys without asking', async () => {
    repo.commit('Round prices half up', { 'prices.js': 'module.exports = (p) => Math.round(p * 100) / 100;\n' });
    await runTask('Test and deploy');
    await terminal().getByText(/storefront deployed: [0-9a-f]{7} "Round prices half up"\./).waitFor({ timeout: patient(60_000) });
    assert.equal(await dialog().count(), 0, 'not asked again');
    console.log(`    screenshot: ${await workbench.screenshot('task-4-test-and-deploy')}`);
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
  });

  it('a failing pre-deploy task stops the deploy: the task\'s terminal and the status bar\'s Deploy say which task failed', async () => {
    writeFileSync(join(repo.dir, '.vscode', 'settings.json'), `${JSON.stringify({ 'apphost.deploy.preDeployTask': 'lint' }, null, 2)}\n`);
    repo.commit('Add a health endpoint', { 'health.js': "module.exports = () => 'ok';\n" });
    const before = server.control.deploysOf('storefront').length;
    await runTask('apphost', 'Deploy storefront');
    // The pre-deploy task's own terminal shows why it failed; the deploy task's says the deploy did not start.
    await page().locator('.terminal-tabs-entry', { hasText: 'lint' }).first().waitFor({ timeout: patient(60_000) });
    // (On its icon: the narrow entry's other end holds its Split and Kill buttons.) Clicked again
    // until its terminal shows the message, which comes once "lint" has failed.
    const deployEntry = page().locator('.terminal-tabs-entry', { hasText: 'Deploy' }).first();
    const notStarted = terminal().getByText('The pre-deploy task "lint" failed with exit code 1. The deploy did not start');
    await gesture('the Deploy terminal', () => deployEntry.click({ position: { x: 8, y: 10 }, timeout: ACT_TIMEOUT }), () => shows(notStarted));
    assert.match(await page().locator('.xterm-rows', { hasText: 'The pre-deploy task "lint" failed' }).first().innerText(), /Running the pre-deploy task "lint" \(setting apphost\.deploy\.preDeployTask\)…/);
    console.log(`    screenshot: ${await workbench.screenshot('task-5-pre-deploy-task-failed-terminal')}`);

    const statusItem = page().locator('.statusbar-item', { hasText: 'storefront ·' }).first();
    await workbench.click(statusItem, () => shows(workbench.quickInput().getByText('storefront (folder storefront)')), 'the folder\'s status bar item');
    await workbench.pick(workbench.quickInput().locator('.monaco-list-row', { has: page().locator('.label-name', { hasText: /\bDeploy$/ }) }).first());
    const failed = toast('The pre-deploy task "lint" failed with exit code 1. The deploy did not start');
    await failed.waitFor({ timeout: patient(60_000) });
    // The whole message: the toast expanded (its buttons show while it is hovered), the status bar's hover gone.
    const collapse = failed.locator('.codicon-notifications-collapse').first();
    await workbench.hoverAction(failed, failed.locator('.codicon-notifications-expand').first(), () => collapse.waitFor({ state: 'attached', timeout: CHECK_TIMEOUT }).then(() => true, () => false), 'expand the toast');
    // The status bar item keeps focus after its picker, and its hover with it: the mouse moving
    // away is not enough then, but Escape closes that hover (and leaves the toast).
    await gesture('the status bar\'s hover gone', (attempt) => (attempt === 1 ? dismissOverlays(page()) : page().keyboard.press('Escape')), async () => (await gone(page().locator('.monaco-hover:not(.hidden)'))) && (await failed.isVisible()));
    await workbench.settled(); // the toast slid in
    console.log(`    screenshot: ${await workbench.screenshot('task-6-pre-deploy-task-failed-toast')}`);
    assert.equal(server.control.deploysOf('storefront').length, before, 'nothing deployed');
  });
});
