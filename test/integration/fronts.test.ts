// wokku as it is deployed: behind a front (test/server/front.ts) that cuts long answers and
// refuses large bodies, while the work behind a cut answer goes on. Against each front, with
// its timeout scaled to 1 s: a restore the front cuts and that completes later (AppHost says
// it may still be running, sends nothing again, and asks before a second one), an import over
// the body limit (the 413 in words, with the operator's fix), and a Run the front cuts.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/tree/commandTarget';
import { DEMO_USER, type RunningServer } from '../server';
import type { FrontKind } from '../server/front';
import { extensionApi, startSignedIn, stopSignedIn, until } from './support/env';
import { nodeAt, requestsOf, runScripted } from './support/resourceTree';

const MB = 1024 * 1024;

async function backupRow(database: string, id: string): Promise<TreeNode> {
  const api = await extensionApi();
  const group = await nodeAt('Personal', 'Databases', database, 'Backups');
  api.treeInsides.resources.refresh(group);
  const row = (await api.treeInsides.resources.getChildren(group)).find((r) => (r.commandTarget() as { key?: string }).key === id);
  if (!row) throw new Error(`no backup ${id} under ${database}`);
  return row;
}

const FRONTS: { front: FrontKind; bodyLimit: string; fix: RegExp }[] = [
  // Dokku's nginx: 1 MB unless its operator raised it.
  { front: 'dokku-nginx', bodyLimit: 'its default', fix: /`dokku nginx:set <app> client-max-body-size 3m` then `dokku proxy:build-config <app>`/ },
  // kamal-proxy lets any size through unless `max_request_body` is set: here it is, to 1 MB.
  { front: 'thruster', bodyLimit: 'max_request_body 1 MB', fix: /the proxy's `max_request_body` \(kamal-proxy\) or `MAX_REQUEST_BODY` \(Thruster\)/ },
];

for (const { front, bodyLimit, fix } of FRONTS) {
  describe(`behind ${front}: long writes the front cuts, an upload over its limit`, function () {
    this.timeout(60_000);
    let server: RunningServer;
    let dir: string;
    const posts = () => requestsOf(server).filter((r) => r.startsWith('POST'));

    before(async () => {
      // The front waits 1 s; a restore takes 2 s; a simulated second of a command 20 ms.
      server = await startSignedIn(DEMO_USER.email, {
        front, frontTimeoutMs: 1000, actionDelayMs: 2000, runSecondMs: 20, ...(front === 'thruster' ? { bodyLimitBytes: MB } : {}),
      });
      dir = await mkdtemp(join(tmpdir(), 'apphost-fronts-'));
    });
    after(async () => {
      await stopSignedIn(server);
      await rm(dir, { recursive: true, force: true });
    });

    it('a restore the front cuts: may still be running, never sent again; it completes behind the cut, and a second Restore asks first', async () => {
      const id = server.control.addBackup('storefront-db', 5 * MB);
      const row = await backupRow('storefront-db', id);
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.database.restoreBackup', { inputs: ['storefront-db'] }, row);
      const notice = ui.shown.find((s) => s.kind === 'warning');
      assert.match(notice?.text ?? '', /^Restore of storefront-db from the backup of .*: no answer after \d+\.\d s: the proxy in front of the service stopped waiting for it \(504 Gateway Timeout\)\. The service may still be doing it, and it reports nothing back when it ends\. Look at the data of storefront-db itself .* AppHost did not send it again\.$/, JSON.stringify(ui.shown));
      assert.deepEqual(notice?.items, ['Check with Run Command…']);
      assert.ok(!ui.shown.some((s) => s.kind === 'error' || s.kind === 'info'), `neither failed nor done: ${JSON.stringify(ui.shown)}`);
      const restore = `POST /api/v1/databases/${server.control.findDatabase('storefront-db')!.id}/backups/${id}/restore`;
      assert.deepEqual(posts(), [restore]);
      await until('the restore completes behind the cut', () => server.control.restores.some((r) => r.backupId === id), 10_000);
      assert.deepEqual(posts(), [restore], 'sent once');

      const asked = /^storefront-db was restored from the backup of .* at \d\d:\d\d:\d\d.*, and the service never answered: it may still be restoring\. Restore it again\?$/;
      const declined = await runScripted('apphost.database.restoreBackup', { buttons: [[asked, undefined]] }, row);
      const question = declined.shown.find((s) => asked.test(s.text));
      assert.ok(question, JSON.stringify(declined.shown));
      assert.match(question?.detail ?? '', /Doing it again applies it a second time/);
      assert.ok(!declined.shown.some((s) => s.kind === 'inputBox'), 'declined: not even the name asked');
      const again = await runScripted('apphost.database.restoreBackup', { buttons: [[asked, 'Restore Again']], inputs: [undefined] }, row);
      assert.ok(again.shown.some((s) => s.kind === 'inputBox'), 'Restore Again leads to the usual consent');
      assert.deepEqual(posts(), [restore], 'nothing sent without the user\'s yes');
    });

    it(`an import over the body limit (${bodyLimit}): the front's 413 in words, with the operator's fix; the service never saw it`, async () => {
      const file = join(dir, 'big.dump');
      await writeFile(file, Buffer.concat([Buffer.from('PGDMP\x01\x0e\x00', 'latin1'), Buffer.alloc(2 * MB - 8, 0x41)]));
      server.control.clearRequestLog();
      const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['storefront-db'] }, await nodeAt('Personal', 'Databases', 'storefront-db'));
      const error = ui.shown.find((s) => s.kind === 'error')?.text ?? '';
      assert.match(error, /^Cannot import big\.dump into storefront-db: the proxy in front of the service refuses uploads over its size limit, and this one \(2\.0 MB\) is over it \(413\)\. The service never saw it, and AppHost did not send it again\./, JSON.stringify(ui.shown));
      assert.match(error, fix);
      assert.ok(!/<html|<title/i.test(error), 'the proxy\'s page is not shown');
      assert.deepEqual(server.control.imports, [], 'the service never had the request');
      assert.deepEqual(server.control.requestLog.filter((e) => e.method === 'POST').map((e) => e.status), [413], 'one POST, refused');
    });

    it('a Run the front cuts: how long AppHost waited, that the command may still run; it runs on to its end', async () => {
      const api = await extensionApi();
      server.control.clearRequestLog();
      await runScripted('apphost.app.runCommand', { picks: ['sleep 100'] }, await nodeAt('Personal', 'Apps', 'storefront'));
      const text = api.runs.transcripts.get('storefront: sleep 100') ?? '';
      assert.match(text, /`sleep 100` on storefront: no answer after \d+\.\d s: the proxy in front of the service stopped waiting for it \(504 Gateway Timeout\)\. The service may still be doing it/, text);
      assert.match(text, /No exit code · /);
      await until('the command ends behind the cut', () => server.control.runLog.some((r) => r.command === 'sleep 100'), 10_000);
      assert.equal(posts().filter((p) => p.endsWith('/run')).length, 1, 'sent once');
    });
  });
}
