import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sniffDump, type DumpVerdict } from '../../../src/dumps/dumpFormat';
import { openDump, readHead } from '../../../src/dumps/dumpStream';
import { backupFile } from '../../server/backupFile';

const pgCustom = Buffer.concat([Buffer.from('PGDMP\x01\x0e\x00\x04\x08\x01\x01\x01', 'latin1'), Buffer.alloc(200, 0x5a)]);
const pgTar = (() => {
  const header = Buffer.alloc(1024);
  header.write('toc.dat', 0, 'latin1');
  header.write('ustar\x0000', 257, 'latin1');
  return header;
})();
const pgPlain = Buffer.from('--\n-- PostgreSQL database dump\n--\n\nSET statement_timeout = 0;\nSET client_encoding = \'UTF8\';\nCREATE TABLE public.orders (id bigint);\n');
const mysqldump = Buffer.from('-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n--\n/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\nCREATE TABLE `orders` (`id` int) ENGINE=InnoDB;\n');
const mariadbDump = Buffer.from('/*M!999999\\- enable the sandbox mode */ \n-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB\n');
const plainSql = Buffer.from('-- my export\nBEGIN;\nINSERT INTO orders VALUES (1);\nCOMMIT;\n');
const rdb = Buffer.from('REDIS0011\xfa\tredis-ver\x057.2.4\xfa\nredis-bits\xc0@', 'latin1');
const mongoArchive = Buffer.concat([Buffer.from([0x6d, 0xe2, 0x99, 0x81]), Buffer.alloc(64, 1)]);
const csv = Buffer.from('id,name\n1,first order\n');
const binary = Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x10, 0x00]);
/** What AppHost's Download Backup saves: the service's gzip of `dokku postgres:export`. */
const downloaded = (type: string) => Buffer.concat([...backupFile(type, 300_000)]).subarray(0, 8192);

const v = (format: DumpVerdict['format'], action: DumpVerdict['action'], gzip = false): DumpVerdict => ({ format, gzip, action });

describe('dumps: what a file is, and whether `dokku <type>:import` loads it', () => {
  const cases: [string, Buffer, string, DumpVerdict][] = [
    ['pg_dump -Fc (PGDMP) into Postgres', pgCustom, 'postgres', v('pgCustom', 'send')],
    ['pg_dump -Ft (tar) into Postgres', pgTar, 'postgres', v('pgTar', 'send')],
    ['a plain pg_dump .sql into Postgres: pg_restore loads nothing', pgPlain, 'postgres', v('postgresSql', 'refuse')],
    ['a .sql file renamed .dump into Postgres (the name is not read)', plainSql, 'postgres', v('sql', 'refuse')],
    ['mysqldump into MySQL', mysqldump, 'mysql', v('mysqlSql', 'send')],
    ['a MariaDB dump into MariaDB', mariadbDump, 'mariadb', v('mysqlSql', 'send')],
    ['plain SQL into MySQL', plainSql, 'mysql', v('sql', 'send')],
    ['a Postgres custom dump into MySQL', pgCustom, 'mysql', v('pgCustom', 'refuse')],
    ['a plain pg_dump into MySQL', pgPlain, 'mysql', v('postgresSql', 'refuse')],
    ['a Redis RDB into Redis', rdb, 'redis', v('redisRdb', 'send')],
    ['SQL into Redis', plainSql, 'redis', v('sql', 'refuse')],
    ['a mongodump archive into MongoDB', mongoArchive, 'mongodb', v('mongoArchive', 'send')],
    ['an RDB into MongoDB', rdb, 'mongodb', v('redisRdb', 'refuse')],
    ['AppHost\'s downloaded Postgres backup (gzip of pg_dump -Fc): sent decompressed', downloaded('postgres'), 'postgres', v('pgCustom', 'send', true)],
    ['AppHost\'s downloaded Redis backup', downloaded('redis'), 'redis', v('redisRdb', 'send', true)],
    ['a gzipped plain .sql into Postgres', gzipSync(pgPlain), 'postgres', v('postgresSql', 'refuse', true)],
    ['a gzipped mysqldump into MySQL', gzipSync(mysqldump), 'mysql', v('mysqlSql', 'send', true)],
    ['a broken gzip file (an unknown method)', Buffer.from([0x1f, 0x8b, 0x07, 0x00, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a, 0x5a]), 'postgres', v('unknown', 'refuse', true)],
    ['unknown binary into Postgres: asks', binary, 'postgres', v('unknown', 'ask')],
    ['a CSV into MySQL: asks', csv, 'mysql', v('text', 'ask')],
    ['a CSV into Postgres: text, which pg_restore refuses', csv, 'postgres', v('text', 'refuse')],
    ['anything into a type without an importer: the service answers', binary, 'elasticsearch', v('unknown', 'send')],
  ];
  for (const [name, head, type, verdict] of cases) {
    it(name, () => assert.deepEqual(sniffDump(head, type), verdict));
  }
});

describe('dumps: the body sent', () => {
  let dir: string;
  before(async () => (dir = await mkdtemp(join(tmpdir(), 'apphost-dumps-'))));
  after(() => rm(dir, { recursive: true, force: true }));

  const drain = async (body: ReturnType<typeof openDump>) => {
    const chunks: Buffer[] = [];
    for await (const c of body.source) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('a plain file as it is, with its size; progress on the file\'s bytes', async () => {
    const file = join(dir, 'orders.dump');
    await writeFile(file, pgCustom);
    const progress: number[] = [];
    const body = openDump(file, pgCustom.length, sniffDump(await readHead(file), 'postgres'), (read) => progress.push(read));
    assert.equal(body.size, pgCustom.length);
    assert.deepEqual(await drain(body), pgCustom);
    assert.deepEqual([body.sent(), progress.at(-1), body.failure(), body.complete()], [pgCustom.length, pgCustom.length, undefined, true]);
  });

  it('a downloaded backup decompressed on the way, without a size; a broken one says why', async () => {
    const file = join(dir, 'storefront-db-2026-11-28-1015.gz');
    const gz = Buffer.concat([...backupFile('postgres', 300_000)]);
    await writeFile(file, gz);
    const body = openDump(file, gz.length, sniffDump(await readHead(file), 'postgres'));
    assert.equal(body.size, undefined);
    const sent = await drain(body);
    assert.equal(sent.subarray(0, 5).toString(), 'PGDMP');
    assert.equal(body.sent(), sent.length);
    const broken = join(dir, 'broken.gz');
    await writeFile(broken, Buffer.concat([gz.subarray(0, 1000), Buffer.alloc(1000, 0xff)]));
    const bad = openDump(broken, 2000, { gzip: true });
    await assert.rejects(drain(bad));
    assert.ok(bad.failure(), 'the decompressor\'s error is kept');
    assert.equal(bad.complete(), false, 'the service cannot have had all of it');
  });
});
