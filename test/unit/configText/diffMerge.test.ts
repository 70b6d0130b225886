// Minimal change sets and the three-way merge that guards saves against overwrites.

import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { applyChangeSet, diffMaps, isEmptyChangeSet, touchedKeys } from '../../../src/configText/configDiff';
import { conflictingKeys, resolveMerge, threeWayMerge } from '../../../src/configText/threeWayMerge';
import { flatMap } from './arbitraries';

type Map = Record<string, string>;
const get = (m: Map, k: string) => (Object.hasOwn(m, k) ? m[k] : undefined);
const keysOf = (...maps: Map[]) => [...new Set(maps.flatMap((m) => Object.keys(m)))];

describe('editors: config diff', () => {
  it('sends only added/changed keys and only removed keys', () => {
    const changes = diffMaps({ A: '1', B: '2', C: '3' }, { A: '1', B: 'two', D: '4' });
    assert.deepEqual(changes, { set: { B: 'two', D: '4' }, unset: ['C'] });
    assert.deepEqual(touchedKeys(changes), ['B', 'C', 'D']);
  });

  it('is empty when nothing changed (no request), also for an empty value', () => {
    assert.ok(isEmptyChangeSet(diffMaps({ A: '', B: 'x' }, { B: 'x', A: '' })));
    assert.deepEqual(diffMaps({ A: 'x' }, { A: '' }), { set: { A: '' }, unset: [] });
  });

  it('property: applying diff(old, new) to old gives new; no unchanged key is sent', () => {
    fc.assert(fc.property(flatMap, flatMap, (before, after) => {
      const changes = diffMaps(before, after);
      assert.deepEqual(applyChangeSet(before, changes), after);
      for (const [k, v] of Object.entries(changes.set)) assert.notEqual(get(before, k), v);
      for (const k of changes.unset) assert.ok(Object.hasOwn(before, k) && !Object.hasOwn(after, k));
      assert.equal(isEmptyChangeSet(changes), JSON.stringify(Object.entries(before).sort()) === JSON.stringify(Object.entries(after).sort()));
    }), { numRuns: 500 });
  });
});

