// A dump file as the import's body: its first bytes for the sniffer, then the file streamed
// (decompressed on the way when it is gzip), never held in memory. Progress counts the
// file's own bytes, whose total is known; the body's size is known only for a plain file.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { HEAD_BYTES, type DumpVerdict } from './dumpFormat';

/** The file's first `bytes` bytes (fewer for a short file). */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface DumpBody {
  /** What goes as the request body. */
  source: Readable;
  /** Its length when known (a plain file): the request's Content-Length. */
  size: number | undefined;
  /** Bytes sent so far (decompressed, for a gzip file). */
  sent(): number;
  /** Why the file could not be read or decompressed, once that happened (the upload then stops). */
  failure(): Error | undefined;
  /** The whole body was handed to the upload (false: the service cannot have had all of it). */
  complete(): boolean;
}

/**
 * Opens the dump for sending. `onFileProgress` gets the bytes of the file read so far and
 * its size. A gzip file is decompressed as it streams, with backpressure end to end.
 */
export function openDump(file: string, fileSize: number, verdict: Pick<DumpVerdict, 'gzip'>, onFileProgress?: (read: number, total: number) => void): DumpBody {
  let read = 0;
  let sent = 0;
  let failure: Error | undefined;
  const counter = (count: (n: number) => void) => new Transform({
    transform(chunk: Buffer, _enc, done) {
      count(chunk.length);
      done(null, chunk);
    },
  });
  // Only the file's and the decompressor's own errors: the upload ending early is not one.
  const note = (error: Error) => (failure ??= error);
  const input = createReadStream(file).on('error', note);
  const countRead = counter((n) => {
    read += n;
    onFileProgress?.(read, fileSize);
  });
  const body = counter((n) => (sent += n));
  const stages: (Readable | Transform)[] = [input, countRead, ...(verdict.gzip ? [createGunzip().on('error', note)] : []), body];
  // The body is the last stage: a failure upstream destroys it, and with it the upload.
  void pipeline(stages).catch(() => undefined);
  return { source: body, size: verdict.gzip ? undefined : fileSize, sent: () => sent, failure: () => failure, complete: () => body.readableEnded };
}
