// One 200 MB database import, in its own process (clean heap): `node --expose-gc
// importStreamWorker.js <mode>`, the service's address and token as JSON on stdin (never
// in argv or the environment). Prints one JSON line.
//   stream:   AppHost's path: the file's first bytes sniffed (src/dumps), then openDump's
//             stream (a read stream, counted) as the body of databases.import()
//   buffered: the naive way, the file read whole, then sent (the baseline)
import { readFile, stat } from 'node:fs/promises';
import { ApiClient, RequestBudget } from '../../src/api';
import { sniffDump } from '../../src/dumps/dumpFormat';
import { openDump, readHead } from '../../src/dumps/dumpStream';

export type ImportMode = 'stream' | 'buffered';

export interface ImportSample {
  mode: ImportMode;
  bytesSent: number;
  seconds: number;
  /** Peak growth of the V8 heap over the settled start (what the extension host's heap limit counts). */
  heapGrowthBytes: number;
  /** Peak growth of heap + ArrayBuffers (Buffers live outside the V8 heap). */
  heapAndBuffersGrowthBytes: number;
}

async function main(): Promise<void> {
  const mode = process.argv[2] as ImportMode;
  const { url, token, file, database } = JSON.parse(await readStdin()) as { url: string; token: string; file: string; database: string };
  const gc = (globalThis as { gc?: () => void }).gc!;
  const client = new ApiClient({ baseUrl: url, getToken: () => token, budget: new RequestBudget({ perMinute: 1_000_000 }) });
  await client.databases.get(database); // connection, TLS-free warm-up, lazy modules loaded
  gc();
  gc();
  const start = process.memoryUsage();
  let heapPeak = start.heapUsed;
  let bothPeak = start.heapUsed + start.arrayBuffers;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    bothPeak = Math.max(bothPeak, m.heapUsed + m.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  const t0 = process.hrtime.bigint();
  let bytesSent: number;
  if (mode === 'stream') {
    const size = (await stat(file)).size;
    const verdict = sniffDump(await readHead(file), 'postgres');
    if (verdict.action !== 'send') throw new Error(`the sniffer would not send the dump: ${JSON.stringify(verdict)}`);
    const body = openDump(file, size, verdict, sample);
    const res = await client.databases.import(database, { source: body.source, size: body.size });
    bytesSent = res.bytesSent;
  } else {
    const body = await readFile(file);
    sample();
    const res = await fetch(`${url}/api/v1/databases/${database}/import`, {
      method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', accept: 'application/json' },
    });
    sample();
    if (!res.ok) throw new Error(`import answered ${res.status}`);
    bytesSent = body.length;
  }
  sample();
  clearInterval(timer);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  await client.close();
  const out: ImportSample = { mode, bytesSent, seconds, heapGrowthBytes: heapPeak - start.heapUsed, heapAndBuffersGrowthBytes: bothPeak - (start.heapUsed + start.arrayBuffers) };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (c: string) => (text += c));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', reject);
  });
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
