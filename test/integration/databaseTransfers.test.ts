// Beyond the specification (wokku v0.1.0): Download Backup, Restore Backup, the free
// tier's 402 on Create Backup, and Import Dump, through AppHost's own doors (rows, the
// palette) against the reference server, and against an older wokku that lacks them.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/tree/commandTarget';
import { ADMIN_USER, DEMO_USER, type RunningServer } from '../server';
import { extensionApi, serviceOf, signInWithIssuedToken, startSignedIn, stopSignedIn } from './support/env';
import { nodeAt, requestsOf, runScripted } from './support/resourceTree';

const MB = 1024 * 1024;
/** A file that starts like pg_dump's custom format (`PGDMP`), `size` bytes long. */
const pgDump = (size: number) => Buffer.concat([Buffer.from('PGDMP\x01\x0e\x00', 'latin1'), Buffer.alloc(size - 8, 0x41)]);
const ASKED = /^Another extension or tool asked AppHost to: /;

/** The row of a backup, by id, under a database's Backups group. */
async function backupRow(database: string, id: string): Promise<TreeNode> {
  const api = await extensionApi();
  const group = await nodeAt('Personal', 'Databases', database, 'Backups');
  api.treeInsides.resources.refresh(group);
  const rows = await api.treeInsides.resources.getChildren(group);
  const row = rows.find((r) => (r.commandTarget() as { key?: string }).key === id);
  if (!row) throw new Error(`no backup ${id} under ${database}`);
  return row;
}

/**
 * Runs `action` with its transfer notification cancelled (as from its Cancel button) as
 * soon as it first shows progress: the transfer has started and is far from done.
 */
async function cancelledAtFirstProgress<T>(action: () => Promise<T>): Promise<T> {
  const win = vscode.window as { withProgress: typeof vscode.window.withProgress };
  const original = win.withProgress;
  win.withProgress = ((options, task) => {
    const source = new vscode.CancellationTokenSource();
    return original(options, (progress) => task({ report: (value) => {
      progress.report(value);
      source.cancel();
    } }, source.token));
  }) as typeof vscode.window.withProgress;
  try {
    return await action();
  } finally {
    win.withProgress = original;
  }
}

