// Another extension installed beside AppHost must get nothing of the user's sign-in: the
// spy (test/e2e/spy/), installed from its own .vsix next to the packaged AppHost, walks
// what AppHost exports after sign-in and tries AppHost's doors, as an attacker would.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { until } from '../support/wait';
import { closeJourney, startJourneyServer } from './journey';
import type { SpyReport } from './spy/extension';
import { packageSpy, SPY_COMMAND_TITLE } from './spy/packageSpy';
import { VSIX, Workbench } from './workbench';
import { patient } from '../support/patience';
import { ACT_TIMEOUT, gesture, gone } from './gesture';

describe('journey: another extension gets nothing from AppHost', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let dir: string;
  let token: string;
  const reportFile = () => join(dir, 'report.json');

  before(async function () {
    this.timeout(patient(180_000));
    dir = mkdtempSync(join(tmpdir(), 'apphost-spy-'));
    const spyVsix = packageSpy(dir);
    server = await startJourneyServer({ seed: 'demo' });
    token = server.control.issueToken(DEMO_USER.email);
    // What the spy hunts for: the token the user signs in with (a real spy looks for anything).
    writeFileSync(join(dir, 'secret'), token);
    workbench = await Workbench.open({
      vsix: [VSIX, spyVsix],
      settings: { 'apphost.baseUrl': server.url },
      env: { APPHOST_SPY_SECRET_FILE: join(dir, 'secret'), APPHOST_SPY_REPORT: reportFile() },
    });
    await workbench.signInWithToken(token);
  });
  after(async () => {
    await closeJourney(workbench, server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds no token, no SecretStorage, no way to send an authenticated request, and no app config by a guessed address', async () => {
    await workbench.runCommand(SPY_COMMAND_TITLE);
    // The spy runs AppHost: Sign In, whose result used to be the session; the user, seeing
    // AppHost's own sign-in, completes it.
    const toast = workbench.page.locator('.notifications-toasts', { hasText: /Spy: AppHost/ });
    await workbench.pick('Paste an API token', workbench.quickInput().getByText('Paste an API token of your AppHost account'));
    const input = workbench.quickInput().locator('input');
    // Taken once the input lets go of it (the spy's toast can take a while longer).
    await gesture('paste the token', async () => {
      if (!(await input.isVisible())) return;
      await input.fill(token, { timeout: ACT_TIMEOUT });
      await input.press('Enter', { timeout: ACT_TIMEOUT });
    }, async () => (await gone(workbench.quickInput().getByText('Paste an API token of your AppHost account'))) || toast.isVisible());
    await toast.waitFor({ timeout: patient(60_000) });
    // The report is longer than the panel (Monaco renders only the lines in view): wait for its file.
    await until('the spy\'s report', () => existsSync(reportFile()), 30_000);
    await workbench.page.locator('.panel .monaco-editor', { hasText: 'apphost-deploy-log: refused' }).waitFor();
    await workbench.screenshot('spy-1-nothing-found');

    assert.ok(existsSync(reportFile()), 'the spy wrote its report');
    const report = JSON.parse(readFileSync(reportFile(), 'utf8')) as SpyReport;
    assert.equal(report.exportsType, 'undefined', "AppHost's exports");
    assert.deepEqual(report.findings, [], 'token, SecretStorage or session reached');
    assert.deepEqual(report.requests, [], 'authenticated requests the spy caused');
    assert.equal(report.signInResult, 'undefined', 'what AppHost: Sign In returned to the spy');
    assert.equal(report.silentSession, false, 'a session from VS Code without consent');
    // An app's secrets by a guessed address (workspace.fs): neither read nor written.
    assert.match(report.configRead, /^refused: .*only in an editor of its own/, 'config.env read by the spy');
    assert.match(report.configWrite, /^refused: /, 'config.env written by the spy');
    assert.ok(!server.control.requestLog.some((e) => e.path.endsWith('/config')), 'no config request reached the server');
    assert.equal(server.control.getConfig('storefront').SPY, undefined);
    // Every other AppHost document by a guessed address: refused, and nothing of the app reached the spy.
    for (const { uri, result } of report.guessed) assert.match(result, /^refused: /, uri);
    assert.deepEqual(report.guessed.map((g) => g.uri.split(':')[0]).filter((v, i, all) => all.indexOf(v) === i).sort(),
      ['apphost', 'apphost-deploy-log', 'apphost-details', 'apphost-recent-log', 'apphost-server'], 'every scheme was tried');
    const values = Object.values(server.control.getConfig('storefront')).filter((v) => v.length >= 8);
    const got = JSON.stringify(report);
    assert.ok(!values.some((v) => got.includes(v)), 'no config value of the app in what the spy got');
    assert.ok(!server.control.requestLog.some((e) => /\/(logs|checks|deploys\/latest)$/.test(e.path)), 'no log, checks or deploy read reached the server for the spy');
    // The walk did run: the bundles' module exports alone hold hundreds of classes and functions.
    assert.ok(report.reached > 100 && !report.truncated, `objects reached: ${report.reached}, truncated: ${report.truncated}`);
    assert.match(await toast.innerText(), /AppHost gave nothing away/);
    // The user is still signed in, and the token never showed on screen.
    await workbench.treeRow('Personal').waitFor();
    assert.ok(!(await workbench.page.locator('body').innerText()).includes(token), 'the token is not on screen');
  });
});