describe('editors: three-way merge', () => {
  const base = { A: '1', B: '2', C: '3' };

  it('merges a remote change to a key the user did not touch, sending only the user\'s change', () => {
    const result = threeWayMerge(base, { ...base, A: 'mine' }, { ...base, B: 'theirs', D: 'new' });
    assert.deepEqual(result, {
      kind: 'merged', changes: { set: { A: 'mine' }, unset: [] }, merged: { A: 'mine', B: 'theirs', C: '3', D: 'new' },
    });
  });

  it('does not resurrect a key deleted remotely that the user left alone', () => {
    const result = threeWayMerge(base, base, { A: '1', B: '2' });
    assert.deepEqual(result, { kind: 'merged', changes: { set: {}, unset: [] }, merged: { A: '1', B: '2' } });
  });

  it('reports a conflict when both sides changed the same key differently (edit/edit, delete/edit, edit/delete)', () => {
    assert.deepEqual(threeWayMerge(base, { ...base, A: 'x' }, { ...base, A: 'y' }), { kind: 'conflict', conflicts: ['A'] });
    assert.deepEqual(threeWayMerge(base, { B: '2', C: '3' }, { ...base, A: 'y' }), { kind: 'conflict', conflicts: ['A'] });
    assert.deepEqual(threeWayMerge(base, { ...base, A: 'x' }, { B: '2', C: '3' }), { kind: 'conflict', conflicts: ['A'] });
    assert.deepEqual(threeWayMerge({}, { N: '1' }, { N: '2' }), { kind: 'conflict', conflicts: ['N'] });
  });

  it('is no conflict when both sides made the same change', () => {
    const result = threeWayMerge(base, { ...base, A: 'same' }, { ...base, A: 'same' });
    assert.deepEqual(result, { kind: 'merged', changes: { set: {}, unset: [] }, merged: { ...base, A: 'same' } });
  });

  it('resolves conflicts for either side, keeping the other side\'s other edits', () => {
    const mine = { ...base, A: 'x', B: 'mine' };
    const theirs = { ...base, A: 'y', C: 'theirs' };
    assert.deepEqual(resolveMerge(base, mine, theirs, 'mine').changes, { set: { A: 'x', B: 'mine' }, unset: [] });
    assert.deepEqual(resolveMerge(base, mine, theirs, 'theirs').changes, { set: { B: 'mine' }, unset: [] });
    assert.deepEqual(resolveMerge(base, mine, theirs, 'theirs').merged, { A: 'y', B: 'mine', C: 'theirs' });
  });

  it('property: disjoint edits never conflict; the result equals applying both edits', () => {
    fc.assert(fc.property(flatMap, flatMap, flatMap, fc.func(fc.boolean()), (b, m0, t0, mineOwns) => {
      // Split the keys: the user may only edit keys it owns, the server only the others.
      const keys = keysOf(b, m0, t0);
      const owned = new Set(keys.filter((k) => mineOwns(k)));
      const pick = (edit: Map, own: boolean) => Object.fromEntries(keys.flatMap((k) => {
        const v = owned.has(k) === own ? get(edit, k) : get(b, k);
        return v === undefined ? [] : [[k, v]];
      }));
      const mine = pick(m0, true);
      const theirs = pick(t0, false);
      const result = threeWayMerge(b, mine, theirs);
      assert.equal(result.kind, 'merged');
      if (result.kind !== 'merged') return;
      const both = applyChangeSet(applyChangeSet(b, diffMaps(b, mine)), diffMaps(b, theirs));
      assert.deepEqual(result.merged, both);
      assert.deepEqual(applyChangeSet(mine, diffMaps(b, theirs)), both, 'order does not matter');
    }), { numRuns: 500 });
  });

  it('property: conflict exactly when both sides touched a key to different results', () => {
    fc.assert(fc.property(flatMap, flatMap, flatMap, (b, mine, theirs) => {
      const expected = keysOf(b, mine, theirs).filter((k) => {
        const [vb, vm, vt] = [get(b, k), get(mine, k), get(theirs, k)];
        return vm !== vb && vt !== vb && vm !== vt;
      }).sort();
      const result = threeWayMerge(b, mine, theirs);
      assert.deepEqual(result.kind === 'conflict' ? result.conflicts : [], expected);
      assert.deepEqual(conflictingKeys(b, mine, theirs), expected);
    }), { numRuns: 1000 });
  });

  it('property: a merge keeps theirs on keys I did not touch, mine on keys I did; changes are minimal against theirs', () => {
    fc.assert(fc.property(flatMap, flatMap, flatMap, fc.constantFrom('mine' as const, 'theirs' as const), (b, mine, theirs, winner) => {
      const { changes, merged } = resolveMerge(b, mine, theirs, winner);
      assert.deepEqual(applyChangeSet(theirs, changes), merged);
      assert.deepEqual(diffMaps(theirs, merged), changes);
      const conflicts = new Set(conflictingKeys(b, mine, theirs));
      for (const k of keysOf(b, mine, theirs)) {
        const iTouched = get(mine, k) !== get(b, k);
        const want = conflicts.has(k) ? (winner === 'mine' ? mine : theirs) : iTouched ? mine : theirs;
        assert.equal(get(merged, k), get(want, k), `key ${k}`);
      }
      // Nothing edited: nothing sent. Nothing changed remotely: exactly my diff is sent.
      assert.ok(isEmptyChangeSet(resolveMerge(b, b, theirs, winner).changes));
      assert.deepEqual(resolveMerge(b, mine, b, winner).changes, diffMaps(b, mine));
    }), { numRuns: 1000 });
  });
});
