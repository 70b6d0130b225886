// Diagnose Failure on a failed deploy: the service's diagnosis, rendered as Markdown beside
// the build log; the log tab's title bar offers it for a failed deploy only.
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { shows } from './gesture';
import { Workbench } from './workbench';

describe('journey: diagnose a failed deploy beside its log', () => {
  let server: RunningServer;
  let workbench: Workbench;

  before(async function () {
    // A cold workbench, sign-in and three rows to expand: slow on a loaded machine.
    this.timeout(300_000);
    // An operator who set an AI key: the service diagnoses (the demo's storefront has a failed deploy with its log).
    server = await startServer({ seed: 'demo', aiKey: true });
    workbench = await Workbench.open({ settings: { 'apphost.baseUrl': server.url } });
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
    await workbench.expand('storefront');
    await workbench.expand('Deploys');
  });
  after(async () => {
    await workbench?.close();
    await server?.close();
  });

  const page = () => workbench.page;
  /** The label of storefront's first deploy of that status (the demo's deploys are named after their commits). */
  const deployLabel = (status: string) => server.control.deploysOf('storefront').find((d) => d.status === status)!.description!;
  const deployRow = (status: string) => workbench.treeRow(deployLabel(status));
  const logTab = () => page().locator('.tabs-container .tab', { hasText: /^deploy [0-9a-f]{7}\.log/ });
  const titleAction = () => page().locator('.part.editor .editor-actions .action-label[aria-label^="Diagnose Failure"]');
  /** The Markdown preview's rendered page (a webview: an iframe in an iframe). */
  const preview = () => page().frameLocator('iframe.webview.ready').frameLocator('#active-frame');

  it('a succeeded deploy\'s log has no Diagnose Failure in its title bar', async () => {
    await workbench.click(deployRow('succeeded'), () => shows(logTab()), 'the succeeded deploy\'s row');
    await page().locator('.editor-instance .view-lines').getByText('… succeeded at').first().waitFor({ timeout: 15_000 });
    if (await shows(titleAction(), 1_000)) throw new Error('Diagnose Failure shows on a succeeded deploy\'s log');
  });

  it('a failed deploy\'s log offers it in its title bar; from its row the diagnosis opens beside the log, naming the app and the deploy', async () => {
    const failedTab = page().locator('.tabs-container .tab.active', { hasText: /^deploy [0-9a-f]{7}\.log/ });
    await workbench.click(deployRow('failed'), () => shows(failedTab), 'the failed deploy\'s row');
    await page().locator('.editor-instance .view-lines').getByText('… failed at').first().waitFor({ timeout: 15_000 });
    await titleAction().waitFor({ timeout: 15_000 });
    await workbench.contextMenu(deployLabel('failed'), 'Diagnose Failure', () => shows(page().locator('.tabs-container .tab', { hasText: /^Preview diagnosis [0-9a-f]{7}\.md/ }), 60_000));
    await preview().getByRole('heading', { name: /^Why the deploy [0-9a-f]{7} of storefront failed$/ }).waitFor({ timeout: 30_000 });
    await preview().getByText('Suggested fixes:').waitFor();
    // Beside the log: the log's tab is still shown in the other group.
    await page().locator('.editor-group-container .tabs-container .tab.active', { hasText: /^deploy [0-9a-f]{7}\.log/ }).waitFor();
    await workbench.settled();
    console.log(`    screenshot: ${await workbench.screenshot('diagnose-1-beside-log')}`);
  });
});
