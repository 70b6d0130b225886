import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { heapTrend, meetsHeapGoal } from '../../soak/heapTrend';
import { between, readResults, renderSummary, renderTable, RESULTS_FILE } from '../../soak/results';

const ROOT = join(__dirname, '..', '..', '..');

describe('soak: the heap after the warm-up, and the docs generated from the results file', () => {
  it('leaves the warm-up out and fits a least-squares slope to the rest', () => {
    // Fills for 10 minutes (+1 MB/min), then flat with ±0.2 MB of noise.
    const samples = Array.from({ length: 60 }, (_, i) => ({ minute: i + 1, heapMB: 50 + Math.min(i + 1, 10) + (i % 2 ? 0.2 : -0.2) }));
    const flat = heapTrend(samples)!;
    assert.equal(flat.samples, 51);
    assert.equal(flat.spreadMB, 0.4);
    assert.ok(Math.abs(flat.slopeMBPerMin) < 0.001, `slope ${flat.slopeMBPerMin}`);
    assert.equal(meetsHeapGoal(flat), true);
    // The same with the slow leak of the hour measured before the fix: 0.1 MB/min.
    const leaking = heapTrend(samples.map((s) => ({ ...s, heapMB: s.heapMB + 0.1 * s.minute })))!;
    assert.equal(leaking.slopeMBPerMin, 0.1);
    assert.equal(meetsHeapGoal(leaking), false);
    assert.equal(heapTrend(samples.slice(0, 10)), undefined, 'a 10-minute run has no trend');
  });

  it('docs/performance.md\'s soak table and the README\'s soak sentence are what docs/soak-results.json gives (npm run soak:docs)', () => {
    const results = readResults(RESULTS_FILE);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const page = readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8');
    assert.equal(between(readme, 'soak-summary'), renderSummary(results));
    assert.equal(between(page, 'soak'), renderTable(results));
    // The sentence quotes the run: its length, lines, heap after the warm-up and busiest minute.
    const summary = renderSummary(results);
    assert.match(summary, new RegExp(`of ${results.lines.written.toLocaleString('en-US')},`));
    assert.match(summary, new RegExp(`at most ${results.requests.max} requests a minute`));
    if (results.heap.trend) assert.match(summary, new RegExp(`within ${results.heap.trend.spreadMB} MB`));
    assert.match(page, /^## Soak$/m, 'the README links to #soak');
  });
});
