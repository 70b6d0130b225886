// Merge bases kept in secret storage: pruned once per session, whether or not secret
// storage can list its keys (SecretStorage.keys() came in VS Code 1.105; on older
// versions the bases are listed in an index of their own).
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { EditBases } from '../../../src/editors/editBases';

const DAY = 24 * 3600 * 1000;

/** An in-memory SecretStorage, with or without `keys()`. */
function storage(listable: boolean, initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const store = {
    data,
    get: async (key: string) => data.get(key),
    store: async (key: string, value: string) => void data.set(key, value),
    delete: async (key: string) => void data.delete(key),
    onDidChange: () => ({ dispose() {} }),
    ...(listable ? { keys: async () => [...data.keys()] } : {}),
  };
  return store as unknown as vscode.SecretStorage & { data: Map<string, string> };
}

const uri = (path: string) => ({ toString: () => `apphost-config:${path}` }) as vscode.Uri;
const base = (at: number) => JSON.stringify({ values: { A: '1' }, at });

for (const listable of [true, false]) {
  describe(`EditBases (secret storage ${listable ? 'lists its keys' : 'cannot list its keys, VS Code < 1.105'})`, () => {
    it('remembers, recalls and forgets a base', async () => {
      const s = storage(listable);
      const bases = new EditBases(s);
      await bases.remember(uri('/a'), { A: '1' });
      assert.deepEqual(await bases.recall(uri('/a')), { A: '1' });
      await bases.forget(uri('/a'));
      assert.equal(await bases.recall(uri('/a')), undefined);
      assert.deepEqual([...s.data.keys()], [], 'nothing left behind, index included');
    });

    it('drops bases older than two weeks on the first remember of a session, keeps recent ones', async () => {
      const s = storage(listable);
      // A previous session left two bases (a crash: never forgotten).
      const before = new EditBases(s);
      await before.remember(uri('/old'), { A: '1' });
      await before.remember(uri('/recent'), { A: '1' });
      s.data.set('apphost.editBase:apphost-config:/old', base(Date.now() - 15 * DAY));
      s.data.set('apphost.editBase:apphost-config:/recent', base(Date.now() - DAY));
      s.data.set('other.secret', 'kept');

      const bases = new EditBases(s);
      await bases.remember(uri('/new'), { B: '2' });
      assert.equal(await bases.recall(uri('/old')), undefined);
      assert.deepEqual(await bases.recall(uri('/recent')), { A: '1' });
      assert.deepEqual(await bases.recall(uri('/new')), { B: '2' });
      assert.equal(s.data.get('other.secret'), 'kept');
      if (!listable) {
        assert.deepEqual(JSON.parse(s.data.get('apphost.editBaseIndex')!).sort(), [
          'apphost.editBase:apphost-config:/new',
          'apphost.editBase:apphost-config:/recent',
        ]);
      } else {
        assert.equal(s.data.has('apphost.editBaseIndex'), false, 'no index where keys() exists');
      }
    });

    it('keeps every key of concurrent remembers', async () => {
      const s = storage(listable);
      const bases = new EditBases(s);
      await Promise.all(['/a', '/b', '/c', '/d'].map((p) => bases.remember(uri(p), { A: p })));
      for (const p of ['/a', '/b', '/c', '/d']) assert.deepEqual(await bases.recall(uri(p)), { A: p });
      if (!listable) assert.equal(JSON.parse(s.data.get('apphost.editBaseIndex')!).length, 4);
    });
  });
}
