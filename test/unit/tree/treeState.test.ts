// The registry of app rows: actions update every row showing an app without a
// request, and rows their list no longer shows are forgotten.
import { strict as assert } from 'node:assert';
import type { App } from '../../../src/api';
import { type AppRow, TreeState } from '../../../src/tree/treeState';

class FakeList {
  children: AppRow[] | undefined;
}

const S = 'https://a.example.com/api/v1';

function row(parent: FakeList, id: string, workspace?: string, service = S): AppRow {
  const app = { id, name: id } as App;
  return { id: `${service}/${workspace ?? ''}/${id}@${Math.random()}`, parent, app, appRef: () => ({ service, workspace, id, name: id }) };
}

describe('tree: app row registry', () => {
  it('finds every row showing an app (under Apps and under its server), in its workspace only', () => {
    const state = new TreeState();
    const apps = new FakeList();
    const server = new FakeList();
    const rows = [row(apps, 'a'), row(server, 'a'), row(apps, 'b'), row(apps, 'a', 'team')];
    apps.children = [rows[0], rows[2], rows[3]];
    server.children = [rows[1]];
    for (const r of rows) state.registerAppRow(r);
    assert.deepEqual(state.rowsOf({ service: S, id: 'a', name: 'a', workspace: undefined }), [rows[0], rows[1]]);
    assert.deepEqual(state.rowsOf({ service: S, id: 'a', name: 'a', workspace: 'team' }), [rows[3]]);
  });

  it('tells the same app id on two services apart (ids are per instance)', () => {
    const state = new TreeState();
    const other = 'https://b.example.com/api/v1';
    const apps = new FakeList();
    const rows = [row(apps, '7'), row(apps, '7', undefined, other)];
    apps.children = rows;
    for (const r of rows) state.registerAppRow(r);
    assert.deepEqual(state.rowsOf({ service: S, id: '7', name: '7', workspace: undefined }), [rows[0]]);
    assert.deepEqual(state.rowsOf({ service: other, id: '7', name: '7', workspace: undefined }), [rows[1]]);
    state.report(S, rows[0].app, { state: 'stopped', deployed: true });
    assert.equal(state.stateOf(S, rows[0].app).source, 'report');
    assert.equal(state.stateOf(other, rows[1].app).source, 'list', 'a process report of one service says nothing of the other');
  });

  it('forgets rows a refetched list no longer shows, and keeps those of lists not fetched again yet', () => {
    const state = new TreeState();
    const apps = new FakeList();
    const old = row(apps, 'gone');
    const kept = row(apps, 'kept');
    apps.children = [old, kept];
    state.registerAppRow(old);
    state.registerAppRow(kept);
    apps.children = undefined; // invalidated, refetch pending
    assert.deepEqual(state.rowsOf({ service: S, id: 'gone', name: 'gone', workspace: undefined }), [old]);
    apps.children = [kept]; // fetched again without it
    assert.deepEqual(state.rowsOf({ service: S, id: 'gone', name: 'gone', workspace: undefined }), []);
    apps.children = [kept, old]; // the registry forgot it for good
    assert.deepEqual(state.rowsOf({ service: S, id: 'gone', name: 'gone', workspace: undefined }), []);
    assert.deepEqual(state.rowsOf({ service: S, id: 'kept', name: 'kept', workspace: undefined }), [kept]);
  });
});
