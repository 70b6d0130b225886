// Streamed transfers: a request body read from a stream (a database import) and a
// response body written to a file (a backup download). Neither ever holds the payload:
// chunks pass through with backpressure, counted for progress, and an abort stops both
// ends. No retries (an import is not repeatable; the caller restarts a download).

import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, AppHostError, CancelledError, ConfigurationError } from './errors';
import type { TransferProgress } from './models';
import { type ApiResponse, type Exchange, interpret, mapFailure, readBody, type Headers, type TransportContext } from './transport';
import { undici } from './undici';

export type ProgressListener = (progress: TransferProgress) => void;

/** The local file could not be written (disk full, no permission): nothing to do with the service. */
export class LocalFileError extends Error {
  override readonly name = 'LocalFileError';
}

/** Counts the bytes passing through (no buffering beyond the stream's own high-water mark). */
function counter(total: number | undefined, onProgress: ProgressListener | undefined): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      onProgress?.({ bytes: t.bytes, total });
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/**
 * Sends `source` as the request body and reads the (small, JSON) answer. `ex.timeoutMs`
 * bounds the wait for the answer once the body is sent and each pause while reading it;
 * the upload itself has no total limit (a large dump takes what it takes).
 */
export async function sendStream(
  ctx: TransportContext,
  ex: Exchange,
  source: Readable,
  opts: { total?: number; onProgress?: ProgressListener },
): Promise<ApiResponse & { bytesSent: number }> {
  const count = counter(opts.total, opts.onProgress);
  // The source is destroyed with the counter (abort, refused request), closing a file at once.
  const piped = pipeline(source, count).catch(() => undefined);
  try {
    const dispatcher = await ctx.dispatcher();
    const res = await undici().request(ex.url, {
      dispatcher,
      method: ex.method,
      headers: ex.headers,
      body: count,
      signal: ex.signal,
      headersTimeout: ex.timeoutMs,
      bodyTimeout: ex.timeoutMs,
    });
    const text = await readBody(ex, res.statusCode, res.body);
    ctx.logger?.debug?.(`${ex.method} ${ex.info.path} → ${res.statusCode} (${count.bytes} bytes sent)`);
    return { ...interpret(ctx, ex, res.statusCode, res.headers as Headers, text), bytesSent: count.bytes };
  } catch (e) {
    if (e instanceof AppHostError || e instanceof ConfigurationError) throw e;
    throw mapFailure(ctx, ex, e, false);
  } finally {
    if (!count.writableFinished) count.destroy();
    if (!source.destroyed && !source.readableEnded) source.destroy();
    await piped;
  }
}

/** S3's `<Error><Message>…</Message></Error>` (a presigned URL that expired, a missing key). */
function objectStoreMessage(text: string): string | undefined {
  const m = /<Message>([^<]*)<\/Message>/.exec(text);
  return m?.[1]?.trim() || undefined;
}

/**
 * GETs `ex.url` into `destination`: written to a hidden temporary file beside it, renamed
 * over the destination only once complete. A failure or an abort removes the temporary
 * file, so nothing partial ever carries the final name.
 */
export async function downloadToFile(
  ctx: TransportContext,
  ex: Exchange,
  destination: string,
  onProgress?: ProgressListener,
): Promise<{ bytes: number; total?: number }> {
  const temp = join(dirname(destination), `.${basename(destination)}.${randomBytes(4).toString('hex')}.part`);
  let wrote = false;
  try {
    const dispatcher = await ctx.dispatcher();
    const res = await undici().request(ex.url, {
      dispatcher, method: 'GET', headers: ex.headers, signal: ex.signal, headersTimeout: ex.timeoutMs, bodyTimeout: ex.timeoutMs,
    });
    const headers = res.headers as Headers;
    if (res.statusCode < 200 || res.statusCode >= 300) {
      const text = await readBody(ex, res.statusCode, res.body);
      const store = objectStoreMessage(text);
      if (store) {
        throw new ApiError(
          l10n.t('The backup file could not be fetched: {0}', store),
          { status: res.statusCode, messages: [store], retryable: false },
          ex.info,
        );
      }
      interpret(ctx, ex, res.statusCode, headers, text);
    }
    const length = Number(headers['content-length']);
    const total = Number.isFinite(length) && length >= 0 ? length : undefined;
    const count = counter(total, onProgress);
    wrote = true;
    await pipeline(res.body, count, createWriteStream(temp, { flags: 'wx' }), { signal: ex.signal });
    if (total !== undefined && count.bytes !== total) {
      throw new ApiError(
        l10n.t('The download ended early ({0} of {1} bytes)', count.bytes, total),
        { status: res.statusCode, messages: ['Short body'], retryable: true },
        ex.info,
      );
    }
    await rename(temp, destination);
    wrote = false;
    ctx.logger?.debug?.(`GET ${ex.info.path} → ${res.statusCode} (${count.bytes} bytes to a file)`);
    return { bytes: count.bytes, total };
  } catch (e) {
    if (e instanceof AppHostError || e instanceof ConfigurationError || e instanceof LocalFileError) throw e;
    if (ex.signal?.aborted) throw new CancelledError(ex.info);
    if ((e as NodeJS.ErrnoException).syscall !== undefined && ['open', 'write', 'rename'].includes((e as NodeJS.ErrnoException).syscall!)) {
      throw new LocalFileError(l10n.t('Cannot write {0}: {1}', destination, (e as Error).message), { cause: e });
    }
    throw mapFailure(ctx, ex, e, false);
  } finally {
    if (wrote) await unlink(temp).catch(() => undefined);
  }
}
