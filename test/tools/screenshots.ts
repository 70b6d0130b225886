// `npm run screenshots`: drives the demo data through the real UI (code-server in
// headless Chromium, the packaged extension) and writes the curated pictures of the
// README into media/screenshots/, with a manifest of what each shows (see
// screenshotList.ts). Part of the release checklist in the README.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { closeJourney, openJourney } from '../e2e/journey';
import { VSIX, Workbench } from '../e2e/workbench';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { createSampleRepo } from './sampleRepo';
import { packageExtension } from '../vscode/packageExtension';
import { MANIFEST, SCREENSHOT_DIR, SHOTS, sourcesHash } from './screenshotList';

const MAX_BYTES = 180 * 1024;
const CODE = `import express from 'express';
import { orders } from './db';

const app = express();
app.get('/api/orders', async (req, res) => {
  res.json(await orders.list({ page: Number(req.query.page ?? 1) }));
});
app.listen(process.env.PORT ?? 5000);
`;

type Region = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Region> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('nothing to photograph');
  return b;
}

/** The smallest rectangle holding all the regions. */
function around(...regions: Region[]): Region {
  const x = Math.min(...regions.map((r) => r.x));
  const y = Math.min(...regions.map((r) => r.y));
  return { x, y, width: Math.max(...regions.map((r) => r.x + r.width)) - x, height: Math.max(...regions.map((r) => r.y + r.height)) - y };
}

async function shoot(workbench: Workbench, file: string, clip?: Region): Promise<void> {
  if (!SHOTS.some((s) => s.file === file)) throw new Error(`${file} is not in screenshotList.ts`);
  const path = join(SCREENSHOT_DIR, file);
  await workbench.page.waitForTimeout(300); // hover effects and animations settle
  await workbench.page.screenshot({ path, clip });
  const size = statSync(path).size;
  console.log(`  ${file}: ${(size / 1024).toFixed(0)} KB`);
  if (size > MAX_BYTES) throw new Error(`${file} is ${(size / 1024).toFixed(0)} KB, more than ${MAX_BYTES / 1024} KB: crop it`);
}

/** Activity bar and side bar: the tree as a user sees it. */
const sideBar = async (w: Workbench) => around(await box(w.page.locator('.part.activitybar')), await box(w.page.locator('.part.sidebar')));

async function treeAndMenu(w: Workbench): Promise<void> {
  await w.expand('Apps');
  await w.treeRow('storefront').waitFor();
  await shoot(w, 'tree.png', await sideBar(w));
  await w.treeRow('storefront').click({ button: 'right' });
  const menu = w.page.locator('.context-view .monaco-menu');
  await menu.waitFor();
  await shoot(w, 'context-menu.png', around(await sideBar(w), await box(menu)));
  await w.page.keyboard.press('Escape');
}

/** A database's Backups part, with a completed backup's context menu (Download, Restore). */
async function backups(w: Workbench): Promise<void> {
  await w.treeRow('Apps').click(); // collapse, to make room
  for (const row of ['Databases', 'storefront-db', 'Backups']) await w.expand(row);
  await w.treeRow('yesterday').click({ button: 'right' });
  const menu = w.page.locator('.context-view .monaco-menu');
  await menu.locator('.action-label', { hasText: 'Restore Backup…' }).waitFor();
  await shoot(w, 'backups.png', around(await sideBar(w), await box(menu)));
  await w.page.keyboard.press('Escape');
  await w.treeRow('Databases').click();
  await w.expand('Apps'); // as the next pictures expect it
}

async function logs(w: Workbench, server: RunningServer): Promise<void> {
  await w.runCommand('File: New Untitled Text File');
  await w.runCommand('Change Language Mode');
  await w.quickInput().locator('input').fill('TypeScript');
  await w.quickInput().locator('.monaco-list-row', { hasText: /^TypeScript/ }).first().click();
  await w.page.locator('.editor-instance .view-lines').first().click();
  await w.page.keyboard.insertText(CODE);
  server.control.setLogInterval(400); // web.1, web.2 and worker.1 talk
  const row = w.treeRow('storefront');
  await row.hover();
  await row.getByRole('button', { name: 'Tail Logs' }).click();
  await w.page.locator('.part.panel .view-lines').getByText('worker.1').first().waitFor({ timeout: 15_000 });
  await w.page.waitForTimeout(4_000); // a few polls of live lines
  server.control.setLogInterval(0);
  await shoot(w, 'logs.png', around(await box(w.page.locator('.part.editor')), await box(w.page.locator('.part.panel'))));
  await w.contextMenu('storefront', 'Stop Tailing');
  await w.runCommand('View: Close All Editors');
  const dontSave = w.page.locator('.monaco-dialog-box').getByRole('button', { name: "Don't Save" });
  if (await dontSave.isVisible().catch(() => false)) await dontSave.click();
}

