// The recent command lines of Run Command…: per app of a service and workspace, most recent
// first, a handful, never one holding a secret-looking value.
import assert from 'node:assert/strict';
import { RECENT_PER_APP, RecentCommands } from '../../../src/actions/recentCommands';
import type { AppRef } from '../../../src/model';

/** A Memento in memory (VS Code's globalState). */
function memento() {
  const values = new Map<string, unknown>();
  return {
    values,
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
  };
}

const app = (id: string, service = 'https://a.example/api/v1', workspace?: string): AppRef => ({ service, workspace, id, name: id });

describe('actions: recent command lines', () => {
  it('keeps each app\'s lines most recent first, once each, a handful at most', async () => {
    const recent = new RecentCommands(memento() as never);
    for (const line of ['rails db:migrate', 'ls', '  rails db:migrate  ']) await recent.add(app('shop'), line);
    assert.deepEqual(recent.of(app('shop')), ['rails db:migrate', 'ls']);
    for (let i = 0; i < RECENT_PER_APP + 3; i++) await recent.add(app('shop'), `echo ${i}`);
    assert.equal(recent.of(app('shop')).length, RECENT_PER_APP);
    assert.equal(recent.of(app('shop'))[0], `echo ${RECENT_PER_APP + 2}`);
  });

  it('tells apps apart by service, workspace and id', async () => {
    const recent = new RecentCommands(memento() as never);
    await recent.add(app('shop'), 'a');
    await recent.add(app('shop', 'https://b.example/api/v1'), 'b');
    await recent.add(app('shop', undefined, 'acme'), 'c');
    assert.deepEqual([recent.of(app('shop')), recent.of(app('shop', 'https://b.example/api/v1')), recent.of(app('shop', undefined, 'acme'))], [['a'], ['b'], ['c']]);
    assert.deepEqual(recent.of(app('blog')), []);
  });

  it('never keeps a blank line or one holding a secret-looking value', async () => {
    const state = memento();
    const recent = new RecentCommands(state as never);
    assert.equal(await recent.add(app('shop'), '   '), false);
    assert.equal(await recent.add(app('shop'), 'DATABASE_URL=postgres://app:s3cret@db/app rails db:migrate'), false);
    assert.equal(await recent.add(app('shop'), 'rails db:migrate'), true);
    assert.deepEqual(recent.of(app('shop')), ['rails db:migrate']);
    assert.ok(!JSON.stringify([...state.values]).includes('s3cret'));
  });

  it('forgets the app used longest ago past a hundred apps', async () => {
    const recent = new RecentCommands(memento() as never);
    for (let i = 0; i < 101; i++) await recent.add(app(`app-${i}`), 'true');
    assert.deepEqual(recent.of(app('app-0')), []);
    assert.deepEqual(recent.of(app('app-1')), ['true']);
    assert.deepEqual(recent.of(app('app-100')), ['true']);
  });
});
