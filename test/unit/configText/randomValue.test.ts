// The rule that needs no list of providers: a value that looks generated (configText/randomValue.ts).
import assert from 'node:assert/strict';
import { looksRandom, shannonEntropy } from '../../../src/configText/randomValue';

describe('editors: a value that looks generated', () => {
  it('measures entropy in bits per character, and needs 20 characters, 3.5 bits and a mixed run', () => {
    assert.equal(shannonEntropy('aaaa'), 0);
    assert.equal(shannonEntropy('abcd'), 2);
    assert.ok(shannonEntropy('aaaaaaaaaa1111111111') < 3.5 && !looksRandom('aaaaaaaaaa1111111111'));
    assert.equal(looksRandom('a8Fk2QzL9mXw4RtB7nY'), false, '19 characters');
    assert.equal(looksRandom('a8Fk2QzL9mXw4RtB7nYc'), true, '20 characters');
    assert.equal(looksRandom('a8Fk2QzL9m Xw4RtB7nYc'), false, 'whitespace: written');
  });
});