async function configConflict(w: Workbench, server: RunningServer): Promise<void> {
  const editor = w.page.locator('.editor-instance .view-lines').first();
  const dialog = w.page.locator('.monaco-dialog-box');
  await w.expand('storefront');
  await w.expand('Config');
  await w.treeRow('LOG_LEVEL').click();
  await editor.getByText('LOG_LEVEL=info').waitFor();
  await editor.locator('.view-line', { hasText: 'LOG_LEVEL=info' }).click();
  await w.page.keyboard.press('End');
  await w.page.keyboard.press('Shift+Home');
  await w.page.keyboard.insertText('LOG_LEVEL=debug');
  server.control.setConfig('storefront', { LOG_LEVEL: 'warn' });
  await w.page.keyboard.press('Control+S');
  await dialog.getByRole('button', { name: 'Save and Restart' }).click();
  await w.page.locator('.tabs-container .tab', { hasText: 'Server ↔ Yours' }).waitFor();
  await dialog.getByText(/LOG_LEVEL changed on the server/).waitFor();
  await shoot(w, 'config-conflict.png', around(await box(w.page.locator('.part.editor')), await box(dialog)));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await w.runCommand('View: Close All Editors');
  const dontSave = dialog.getByRole('button', { name: "Don't Save" });
  if (await dontSave.isVisible().catch(() => false)) await dontSave.click();
  await w.treeRow('storefront').click(); // collapse it again
}

/** storefront's Buildpacks (and their tab), then its pull-request previews. */
async function buildpacksAndPreviews(w: Workbench): Promise<void> {
  await w.expand('storefront');
  // Config is still open from the conflict picture: fold it so the parts below are in view.
  const config = w.treeRow('Config').and(w.page.locator('[aria-expanded=true]'));
  if (await config.isVisible()) await config.click();
  await w.runCommand('View: Hide Panel'); // the tail's output from the logs picture
  await w.expand('Buildpacks');
  const first = 'https://github.com/heroku/heroku-buildpack-nodejs.git';
  await w.treeRow(`1. ${first}`).click();
  await w.page.locator('.editor-instance .view-lines').first().getByText(first).waitFor();
  await shoot(w, 'buildpacks.png', around(await sideBar(w), await box(w.page.locator('.part.editor'))));
  await w.runCommand('View: Close All Editors');
  await w.treeRow('Buildpacks').click(); // collapse it again
  await w.expand('Previews');
  await w.treeRow('PR #42').waitFor();
  await shoot(w, 'previews.png', await sideBar(w));
  await w.treeRow('Previews').click();
  await w.treeRow('storefront').click();
}

async function deployLog(w: Workbench, server: RunningServer): Promise<void> {
  server.control.setActionDelay(2500);
  // The picture shows the build still running: it is held open until taken, however slow the machine.
  const releaseBuild = server.control.holdBuilds();
  server.control.startDeploy('storefront', { description: 'Add order export', gitPush: false });
  await w.expand('storefront');
  // Config is still open from the conflict picture: close it so Deploys is in view.
  const config = w.treeRow('Config');
  if ((await config.getAttribute('aria-expanded')) === 'true') await config.click();
  await w.expand('Deploys');
  await w.treeRow('Add order export').click();
  const editor = w.page.locator('.editor-instance .view-lines').first();
  // The tab follows the end of the log: its last line is the one in view.
  await editor.getByText('building: this tab updates live').waitFor({ timeout: 30_000 });
  // The build's lines arrive in chunks: the picture waits for the last one before the end.
  await editor.getByText('Build completed in').waitFor({ timeout: 30_000 });
  await shoot(w, 'deploy-log.png', await box(w.page.locator('.part.editor')));
  releaseBuild();
  server.control.setActionDelay(300);
  await w.runCommand('View: Close All Editors');
  await w.treeRow('storefront').click(); // collapse it again
}