describe('databases: download and restore backups, the free tier, import a dump', function () {
  let server: RunningServer;
  let dir: string;
  const posts = () => requestsOf(server).filter((r) => r.startsWith('POST'));
  const dbId = (name: string) => server.control.findDatabase(name)!.id;

  before(async () => {
    server = await startSignedIn();
    dir = await mkdtemp(join(tmpdir(), 'apphost-transfers-'));
  });
  afterEach(() => server.control.clearFaults());
  after(async () => {
    await stopSignedIn(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('downloads a backup to the file picked (named after the database and date by default): the whole file, no .part left', async () => {
    const id = server.control.addBackup('storefront-db', 300_000);
    const row = await backupRow('storefront-db', id);
    assert.equal((await row.getTreeItem()).contextValue, 'backup:completed');
    const target = join(dir, 'saved.gz');
    const ui = await runScripted('apphost.database.downloadBackup', { files: [vscode.Uri.file(target)] }, row);
    const dialog = ui.shown.find((s) => s.kind === 'saveDialog');
    assert.match(dialog?.detail ?? '', /storefront-db-\d{4}-\d\d-\d\d-\d{4}\.gz$/, JSON.stringify(ui.shown));
    assert.match(dialog?.text ?? '', /Save the backup of storefront-db from .*, 293\.0 KB/);
    assert.equal((await stat(target)).size, 300_000);
    assert.deepEqual(await readdir(dir), ['saved.gz'], 'no temporary file beside it');
    assert.ok(ui.shown.some((s) => s.kind === 'info' && s.text.startsWith('Saved the backup of storefront-db') && s.text.includes(target)), JSON.stringify(ui.shown));
    assert.equal(server.control.downloads.at(-1)?.withToken, false, 'the object store gets no API token');
    await rm(target);
  });

  it('Cancel stops the download and leaves no file, complete or partial', async () => {
    const id = server.control.addBackup('storefront-db', 64 * MB);
    const row = await backupRow('storefront-db', id);
    const ui = await cancelledAtFirstProgress(() => runScripted('apphost.database.downloadBackup', { files: [vscode.Uri.file(join(dir, 'big.gz'))] }, row));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /cancelled: nothing was saved/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
    assert.deepEqual(await readdir(dir), []);
    assert.ok(server.control.downloads.at(-1)!.bytesSent < 64 * MB, 'the transfer stopped early');
  });

  it('a dismissed save dialog or a failed backup sends nothing', async () => {
    const row = await backupRow('storefront-db', server.control.addBackup('storefront-db', 1000));
    server.control.clearRequestLog();
    await runScripted('apphost.database.downloadBackup', { files: [undefined] }, row);
    assert.deepEqual(requestsOf(server), []);
    const failed = [...server.control.state.store.backups.values()].find((b) => b.databaseId === dbId('storefront-db') && b.status === 'failed')!;
    const failedRow = await backupRow('storefront-db', failed.id);
    assert.equal((await failedRow.getTreeItem()).contextValue, 'backup', 'no Download or Restore in its menu');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.restoreBackup', { inputs: ['storefront-db'] }, failedRow);
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /is failed: it has no file/.test(s.text)), JSON.stringify(ui.shown));
    assert.deepEqual(posts(), []);
  });

  it('restores only when the database name is typed; the question shows the backup\'s date and size', async () => {
    const id = server.control.addBackup('storefront-db', 5 * MB);
    const row = await backupRow('storefront-db', id);
    server.control.clearRequestLog();
    const declined = await runScripted('apphost.database.restoreBackup', { inputs: [undefined] }, row);
    const prompt = declined.shown.find((s) => s.kind === 'inputBox');
    assert.match(prompt?.text ?? '', /replaces all data of storefront-db with the backup from .*, 5\.0 MB/, JSON.stringify(declined.shown));
    const wrong = await runScripted('apphost.database.restoreBackup', { inputs: ['storefront'] }, row);
    assert.ok(wrong.shown.some((s) => /Type "storefront-db" exactly to restore it/.test(s.text)), JSON.stringify(wrong.shown));
    assert.deepEqual(posts(), [], 'Escape or a wrong name: nothing sent');
    const before = server.control.restores.length;
    const ui = await runScripted('apphost.database.restoreBackup', { inputs: ['storefront-db'] }, row);
    const summary = ui.shown.find((s) => s.kind === 'info' && /^The service answered that it restored storefront-db from the backup of .*; it does not check that the restore worked\.$/.test(s.text));
    assert.deepEqual(summary?.items, ['Check with Run Command…'], JSON.stringify(ui.shown));
    assert.deepEqual(server.control.restores.slice(before), [{ database: 'storefront-db', backupId: id }]);
    assert.deepEqual(posts(), [`POST /api/v1/databases/${dbId('storefront-db')}/backups/${id}/restore`]);
  });

  it('from the palette: picks the database and one of its completed backups', async () => {
    const ui = await runScripted('apphost.database.restoreBackup', { picks: ['cache', ''], inputs: [undefined] });
    const pick = ui.shown.filter((s) => s.kind === 'quickPick');
    assert.equal(pick.length, 2, JSON.stringify(ui.shown));
    assert.equal(pick[1].text, 'Backups of cache');
    assert.equal(pick[1].items?.length, 1, 'cache\'s one completed backup');
  });

  it('a made-up target from another extension cannot choose the name to type: AppHost asks, then the user picks among the service\'s databases', async () => {
    const id = server.control.addBackup('storefront-db', 1000);
    const madeUp = {
      kind: 'item', item: 'backup', key: id, data: { id, status: 'completed' },
      database: { kind: 'database', service: serviceOf(server), workspace: undefined, database: { id: dbId('storefront-db'), name: 'scratch-db', serviceType: 'postgres' } },
    };
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.restoreBackup', { buttons: [[ASKED, '*']], picks: ['storefront-db', ''], inputs: [undefined] }, madeUp);
    assert.ok(ui.shown.some((s) => ASKED.test(s.text)), JSON.stringify(ui.shown));
    assert.equal(ui.shown.filter((s) => s.kind === 'quickPick').length, 2, 'the database and the backup are picked from the service\'s lists');
    const prompt = ui.shown.find((s) => s.kind === 'inputBox');
    assert.match(prompt?.text ?? '', /storefront-db/);
    assert.ok(!JSON.stringify(ui.shown).includes('scratch-db'), 'the caller\'s name is never shown');
    assert.deepEqual(posts(), []);
  });

  it('imports a dump file, streamed with its size, after the name is typed; says only what the service confirmed, then offers a query in a linked app', async () => {
    const file = join(dir, 'dump.dump');
    await writeFile(file, pgDump(3 * MB));
    const row = await nodeAt('Personal', 'Databases', 'storefront-db');
    server.control.clearRequestLog();
    const declined = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: [undefined] }, row);
    assert.match(declined.shown.find((s) => s.kind === 'inputBox')?.text ?? '', /loads dump\.dump \(3\.0 MB\) into storefront-db, overwriting its data/);
    assert.deepEqual(posts(), [], 'declined: nothing sent');
    const check = /^The service took the dump dump\.dump \(3\.0 MB\) for storefront-db; it does not check that the import worked\.$/;
    const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['storefront-db'], buttons: [[check, 'Check with Run Command…']], picks: [undefined] }, row);
    assert.deepEqual(ui.shown.find((s) => s.kind === 'info' && check.test(s.text))?.items, ['Check with Run Command…'], JSON.stringify(ui.shown));
    const box = ui.shown.find((s) => s.kind === 'quickPick');
    assert.equal(box?.text, 'Run a command on storefront', 'Run Command… in the app linked to it');
    assert.equal(box?.items?.[0], 'psql "$DATABASE_URL" -c \'\\dt+\'', 'the query line stands in the box, for the user to send');
    const received = server.control.imports.at(-1)!;
    assert.deepEqual([received.database, received.bytes, received.done, received.head.slice(0, 10)], ['storefront-db', 3 * MB, true, '5047444d50']);
    assert.deepEqual(posts(), [`POST /api/v1/databases/${dbId('storefront-db')}/import`], 'and nothing ran');
  });

  it('a dump the import would load nothing from is refused before anything is sent: a .sql renamed .dump, with the pg_dump line that makes the right one', async () => {
    const file = join(dir, 'renamed.dump');
    await writeFile(file, '--\n-- PostgreSQL database dump\n--\nSET statement_timeout = 0;\nCREATE TABLE orders (id bigint);\n');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['storefront-db'] }, await nodeAt('Personal', 'Databases', 'storefront-db'));
    const error = ui.shown.find((s) => s.kind === 'error')?.text ?? '';
    assert.match(error, /^renamed\.dump is a plain SQL dump of Postgres, and `dokku postgres:import` loads only pg_dump's custom format \(`pg_dump -Fc`\) into storefront-db: the service would answer "Imported" and load nothing\. Nothing was sent\. Make the right one from the source database with `pg_dump -Fc --no-acl --no-owner -f renamed\.dump <database URL>`/, JSON.stringify(ui.shown));
    assert.ok(!ui.shown.some((s) => s.kind === 'inputBox'), 'not even asked to confirm');
    assert.deepEqual(posts(), []);
  });

  it('a file AppHost does not recognise is sent only when the user says so', async () => {
    const file = join(dir, 'mystery.bin');
    await writeFile(file, Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 9]));
    const row = await nodeAt('Personal', 'Databases', 'storefront-db');
    server.control.clearRequestLog();
    const asked = /^AppHost does not recognise mystery\.bin as pg_dump's custom format \(`pg_dump -Fc`\), which `dokku postgres:import` loads into storefront-db\. The service does not check/;
    const declined = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], buttons: [[asked, undefined]] }, row);
    assert.ok(declined.shown.some((s) => asked.test(s.text)), JSON.stringify(declined.shown));
    assert.deepEqual(posts(), []);
    await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], buttons: [[asked, 'Send Anyway']], inputs: ['storefront-db'] }, row);
    assert.deepEqual(posts(), [`POST /api/v1/databases/${dbId('storefront-db')}/import`]);
  });

  it('a backup AppHost downloaded imports back as it is: decompressed while it is sent', async () => {
    const id = server.control.addBackup('storefront-db', 400_000);
    const saved = join(dir, 'storefront-db.gz');
    await runScripted('apphost.database.downloadBackup', { files: [vscode.Uri.file(saved)] }, await backupRow('storefront-db', id));
    const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(saved)], inputs: ['storefront-db'] }, await nodeAt('Personal', 'Databases', 'storefront-db'));
    assert.match(ui.shown.find((s) => s.kind === 'inputBox')?.text ?? '', /loads storefront-db\.gz \(390\.6 KB, decompressed as it is sent\) into storefront-db/);
    const received = server.control.imports.at(-1)!;
    assert.equal(received.head.slice(0, 10), '5047444d50', 'pg_dump\'s custom format, not gzip');
    assert.ok(received.done && received.bytes > 390_000 && received.bytes < 400_000, `the decompressed export (a stored gzip is a little larger): ${received.bytes} bytes`);
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /^The service took the dump storefront-db\.gz \(/.test(s.text)), JSON.stringify(ui.shown));
    await rm(saved);
  });

  it('an empty file is refused before anything is sent; the service\'s 422 for an empty body is explained', async () => {
    const empty = join(dir, 'empty.sql');
    await writeFile(empty, '');
    const row = await nodeAt('Personal', 'Databases', 'storefront-db');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(empty)], inputs: ['storefront-db'] }, row);
    assert.ok(ui.shown.some((s) => s.kind === 'error' && /empty\.sql is empty: there is nothing to import into storefront-db/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(!ui.shown.some((s) => s.kind === 'inputBox'), 'not even asked');
    assert.deepEqual(posts(), []);
    const file = join(dir, 'dump.dump');
    server.control.failNext({ method: 'POST', path: /\/import$/, status: 422, body: { error: 'Empty request body — pipe the dump file as the body' } });
    const answered = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['storefront-db'] }, row);
    assert.ok(answered.shown.some((s) => s.kind === 'error' && /The service received no data for storefront-db/.test(s.text)), JSON.stringify(answered.shown));
  });

  it('Cancel aborts the upload', async () => {
    const file = join(dir, 'dump.rdb');
    await writeFile(file, Buffer.concat([Buffer.from('REDIS0011'), Buffer.alloc(48 * MB, 0x42)]));
    const row = await nodeAt('Personal', 'Databases', 'cache');
    const ui = await cancelledAtFirstProgress(() => runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['cache'] }, row));
    assert.ok(ui.shown.some((s) => s.kind === 'info' && /Import into cache cancelled/.test(s.text)), JSON.stringify(ui.shown));
    assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
    // Aborted while sending: the service never has the whole body (it may not have seen the request at all).
    assert.ok(!server.control.imports.some((r) => r.database === 'cache' && r.done), JSON.stringify(server.control.imports));
    await rm(file);
  });

  it('Create Backup on a free database: the free tier\'s 402 in words, with the database\'s plan page', async () => {
    await signInWithIssuedToken(server, ADMIN_USER.email);
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const original = env.openExternal;
    const opened: string[] = [];
    env.openExternal = async (uri: vscode.Uri) => {
      opened.push(uri.toString(true));
      return true;
    };
    try {
      // wokku's database records name no team: every team's databases show under Personal.
      const row = await nodeAt('Personal', 'Databases', 'acme-pg');
      const ui = await runScripted('apphost.database.backup', { buttons: [[/free tier/, 'Open Plan Page']] }, row);
      const notice = ui.shown.find((s) => s.kind === 'warning');
      assert.match(notice?.text ?? '', /^No backup of acme-pg was started: it is on the free tier, which keeps only a few backups, and it has them all\. The service says: "Free tier limit reached \(2 backups\)\. Upgrade to Basic/);
      assert.deepEqual(notice?.items, ['Open Plan Page']);
      assert.ok(!ui.shown.some((s) => s.kind === 'error'), 'not a raw error');
      assert.deepEqual(opened, [`${server.url}/dashboard/addons/${dbId('acme-pg')}`]);
    } finally {
      env.openExternal = original;
      await signInWithIssuedToken(server, DEMO_USER.email);
    }
  });
});

