import assert from 'node:assert/strict';
import { buildRoutes } from '../../server/routes';
import { BEYOND_SPEC_ENDPOINTS, SPEC_ENDPOINTS } from '../../server/specEndpoints';

const SPEC = SPEC_ENDPOINTS;

describe('server: route table', () => {
  it('serves the 65 endpoints of the specification, device sign-in and wokku\'s endpoints beyond it', () => {
    assert.equal(SPEC.length, 65);
    const served = buildRoutes().describe();
    assert.deepEqual([...served].sort(), [...SPEC, 'POST /auth/device/code', 'POST /auth/device/token', ...BEYOND_SPEC_ENDPOINTS].sort());
  });

  it('an older wokku serves only the specification and device sign-in', () => {
    const served = buildRoutes({ olderWokku: true }).describe();
    assert.deepEqual([...served].sort(), [...SPEC, 'POST /auth/device/code', 'POST /auth/device/token'].sort());
  });
});
