// `npm test`: type check, lint, then the unit, integration (inside VS Code), oldest VS Code
// (a smoke run of the main journeys in the declared minimum version), e2e (UI journeys),
// faults and a 2-minute soak. Every stage runs even after a failure, so one run shows all
// that is wrong; the last line adds the suites' counts up: "N passed, N failed, N skipped".
// Journeys that passed only on their second run (test/tools/runE2e.ts) count as passed and
// are named above it, as flaky (details in test-results/flaky.json).
// The soak, two minutes of a workbench mostly waiting on its timers, runs while the checks and
// the unit tests do (its output is printed when it ends): CI stays within its 30 minutes.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './summaryReporter';

const RESULTS = join(__dirname, '..', '..', 'test-results');

interface Stage {
  name: string;
  script: string;
  /** Where the stage's reporter writes its counts; absent for checks that count no tests. */
  summary?: string;
}

const checks: Stage[] = [
  { name: 'check-types', script: 'check-types' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit', summary: join(RESULTS, 'unit.summary.json') },
];
// Two minutes of tails, a restart, a config edit and a deploy in a real VS Code: fails on a
// line shown twice or never, or a minute over 60 requests; heap and CPU only reported. It
// loads dist/ and out/ as its own build leaves them, which the checks do not touch and the
// stages after them rebuild: it must end before they start.
const soak: Stage = { name: 'soak (2 min)', script: 'test:soak' };
const stages: Stage[] = [
  // What `ovsx publish` (Open VSX) checks before uploading, on the packaged .vsix: ~10 s.
  { name: 'package (Open VSX checks)', script: 'package:check' },
  { name: 'integration', script: 'test:integration', summary: join(RESULTS, 'integration.summary.json') },
  // Smoke journeys in the oldest VS Code of engines.vscode (code-server 4.90.3, Node 20.9): ~30 s.
  { name: 'oldest VS Code', script: 'test:oldest', summary: join(RESULTS, 'oldest.summary.json') },
  { name: 'e2e', script: 'test:e2e', summary: join(RESULTS, 'e2e.summary.json') },
  { name: 'faults', script: 'test:faults', summary: join(RESULTS, 'faults.summary.json') },
];

const total: Summary = { passed: 0, failed: 0, skipped: 0 };
const report: string[] = [];
const flaky: string[] = [];
let ok = true;
rmSync(join(RESULTS, 'flaky.json'), { force: true }); // the suites add this run's flaky journeys

/** Adds a finished stage's status and counts to the report. */
function record(stage: Stage, status: number | null, signal: string | null, seconds: string): void {
  let line = `${stage.name}: ${status === 0 ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${seconds}s`;
  if (status !== 0) ok = false;
  if (stage.summary) {
    if (existsSync(stage.summary)) {
      const counts: Summary = JSON.parse(readFileSync(stage.summary, 'utf8'));
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
      line += ` — ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
      if (counts.flaky?.length) {
        line += ` (${counts.flaky.length} flaky)`;
        flaky.push(...counts.flaky.map((journey) => `${stage.name}: ${journey}`));
      }
      if (counts.passed === 0) {
        ok = false;
        line += ' (no test ran)';
      }
    } else {
      ok = false;
      line += ' — no results (the suite did not run)';
    }
  }
  report.push(line);
}

function env(stage: Stage): NodeJS.ProcessEnv {
  return { ...process.env, ...(stage.summary ? { APPHOST_TEST_SUMMARY: stage.summary } : {}) };
}

/** Clears the stage's counts of an earlier run; returns when it started. */
function begin(stage: Stage): number {
  if (stage.summary) rmSync(stage.summary, { force: true });
  return Date.now();
}

function runStage(stage: Stage): void {
  console.log(`\n━━━ ${stage.name} ━━━`);
  const started = begin(stage);
  const result = spawnSync('npm', ['run', '--silent', stage.script], { stdio: 'inherit', env: env(stage) });
  record(stage, result.status, result.signal, ((Date.now() - started) / 1000).toFixed(1));
}

/** Starts a stage in the background, its output kept in a file; resolves once it is recorded and printed. */
function runBeside(stage: Stage): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const logFile = join(RESULTS, `${stage.script.replace(/\W+/g, '-')}.log`);
  const out = openSync(logFile, 'w');
  console.log(`\n(${stage.name} runs meanwhile; its output follows when it ends)`);
  const started = begin(stage);
  const child = spawn('npm', ['run', '--silent', stage.script], { stdio: ['ignore', out, out], env: env(stage) });
  closeSync(out);
  return new Promise((resolve) => {
    let ended = false;
    const done = (status: number | null, signal: string | null) => {
      if (ended) return; // a failed spawn may report both 'error' and 'exit'
      ended = true;
      console.log(`\n━━━ ${stage.name} (ran beside the stages above) ━━━\n${readFileSync(logFile, 'utf8')}`);
      record(stage, status, signal, ((Date.now() - started) / 1000).toFixed(1));
      resolve();
    };
    child.once('error', (error) => done(null, error.message));
    child.once('exit', done);
  });
}

async function main(): Promise<void> {
  const soakEnded = runBeside(soak);
  for (const stage of checks) runStage(stage);
  await soakEnded;
  for (const stage of stages) runStage(stage);

  console.log(`\n━━━ summary ━━━\n${report.join('\n')}\n`);
  if (flaky.length) {
    console.log(`flaky (failed, then passed in a fresh workbench; see test-results/flaky.json):\n${flaky.map((f) => `  ${f}`).join('\n')}\n`);
  }
  if (!ok && total.failed === 0) total.failed = 1; // a failed check or a suite that never ran
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

void main();