describe('databases: an older wokku without backup downloads, restores and imports', function () {
  let server: RunningServer;
  let dir: string;

  before(async () => {
    server = await startSignedIn(DEMO_USER.email, { olderWokku: true });
    dir = await mkdtemp(join(tmpdir(), 'apphost-older-'));
  });
  after(async () => {
    await stopSignedIn(server);
    await rm(dir, { recursive: true, force: true });
  });

  const flags = async (node: TreeNode) => String((await node.getTreeItem()).contextValue);

  it('says once that the service lacks each, then the rows lose their menu entries', async () => {
    const cases = [
      { command: 'apphost.database.downloadBackup', feature: 'backupDownload', words: 'backup downloads', script: { files: [vscode.Uri.file(join(dir, 'x.gz'))] } },
      { command: 'apphost.database.restoreBackup', feature: 'backupRestore', words: 'backup restores', script: { inputs: ['storefront-db'] } },
    ];
    for (const c of cases) {
      const [first] = [...server.control.state.store.backups.values()].filter((b) => b.databaseId === server.control.findDatabase('storefront-db')!.id && b.status === 'completed');
      const row = await backupRow('storefront-db', first.id);
      assert.ok(!(await flags(row)).includes(`lacks-${c.feature}`));
      const ui = await runScripted(c.command, c.script, row);
      const notices = ui.shown.filter((s) => s.text.includes(`does not offer ${c.words}`));
      assert.deepEqual(notices.map((s) => s.kind), ['info'], JSON.stringify(ui.shown));
      assert.ok(!ui.shown.some((s) => s.kind === 'error'), JSON.stringify(ui.shown));
      assert.match(await flags(await backupRow('storefront-db', first.id)), new RegExp(`:lacks-${c.feature}\\b`));
      server.control.clearRequestLog();
      const again = await runScripted(c.command, c.script, row);
      assert.equal(again.shown.filter((s) => s.text.includes(`does not offer ${c.words}`)).length, 1, 'a stale menu still says why');
      assert.deepEqual(requestsOf(server), [], 'and asks the service nothing more');
    }
    assert.deepEqual(await readdir(dir), [], 'no file saved');
  });

  it('an import: the same, and the database rows lose Import Dump', async () => {
    const file = join(dir, 'dump.dump');
    await writeFile(file, pgDump(100));
    const row = await nodeAt('Personal', 'Databases', 'storefront-db');
    const ui = await runScripted('apphost.database.import', { files: [vscode.Uri.file(file)], inputs: ['storefront-db'] }, row);
    assert.deepEqual(ui.shown.filter((s) => s.text.includes('does not offer database imports')).map((s) => s.kind), ['info'], JSON.stringify(ui.shown));
    assert.match(await flags(await nodeAt('Personal', 'Databases', 'storefront-db')), /:lacks-databaseImport\b/);
  });
});