/** Run Command… from the app's context menu: a migration's output in its own terminal tab, beside the tree. */
async function runCommand(w: Workbench): Promise<void> {
  await w.contextMenu('storefront', 'Run Command…', () => w.quickInput().getByText('Run a command on storefront').isVisible());
  await w.enter('rails db:migrate');
  await w.page.locator('.terminal-wrapper.active .xterm-rows').getByText(/Exit code 0 · /).waitFor({ timeout: 30_000 });
  await shoot(w, 'run-command.png', around(await sideBar(w), await box(w.page.locator('.part.panel'))));
  await w.runCommand('Terminal: Kill All Terminals');
}

/** Diagnose Failure on the demo's failed deploy: the diagnosis rendered beside its log. */
async function diagnose(w: Workbench, server: RunningServer): Promise<void> {
  server.control.setAiKey(true); // an operator who set an AI key: the service diagnoses
  const failed = server.control.deploysOf('storefront').find((d) => d.status === 'failed')!.description!;
  await w.expand('storefront');
  await w.expand('Deploys');
  await w.treeRow(failed).click();
  await w.page.locator('.editor-instance .view-lines').getByText('… failed at').first().waitFor({ timeout: 30_000 });
  const preview = w.page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await w.contextMenu(failed, 'Diagnose Failure', () => preview.getByText('Suggested fixes:').waitFor({ timeout: 60_000 }).then(() => true, () => false));
  await shoot(w, 'diagnose.png', await box(w.page.locator('.part.editor')));
  server.control.setAiKey(false);
  await w.runCommand('View: Close All Editors');
  await w.treeRow('storefront').click(); // collapse it again
}

async function walkthrough(w: Workbench): Promise<void> {
  // The walkthrough shows its pictures only in a wide editor: no side bar, no panel.
  if (await w.page.locator('.part.panel').isVisible()) await w.runCommand('View: Hide Panel'); // offered only while it shows
  await w.runCommand('View: Toggle Primary Side Bar Visibility');
  await w.runCommand('AppHost: Get Started');
  await w.page.locator('.gettingStartedContainer .getting-started-step').first().waitFor();
  // The step's picture lives in a webview (an iframe in an iframe).
  await w.page.locator('.getting-started-media iframe').first().contentFrame().locator('iframe#active-frame').contentFrame().locator('svg text').first().waitFor();
  await w.page.waitForTimeout(800); // the step's picture loads
  await shoot(w, 'walkthrough.png', await box(w.page.locator('.part.editor')));
  await w.runCommand('View: Close All Editors');
  await w.runCommand('View: Toggle Primary Side Bar Visibility');
}

async function dark(w: Workbench): Promise<void> {
  await w.runCommand('Preferences: Color Theme');
  await w.quickInput().locator('input').fill('Dark Modern');
  await w.quickInput().locator('.monaco-list-row', { hasText: 'Dark Modern' }).first().click();
  await w.page.locator('.monaco-workbench.vs-dark').waitFor();
  await w.page.waitForTimeout(500);
  await shoot(w, 'tree-dark.png', await sideBar(w));
}

