import assert from 'node:assert/strict';
import { accountApp, byProcess, type ContainerLog } from '../../soak/accounting';

const line = (c: string, n: number, text = `GET / 200 ${n}ms`) => `2026-11-26T10:00:${String(n).padStart(2, '0')}.000001Z app[${c}]: ${text}`;
const log = (process: string, cid: string, current: boolean, lines: string[]): ContainerLog => ({ process, cid, current, lines });
const one = (channel: string[], logs: ContainerLog[]) => accountApp(channel, logs).containers.map(({ process, twice, never, excused }) => ({ process, twice, never, excused }));

describe('soak: lines shown twice or never, per container', () => {
  const web1 = [line('web.1', 1), line('web.1', 2), line('web.1', 3)];
  const web2 = [line('web.2', 1), line('web.2', 2)];

  it('counts nothing when every line shows once, containers interleaved', () => {
    const channel = [web1[0], web2[0], web1[1], web2[1], web1[2]];
    assert.deepEqual(one(channel, [log('web.1', 'a', true, web1), log('web.2', 'b', true, web2)]), [
      { process: 'web.1', twice: 0, never: 0, excused: 0 },
      { process: 'web.2', twice: 0, never: 0, excused: 0 },
    ]);
  });

  it('a line shown again is twice; a line skipped in a running container is never shown, marker or not', () => {
    const channel = [web1[0], web1[1], web1[1], '… lines may have been missed here', web2[1]];
    assert.deepEqual(one(channel, [log('web.1', 'a', true, web1), log('web.2', 'b', true, web2)]), [
      { process: 'web.1', twice: 1, never: 1, excused: 0 },
      { process: 'web.2', twice: 0, never: 1, excused: 0 },
    ]);
  });

  it('identical repeats: shown as often as written is exact, one more is twice', () => {
    const rep = [line('web.1', 1), line('web.1', 1), line('web.1', 2)];
    assert.equal(one([rep[0], rep[1], rep[2]], [log('web.1', 'a', true, rep)])[0].twice, 0);
    assert.deepEqual(one([rep[0], rep[1], rep[1], rep[2]], [log('web.1', 'a', true, rep)])[0], { process: 'web.1', twice: 1, never: 0, excused: 0 });
  });

  it('the unread end of a replaced container is excused only with a marker naming it (or none) after its last shown line', () => {
    const old = [line('web.1', 1), line('web.1', 2), line('web.1', 3)];
    const fresh = [line('web.1', 10, 'Server listening')];
    const logs = [log('web.1', 'old', false, old), log('web.1', 'new', true, fresh)];
    assert.deepEqual(one([old[0], '… new containers (restart or deploy): web.1, worker.1; lines the old ones wrote after the last read may have been missed', fresh[0]], logs)[0], { process: 'web.1', twice: 0, never: 0, excused: 2 });
    assert.deepEqual(one([old[0], fresh[0]], logs)[0], { process: 'web.1', twice: 0, never: 2, excused: 0 }, 'no marker');
    assert.deepEqual(one(['… new containers (restart or deploy): web.1; lines the old ones wrote after the last read may have been missed', old[0], fresh[0]], logs)[0], { process: 'web.1', twice: 0, never: 2, excused: 0 }, 'a marker before its last line');
    const worker = log('worker.1', 'w', true, [line('worker.1', 5)]);
    assert.deepEqual(one([old[0], '… new containers (restart or deploy): worker.1; lines the old ones wrote after the last read may have been missed', fresh[0]], [...logs, worker])[0].never, 2, 'a marker naming another container');
    assert.deepEqual(one([old[1], '… lines may have been missed here (more than 100 new lines since the last read)', fresh[0]], logs)[0], { process: 'web.1', twice: 0, never: 1, excused: 1 }, 'a line before the last shown one is never excused');
    assert.deepEqual(one([old[0], '… new containers (restart or deploy): web.1', fresh[0]], logs)[0].never, 2, 'a marker that does not say lines may be missing');
    assert.deepEqual(one([old[0], '… reconnected', fresh[0]], logs)[0].never, 2, 'nor does a reconnection');
  });

  it('a line no container wrote is invented; sums by process over containers', () => {
    const result = accountApp([web1[0], line('web.3', 1)], [log('web.1', 'a', false, web1.slice(0, 1)), log('web.1', 'b', true, web1.slice(1))]);
    assert.deepEqual(result.invented, [line('web.3', 1)]);
    assert.deepEqual(byProcess(result.containers), [{ process: 'web.1', containers: 2, written: 3, shown: 1, twice: 0, never: 2, excused: 0 }]);
  });
});
