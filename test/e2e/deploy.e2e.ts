import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { startJourneyServer } from './journey';
import { createSampleRepo, type SampleRepo } from '../tools/sampleRepo';
import { gesture, gone, shows } from './gesture';
import { Workbench } from './workbench';
import { patient } from '../support/patience';

describe('journey: deploy the folder you are coding in', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let repo: SampleRepo;
  let scratch: string;

  before(async () => {
    // A build line every 100 ms: a build takes about two seconds, long enough to watch.
    server = await startJourneyServer({ seed: 'demo', actionDelayMs: 800, logIntervalMs: 0 });
    scratch = mkdtempSync(join(tmpdir(), 'apphost-e2e-deploy-'));
    repo = createSampleRepo(join(scratch, 'storefront'), server);
    workbench = await Workbench.open({ folder: repo.dir, settings: { 'apphost.baseUrl': server.url, 'git.openRepositoryInParentFolders': 'never' } });
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const page = () => workbench.page;
  const statusItem = () => page().locator('.statusbar-item', { hasText: /storefront ·/ }).first();
  const toast = (text: string | RegExp) => page().locator('.notification-toast', { hasText: text }).first();
  const dialog = () => page().locator('.monaco-dialog-box');
  const editorText = () => page().locator('.editor-instance .view-lines').first();

  const clearToasts = async () => {
    await workbench.runCommand('Notifications: Clear All Notifications');
  };
  /** Deploy from the palette with the one linked folder: AppHost asks first, naming the app, the folder and the service. */
  const deployFromPalette = async () => {
    const question = dialog().getByText('Deploy storefront from folder storefront?');
    await workbench.runCommand('AppHost: Deploy');
    await question.waitFor({ timeout: patient(30_000) });
    await workbench.click(dialog().getByRole('button', { name: 'Deploy', exact: true }), () => gone(question), 'Deploy (the palette\'s question)');
  };

  it('shows the app linked to the open folder in the status bar, with its state, and on its row', async () => {
    await statusItem().filter({ hasText: 'storefront · running' }).waitFor({ timeout: patient(30_000) });
    const row = workbench.treeRow('storefront');
    await row.locator('.label-description', { hasText: 'linked folder' }).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('deploy-1-linked-status-bar-and-row')}`);
  });

  it('a click on the status bar item offers the everyday actions; Deploy shows the build live in a tab', async () => {
    const input = workbench.quickInput();
    await workbench.click(statusItem(), () => shows(input.getByText('storefront (folder storefront)')), 'the status bar item');
    const labels = await input.locator('.monaco-list-row .label-name').allInnerTexts();
    for (const action of ['Deploy', 'Tail Logs', 'Open Config', 'Open in Browser', 'Reveal in AppHost View']) assert.ok(labels.some((l) => l.includes(action)), `${action} in ${labels.join(' | ')}`);
    console.log(`    screenshot: ${await workbench.screenshot('deploy-2-status-bar-actions')}`);

    repo.commit('Show prices with two decimals', { 'server.js': "require('node:http').createServer((q, s) => s.end('Prices: 12.50')).listen(process.env.PORT || 5000);\n" });
    // Live: the tab fills while the build runs on the service (held open until seen, however slow the machine).
    const releaseBuild = server.control.holdBuilds();
    try {
      await workbench.click(input.locator('.monaco-list-row', { hasText: 'Deploy' }).first(), () => shows(editorText().getByText('-----> Installing dependencies'), patient(30_000)), 'Deploy (the status bar\'s actions)');
      assert.equal(server.control.deploysOf('storefront')[0].status, 'building', 'seen while building');
      await statusItem().filter({ hasText: 'deploying…' }).waitFor();
      console.log(`    screenshot: ${await workbench.screenshot('deploy-3-live-build-log')}`);
    } finally {
      releaseBuild();
    }
    const done = toast(/storefront deployed: [0-9a-f]{7} "Show prices with two decimals"\./);
    await done.waitFor({ timeout: patient(30_000) });
    await done.getByRole('button', { name: 'Open App' }).waitFor();
    await done.getByRole('button', { name: 'Tail Logs' }).waitFor();
    await editorText().getByText('=====> Application deployed:').waitFor();
    await workbench.expand('storefront');
    await workbench.expand('Releases');
    await workbench.treeRow('storefront').scrollIntoViewIfNeeded();
    await page().locator('.monaco-list-row[role=treeitem]', { hasText: 'Deploy via git push' }).first().waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('deploy-4-deployed')}`);
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
  });

  it('a failing build ends with the reason and "Show Log"', async () => {
    await clearToasts();
    repo.commit('Switch the cart to the new API', { FAIL_BUILD: "src/cart.ts(12,3): error TS2304: Cannot find name 'totl'.\n" });
    await deployFromPalette();
    const failed = toast(/The deploy of storefront failed: Failure during app build of storefront/);
    await failed.waitFor({ timeout: patient(30_000) });
    await failed.getByRole('button', { name: 'Show Log' }).waitFor();
    await failed.getByRole('button', { name: 'Diagnose Failure' }).waitFor();
    await editorText().getByText("Cannot find name 'totl'").waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('deploy-5-failed-build')}`);
    assert.equal(server.control.deploysOf('storefront')[0].status, 'failed');
  });

  it('uncommitted changes: asks before deploying', async () => {
    await clearToasts();
    repo.git('rm', '-q', 'FAIL_BUILD');
    repo.commit('Fix the cart');
    repo.write('server.js', '// half-done refactoring\n');
    await deployFromPalette();
    await dialog().getByText('Deploy folder storefront to storefront?').waitFor({ timeout: patient(30_000) });
    await dialog().getByText(/uncommitted change\(s\), e\.g\. server\.js, will not be deployed/).waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('deploy-6-uncommitted-changes')}`);
    await workbench.click(dialog().getByRole('button', { name: 'Deploy Anyway' }), () => gone(dialog().getByText('Deploy folder storefront to storefront?')), 'Deploy Anyway');
    await toast(/storefront deployed: [0-9a-f]{7} "Fix the cart"\./).waitFor({ timeout: patient(30_000) });
    repo.git('checkout', '--', 'server.js');
  });

  it('a rejected push is explained, with "Force Deploy…"', async () => {
    await clearToasts();
    repo.git('commit', '-q', '--amend', '-m', 'Fix the cart (reworded)');
    await deployFromPalette();
    const rejected = toast(/The push was rejected: storefront's repository has commits your branch does not have/);
    await rejected.waitFor({ timeout: patient(30_000) });
    await rejected.getByRole('button', { name: 'Force Deploy…' }).waitFor();
    await workbench.settled(); // the toast slid in
    console.log(`    screenshot: ${await workbench.screenshot('deploy-7-rejected-push')}`);
    const replace = dialog().getByText("Replace storefront's branch main with yours?");
    await workbench.click(rejected.getByRole('button', { name: 'Force Deploy…' }), () => shows(replace), 'Force Deploy…');
    await workbench.click(dialog().getByRole('button', { name: 'Replace and Deploy' }), () => gone(replace), 'Replace and Deploy');
    await toast(/storefront deployed: [0-9a-f]{7} "Fix the cart \(reworded\)"\./).waitFor({ timeout: patient(30_000) });
  });

  it('a folder without the remote: Deploy asks for the app, then adds the remote after asking', async () => {
    await clearToasts();
    repo.git('remote', 'remove', 'wokku');
    repo.commit('Add a health endpoint', { 'health.js': "module.exports = () => 'ok';\n" });
    // The link goes with the remote once VS Code's git extension has read the repository
    // again (on a change under .git, later on a slow machine): asked to refresh if it is late.
    await gesture('the folder unlinked once its remote is gone', async (attempt) => {
      if (attempt > 1) await workbench.runCommand('Git: Refresh');
    }, () => gone(statusItem(), patient(15_000)));
    await workbench.runCommand('AppHost: Deploy');
    await workbench.quickInput().locator('input').fill('storefront');
    const noRemote = dialog().getByText('Folder storefront has no git remote for storefront yet.');
    await workbench.pick(workbench.quickInput().locator('.monaco-list-row', { has: page().locator('.label-name', { hasText: /^storefront$/ }) }).first(), noRemote);
    console.log(`    screenshot: ${await workbench.screenshot('deploy-8-add-remote')}`);
    await workbench.click(dialog().getByRole('button', { name: 'Add Remote and Deploy' }), () => gone(noRemote), 'Add Remote and Deploy');
    await toast(/storefront deployed: [0-9a-f]{7} "Add a health endpoint"\./).waitFor({ timeout: patient(30_000) });
    assert.equal(repo.git('config', 'remote.wokku.url'), 'git@git.apphost.example:storefront');
    await statusItem().waitFor();
    console.log(`    screenshot: ${await workbench.screenshot('deploy-9-remote-added-and-deployed')}`);
  });
});
