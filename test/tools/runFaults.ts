// `npm run test:faults`: the fault suite, one named case per point of the reliability
// audit, in three parts: plain Node against the reference server's fault injection
// (test/faults/node), inside a real VS Code (test/faults/vscode, through the
// integration driver), and UI journeys with screenshots (test/faults/e2e). Every part
// runs even after a failure; the counts add up into one summary.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './summaryReporter';

const ROOT = join(__dirname, '..', '..');
const RESULTS = join(ROOT, 'test-results');
const SUMMARY = process.env.APPHOST_TEST_SUMMARY ?? join(RESULTS, 'faults.summary.json');

const parts = [
  { name: 'faults: node', command: ['npx', 'mocha', '--config', 'test/faults/.mocharc.node.json'], env: {} },
  { name: 'faults: vscode', command: ['npx', 'tsx', 'test/vscode/runIntegration.ts'], env: { APPHOST_TEST_DIR: join(ROOT, 'out', 'test', 'faults', 'vscode') } },
  // Journeys: a failed one runs once more in a fresh workbench (test/tools/runE2e.ts).
  { name: 'faults: e2e', command: ['npx', 'tsx', 'test/tools/runE2e.ts', '--config', 'test/faults/.mocharc.e2e.json', '--suite', 'faults: e2e'], env: {} },
];

const total: Summary = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
for (const part of parts) {
  const summary = join(RESULTS, `${part.name.replace(/\W+/g, '-')}.summary.json`);
  rmSync(summary, { force: true });
  console.log(`\n── ${part.name} ──`);
  const result = spawnSync(part.command[0], part.command.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...part.env, APPHOST_TEST_SUMMARY: summary } });
  if (result.status !== 0) ok = false;
  if (!existsSync(summary)) {
    ok = false;
    console.log(`${part.name}: no results (the part did not run)`);
    continue;
  }
  const counts: Summary = JSON.parse(readFileSync(summary, 'utf8'));
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (counts.flaky?.length) total.flaky = [...(total.flaky ?? []), ...counts.flaky];
}
if (!ok && total.failed === 0) total.failed = 1;
writeFileSync(SUMMARY, JSON.stringify(total));
console.log(`\nfaults: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${total.flaky ? ` (flaky: ${total.flaky.join('; ')})` : ''}`);
process.exit(ok ? 0 : 1);
