// One mocha reporter for every stage (unit, integration inside VS Code, e2e).
// It prints spec-like lines to stdout, or appends them to a file when stdout is not
// visible (the extension host), and writes {passed, failed, skipped} to a summary file
// so `npm test` can add the stages up. Options come from reporterOptions or env. With
// `records` (APPHOST_TEST_RECORDS) it also writes every test's outcome, by journey, for
// test/tools/runE2e.ts to run the failed journeys again.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import Mocha from 'mocha';
import type { TestRecord } from './journeyResults';

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** Journeys that passed only when run again (test/tools/runE2e.ts). */
  flaky?: string[];
}

/** Where test/e2e/setup.ts notes the picture of a failed step. */
export type WithScreenshot = Mocha.Runnable & { screenshot?: string };

function record(test: Mocha.Runnable, state: TestRecord['state'], err?: Error): TestRecord {
  const path = test.titlePath();
  // A test's or a describe's hook has its top-level describe first; a root hook has none.
  const inDescribe = test.parent !== undefined && !test.parent.root;
  const file = test.file ?? test.parent?.file;
  return {
    file: file ? relative(process.cwd(), file) : '',
    journey: inDescribe ? path[0] : undefined,
    title: test.fullTitle(),
    state,
    error: err ? String(err.message ?? err).split('\n').slice(0, 6).join('\n') : undefined,
  };
}

export default class SummaryReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions = {}) {
    super(runner, options);
    const opts = (options.reporterOptions ?? {}) as { output?: string; summary?: string };
    const output = opts.output ?? process.env.APPHOST_TEST_OUTPUT;
    const summaryFile = opts.summary ?? process.env.APPHOST_TEST_SUMMARY;
    const recordsFile = (opts as { records?: string }).records ?? process.env.APPHOST_TEST_RECORDS;
    if (output) mkdirSync(dirname(output), { recursive: true });
    const write = (line: string) => (output ? appendFileSync(output, line + '\n') : process.stdout.write(line + '\n'));

    const counts: Summary = { passed: 0, failed: 0, skipped: 0 };
    const failures: { title: string; err: Error }[] = [];
    const records: { test: Mocha.Runnable; record: TestRecord }[] = [];
    let depth = 0;
    const indent = () => '  '.repeat(depth);
    const ms = (test: Mocha.Test) => (test.duration && test.duration > 200 ? ` (${test.duration}ms)` : '');

    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.title) write(`${indent()}${suite.title}`);
      depth++;
    });
    runner.on(EVENT_SUITE_END, () => depth--);
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
      counts.passed++;
      records.push({ test, record: record(test, 'passed') });
      write(`${indent()}✔ ${test.title}${ms(test)}`);
    });
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
      counts.skipped++;
      records.push({ test, record: record(test, 'skipped') });
      write(`${indent()}- ${test.title} (skipped)`);
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, err: Error) => {
      counts.failed++;
      records.push({ test, record: record(test, 'failed', err) });
      failures.push({ title: test.fullTitle(), err });
      write(`${indent()}✘ ${failures.length}) ${test.title}`);
    });
    runner.once(EVENT_RUN_END, () => {
      failures.forEach(({ title, err }, i) => {
        write(`\n${i + 1}) ${title}`);
        write(`   ${(err.stack ?? String(err)).split('\n').slice(0, 12).join('\n   ')}`);
      });
      write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      if (summaryFile) {
        mkdirSync(dirname(summaryFile), { recursive: true });
        writeFileSync(summaryFile, JSON.stringify(counts));
      }
      if (recordsFile) {
        mkdirSync(dirname(recordsFile), { recursive: true });
        // Screenshots are taken in an afterEach hook, after the failure was reported.
        const withScreenshots = records.map(({ test, record: r }) => {
          const screenshot = (test as WithScreenshot).screenshot;
          return screenshot ? { ...r, screenshot: relative(process.cwd(), screenshot) } : r;
        });
        writeFileSync(recordsFile, JSON.stringify(withScreenshots, null, 1));
      }
    });
  }
}
