// alignWindows and WindowTracker on hand-picked cases: continuation, repeats at the
// boundary, complete (short) windows, gaps, rotation, window sizing, memory bound.

import { strict as assert } from 'node:assert';
import { alignWindows, WindowTracker } from '../../../src/logs';

const win = (lines: string[], complete = false) => ({ lines, complete });

describe('logs: overlap alignment', () => {
  it('treats the first window as all new', () => {
    assert.deepEqual(alignWindows({ lines: [] }, win(['a', 'b'])), { kind: 'initial', fresh: ['a', 'b'], end: undefined });
    assert.equal(alignWindows({ lines: [] }, win(['a'], true)).end, 1);
  });

  it('returns only the lines after the overlap', () => {
    const r = alignWindows({ lines: ['a', 'b', 'c', 'd'] }, win(['c', 'd', 'e', 'f']));
    assert.equal(r.kind, 'continuous');
    assert.deepEqual(r.fresh, ['e', 'f']);
  });

  it('nothing new when the window is unchanged', () => {
    const r = alignWindows({ lines: ['a', 'b', 'c'] }, win(['a', 'b', 'c']));
    assert.deepEqual([r.kind, r.fresh], ['continuous', []]);
  });

  it('prefers the largest overlap, so repeated lines are never printed twice', () => {
    // 'x y' could also align one step later; the longer overlap holds two distinct lines.
    const r = alignWindows({ lines: ['x', 'y', 'x', 'y'] }, win(['x', 'y', 'x', 'y', 'z']));
    assert.deepEqual(r.fresh, ['z']);
  });

  it('flags an overlap made of one repeated line as uncertain, without duplicating', () => {
    const r = alignWindows({ lines: ['a', 'x', 'x'] }, win(['x', 'x', 'x']));
    assert.equal(r.kind, 'uncertain');
    assert.deepEqual(r.fresh, ['x']);
  });

  it('uses known positions when windows are complete: repeats are exact', () => {
    const r = alignWindows({ lines: ['x'], end: 1 }, win(['x', 'x', 'x'], true));
    assert.deepEqual(r, { kind: 'continuous', fresh: ['x', 'x'], end: 3 });
  });

  it('reports a gap when the windows share no line', () => {
    const r = alignWindows({ lines: ['a', 'b'] }, win(['c', 'd']));
    assert.deepEqual([r.kind, r.fresh], ['gap', ['c', 'd']]);
  });

  it('a complete window that contradicts the known end falls back to content (log rotated)', () => {
    const r = alignWindows({ lines: ['a', 'b', 'c'], end: 3 }, win(['b', 'c', 'd'], true));
    assert.deepEqual([r.kind, r.fresh], ['continuous', ['d']]);
  });

  it('handles a window of 1000 identical lines quickly', () => {
    const same = Array.from({ length: 1000 }, () => 'same line');
    const t0 = Date.now();
    const r = alignWindows({ lines: same }, win(same));
    assert.equal(r.kind, 'uncertain');
    assert.ok(Date.now() - t0 < 200);
  });
});

describe('logs: window tracker', () => {
  it('doubles the window after a gap, up to the bound', () => {
    const t = new WindowTracker({ minLines: 10, maxLines: 40 });
    t.accept(['a'], 10);
    const seq = (from: number) => Array.from({ length: 10 }, (_, i) => `l${from + i}`);
    assert.equal(t.accept(seq(100), 10).kind, 'gap');
    assert.equal(t.windowSize, 20);
    t.accept(seq(200), 20);
    t.accept(seq(300), 40);
    assert.equal(t.windowSize, 40);
  });

  it('grows before a gap when polls return more than half a window', () => {
    const t = new WindowTracker({ minLines: 10, maxLines: 100 });
    const s = Array.from({ length: 100 }, (_, i) => `l${i}`);
    t.accept(s.slice(0, 10), 10);
    t.accept(s.slice(4, 14), 10); // 4 new: stays
    assert.equal(t.windowSize, 10);
    t.accept(s.slice(10, 20), 10); // 6 new: grows
    assert.equal(t.windowSize, 20);
  });

  it('shrinks back after many quiet polls', () => {
    const t = new WindowTracker({ minLines: 10, maxLines: 100 });
    t.accept(['a'], 10);
    t.accept(['b', 'c'], 10); // complete window contradicting the first: gap, grow
    assert.equal(t.windowSize, 20);
    for (let i = 0; i < 30; i++) t.accept(['b', 'c'], 20);
    assert.equal(t.windowSize, 10);
  });

  it('remembers a bounded number of lines however long it runs', () => {
    const t = new WindowTracker({ minLines: 10, maxLines: 50 });
    let n = 0;
    for (let poll = 0; poll < 2000; poll++) {
      const batch = Array.from({ length: 5 }, () => `line ${n++}`);
      t.appendContinuous(batch);
    }
    assert.ok(t.history.length <= 100, String(t.history.length));
    assert.equal(t.history[t.history.length - 1], `line ${n - 1}`);
  });

  it('stops trusting short windows when the server keeps fewer lines than asked', () => {
    const t = new WindowTracker({ minLines: 5, maxLines: 5 });
    const s = Array.from({ length: 20 }, (_, i) => `l${i}`);
    const retained = (end: number) => s.slice(Math.max(0, end - 3), end); // server keeps 3 lines
    t.accept(retained(3), 5);
    const r = t.accept(retained(4), 5);
    assert.deepEqual([r.kind, r.fresh], ['continuous', ['l3']]);
    assert.deepEqual(t.accept(retained(6), 5).fresh, ['l4', 'l5']);
  });
});
