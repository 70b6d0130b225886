// checks.json and app.json: typed JSON shown, canonical strings diffed, errors at their line.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { appNameProblem, appValues, branchNameProblem, parseAppFile, renderAppFile, toAppUpdate } from '../../../src/configText/appFile';
import { parseChecksFile, renderChecksFile, toChecksUpdate } from '../../../src/configText/checksFile';
import { diffMaps } from '../../../src/configText/configDiff';
import { readJsonText } from '../../../src/configText/jsonText';
import { describeProblem, type TextProblem } from '../../../src/configText/textProblem';
import { threeWayMerge } from '../../../src/configText/threeWayMerge';

const REPORT = { enabled: 'true', path: '/health', wait: '5', timeout: '30', attempts: '5' };
const messages = (problems: TextProblem[]) => problems.map(describeProblem);

describe('editors: JSON with positions', () => {
  it('places syntax errors where JSON.parse does not say', () => {
    const cases: [string, string][] = [
      ['{\n  "a": }', 'Line 2: Expected a value (string, number, true, false, null, object or array)'],
      ['{\n  "a": 1,\n}', 'Line 3: Remove the trailing comma'],
      ['{\n  "a": 1\n  "b": 2\n}', 'Line 3: Expected "," or "}" after the property value'],
      ['{\n  "a": "open\n}', 'Line 2: Unterminated string: add the closing "'],
      ['', 'Line 1: Unexpected end of JSON: a value is missing'],
      ['{} {}', 'Line 1: Unexpected text after the JSON value'],
      ["{'a': 1}", 'Line 1: Expected a property name in double quotes'],
    ];
    for (const [text, expected] of cases) {
      const read = readJsonText(text);
      assert.equal(read.ok, false, text);
      if (!read.ok) assert.equal(describeProblem(read.problem), expected);
    }
  });

  it('property: accepts exactly what JSON.parse accepts, with the same value', () => {
    const jsonish = fc.oneof(
      fc.json().map((s) => s),
      fc.json().map((s) => s.slice(0, Math.max(0, s.length - 1))),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '\n', '1', '-', 'e', '.', 'true', 'null', '\\', 'u', 'a') }),
    );
    fc.assert(fc.property(jsonish, (text) => {
      let expected: unknown;
      let valid = true;
      try { expected = JSON.parse(text); } catch { valid = false; }
      const read = readJsonText(text);
      assert.equal(read.ok, valid, JSON.stringify(text));
      if (read.ok) assert.deepEqual(read.value, expected);
    }), { numRuns: 2000 });
  });
});

