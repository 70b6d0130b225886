// The bytes of a backup file in the object store, as wokku's BackupService writes them: the
// output of `dokku <type>:export` (pg_dump -Fc, mysqldump, the RDB file, a mongodump
// archive), gzipped. Here a real gzip file of exactly `size_bytes` bytes: deflate's stored
// blocks around an export's first bytes and filler, made chunk by chunk, never whole, so a
// downloaded backup decompresses to what `dokku <type>:import` takes.

const BLOCK = 65_535;
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** What `dokku <type>:export` starts with. */
const EXPORT_HEADS: Record<string, Buffer> = {
  postgres: Buffer.from('PGDMP\x01\x0e\x00\x04\x08\x01\x01\x01', 'latin1'),
  mysql: Buffer.from('-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n--\n', 'latin1'),
  mariadb: Buffer.from('-- MariaDB dump 10.19  Distrib 10.11.6-MariaDB, for debian-linux-gnu (x86_64)\n--\n', 'latin1'),
  redis: Buffer.from('REDIS0011\xfa\tredis-ver\x057.2.4', 'latin1'),
  mongodb: Buffer.from([0x6d, 0xe2, 0x99, 0x81, 0x00, 0x00, 0x00, 0x00]),
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(crc: number, data: Buffer): number {
  let c = ~crc >>> 0;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The backup file of a database of `type`, `size` bytes long, in pieces of at most ~64 KB. */
export function* backupFile(type: string, size: number): Generator<Buffer> {
  const blocks = Math.ceil(Math.max(0, size - 18) / (BLOCK + 5));
  const payload = size - 18 - 5 * blocks;
  if (blocks === 0 || payload < 0) {
    // Too small for a gzip file: only its magic.
    yield Buffer.from(HEADER.subarray(0, Math.max(0, size)));
    return;
  }
  yield HEADER;
  const head = EXPORT_HEADS[type] ?? Buffer.alloc(0);
  let crc = 0;
  let written = 0;
  for (let b = 0; b < blocks; b++) {
    const len = Math.min(BLOCK, payload - written);
    const data = Buffer.alloc(len, 0x5a);
    if (written < head.length) head.copy(data, 0, written, Math.min(head.length, written + len));
    const last = b === blocks - 1;
    const blockHead = Buffer.from([last ? 1 : 0, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]);
    crc = crc32(crc, data);
    written += len;
    yield Buffer.concat([blockHead, data]);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(payload % 2 ** 32, 4);
  yield trailer;
}
