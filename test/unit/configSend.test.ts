import * as assert from 'node:assert/strict';
import { ReadBackFailed, sendChanges } from '../../src/configText/configSend';
import { NetworkError } from '../../src/api/errors';
import { PartialSendError } from '../../src/configText/documentKinds';

const changes = { set: { A: '1', B: '2' }, unset: ['OLD'] };
const dropped = () => new NetworkError('https://apphost.example', { method: 'PUT', path: '/api/v1/apps/x/config' }, 'UND_ERR_SOCKET');
const refused = () => new NetworkError('https://apphost.example', { method: 'PUT', path: '/api/v1/apps/x/config' }, 'ECONNREFUSED');
const never = async (): Promise<Record<string, string>> => assert.fail('no read-back expected');

describe('sendChanges: a change sent once, read back when its answer never came', () => {
  it('an answered write is complete, with its answer, and reads nothing', async () => {
    assert.deepEqual(await sendChanges(changes, async () => 'answer', never), { complete: true, sent: 'answer', readBack: false });
  });

  it('a write refused before anything was applied throws its error, and reads nothing', async () => {
    const error = refused();
    assert.equal(error.outcomeUnknown, false);
    await assert.rejects(sendChanges(changes, () => Promise.reject(error), never), (e) => e === error);
  });

  it('a write that stopped part-way returns what was applied and why the rest was not', async () => {
    const cause = new Error('422');
    const outcome = await sendChanges(changes, () => Promise.reject(new PartialSendError({ set: changes.set, unset: [] }, cause)), never);
    assert.deepEqual(outcome, { complete: false, applied: { set: changes.set, unset: [] }, cause, readBack: false });
  });

  it('a dropped connection reads back: all in effect is complete (nothing sent twice)', async () => {
    let writes = 0;
    const outcome = await sendChanges(changes, () => { writes++; return Promise.reject(dropped()); }, async () => ({ A: '1', B: '2', KEEP: 'x' }));
    assert.deepEqual(outcome, { complete: true, sent: undefined, readBack: true });
    assert.equal(writes, 1);
  });

  it('a dropped connection reads back: what is in effect is applied, the rest is not', async () => {
    const outcome = await sendChanges(changes, () => Promise.reject(dropped()), async () => ({ A: '1', B: 'old', OLD: 'still' }));
    assert.equal(outcome.complete, false);
    assert.ok(!outcome.complete && outcome.readBack);
    assert.deepEqual(!outcome.complete && outcome.applied, { set: { A: '1' }, unset: [] });
  });

  it('a dropped connection whose read-back fails says neither', async () => {
    const readError = new Error('503');
    await assert.rejects(sendChanges(changes, () => Promise.reject(dropped()), () => Promise.reject(readError)),
      (e) => e instanceof ReadBackFailed && e.readError === readError && (e.cause as NetworkError).outcomeUnknown);
  });
});
