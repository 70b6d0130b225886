// One mocha reporter for every stage (unit, integration inside VS Code, e2e).
// It prints spec-like lines to stdout, or appends them to a file when stdout is not
// visible (the extension host), and writes {passed, failed, skipped} to a summary file
// so `npm test` can add the stages up. Options come from reporterOptions or env.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Mocha from 'mocha';

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

export default class SummaryReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions = {}) {
    super(runner, options);
    const opts = (options.reporterOptions ?? {}) as { output?: string; summary?: string };
    const output = opts.output ?? process.env.APPHOST_TEST_OUTPUT;
    const summaryFile = opts.summary ?? process.env.APPHOST_TEST_SUMMARY;
    if (output) mkdirSync(dirname(output), { recursive: true });
    const write = (line: string) => (output ? appendFileSync(output, line + '\n') : process.stdout.write(line + '\n'));

    const counts: Summary = { passed: 0, failed: 0, skipped: 0 };
    const failures: { title: string; err: Error }[] = [];
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
      write(`${indent()}✔ ${test.title}${ms(test)}`);
    });
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
      counts.skipped++;
      write(`${indent()}- ${test.title} (skipped)`);
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, err: Error) => {
      counts.failed++;
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
    });
  }
}
