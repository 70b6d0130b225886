import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer } from '../server';
import { createSampleRepo, type SampleRepo } from '../tools/sampleRepo';
import { closeJourney, openTwoServices, startJourneyServer } from './journey';
import type { Workbench } from './workbench';
import { gone, shows } from './gesture';
import { patient } from '../support/patience';

// Several services (#28): the open folder's remote is the second service's git address, so
// the folder links to that service's storefront; the status bar names the service, in its
// colour, and a tail's channel name says which service it follows.
describe('journey: a folder of the second service', () => {
  let production: RunningServer;
  let staging: RunningServer;
  let workbench: Workbench;
  let repo: SampleRepo;
  let scratch: string;

  before(async () => {
    production = await startJourneyServer({ seed: 'demo', logIntervalMs: 0 });
    staging = await startJourneyServer({ seed: 'demo', logIntervalMs: 0, gitRemote: 'http' });
    scratch = mkdtempSync(join(tmpdir(), 'apphost-e2e-services-'));
    repo = createSampleRepo(join(scratch, 'storefront'), staging);
    repo.git('remote', 'set-url', 'wokku', `${staging.url}/git/storefront.git`);
    workbench = await openTwoServices(production, staging, { folder: repo.dir, settings: { 'git.openRepositoryInParentFolders': 'never' } });
  });
  after(async () => {
    await closeJourney(workbench, production, staging);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('the status bar names the service of the folder\'s app; its tail channel too', async () => {
    const { page } = workbench;
    await page.locator('.statusbar-item', { hasText: 'storefront (Staging)' }).first().waitFor({ timeout: patient(30_000) });
    await workbench.expand('Staging');
    console.log(`    screenshot: ${await workbench.screenshot('services-folder-status-bar')}`);
    const tailLogs = workbench.quickInput().locator('.monaco-list-row', { hasText: 'Tail Logs' });
    await workbench.click(page.locator('.statusbar-item', { hasText: 'storefront (Staging)' }).first(), () => shows(tailLogs), 'the folder\'s status bar item');
    // The Output panel shows the tail's channel, named after the app and its service.
    const channel = page.locator('.panel select.monaco-select-box option[value="AppHost: storefront (Staging)"]').first();
    const attached = () => channel.waitFor({ state: 'attached', timeout: patient(30_000) }).then(() => true, () => false);
    await workbench.click(tailLogs, async () => (await gone(tailLogs)) && attached(), 'Tail Logs (the folder\'s actions)');
    await page.locator('.panel .view-lines', { hasText: /\S/ }).first().waitFor({ timeout: patient(30_000) });
    console.log(`    screenshot: ${await workbench.screenshot('services-folder-tail')}`);
  });
});
