// Diagnose Failure on a service without an AI key (a fresh wokku): the notice says so and
// offers the language model of VS Code; the click on "Ask <model>" sends it the masked end
// of the build log, and its answer shows as the diagnosis beside the log. The model is the
// test model (test/vscode/testModel/), installed from its own .vsix next to the packaged
// AppHost: it keeps the prompt it got, which the journey reads, and answers when the journey
// has seen what shows while it thinks.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { until } from '../support/wait';
import { packageTestModel } from '../vscode/testModel/packageTestModel';
import { behaviourFile, MODEL_DIR_ENV, MODEL_NAME, promptFile, releaseFile } from '../vscode/testModel/protocol';
import { shows } from './gesture';
import { closeJourney } from './journey';
import { VSIX, Workbench } from './workbench';
import { patient } from '../support/patience';

/** A hard-coded live Stripe key (not one of the app's config values): masked for its shape. */
const HARDCODED_KEY = 'sk_live_9Tq2VbX7LmN4pR8sK1wZ3yHcA';
const DESCRIPTION = 'Prerender the shop';

/**
 * What the failed build printed (as a pushed FAIL_BUILD would give it): a prerender script
 * that renders every page, then, failing, prints its settings (SESSION_SECRET is one of
 * storefront's config values) and the key it found in the code. Longer than the 3,000
 * characters a model reads, so the start of the log stays behind.
 */
function failure(session: string): string {
  const pages = Array.from({ length: 60 }, (_, i) => `  ✓ /products/${['lamp', 'chair', 'desk', 'shelf'][i % 4]}-${100 + i}  (${40 + ((i * 37) % 90)} ms)`);
  return [
    '> tsc -p . && node scripts/prerender.mjs',
    'prerender: rendering 64 pages',
    ...pages,
    'prerender: /checkout failed; settings in effect:',
    `  SESSION_SECRET=${session}`,
    '  LOG_LEVEL=info',
    `Error: Stripe rejected the key ${HARDCODED_KEY} (src/checkout/stripe.ts:12): Invalid API Key provided`,
    '    at Stripe._request (/tmp/build/node_modules/stripe/cjs/RequestSender.js:221:19)',
    '    at async renderCheckout (/tmp/build/scripts/prerender.mjs:88:5)',
  ].join('\n');
}

