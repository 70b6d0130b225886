import assert from 'node:assert/strict';
import { buildRoutes } from '../../server/routes';
import { SPEC_ENDPOINTS } from '../../server/specEndpoints';

const SPEC = SPEC_ENDPOINTS;

describe('server: route table', () => {
  it('serves exactly the 65 endpoints of the specification plus device sign-in', () => {
    assert.equal(SPEC.length, 65);
    const served = buildRoutes().describe();
    assert.deepEqual([...served].sort(), [...SPEC, 'POST /auth/device/code', 'POST /auth/device/token'].sort());
  });
});
