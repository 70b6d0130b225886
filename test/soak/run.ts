// `npm run soak [-- --minutes N]`: an hour (by default) of tails, restarts, config edits
// and deploys in a real VS Code against the reference server. Writes the report to
// bench-results/soak-<N>min.{json,txt} and prints it. Exits 1 when a line was shown twice
// or never, or a minute went over the request budget (or the run could not happen); heap,
// CPU and failed actions are reported, never asserted.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../vscode/tools';
import { removeWorkDir, runSoak } from './driver';
import { minutesFromArgs, snapshotsFromArgs } from './plan';
import { formatReport } from './report';
import { resultsOf, updateDocs } from './results';
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';

async function main(): Promise<number> {
  const minutes = minutesFromArgs(process.argv.slice(2));
  const snapshots = snapshotsFromArgs(process.argv.slice(2));
  const heapSnapshots = snapshots.minutes;
  const updateDocsAfter = process.argv.includes('--update-docs');
  // Cores this process may run on (taskset narrows them) and the machine's.
  const usable = availableParallelism();
  const machine = `${usable === cpus().length ? `${usable} cores` : `${usable} of ${cpus().length} cores (pinned)`}, load ${loadavg()[0].toFixed(1)} at the start`;
  const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
  const out = join(REPO_ROOT, 'bench-results');
  const snapshotDir = join(out, `soak-${minutes}min-heap`);
  mkdirSync(snapshots.atEnd ? snapshotDir : out, { recursive: true });
  log(`starting a ${minutes}-minute soak${snapshots.atEnd ? ` (heap snapshots at ${[...heapSnapshots.map((m) => `minute ${m}`), 'the end'].join(', ')}, in ${snapshotDir})` : ''}`);
  const { report, error, workDir } = await runSoak(minutes, log, { heapSnapshots, snapshotAtEnd: snapshots.atEnd, snapshotDir });
  if (!report) {
    console.error(`Soak failed: ${error}\n(working files kept in ${workDir})`);
    return 1;
  }
  const text = formatReport(report);
  const base = join(out, `soak-${minutes}min`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.txt`, `${text}\n`);
  console.log(`\n${text}\n\n(report: bench-results/soak-${minutes}min.json and .txt)`);
  if (updateDocsAfter) log(`updated ${updateDocs(resultsOf(report, commit(), machine)).join(', ')}`);
  if (report.failures.length) {
    console.log(`working files kept in ${workDir}`);
    return 1;
  }
  removeWorkDir(workDir);
  return 0;
}

function commit(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', 'src'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return dirty ? `${head} (with uncommitted changes in src/)` : head;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
