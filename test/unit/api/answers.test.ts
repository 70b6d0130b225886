import assert from 'node:assert/strict';
import { ApiError, NetworkError, TimeoutError, isAppLimit, lostAnswer, policyRefusal } from '../../../src/api';

const info = { method: 'POST', path: '/api/v1/databases/1/backups/2/restore' };
const apiError = (status: number, message: string) => new ApiError(message, { status, messages: [message], retryable: false }, info);

describe('api: what a failure says about the answer', () => {
  it('an answer the front cut or lost, a connection dropped after the request left, AppHost\'s own wait: the work may go on', () => {
    assert.equal(lostAnswer(apiError(504, 'Gateway timeout')), 'gatewayTimeout');
    assert.equal(lostAnswer(apiError(502, 'Bad gateway')), 'badGateway');
    assert.equal(lostAnswer(new NetworkError('https://wokku.example', info, 'UND_ERR_SOCKET')), 'dropped');
    assert.equal(lostAnswer(new TimeoutError('https://wokku.example', 900_000, 'response', info)), 'timedOut');
  });

  it('answers that prove nothing happened are not lost: a refused connection, a 503, a 422, a read', () => {
    assert.equal(lostAnswer(new NetworkError('https://wokku.example', info, 'ECONNREFUSED')), undefined);
    assert.equal(lostAnswer(new TimeoutError('https://wokku.example', 10_000, 'connect', info)), undefined);
    assert.equal(lostAnswer(new NetworkError('https://wokku.example', { method: 'GET', path: '/api/v1/apps' }, 'UND_ERR_SOCKET')), undefined);
    assert.equal(lostAnswer(apiError(503, 'Cannot connect to server')), undefined);
    assert.equal(lostAnswer(new Error('x')), undefined);
  });

  it('wokku\'s rescued Pundit refusal: the policy, the question, the record', () => {
    assert.deepEqual(policyRefusal(apiError(422, 'not allowed to ServerPolicy#update? this Server')), { policy: 'ServerPolicy', query: 'update?', record: 'Server' });
    assert.deepEqual(policyRefusal(apiError(422, 'not allowed to DatabaseServicePolicy#update? this DatabaseService')), { policy: 'DatabaseServicePolicy', query: 'update?', record: 'DatabaseService' });
    assert.equal(policyRefusal(apiError(422, 'Dokku command failed: postgres:import db')), undefined);
    assert.equal(policyRefusal(apiError(500, 'not allowed to ServerPolicy#update? this Server')), undefined);
  });

  it('the app limit', () => {
    assert.ok(isAppLimit(apiError(402, 'App limit reached for your plan (3)')));
    assert.ok(!isAppLimit(apiError(402, 'Free tier limit reached (2 backups).')));
  });
});