/** Its own window: the storefront repository open and linked, deployed from the status bar. */
async function deployFolder(): Promise<void> {
  const server = await startServer({ seed: 'demo', actionDelayMs: 2500, logIntervalMs: 0 });
  const scratch = mkdtempSync(join(tmpdir(), 'apphost-shots-'));
  let w: Workbench | undefined;
  try {
    const repo = createSampleRepo(join(scratch, 'storefront'), server);
    w = await Workbench.open({ folder: repo.dir, settings: { 'apphost.baseUrl': server.url, 'git.openRepositoryInParentFolders': 'never', 'editor.autoIndent': 'none' } });
    await w.page.setViewportSize({ width: 1180, height: 760 });
    await w.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await w.collapseSection('Activity');
    await w.expand('Apps');
    const status = w.page.locator('.statusbar-item', { hasText: /storefront ·/ }).first();
    await status.filter({ hasText: 'storefront · running' }).waitFor({ timeout: 30_000 });
    repo.commit('Show prices with two decimals', { 'server.js': "require('node:http').createServer((q, s) => s.end('Prices: 12.50')).listen(process.env.PORT || 5000);\n" });
    await status.click();
    // Held open until the picture is taken: it shows the build while it runs.
    const releaseBuild = server.control.holdBuilds();
    await w.quickInput().locator('.monaco-list-row', { hasText: 'Deploy' }).first().click();
    const editor = w.page.locator('.editor-instance .view-lines').first();
    // The held build streams every line but its end: wait for the last, so the picture is the same on any machine.
    await editor.getByText("Healthcheck succeeded name='default'").waitFor({ timeout: 60_000 });
    await status.filter({ hasText: 'deploying…' }).waitFor();
    await shoot(w, 'deploy-folder.png');
    releaseBuild();
  } finally {
    await w?.close();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Its own window: two services side by side, each with its workspaces (the second added through the UI). */
async function services(): Promise<void> {
  const first = await startServer({ seed: 'demo', actionDelayMs: 300, logIntervalMs: 0 });
  const staging = await startServer({ seed: 'demo', actionDelayMs: 300, logIntervalMs: 0, workspaceHeader: true });
  let w: Workbench | undefined;
  try {
    // The first service (apphost.baseUrl) named as a user would, rather than shown as its address.
    w = await Workbench.open({ settings: { 'apphost.baseUrl': first.url, 'apphost.services': [{ url: first.url, name: 'Production' }] } });
    await w.page.setViewportSize({ width: 1180, height: 760 });
    await w.signInWithToken(first.control.issueToken(DEMO_USER.email));
    await w.collapseSection('Activity');
    await w.addService(staging.url, 'Staging', staging.control.issueToken(DEMO_USER.email));
    await w.page.locator('.monaco-list-row[role=treeitem]', { hasText: 'Personal' }).nth(1).waitFor();
    await shoot(w, 'services.png', await sideBar(w));
    await serviceTabs(w);
  } finally {
    await w?.close();
    await first.close();
    await staging.close();
  }
}

/** config.env of storefront on both services: two tabs, each in its service's colour with its badge. */
async function serviceTabs(w: Workbench): Promise<void> {
  const tabs = w.page.locator('.tabs-container .tab', { hasText: 'config.env' });
  for (const [i, service] of ['Production', 'Staging'].entries()) {
    await w.runCommand('AppHost: Edit Config');
    await w.quickInput().locator('.monaco-list-row', { hasText: service }).first().click();
    await w.quickInput().locator('.monaco-list-row', { hasText: 'storefront' }).first().click();
    await tabs.nth(i).locator(`.monaco-icon-label.monaco-decoration-badge[aria-label$="Service: ${service}"]`).waitFor();
  }
  // Without the side bar both tabs show in full.
  await w.page.keyboard.press('Control+B');
  await w.page.locator('.part.sidebar').waitFor({ state: 'hidden' });
  const editor = await box(w.page.locator('.part.editor'));
  await shoot(w, 'services-tabs.png', { ...editor, height: 150 });
}

async function main(): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  console.log('Packaging the extension…');
  packageExtension(VSIX);
  const { server, workbench } = await openJourney({ server: { actionDelayMs: 300, logIntervalMs: 0 }, settings: { 'editor.autoIndent': 'none', 'terminal.integrated.gpuAcceleration': 'off' }, collapse: ['Activity'] });
  try {
    await workbench.page.setViewportSize({ width: 1180, height: 760 });
    await treeAndMenu(workbench);
    await backups(workbench);
    await logs(workbench, server);
    await configConflict(workbench, server);
    await buildpacksAndPreviews(workbench);
    await deployLog(workbench, server);
    await runCommand(workbench);
    await diagnose(workbench, server);
    await walkthrough(workbench);
    await dark(workbench);
  } catch (error) {
    console.error(`the window when it failed: ${await workbench.screenshot('FAILED-screenshots')}`);
    throw error;
  } finally {
    await closeJourney(workbench, server);
  }
  await deployFolder();
  await services();
  const manifest = Object.fromEntries(SHOTS.map((s) => [s.file, { shows: s.shows, sources: sourcesHash(s) }]));
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`Wrote ${SHOTS.length} pictures and ${MANIFEST}. Look at them, then commit media/screenshots/.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
