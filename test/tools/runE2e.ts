// `npm run test:e2e`: the UI journeys, with one honest retry. A journey (a top-level
// describe) that fails runs once more, whole, in a second mocha process: its hooks open a
// fresh code-server and browser. A pass there counts as a pass but is reported as flaky,
// with the first failure's message and screenshot, and written to test-results/flaky.json;
// a second failure fails the run. Arguments after the options go to the first mocha run
// (e.g. `npm run test:e2e -- --spec test/e2e/logs.e2e.ts`).
//   --config <mocharc>  the suite (default test/e2e/.mocharc.json; the faults' journeys use theirs)
//   --suite <name>      its name in flaky.json (default e2e)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFlaky, grepFor, journeysToRetry, mergeRetries, updateFlakyFile, type JourneyRef, type TestRecord } from './journeyResults';
import { PATIENCE, patient } from '../support/patience';

const ROOT = join(__dirname, '..', '..');
const RESULTS = join(ROOT, 'test-results');
const FLAKY_FILE = join(RESULTS, 'flaky.json');

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
}

const args = process.argv.slice(2);
const config = option(args, '--config', 'test/e2e/.mocharc.json');
const suite = option(args, '--suite', 'e2e');
const slug = suite.replace(/\W+/g, '-').replace(/^-|-$/g, '');
const specs: string[] = [];
while (args.includes('--spec')) specs.push(option(args, '--spec', ''));

/**
 * mocha adds a command line's --spec to the config's instead of replacing them: a run of
 * chosen files gets a copy of the config that names only them.
 */
function configFor(files: string[], label: string): string {
  if (!files.length) return config;
  const derived = join(RESULTS, `${slug}.${label}.mocharc.json`);
  writeFileSync(derived, JSON.stringify({ ...JSON.parse(readFileSync(join(ROOT, config), 'utf8')), spec: files }, null, 2));
  return derived;
}

/** Runs mocha; resolves with its records, or undefined when it left none (it crashed). */
function mocha(label: string, files: string[], mochaArgs: string[], env: Record<string, string>): Promise<{ records: TestRecord[] | undefined; status: number | null }> {
  const recordsFile = join(RESULTS, `${slug}.${label}.records.json`);
  rmSync(recordsFile, { force: true });
  return new Promise((resolve, reject) => {
    // --exit: a journey whose `before` failed half-way can leave its reference server listening
    // (journey.ts assigns it only once the workbench is open too); the run must end anyway.
    // A step's limit grows with the run's patience (test:e2e:slow), like every wait inside it.
    const timeout = PATIENCE > 1 ? ['--timeout', String(patient(120_000))] : [];
    const child = spawn('npx', ['mocha', '--config', configFor(files, label), '--exit', ...timeout, ...mochaArgs], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env, APPHOST_TEST_RECORDS: recordsFile, APPHOST_TEST_SUMMARY: join(RESULTS, `${slug}.${label}.summary.json`) },
    });
    child.on('error', reject);
    child.on('exit', (status) => {
      const records = existsSync(recordsFile) ? (JSON.parse(readFileSync(recordsFile, 'utf8')) as TestRecord[]) : undefined;
      resolve({ records, status });
    });
  });
}

async function main(): Promise<number> {
  mkdirSync(RESULTS, { recursive: true });
  const first = await mocha('run1', specs, args, {});
  if (!first.records) {
    console.log(`\n${suite}: mocha left no results (exit ${first.status}); nothing to run again`);
    return 1;
  }
  const toRetry = journeysToRetry(first.records);
  const retries: { ref: JourneyRef; records: TestRecord[] | undefined }[] = [];
  for (const [i, ref] of toRetry.entries()) {
    console.log(`\n── ${suite}: "${ref.journey}" failed; running it once more in a fresh workbench (${i + 1}/${toRetry.length}) ──`);
    const retry = await mocha(`retry${i + 1}`, [ref.file], ['--grep', grepFor(ref.journey)], { APPHOST_E2E_RETRY: '1' });
    retries.push({ ref, records: retry.records });
  }
  const merged = mergeRetries(first.records, retries);
  // A mocha that exited badly with every test passed (a crash after the last test) is not a pass.
  const crashed = first.status !== 0 && toRetry.length === 0 && merged.summary.failed === 0;
  if (crashed) merged.summary.failed = 1;

  const existing = existsSync(FLAKY_FILE) ? (JSON.parse(readFileSync(FLAKY_FILE, 'utf8')) as { suite: string }[]) : [];
  writeFileSync(FLAKY_FILE, JSON.stringify(updateFlakyFile(existing, suite, merged.flaky), null, 2) + '\n');
  const summaryFile = process.env.APPHOST_TEST_SUMMARY;
  if (summaryFile) writeFileSync(summaryFile, JSON.stringify(merged.summary));

  if (toRetry.length) {
    console.log(`\n── ${suite}: after running ${toRetry.length} failed journey(s) again ──`);
    for (const line of describeFlaky(merged.flaky)) console.log(line);
    for (const journey of merged.failed) console.log(`FAILED: "${journey}"${retries.some((r) => r.ref.journey === journey) ? ' (failed its second run too)' : ''}`);
  }
  if (crashed) console.log(`${suite}: mocha exited ${first.status} although no test failed`);
  const { passed, failed, skipped } = merged.summary;
  console.log(`\n${suite}: ${passed} passed, ${failed} failed, ${skipped} skipped${merged.flaky.length ? ` (${merged.flaky.length} flaky)` : ''}`);
  return failed > 0 ? 1 : 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
