import assert from 'node:assert/strict';
import { describeFlaky, grepFor, journeysToRetry, mergeRetries, updateFlakyFile, type TestRecord } from '../../tools/journeyResults';

const LOGS = 'test/e2e/logs.e2e.ts';
const TREE = 'test/e2e/tree.e2e.ts';
const tail = 'journey: tail logs';
const browse = 'journey: browse (a tree)';

const rec = (file: string, journey: string | undefined, step: string, state: TestRecord['state'], extra: Partial<TestRecord> = {}): TestRecord => ({
  file, journey, title: journey ? `${journey} ${step}` : step, state, ...extra,
});

const firstRun: TestRecord[] = [
  rec(LOGS, tail, 'opens the tail', 'passed'),
  rec(LOGS, tail, 'shows new containers', 'failed', { error: 'Timeout 30000ms', screenshot: 'test-results/screenshots/FAILED-a.png' }),
  rec(LOGS, tail, 'stops the tail', 'failed', { error: 'no tail' }),
  rec(TREE, browse, 'lists the apps', 'passed'),
  rec(TREE, browse, 'restarts an app', 'skipped'),
];

describe('journey results: a second run of the failed journeys', () => {
  it('retries each failed journey once, and nothing for a failed root hook', () => {
    const records = [...firstRun, rec(TREE, browse, 'again', 'failed'), rec('', undefined, '"before all" hook in "{root}"', 'failed')];
    assert.deepEqual(journeysToRetry(records), [{ file: LOGS, journey: tail }, { file: TREE, journey: browse }]);
  });

  it('greps exactly one describe, its title taken literally', () => {
    const grep = new RegExp(grepFor(browse));
    assert.ok(grep.test(`${browse} lists the apps`));
    assert.ok(!grep.test('journey: browse a tree lists the apps'), 'parentheses are not a group');
    assert.ok(!grep.test(`other ${browse} lists the apps`));
  });

  it('a journey that passes its second run counts as passed, by its second run, and is flaky with its first failures', () => {
    const retry = [rec(LOGS, tail, 'opens the tail', 'passed'), rec(LOGS, tail, 'shows new containers', 'passed'), rec(LOGS, tail, 'stops the tail', 'passed')];
    const merged = mergeRetries(firstRun, [{ ref: { file: LOGS, journey: tail }, records: retry }]);
    assert.deepEqual(merged.summary, { passed: 4, failed: 0, skipped: 1, flaky: [tail] });
    assert.deepEqual(merged.failed, []);
    assert.deepEqual(merged.flaky, [{
      file: LOGS,
      journey: tail,
      firstFailures: [
        { title: `${tail} shows new containers`, error: 'Timeout 30000ms', screenshot: 'test-results/screenshots/FAILED-a.png' },
        { title: `${tail} stops the tail`, error: 'no tail', screenshot: undefined },
      ],
    }]);
    const printed = describeFlaky(merged.flaky).join('\n');
    assert.match(printed, /FLAKY: "journey: tail logs" \(test\/e2e\/logs\.e2e\.ts\)/);
    assert.match(printed, /Timeout 30000ms\n\s+screenshot: test-results\/screenshots\/FAILED-a\.png/);
  });

  it('a journey that fails its second run too fails the run, counted by its second run', () => {
    const retry = [rec(LOGS, tail, 'opens the tail', 'passed'), rec(LOGS, tail, 'shows new containers', 'failed'), rec(LOGS, tail, 'stops the tail', 'passed')];
    const merged = mergeRetries(firstRun, [{ ref: { file: LOGS, journey: tail }, records: retry }]);
    assert.deepEqual(merged.summary, { passed: 3, failed: 1, skipped: 1, flaky: [] });
    assert.deepEqual(merged.failed, [tail]);
    assert.deepEqual(merged.flaky, []);
  });

  it('a second run that crashed, or ran none of the journey, is a failure', () => {
    for (const records of [undefined, [], [rec(TREE, browse, 'lists the apps', 'passed')]]) {
      const merged = mergeRetries(firstRun, [{ ref: { file: LOGS, journey: tail }, records }]);
      assert.equal(merged.summary.failed, 1);
      assert.deepEqual(merged.failed, [tail]);
      assert.equal(merged.summary.passed, 1, 'only the other journey counts, never the one the second run caught by mistake');
    }
  });

  it('a failure outside any journey stays a failure', () => {
    const merged = mergeRetries([...firstRun.slice(3), rec('', undefined, '"before all" hook', 'failed')], []);
    assert.deepEqual(merged.summary, { passed: 1, failed: 1, skipped: 1, flaky: [] });
    assert.deepEqual(merged.failed, ['"before all" hook']);
  });

  it('flaky.json keeps the other suites\' journeys and replaces its own', () => {
    const flaky = [{ file: LOGS, journey: tail, firstFailures: [] }];
    const existing = [{ suite: 'e2e', journey: 'old' }, { suite: 'faults: e2e', journey: 'kept' }];
    assert.deepEqual(updateFlakyFile(existing, 'e2e', flaky), [{ suite: 'faults: e2e', journey: 'kept' }, { suite: 'e2e', ...flaky[0] }]);
  });
});
