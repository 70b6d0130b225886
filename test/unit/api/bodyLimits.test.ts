import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonBounded } from '../../../src/api/bodyLimits';

/** Nesting depth of a parsed value: the reference jsonDepth must agree with. */
function depthOf(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depthOf));
  if (v && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depthOf));
  return 0;
}

describe('jsonDepth', () => {
  it('measures the nesting of any JSON document, whatever its strings hold', () => {
    // Strings full of brackets, quotes and backslashes are where a scan could go wrong.
    const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', '\n', 'é') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.constant(null), fc.array(tie('node')), fc.dictionary(tricky, tie('node'))),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        assert.equal(jsonDepth(text, Infinity), depthOf(v));
      }),
      { numRuns: 500 },
    );
  });

  it('stops as soon as the limit is passed', () => {
    assert.equal(jsonDepth(`${'['.repeat(1000)}${']'.repeat(1000)}`, 10), 11);
  });

  it('refuses documents nested deeper than the limit before parsing them', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    assert.throws(() => parseJsonBounded(deep), /nested deeper than 64 levels/);
    assert.deepEqual(parseJsonBounded('{"a":"]]]\\"[[[","b":[[1]]}'), { a: ']]]"[[[', b: [[1]] });
  });
});
