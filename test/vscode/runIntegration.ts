// Runs the integration suites (test/integration/**/*.test.ts, built into out/) inside
// the extension host of a real VS Code (code-server), opened in headless Chromium.
// Passes only when the workbench reports exit code 0, no test failed and at least one ran.
// Env: APPHOST_TEST_GREP filters tests; APPHOST_TEST_TIMEOUT_S bounds the run (default 1,800 s, times the patience);
// APPHOST_TEST_LOG names the output file in test-results/; APPHOST_CODE_SERVER=oldest
// runs them in the oldest supported VS Code (test/vscode/tools.ts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { packageTestModel } from './testModel/packageTestModel';
import { MODEL_DIR_ENV } from './testModel/protocol';
import { REPO_ROOT } from './tools';
import { patient } from '../support/patience';
import type { Summary } from '../tools/summaryReporter';

const RESULTS = join(REPO_ROOT, 'test-results');
const OUTPUT = join(RESULTS, process.env.APPHOST_TEST_LOG ?? (process.env.APPHOST_TEST_DIR ? 'faults-vscode.log' : 'integration.log'));
const SUMMARY = process.env.APPHOST_TEST_SUMMARY ?? join(RESULTS, 'integration.summary.json');

/** The extension host's own logs: where a runner that failed to load says why. */
function extensionHostLogs(dataDir: string): string {
  const logs = join(dataDir, 'user-data', 'logs');
  if (!existsSync(logs)) return '';
  return readdirSync(logs, { recursive: true, encoding: 'utf8' })
    .filter((f) => /(^|[\\/])(remote)?exthost\.log$/i.test(f))
    .map((f) => `--- ${f}\n${readFileSync(join(logs, f), 'utf8').slice(-6000)}`)
    .join('\n');
}

async function main(): Promise<number> {
  const runner = join(REPO_ROOT, 'out', 'test', 'integration', 'runner.js');
  if (!existsSync(runner)) throw new Error('out/test/integration/runner.js is missing: run `npm run build` first.');
  rmSync(OUTPUT, { force: true });
  rmSync(SUMMARY, { force: true });
  // The test language model (test VS Code has none), installed from its own .vsix (given as a
  // second development extension, AppHost's own contributions went missing in code-server), with
  // a folder for the prompts it gets and the behaviour the suites give it.
  const modelRoot = mkdtempSync(join(tmpdir(), 'apphost-test-model-'));
  const modelVsix = packageTestModel(modelRoot);
  mkdirSync(join(modelRoot, 'prompts'));

  const codeServer = await startCodeServer({
    smokeTestDriver: true,
    vsix: modelVsix,
    env: {
      APPHOST_TEST_OUTPUT: OUTPUT,
      APPHOST_TEST_SUMMARY: SUMMARY,
      APPHOST_TEST_GREP: process.env.APPHOST_TEST_GREP ?? '',
      APPHOST_TEST_DIR: process.env.APPHOST_TEST_DIR ?? '',
      APPHOST_INTEGRATION: '1',
      [MODEL_DIR_ENV]: join(modelRoot, 'prompts'),
      // Suites run against the reference server at full speed (the budget has its own tests).
      APPHOST_SERVICE_REQUESTS_PER_MINUTE: '6000',
    },
  });
  const browser = await launchBrowser();
  let printed = 0;
  const printNewOutput = () => {
    if (!existsSync(OUTPUT)) return;
    const text = readFileSync(OUTPUT, 'utf8');
    process.stdout.write(text.slice(printed));
    printed = text.length;
  };
  try {
    const page = await browser.newPage();
    // Errors of the test runner itself (failing to load, a throwing run()) surface here.
    const consoleErrors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    const exitCode = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    const remote = (path: string) => `vscode-remote://${codeServer.authority}${path}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(REPO_ROOT)],
      ['extensionTestsPath', remote(runner)],
    ]);
    // A workspace file (with the one folder) rather than a folder: suites may add folders
    // (multi-root), which a single-folder window cannot do without reloading.
    const workspaceFile = join(codeServer.dataDir, 'integration.code-workspace');
    writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: codeServer.workspaceFolder }] }));
    await page.goto(`${codeServer.url}/?workspace=${encodeURIComponent(workspaceFile)}&payload=${encodeURIComponent(payload)}`, { timeout: 180_000 });

    // A backstop for a hung workbench (each test has its own limit): the suite takes about 7
    // minutes on a quiet 2-core machine, and well over 10 on a loaded one.
    const timeoutS = Number(process.env.APPHOST_TEST_TIMEOUT_S ?? patient(1_800_000) / 1000);
    const poll = setInterval(printNewOutput, 500);
    const code = await Promise.race([
      exitCode,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), timeoutS * 1000).unref()),
    ]);
    clearInterval(poll);
    printNewOutput();
    if (code === -1) console.error(`Integration tests did not finish within ${timeoutS}s.\n${codeServer.output().slice(-4000)}`);

    const summary: Summary | undefined = existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : undefined;
    if (!summary) {
      console.error(`The integration runner produced no summary (workbench exit code ${code}).`);
      console.error(extensionHostLogs(codeServer.dataDir) || codeServer.output().slice(-4000));
      console.error(consoleErrors.filter((e) => !/vsda|open-vsx|favicon/.test(e)).join('\n'));
      return 1;
    }
    if (code !== 0 || summary.failed > 0 || summary.passed === 0) return 1;
    return 0;
  } finally {
    await browser.close();
    await codeServer.close();
    rmSync(modelRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