describe('editors: checks.json', () => {
  it('shows the flat string report as typed JSON, and reads it back to the same strings', () => {
    const { text, values } = renderChecksFile({ ...REPORT, extra_report_field: 'x' });
    assert.equal(text, '{\n  "enabled": true,\n  "path": "/health",\n  "wait": 5,\n  "timeout": 30,\n  "attempts": 5\n}\n');
    assert.deepEqual(values, REPORT);
    assert.deepEqual(parseChecksFile(text), { values: REPORT, problems: [] });
  });

  it('reports bad values on their line, and unknown or removed settings', () => {
    const text = '{\n  "enabled": "yes",\n  "path": "health",\n  "wait": 301,\n  "timeout": "30",\n  "attempts": 0,\n  "retries": 1\n}';
    assert.deepEqual(messages(parseChecksFile(text).problems), [
      'Line 2: "enabled": must be true or false (without quotes)',
      'Line 3: "path": must start with / and contain no spaces, e.g. "/health"',
      'Line 4: "wait": must be a whole number from 0 to 300',
      'Line 5: "timeout": must be a whole number from 1 to 600 (without quotes)',
      'Line 6: "attempts": must be a whole number from 1 to 20',
      'Line 7: Unknown setting "retries" (checks.json holds enabled, path, wait, timeout, attempts)',
    ]);
    assert.deepEqual(messages(parseChecksFile('{\n  "enabled": false,\n  "path": "/",\n  "wait": 1,\n  "timeout": 2\n}', Object.keys(REPORT)).problems),
      ['Line 1: "attempts" is missing: this setting cannot be removed']);
    assert.deepEqual(messages(parseChecksFile('[1]').problems), ['Line 1: checks.json must hold one JSON object: { "key": value, ... }']);
    assert.deepEqual(messages(parseChecksFile('{"wait": 1, "wait": 2}').problems), ['Line 1: Duplicate setting "wait"']);
  });

  it('property: any valid settings survive render → parse unchanged', () => {
    const report = fc.record({
      enabled: fc.boolean().map(String),
      path: fc.stringMatching(/^\/[!-~]{0,20}$/),
      wait: fc.integer({ min: 0, max: 300 }).map(String),
      timeout: fc.integer({ min: 1, max: 600 }).map(String),
      attempts: fc.integer({ min: 1, max: 20 }).map(String),
    }, { requiredKeys: [], noNullPrototype: true });
    fc.assert(fc.property(report, (r) => {
      const { text, values } = renderChecksFile(r);
      assert.deepEqual(values, r);
      assert.deepEqual(parseChecksFile(text, Object.keys(values)), { values: r, problems: [] });
    }), { numRuns: 300 });
  });

  it('turns a change set into the PUT body with real types', () => {
    const mine = parseChecksFile('{"enabled": false, "path": "/up", "wait": 0, "timeout": 30, "attempts": 5}').values;
    assert.deepEqual(toChecksUpdate(diffMaps(REPORT, mine).set), { enabled: false, path: '/up', wait: 0 });
  });

  it('merges a remote change to another setting, conflicts on the same one', () => {
    const mine = { ...REPORT, wait: '10' };
    assert.deepEqual(threeWayMerge(REPORT, mine, { ...REPORT, timeout: '60' }), {
      kind: 'merged', changes: { set: { wait: '10' }, unset: [] }, merged: { ...REPORT, wait: '10', timeout: '60' },
    });
    assert.deepEqual(threeWayMerge(REPORT, mine, { ...REPORT, wait: '20' }), { kind: 'conflict', conflicts: ['wait'] });
  });
});

describe('editors: app.json', () => {
  it('renders name and deploy branch, and reads them back', () => {
    const { text, values } = renderAppFile({ name: 'web', deployBranch: 'main' });
    assert.equal(text, '{\n  "name": "web",\n  "deploy_branch": "main"\n}\n');
    assert.deepEqual(parseAppFile(text, Object.keys(values)), { values: { name: 'web', deploy_branch: 'main' }, problems: [] });
    assert.deepEqual(appValues({ name: 'web' }), { name: 'web' });
  });

  it('validates names and branches, on their lines; the name is required', () => {
    assert.deepEqual(messages(parseAppFile('{\n  "name": "Web App",\n  "deploy_branch": "feature..x"\n}').problems), [
      'Line 2: "name": must start with a lowercase letter and contain only lowercase letters, digits and -',
      'Line 3: "deploy_branch": cannot contain ..',
    ]);
    assert.deepEqual(messages(parseAppFile('{}').problems), ['Line 1: "name" is missing: this setting cannot be removed']);
    assert.deepEqual(toAppUpdate({ name: 'api', deploy_branch: 'release/1.2' }), { name: 'api', deployBranch: 'release/1.2' });
  });

  it('knows valid app names and git branch names', () => {
    // wokku's rule, without a length limit (wokku and Dokku set none).
    for (const ok of ['web', 'a', 'my-app-2', 'web-', 'x'.repeat(100)]) assert.equal(appNameProblem(ok), undefined, ok);
    for (const bad of ['', 'Web', '2web', 'my_app', 'web app', '-web', 'web.app']) assert.ok(appNameProblem(bad), bad);
    for (const ok of ['main', 'release/1.2', 'feature/x-y_z', 'v1.0']) assert.equal(branchNameProblem(ok), undefined, ok);
    for (const bad of ['', '-x', '/x', 'x/', 'a//b', 'a..b', 'x.', '.hidden', 'a/.b', 'x.lock', 'a b', 'a~1', 'a^', 'a:b', 'a\\b', 'a@{1}', 'é']) {
      assert.ok(branchNameProblem(bad), bad);
    }
  });
});