describe('journey: diagnose a failed deploy with the language model of VS Code when the service has no AI key', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let dir: string;
  let modelDir: string;
  let session: string;
  let deployId: string;

  before(async function () {
    // A cold workbench with two extensions, sign-in and three rows to expand: slow on a loaded machine.
    this.timeout(patient(300_000));
    dir = mkdtempSync(join(tmpdir(), 'apphost-model-'));
    modelDir = join(dir, 'model');
    mkdirSync(modelDir);
    // A model takes its time: this one answers once the journey lets it.
    writeFileSync(behaviourFile(modelDir), 'hold');
    const modelVsix = packageTestModel(dir);
    // A fresh wokku: no AI key (the default).
    server = await startServer({ seed: 'demo', actionDelayMs: 40 });
    session = server.control.getConfig('storefront').SESSION_SECRET;
    assert.ok(session.length >= 8, 'storefront has a SESSION_SECRET to mask');
    deployId = server.control.startDeploy('storefront', { fail: true, failure: failure(session), description: DESCRIPTION, gitPush: false });
    await until('the deploy to fail', () => server.control.deploysOf('storefront').find((d) => d.id === deployId)?.status === 'failed', 30_000);
    workbench = await Workbench.open({
      vsix: [VSIX, modelVsix],
      settings: { 'apphost.baseUrl': server.url },
      env: { [MODEL_DIR_ENV]: modelDir },
    });
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email));
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
    await workbench.expand('storefront');
    await workbench.expand('Deploys');
  });
  after(async () => {
    await closeJourney(workbench, server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const page = () => workbench.page;
  const offer = () => page().locator('.notification-toast', { hasText: 'The service has no AI key configured' });
  const askButton = () => offer().getByRole('button', { name: `Ask ${MODEL_NAME}` });
  /** The Markdown preview's rendered page (a webview: an iframe in an iframe). */
  const preview = () => page().frameLocator('iframe.webview.ready').frameLocator('#active-frame');

  it('says the service has no AI key and offers to ask the model, naming what it sends', async () => {
    // The failed deploy's log first: the diagnosis opens beside it.
    const logTab = page().locator('.tabs-container .tab.active', { hasText: /^deploy [0-9a-f]{7}\.log/ });
    await workbench.click(workbench.treeRow(DESCRIPTION), () => shows(logTab), 'the failed deploy\'s row');
    await page().locator('.editor-instance .view-lines').getByText('prerender: rendering 64 pages').first().waitFor({ timeout: patient(15_000) });
    await workbench.contextMenu(DESCRIPTION, 'Diagnose Failure', () => shows(askButton(), 30_000));
    await offer().getByText(`Ask ${MODEL_NAME} instead? AppHost sends it the last 3,000 characters of the build log, with secrets masked.`).waitFor();
    assert.ok(!existsSync(promptFile(modelDir, 1)), 'nothing sent to the model before the click');
    assert.deepEqual(server.control.requestLog.filter((e) => e.path.endsWith('/config')).map((e) => e.path), [], 'no config read before the click');
    await workbench.settled();
    console.log(`    screenshot: ${await workbench.screenshot('diagnose-model-1-offer')}`);
  });

  it('on "Ask", the diagnosis opens beside the log while the model thinks, and the model gets the end of the log with the config value and the key masked', async () => {
    await workbench.click(askButton(), () => shows(page().locator('.tabs-container .tab', { hasText: /^Preview diagnosis [0-9a-f]{7}\.md/ }), 60_000), `Ask ${MODEL_NAME}`);
    await preview().getByRole('heading', { name: /^Why the deploy [0-9a-f]{7} of storefront failed$/ }).waitFor({ timeout: patient(60_000) });
    await preview().getByText(`Answer of ${MODEL_NAME} (a language model of VS Code), from the last 3,000 characters of the build log with secrets masked.`).waitFor();
    await preview().getByText(`Asking ${MODEL_NAME}…`).waitFor();
    await page().locator('.notification-toast', { hasText: `Asking ${MODEL_NAME} why the deploy of storefront failed…` }).waitFor();
    // Beside the log: the log's tab is in the other group.
    await page().locator('.editor-group-container .tabs-container .tab', { hasText: /^deploy [0-9a-f]{7}\.log/ }).waitFor();
    await until('the model\'s request', () => existsSync(promptFile(modelDir, 1)), patient(60_000));
    await workbench.settled();
    console.log(`    screenshot: ${await workbench.screenshot('diagnose-model-2-asking')}`);

    // What the model got: the log's end, masked.
    const prompt = readFileSync(promptFile(modelDir, 1), 'utf8');
    assert.ok(!prompt.includes(session), 'the config value SESSION_SECRET reached the model');
    assert.ok(prompt.includes(`SESSION_SECRET=[masked SESSION_SECRET]`), 'the config value is masked by its name');
    assert.ok(!prompt.includes(HARDCODED_KEY) && !prompt.includes('sk_live_'), 'the live Stripe key reached the model');
    assert.ok(prompt.includes('Error: Stripe rejected the key [masked] (src/checkout/stripe.ts:12)'), 'the key is masked for its shape');
    const excerpt = /\n```\n([\s\S]*)\n```\n/.exec(prompt)?.[1];
    assert.ok(excerpt, `a fenced log excerpt in the prompt:\n${prompt}`);
    const deploy = server.control.deploysOf('storefront').find((d) => d.id === deployId)!;
    const log = deploy.log.join('\n');
    assert.ok(log.length > 3_000, `the log (${log.length} characters) is longer than what the model reads`);
    const masked = log.split(session).join('[masked SESSION_SECRET]').split(HARDCODED_KEY).join('[masked]');
    assert.ok(masked.endsWith(excerpt), 'the excerpt is the end of the masked log');
    assert.equal(excerpt.length, 3_000, 'as much of the log as wokku sends its model');
    assert.ok(!prompt.includes(log.split('\n')[0]), 'the start of the log stayed behind');
    assert.match(prompt, /^App: storefront$/m);
    assert.match(prompt, /^Status: failed$/m);
  });

  it('the model\'s answer streams into the diagnosis: made of the prompt it got', async () => {
    writeFileSync(releaseFile(modelDir), '');
    const prompt = readFileSync(promptFile(modelDir, 1), 'utf8');
    await preview().getByText(`${MODEL_NAME} read a prompt of ${prompt.length} characters.`).waitFor({ timeout: patient(60_000) });
    await preview().getByText('Deploy again.').waitFor();
    assert.equal(await preview().getByText(`Asking ${MODEL_NAME}…`).count(), 0, 'the diagnosis still says it is asking');
    assert.ok(!existsSync(promptFile(modelDir, 2)), 'one request');
    await page().locator('.notification-toast', { hasText: `Asking ${MODEL_NAME}` }).waitFor({ state: 'detached' });
    await workbench.settled();
    console.log(`    screenshot: ${await workbench.screenshot('diagnose-model-3-answer')}`);
  });
});
