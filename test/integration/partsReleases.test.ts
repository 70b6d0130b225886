import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunningServer } from '../server';
import { startSignedIn, stopSignedIn } from './support/env';
import { labelsUnder, nodeAt, requestsOf as allRequests, runScripted } from './support/resourceTree';

/** Requests of the actions (walking the tree from its roots re-reads the workspace list). */
const requestsOf = (server: RunningServer) => allRequests(server).filter((r) => r !== 'GET /api/v1/teams');

describe('parts: releases', function () {
  let server: RunningServer;
  const versions = (app: string) => server.control.state.store.releasesOf(server.control.findApp(app)!.id).map((r) => r.version);
  const shown = (ui: { shown: { kind: string; text: string }[] }) => JSON.stringify(ui.shown);

  before(async () => (server = await startSignedIn()));
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  it('lists releases newest first with version, description and relative time; a click shows details', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Releases');
    const [newest, ...older] = versions('storefront');
    assert.deepEqual(await labelsUnder(group), [newest, ...older].map((v) => `v${v}`));
    const top = await (await nodeAt('Personal', 'Apps', 'storefront', 'Releases', `v${newest}`)).getTreeItem();
    assert.equal(top.contextValue, 'release:current');
    assert.match(String(top.description), /^current · .+ · (.+ ago|yesterday|today)$/);
    const prior = await nodeAt('Personal', 'Apps', 'storefront', 'Releases', `v${older[0]}`);
    const item = await prior.getTreeItem();
    assert.equal(item.contextValue, 'release');
    assert.equal(item.command?.command, 'apphost.showDetails');
    assert.equal(item.command?.arguments?.[0], prior);
  });

  it('shows a release read-only from the palette (its full record, commit included)', async () => {
    const [, second] = versions('api-gateway');
    const ui = await runScripted('apphost.release.showDetails', { picks: ['api-gateway', `v${second}`] });
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'apphost-details', shown(ui));
    assert.match(doc!.uri.path, new RegExp(`/api-gateway/releases/v${second}\\.json$`));
    const body = JSON.parse(doc!.getText());
    assert.equal(body.version, second);
    assert.ok('commit_sha' in body, 'the details endpoint was read');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('rolls back from a row after a modal confirmation: one POST, the new release on top', async () => {
    const group = await nodeAt('Personal', 'Apps', 'storefront', 'Releases');
    const before = versions('storefront');
    const target = before[2];
    const row = await nodeAt('Personal', 'Apps', 'storefront', 'Releases', `v${target}`);
    server.control.clearRequestLog();
    await runScripted('apphost.release.rollback', {}, row);
    assert.deepEqual(requestsOf(server), [], 'dismissed: nothing sent');
    const ui = await runScripted('apphost.release.rollback', { buttons: [[new RegExp(`Roll storefront back to v${target}\\?`), 'Roll Back']] }, row);
    const now = before[0] + 1;
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text === `storefront rolled back to v${target}: now v${now}.`), shown(ui));
    const labels = await labelsUnder(group);
    assert.equal(labels[0], `v${now}`);
    const top = await (await nodeAt('Personal', 'Apps', 'storefront', 'Releases', `v${now}`)).getTreeItem();
    assert.match(String(top.description), new RegExp(`^current · Rollback to v${target}`));
    const app = server.control.findApp('storefront')!;
    const rid = server.control.state.store.releasesOf(app.id).find((r) => r.version === target)!.id;
    assert.deepEqual(requestsOf(server), [
      `POST /api/v1/apps/${app.id}/releases/${rid}/rollback`,
      `GET /api/v1/apps/${app.id}`,
      `GET /api/v1/apps/${app.id}/releases`,
    ], 'the rollback, the app row (it restarts), then only Releases');
  });

  it('does not offer the current release from the palette', async () => {
    const [current] = versions('api-gateway');
    const ui = await runScripted('apphost.release.rollback', { picks: ['api-gateway', `v${current}`] });
    assert.ok(ui.shown.some((s) => /QuickPick has no item/.test(s.text)), shown(ui));
  });

  it('explains wokku\'s refusal of a release without a recorded commit (a config change) and changes nothing', async () => {
    const releases = server.control.state.store.releasesOf(server.control.findApp('storefront')!.id);
    const target = releases.find((r, i) => i > 0 && /config vars/.test(r.description))!.version;
    const before = versions('storefront');
    const ui = await runScripted('apphost.release.rollback', { picks: ['storefront', `v${target}`], buttons: [[/Roll storefront back/, 'Roll Back']] });
    assert.ok(
      ui.shown.some((s) => s.kind === 'error' && s.text === `Cannot roll storefront back to v${target}: the service recorded no commit for it (releases of a git push or a config change have none), so there is nothing to rebuild. Pick a release deployed from GitHub or made by a rollback, or check out that code and deploy it.`),
      shown(ui),
    );
    assert.deepEqual(versions('storefront'), before);
  });

  it('names the action in any other 422', async () => {
    const [, target] = versions('api-gateway');
    server.control.failNext({ method: 'POST', path: /\/rollback$/, status: 422, body: { error: 'Dokku command failed: ps:rebuild api-gateway\n !     App image not found' } });
    const ui = await runScripted('apphost.release.rollback', { picks: ['api-gateway', `v${target}`], buttons: [[/Roll api-gateway back/, 'Roll Back']] });
    assert.ok(ui.shown.some((s) => s.kind === 'error' && s.text === `Cannot roll api-gateway back to v${target}: App image not found`), shown(ui));
  });

  it('a rollback on a server that is down is accepted all the same: wokku runs it in the background, its deploy tells', async () => {
    const [, older] = versions('legacy-crm');
    const before = server.control.deploysOf('legacy-crm').length;
    const ui = await runScripted('apphost.release.rollback', { picks: ['legacy-crm', `v${older}`], buttons: [[/Roll legacy-crm back/, 'Roll Back']] });
    assert.ok(ui.shown.some((s) => s.kind === 'info' && new RegExp(`legacy-crm rolled back to v${older}`).test(s.text)), shown(ui));
    assert.equal(server.control.deploysOf('legacy-crm').length, before + 1, 'a deploy of the old commit');
  });
});
