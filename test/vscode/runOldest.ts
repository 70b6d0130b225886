// `npm run test:oldest`: a smoke run of the main journeys in the oldest VS Code the
// extension declares (package.json engines.vscode), code-server 4.90.3 = VS Code 1.90.2
// running on Node 20.9.0 (the Node of desktop VS Code 1.90), installed by
// test/tools/install.sh. Same driver as the integration suites (runIntegration.ts),
// with APPHOST_CODE_SERVER=oldest and a grep that picks the journeys below.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from '../tools/summaryReporter';

const ROOT = join(__dirname, '..', '..');

/** Full titles (describe + it) of the journeys, matched as plain text. */
export const SMOKE_JOURNEYS = [
  // activation, and the welcome view while signed out
  'activation activates inside VS Code without any request to the service',
  // sign-in
  'auth: sign-in, sign-out, expiry, workspaces signs in with e-mail and password',
  // the tree shows workspaces and apps
  'auth: sign-in, sign-out, expiry, workspaces lists workspaces from teams and slugs added by hand',
  'tree: resources, request economy and lifecycle shows state at a glance',
  // a lifecycle command
  'tree: resources, request economy and lifecycle restarts an app from its node',
  // a config editor (the apphost: file system, a text document, save)
  "config: config.env saves exactly the user's change opens sorted KEY=value lines",
  "config: config.env saves exactly the user's change a one-key save costs GET + PUT",
  // tail logs, polled and streamed (server-sent events through undici on Node 20.9)
  'logs: tail (polling server) shows the last N lines in',
  'logs: tail (streaming server) follows the stream: the last N lines, then each new line',
  // a read-only details document, drag and drop in the tree (TreeDragAndDropController), sign-out
  'details: Show Details opens the full JSON read-only an app: one GET of its details',
  'multi-select: lifecycle and logs on several apps drags an app selected twice as one app',
  'auth: sign-in, sign-out, expiry, workspaces signs out by revoking the stored token on the server',
  // agent tools: no tools API before VS Code 1.95: nothing registered, activation unaffected
  'agent tools: registration registers every contributed tool where VS Code has the tools API',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function main(): number {
  const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { vscode: string } }).engines.vscode;
  process.env.APPHOST_CODE_SERVER = 'oldest';
  // Imported after APPHOST_CODE_SERVER is set: tools.ts reads it once.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { CODE_SERVER_DIR, NODE, assertToolsInstalled } = require('./tools') as typeof import('./tools');
  assertToolsInstalled();
  const vscodeVersion = (JSON.parse(readFileSync(join(CODE_SERVER_DIR, 'lib', 'vscode', 'package.json'), 'utf8')) as { version: string }).version;
  const node = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // The run proves the declared minimum only if it runs that very minor version.
  const declared = /^\^?(\d+\.\d+)\./.exec(engines)?.[1];
  if (!declared || !vscodeVersion.startsWith(`${declared}.`)) {
    console.error(`engines.vscode is ${engines} but the oldest code-server is VS Code ${vscodeVersion}: update test/tools/install.sh (OLDEST_CODE_SERVER_VERSION) or engines.vscode.`);
    return 1;
  }
  console.log(`Smoke run in VS Code ${vscodeVersion} (the declared minimum, ${engines}) on Node ${node}: ${SMOKE_JOURNEYS.length} journeys.`);
  const summary = process.env.APPHOST_TEST_SUMMARY ?? join(ROOT, 'test-results', 'oldest.summary.json');
  const result = spawnSync('npx', ['tsx', join(__dirname, 'runIntegration.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      APPHOST_CODE_SERVER: 'oldest',
      APPHOST_TEST_GREP: SMOKE_JOURNEYS.map(escape).join('|'),
      APPHOST_TEST_LOG: 'oldest.log',
      APPHOST_TEST_SUMMARY: summary,
      APPHOST_TEST_TIMEOUT_S: process.env.APPHOST_TEST_TIMEOUT_S ?? '240',
    },
  });
  if (result.status !== 0) return result.status ?? 1;
  // A journey renamed in its suite would silently drop out of the grep.
  const counts = existsSync(summary) ? (JSON.parse(readFileSync(summary, 'utf8')) as Summary) : undefined;
  const ran = counts ? counts.passed + counts.failed + counts.skipped : 0;
  if (ran !== SMOKE_JOURNEYS.length) {
    console.error(`${ran} tests ran, not the ${SMOKE_JOURNEYS.length} journeys of test/vscode/runOldest.ts: was one renamed?`);
    return 1;
  }
  return 0;
}

process.exit(main());
