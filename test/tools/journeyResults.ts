// What a UI journey run leaves behind, and how a second run of the failed journeys is
// merged into it (test/tools/runE2e.ts). A journey is a top-level `describe`: its hooks
// open the workbench, so running it again means running the whole describe. Pure: no I/O.
import type { Summary } from './summaryReporter';

/** One test (or failed hook) of a run, as the summary reporter records it. */
export interface TestRecord {
  /** The spec file, relative to the repository. */
  file: string;
  /** The top-level describe's title; absent for a root hook (no journey to run again). */
  journey?: string;
  /** The full title (describe titles and the test's). */
  title: string;
  state: 'passed' | 'failed' | 'skipped';
  /** First line(s) of the failure. */
  error?: string;
  /** The failure screenshot test/e2e/setup.ts took, relative to the repository. */
  screenshot?: string;
}

export interface JourneyRef {
  file: string;
  journey: string;
}

/** A journey that failed its first run and passed its second: counted as passed, reported. */
export interface FlakyJourney extends JourneyRef {
  /** The first run's failures: which step, what it said, its picture. */
  firstFailures: { title: string; error?: string; screenshot?: string }[];
}

export interface MergedRun {
  summary: Summary;
  flaky: FlakyJourney[];
  /** Journeys that failed both runs, or failed with nothing to run again. */
  failed: string[];
}

const key = (ref: JourneyRef) => `${ref.file}\u0000${ref.journey}`;

/** The journeys with a failure, once each, in the order they failed. */
export function journeysToRetry(records: TestRecord[]): JourneyRef[] {
  const seen = new Map<string, JourneyRef>();
  for (const r of records) {
    if (r.state === 'failed' && r.journey !== undefined) seen.set(key({ file: r.file, journey: r.journey }), { file: r.file, journey: r.journey });
  }
  return [...seen.values()];
}

/** mocha's --grep for exactly one top-level describe: its title, then a test's, from the start. */
export function grepFor(journey: string): string {
  return `^${journey.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} `;
}

function count(records: TestRecord[]): Summary {
  return {
    passed: records.filter((r) => r.state === 'passed').length,
    failed: records.filter((r) => r.state === 'failed').length,
    skipped: records.filter((r) => r.state === 'skipped').length,
  };
}

/**
 * The run's outcome: a retried journey counts by its second run only (a pass there is a
 * flaky pass), every other journey by its first. `retries` holds the second run's records
 * per journey; undefined when that run left no records (it crashed): the journey failed.
 */
export function mergeRetries(first: TestRecord[], retries: { ref: JourneyRef; records: TestRecord[] | undefined }[]): MergedRun {
  const retried = new Set(retries.map((r) => key(r.ref)));
  const kept = first.filter((r) => r.journey === undefined || !retried.has(key({ file: r.file, journey: r.journey })));
  const summary = count(kept);
  const failed = [...new Set(kept.filter((r) => r.state === 'failed').map((r) => r.journey ?? r.title))];
  const flaky: FlakyJourney[] = [];
  for (const { ref, records } of retries) {
    // Only the journey's own records: a --grep that caught more must not count twice.
    const own = records?.filter((r) => r.file === ref.file && r.journey === ref.journey) ?? [];
    const counts = count(own);
    summary.passed += counts.passed;
    summary.failed += counts.failed;
    summary.skipped += counts.skipped;
    if (records === undefined || counts.failed > 0 || counts.passed === 0) {
      if (counts.failed === 0) summary.failed++; // the second run did not run it at all
      failed.push(ref.journey);
      continue;
    }
    const firstFailures = first
      .filter((r) => r.state === 'failed' && r.file === ref.file && r.journey === ref.journey)
      .map(({ title, error, screenshot }) => ({ title, error, screenshot }));
    flaky.push({ ...ref, firstFailures });
  }
  return { summary: { ...summary, flaky: flaky.map((f) => f.journey) }, flaky, failed };
}

/** The lines a run prints about its flaky journeys. */
export function describeFlaky(flaky: FlakyJourney[]): string[] {
  const lines: string[] = [];
  for (const f of flaky) {
    lines.push(`FLAKY: "${f.journey}" (${f.file}) failed its first run and passed in a fresh workbench:`);
    for (const failure of f.firstFailures) {
      lines.push(`  ✘ ${failure.title}`);
      if (failure.error) lines.push(`    ${failure.error.split('\n').join('\n    ')}`);
      lines.push(`    screenshot: ${failure.screenshot ?? '(none: the failure was outside a step)'}`);
    }
  }
  return lines;
}

/**
 * test-results/flaky.json holds the flaky journeys of every suite of the last run
 * (e2e, faults' journeys): this suite's entries replace its earlier ones.
 */
export function updateFlakyFile(existing: { suite: string }[], suite: string, flaky: FlakyJourney[]): ({ suite: string } & Partial<FlakyJourney>)[] {
  return [...existing.filter((e) => e.suite !== suite), ...flaky.map((f) => ({ suite, ...f }))];
}
