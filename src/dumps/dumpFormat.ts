// What a dump file is, read from its first bytes, and whether `dokku <type>:import` loads
// it. wokku pipes the body into that command and never reads its exit status: a dump the
// command cannot load is answered "Imported" all the same, so AppHost looks first.
//   postgres  pg_restore -cO --if-exists (dokku-postgres): pg_dump's custom format (`PGDMP`)
//             or its tar format; a plain SQL file makes pg_restore stop ("input file appears
//             to be a text format dump")
//   mysql, mariadb  the mysql client reading SQL (mysqldump's output)
//   redis     the body becomes dump.rdb: an RDB file (`REDIS0011…`)
//   mongodb   mongorestore --gzip --archive: a mongodump archive (magic 0x8199e26d)
// A gzip file (wokku's backups are gzip: AppHost's Download Backup saves `.gz`) is looked
// into: AppHost decompresses it while sending, so a downloaded backup imports back as is.
import { constants, gunzipSync } from 'node:zlib';

/** How many bytes of the file the sniffer reads. */
export const HEAD_BYTES = 8192;

export type DumpFormat = 'pgCustom' | 'pgTar' | 'postgresSql' | 'mysqlSql' | 'sql' | 'redisRdb' | 'mongoArchive' | 'text' | 'unknown';

export interface DumpVerdict {
  /** What the bytes are (inside the gzip, for a gzip file). */
  format: DumpFormat;
  /** A gzip file: sent decompressed. */
  gzip: boolean;
  /** send: the import loads it (or the type has no importer: the service says so); refuse: it loads nothing; ask: unknown. */
  action: 'send' | 'refuse' | 'ask';
}

/** What each type's import takes. */
const TAKES: Record<string, readonly DumpFormat[]> = {
  postgres: ['pgCustom', 'pgTar'],
  mysql: ['mysqlSql', 'sql'],
  mariadb: ['mysqlSql', 'sql'],
  redis: ['redisRdb'],
  mongodb: ['mongoArchive'],
};
/** Formats recognised for sure: one another type takes is refused, not asked about. */
const CERTAIN: readonly DumpFormat[] = ['pgCustom', 'pgTar', 'postgresSql', 'mysqlSql', 'redisRdb', 'mongoArchive'];
/** Text: refused by the imports that read a binary format (pg_restore, an RDB, an archive). */
const TEXT: readonly DumpFormat[] = ['postgresSql', 'mysqlSql', 'sql', 'text'];

export function isGzip(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The start of a gzip file, decompressed as far as it goes (a truncated stream is fine). */
function gunzipHead(head: Uint8Array): Buffer | undefined {
  try {
    return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, HEAD_BYTES);
  } catch {
    return undefined;
  }
}

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** The format of a (decompressed) head. */
export function formatOf(head: Uint8Array): DumpFormat {
  if (ascii(head, 0, 5) === 'PGDMP') return 'pgCustom';
  if (/^REDIS\d{4}/.test(ascii(head, 0, 9))) return 'redisRdb';
  if (head.length >= 4 && head[0] === 0x6d && head[1] === 0xe2 && head[2] === 0x99 && head[3] === 0x81) return 'mongoArchive';
  if (ascii(head, 257, 262) === 'ustar' && /^toc\.dat\0/.test(ascii(head, 0, 8))) return 'pgTar';
  const text = Buffer.from(head).toString('utf8');
  if (head.includes(0) || /\uFFFD/.test(text.slice(0, -4))) return 'unknown';
  return sqlFormat(text);
}

/** A text file: which SQL, if any. */
function sqlFormat(text: string): DumpFormat {
  if (/^-- (PostgreSQL database dump|Dumped from database version)|\bpg_catalog\.|^\\connect |^COPY .* FROM stdin;|^SET (statement_timeout|client_encoding|standard_conforming_strings)/m.test(text)) return 'postgresSql';
  if (/^-- (MySQL|MariaDB) dump|^\/\*![0-9]{5}|^\/\*M!|ENGINE=(InnoDB|MyISAM|Aria)|^LOCK TABLES `/m.test(text)) return 'mysqlSql';
  const start = text.replace(/^\uFEFF/, '').replace(/^(\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '');
  if (/^(CREATE|INSERT|DROP|ALTER|SET|BEGIN|START TRANSACTION|USE|UPDATE|DELETE|SELECT|TRUNCATE|COMMIT)\b/i.test(start)) return 'sql';
  return 'text';
}

/** The verdict on a file whose first bytes are `head`, for a database of `serviceType`. */
export function sniffDump(head: Uint8Array, serviceType: string): DumpVerdict {
  const gzip = isGzip(head);
  const inner = gzip ? gunzipHead(head) : head;
  if (!inner) return { format: 'unknown', gzip, action: 'refuse' };
  const format = formatOf(inner);
  const takes = TAKES[serviceType];
  // A type without an importer: the service refuses it in its own words.
  if (!takes) return { format, gzip, action: 'send' };
  if (takes.includes(format)) return { format, gzip, action: 'send' };
  const readsText = takes.some((f) => TEXT.includes(f));
  const action = CERTAIN.includes(format) || (!readsText && TEXT.includes(format)) ? 'refuse' : 'ask';
  return { format, gzip, action };
}
