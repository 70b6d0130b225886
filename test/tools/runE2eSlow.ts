// `npm run test:e2e:slow`: the flake finder. The UI journeys (test/tools/runE2e.ts, with its
// retry) on a handicapped machine: code-server and Chromium pinned to one core through
// taskset (APPHOST_PIN_CPU, read by test/vscode/tools.ts), a CPU-bound neighbour on that
// same core, and every workbench cold (new user data, profile and caches; see
// codeServer.ts and browser.ts). A flaky journey fails this run: finding them is its job.
// Every time limit is 4 times longer there (APPHOST_E2E_PATIENCE, test/support/patience.ts):
// it hunts for races, which show whatever the limits, not for absolute slowness.
// Options: --cpu <n> (default 0); other arguments go to the journeys' runner.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { Summary } from './summaryReporter';

const ROOT = join(__dirname, '..', '..');
const SUMMARY = join(ROOT, 'test-results', 'e2e-slow.summary.json');

const args = process.argv.slice(2);
const cpuAt = args.indexOf('--cpu');
const cpu = cpuAt >= 0 ? args.splice(cpuAt, 2)[1] : '0';
if (!/^\d+$/.test(cpu) || Number(cpu) >= cpus().length) {
  console.error(`--cpu must be one of this machine's cores (0-${cpus().length - 1}), not "${cpu}"`);
  process.exit(2);
}
if (spawnSync('taskset', ['--version']).error) {
  console.error('test:e2e:slow pins processes with taskset, from util-linux: sudo apt-get install util-linux');
  process.exit(2);
}

// The neighbour spins on the pinned core, and leaves when its parent (this script) does,
// even if the script is killed outright.
const SPIN = 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) process.exit(0);';
const neighbour: ChildProcess = spawn('taskset', ['--cpu-list', cpu, process.execPath, '-e', SPIN], { stdio: 'ignore' });
const stopNeighbour = () => {
  if (neighbour.exitCode === null && neighbour.signalCode === null) neighbour.kill('SIGKILL');
};
process.on('exit', stopNeighbour);

console.log(`test:e2e:slow: code-server and Chromium on core ${cpu}, beside a CPU-bound neighbour (pid ${neighbour.pid})`);
rmSync(SUMMARY, { force: true });
const started = Date.now();
// In a process group of its own, so a signal reaches mocha itself, not only npx.
const journeys = spawn('npx', ['tsx', join(__dirname, 'runE2e.ts'), '--suite', 'e2e (slow)', ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, APPHOST_PIN_CPU: cpu, APPHOST_E2E_PATIENCE: process.env.APPHOST_E2E_PATIENCE ?? '4', APPHOST_TEST_SUMMARY: SUMMARY },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopNeighbour();
    try {
      process.kill(-journeys.pid!, signal);
    } catch {
      // already gone
    }
    process.exit(130);
  });
}
journeys.on('exit', (status) => {
  stopNeighbour();
  const seconds = Math.round((Date.now() - started) / 1000);
  const time = `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  if (!existsSync(SUMMARY)) {
    console.log(`\ntest:e2e:slow: no results (exit ${status}) after ${time}`);
    process.exit(1);
  }
  const counts = JSON.parse(readFileSync(SUMMARY, 'utf8')) as Summary;
  const flaky = counts.flaky ?? [];
  console.log(`\n━━━ test:e2e:slow on core ${cpu}, ${new Date().toISOString().slice(0, 10)} ━━━`);
  console.log(`time: ${time}`);
  if (flaky.length) console.log(`flaky (failed, then passed in a fresh workbench): ${flaky.map((f) => `"${f}"`).join(', ')}`);
  console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${flaky.length} flaky`);
  process.exit(status === 0 && flaky.length === 0 ? 0 : 1);
});
