import * as assert from 'node:assert/strict';
import { ServiceOffers } from '../../src/serviceOffers';

describe('ServiceOffers: what a service was found not to offer', () => {
  it('offers everything until a capability is marked lacking, and says so once', () => {
    const offers = new ServiceOffers();
    const heard: string[] = [];
    offers.onDidChange((f) => heard.push(f));
    assert.equal(offers.lacks('run'), false);
    assert.deepEqual(offers.flags(), []);
    assert.equal(offers.markLacking('run'), true);
    assert.equal(offers.markLacking('run'), false, 'the second 404 is not news');
    assert.equal(offers.markLacking('buildpacks'), true);
    assert.equal(offers.lacks('run'), true);
    assert.equal(offers.lacks('github'), false);
    assert.deepEqual(offers.flags(), ['lacks-run', 'lacks-buildpacks']);
    assert.deepEqual(heard, ['run', 'buildpacks']);
  });

  it('forgets what it learnt when another service answers at its address, and says so for each capability', () => {
    const offers = new ServiceOffers();
    offers.markLacking('run');
    offers.markLacking('diagnose');
    const heard: string[] = [];
    offers.onDidChange((f) => heard.push(f));
    offers.clear();
    assert.equal(offers.lacks('run'), false);
    assert.deepEqual(offers.flags(), []);
    assert.deepEqual(heard, ['run', 'diagnose']);
    offers.clear();
    assert.deepEqual(heard, ['run', 'diagnose'], 'nothing to forget: no news');
  });
});
