// Issue #43: a hostile neighbour extension waits until the user has used AppHost (a Run
// Command… terminal left open, config.env saved once and left open with app.json and
// checks.json, the folder linked and deployed), then tries every door the issue names
// (test/e2e/spy/neighbour.ts). The user declines every question AppHost asks meanwhile, then
// deploys through the status bar, with the neighbour's proxy in the repository's git config.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER, type RunningServer } from '../server';
import { patient } from '../support/patience';
import { until } from '../support/wait';
import { createSampleRepo, type SampleRepo } from '../tools/sampleRepo';
import { ACT_TIMEOUT, CHECK_TIMEOUT, gesture, shows } from './gesture';
import { closeJourney, startJourneyServer } from './journey';
import { carriesToken, declineQuestions, during, isDocumentWrite, isLifecycle, isPush, startRecordingProxy, type Question, type RecordingProxy } from './neighbourKit';
import { TRIES, type NeighbourReport, type Try } from './spy/neighbourTries';
import { NEIGHBOUR_COMMAND_TITLE, packageSpy } from './spy/packageSpy';
import { VSIX, Workbench } from './workbench';

describe('journey: a neighbour extension, after the user used AppHost, gets nothing and acts for no one', () => {
  let server: RunningServer;
  let workbench: Workbench;
  let proxy: RecordingProxy;
  let repo: SampleRepo;
  let dir: string;
  let token: string;
  let report: NeighbourReport;
  let deploysBefore: number;
  const questions: Question[] = [];
  const reportFile = () => join(dir, 'neighbour.json');

  before(async function () {
    this.timeout(patient(300_000));
    dir = mkdtempSync(join(tmpdir(), 'apphost-neighbour-'));
    const spyVsix = packageSpy(join(dir, 'spy'));
    // A simulated second of a command lasts 100 ms: Run Command… answers at once.
    server = await startJourneyServer({ actionDelayMs: 300, runSecondMs: 100 });
    proxy = await startRecordingProxy();
    repo = createSampleRepo(join(dir, 'storefront'), server);
    token = server.control.issueToken(DEMO_USER.email);
    writeFileSync(join(dir, 'secret'), token);
    workbench = await Workbench.open({
      vsix: [VSIX, spyVsix],
      folder: repo.dir,
      settings: { 'apphost.baseUrl': server.url, 'git.openRepositoryInParentFolders': 'never', 'terminal.integrated.gpuAcceleration': 'off' },
      env: {
        APPHOST_SPY_SECRET_FILE: join(dir, 'secret'),
        APPHOST_NEIGHBOUR_REPORT: reportFile(),
        APPHOST_NEIGHBOUR_PROXY: proxy.url,
        APPHOST_NEIGHBOUR_TRY_MS: String(patient(25_000)),
      },
    });
    await workbench.signInWithToken(token);
    await workbench.collapseSection('Activity');
    await workbench.expand('Apps');
  });
  after(async () => {
    await closeJourney(workbench, server);
    await proxy?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const page = () => workbench.page;
  const dialog = () => page().locator('.monaco-dialog-box');
  const tab = (name: string) => page().locator('.tabs-container .tab', { hasText: name });
  const toast = (text: string | RegExp) => page().locator('.notification-toast', { hasText: text }).first();
  const statusItem = () => page().locator('.statusbar-item', { hasText: /storefront ·/ }).first();
  const tryOf = (id: string): Try | undefined => report.tries.find((t) => t.id === id);
  const asked = (id: string) => questions.filter(during(tryOf(id)));
  /** deepEqual whose message is what was got, whole, on one line (a diff is cut short in the run's summary). */
  const same = (got: unknown, want: unknown, note = '') => assert.deepEqual(got, want, `${note ? `${note}; ` : ''}got ${JSON.stringify(got)}`);
  const requestsOfNeighbour = () => server.control.requestLog.filter((e) => e.at >= report.started && e.at <= report.ended);

  /** The status bar's Deploy, as the user chooses it: the item, then Deploy in its actions. */
  const deployFromStatusBar = async () => {
    const input = workbench.quickInput();
    await workbench.click(statusItem(), () => shows(input.getByText('storefront (folder storefront)')), 'the status bar item');
    await workbench.pick(input.locator('.monaco-list-row', { hasText: 'Deploy' }).first());
  };

  it('the user runs a command, deploys the folder, saves config.env and leaves config.env, app.json and checks.json open', async () => {
    const box = workbench.quickInput().getByText('Run a command on storefront');
    await workbench.contextMenu('storefront', 'Run Command…', () => box.isVisible());
    await workbench.enter('rails db:migrate');
    await page().locator('.terminal-wrapper.active .xterm-rows').getByText(/Exit code 0 · /).waitFor({ timeout: patient(30_000) });

    repo.commit('Show prices with two decimals', { 'server.js': "require('node:http').createServer((q, s) => s.end('Prices: 12.50')).listen(process.env.PORT || 5000);\n" });
    await statusItem().waitFor({ timeout: patient(30_000) });
    await deployFromStatusBar();
    await toast(/storefront deployed: [0-9a-f]{7} "Show prices with two decimals"\./).waitFor({ timeout: patient(60_000) });
    await workbench.runCommand('Notifications: Clear All Notifications');

    await workbench.contextMenu('storefront', 'Edit Config', () => shows(tab('config.env')));
    const text = page().locator('.editor-instance .view-lines').first();
    await text.getByText('NODE_ENV=', { exact: false }).waitFor();
    const focusEditor = () => page().locator('.editor-instance .monaco-editor').first().locator('.native-edit-context, textarea').first().focus({ timeout: ACT_TIMEOUT });
    await gesture('type a line at the end of config.env', async () => {
      if ((await text.innerText()).includes('CACHE_TTL=300')) return;
      await focusEditor();
      await page().keyboard.press('Control+End');
      await page().keyboard.insertText('CACHE_TTL=300\n');
    }, async () => (await text.innerText()).includes('CACHE_TTL=300'));
    // The first save asks (each change restarts the app): the user answers Save and Restart.
    // No overlay dismissal here: its Escape would answer the question with Cancel.
    const restart = dialog().getByText('Saving restarts storefront');
    const saved = () => until('the user\'s save reaching the service', () => server.control.getConfig('storefront').CACHE_TTL === '300', CHECK_TIMEOUT).then(() => true, () => false);
    await gesture('save config.env (Ctrl+S), then Save and Restart', async () => {
      if (!(await restart.isVisible())) {
        await focusEditor();
        await page().keyboard.press('Control+S');
        if (!(await shows(restart))) return;
        await workbench.screenshot('neighbour-1-the-user-saves-config');
      }
      await dialog().getByRole('button', { name: 'Save and Restart' }).click({ timeout: ACT_TIMEOUT });
    }, saved);
    await page().locator('.tabs-container .tab.dirty', { hasText: 'config.env' }).waitFor({ state: 'detached' });

    await workbench.contextMenu('storefront', 'Edit App Settings', () => shows(tab('app.json')));
    await workbench.contextMenu('storefront', 'Edit Health Checks', () => shows(tab('checks.json')));
    // Meanwhile the user codes on: a commit the folder's next push would carry.
    repo.commit('Round prices half up', { 'prices.js': 'module.exports = (p) => Math.round(p * 100) / 100;\n' });
    await workbench.screenshot('neighbour-1-after-use');
  });

  it('the neighbour tries every door; the user declines every question AppHost asks', async function () {
    this.timeout(patient(420_000));
    deploysBefore = server.control.deploysOf('storefront').length;
    await workbench.runCommand(NEIGHBOUR_COMMAND_TITLE);
    await declineQuestions(workbench, () => existsSync(reportFile()), questions, () => workbench.screenshot('neighbour-2-a-question-declined'));
    report = JSON.parse(readFileSync(reportFile(), 'utf8')) as NeighbourReport;
    await page().locator('.panel .monaco-editor', { hasText: 'AppHost objects behind terminals and tasks:' }).waitFor({ timeout: patient(30_000) });
    await workbench.screenshot('neighbour-3-its-report');
    // The evidence, in the run's output: each try, what it gave, and the questions asked meanwhile.
    const shown = (t: Try) => (t.outcome.startsWith('answered: ') ? `answered (${t.outcome.length - 10} characters)` : t.outcome.split('\n')[0].slice(0, 120));
    console.log(report.tries.map((t) => `    - ${t.id}: ${shown(t)}${questions.filter(during(t)).map((q) => `\n        asked: ${q.text.split('\n')[0]}`).join('')}`).join('\n'));
    // The walk had something to walk: the user's Run Command… terminal and the folder's deploy task.
    assert.ok(report.terminals.includes('storefront: rails db:migrate'), `terminals walked: ${report.terminals.join(', ')}`);
    assert.ok(report.tasks.length >= 1, 'the apphost tasks fetched');
    assert.ok(report.reached > 0 && !report.truncated, `objects reached: ${report.reached}, truncated: ${report.truncated}`);
  });

  it('finds no AppHost object behind any terminal or task', () => {
    const found = report.findings.map((f) => `${f.kind} at ${f.path}`);
    const kinds = [...new Set(report.findings.map((f) => f.kind))].map((k) => `${k} ×${report.findings.filter((f) => f.kind === k).length}`).join(', ');
    same(found.slice(0, 12), [], `AppHost's token or internals reached (${found.length} in all: ${kinds}; the first 12)`);
  });

  it('its handler for a workbench.* command that AppHost runs cannot act as the user', () => {
    assert.ok(report.handlerRan, 'AppHost ran the neighbour\'s workbench.action.openWalkthrough');
    const acted = requestsOfNeighbour().filter(isLifecycle).map((e) => `${e.method} ${e.path}`);
    const unasked = [TRIES.handler, TRIES.timer].filter((id) => !asked(id).length);
    same({ acted, unasked }, { acted: [], unasked: [] }, `outcomes: ${[TRIES.handler, TRIES.timer].map((id) => tryOf(id)?.outcome).join(' | ')}`);
  });

  it('deploy with no argument and with the folder\'s Uri asks and, declined, pushes nothing', () => {
    const tries = [TRIES.deployBare, TRIES.deployUri];
    // Each try's requests to the git gateway's receive-pack (advertised, then posted), and every one while the neighbour ran.
    const pushes = Object.fromEntries(tries.map((id) => [id, server.control.requestLog.filter(during(tryOf(id))).filter(isPush).map((e) => `${e.method} ${e.path}`)]));
    const allPushes = requestsOfNeighbour().filter(isPush).length;
    const unasked = tries.filter((id) => !asked(id).length);
    const deploys = server.control.deploysOf('storefront').length - deploysBefore;
    same({ pushes, allPushes, deploys, unasked }, { pushes: Object.fromEntries(tries.map((id) => [id, []])), allPushes: 0, deploys: 0, unasked: [] },
      `outcomes: ${tries.map((id) => tryOf(id)?.outcome).join(' | ')}`);
  });

  it('its writes to the open tabs reach no service', () => {
    const writes = [TRIES.writeConfig, TRIES.writeApp, TRIES.writeChecks];
    assert.deepEqual(writes.filter((id) => !tryOf(id)), [], 'a write to each open tab was tried');
    const sent = requestsOfNeighbour().filter(isDocumentWrite).map((e) => `${e.method} ${e.path}`);
    const written = writes.filter((id) => tryOf(id)?.outcome === 'written');
    const app = server.control.findApp('storefront');
    const changed = { config: server.control.getConfig('storefront').NEIGHBOUR !== undefined, deployBranch: app?.deployBranch !== 'main' };
    same({ sent, written, changed }, { sent: [], written: [], changed: { config: false, deployBranch: false } });
  });

  it('tokenless read tools ask and, declined, return nothing', () => {
    const tools = [TRIES.logsTool, TRIES.configTool];
    const unasked = tools.filter((id) => !asked(id).length);
    const logRequests = server.control.requestLog.filter(during(tryOf(TRIES.logsTool))).filter((e) => e.path.endsWith('/logs')).length;
    // What the service holds: the app's log lines (their text after the time and source) and its config.
    const logTexts = server.control.getLogs('storefront').map((l) => l.replace(/^\S+\s+\S+?:\s*/, '')).filter((l) => l.length >= 12);
    const config = server.control.getConfig('storefront');
    const answerOf = (id: string) => tryOf(id)?.outcome ?? '';
    const leaked = {
      logLines: logTexts.filter((l) => answerOf(TRIES.logsTool).includes(l)).length,
      configKeys: Object.keys(config).filter((k) => answerOf(TRIES.configTool).includes(k)),
      configValues: Object.entries(config).filter(([, v]) => v.length >= 8 && answerOf(TRIES.configTool).includes(v)).map(([k]) => k),
    };
    same({ unasked, logRequests, leaked }, { unasked: [], logRequests: 0, leaked: { logLines: 0, configKeys: [], configValues: [] } },
      `answers: ${tools.map((id) => `${answerOf(id).length} characters, starting ${JSON.stringify(answerOf(id).slice(0, 60))}`).join(' | ')}`);
  });

  it('a proxy set in the repository\'s git config never sees the token when the user deploys', async function () {
    this.timeout(patient(180_000));
    assert.equal(tryOf(TRIES.gitProxy)?.outcome, "set in the folder's .git/config", 'the neighbour set its proxy');
    // On main the neighbour's app.json write moved the deploy branch: put back (as another client would), so that this step tries the proxy alone.
    const app = server.control.findApp('storefront');
    if (app) app.deployBranch = 'main';
    await workbench.runCommand('Notifications: Clear All Notifications');
    repo.commit('Show the total in the cart', { 'cart.js': 'module.exports = (items) => items.reduce((t, i) => t + i.price, 0);\n' });
    const pushedBefore = server.control.requestLog.filter(isPush).length;
    await deployFromStatusBar();
    // The deploy's end: AppHost refuses the push, naming the setting, or the push went through (the proxy forwards it).
    const refused = page().locator('.notification-toast, .monaco-dialog-box', { hasText: /http\.proxy/ }).first();
    const deployed = toast(/storefront deployed: [0-9a-f]{7} "Show the total in the cart"\./);
    await refused.or(deployed).filter({ visible: true }).first().waitFor({ timeout: patient(90_000) });
    await workbench.screenshot('neighbour-4-user-deploys-with-the-proxy');
    const withToken = proxy.seen.filter((r) => carriesToken(r.authorization, token)).map((r) => `${r.method} ${r.target}`);
    const pushes = server.control.requestLog.filter(isPush).length - pushedBefore;
    same({ withToken }, { withToken: [] }, `the proxy saw ${proxy.seen.length} request(s); ${pushes} push request(s) reached the service`);
    assert.ok(await refused.isVisible(), 'a notice names the setting http.proxy');
  });
});
