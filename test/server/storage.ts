// The object store behind backup downloads: wokku answers GET …/backups/:id/download with an
// S3 presigned URL (`backup.download_url(expires_in: 300)`), which the client fetches without
// its API token. The reference server signs and serves those URLs itself, under /storage/,
// streaming the backup's bytes (a real gzip file of the database's export, `size_bytes`
// long: backupFile.ts) chunk by chunk, never whole.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { backupFile } from './backupFile';
import type { PublicContext } from './http/context';
import { HANDLED } from './http/reply';
import { sendText } from './http/respond';
import type { ServiceState } from './state';
import type { Backup, DatabaseRecord } from './types';

export const STORAGE_PREFIX = '/storage/';
const secret = randomBytes(32);

/** `20260301T120000Z`, as X-Amz-Date. */
const amzDate = (ms: number): string => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const parseAmzDate = (s: string): number => Date.parse(s.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

function sign(key: string, date: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${date}\n${expires}`).digest('hex');
}

/** wokku's key layout: `<prefix>/<type>/<name>/<timestamp>.gz`. */
export function objectKey(db: DatabaseRecord, backup: Backup): string {
  return `backups/${db.serviceType}/${db.name}/${backup.id}.gz`;
}

/** A presigned URL valid for `expiresIn` seconds from now. */
export function presignedUrl(state: ServiceState, key: string, expiresIn: number): string {
  const date = amzDate(Date.now());
  const q = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Date': date, 'X-Amz-Expires': String(expiresIn), 'X-Amz-SignedHeaders': 'host',
    'X-Amz-Signature': sign(key, date, expiresIn),
  });
  return `${state.baseUrl}${STORAGE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${q}`;
}

function s3Error(ctx: PublicContext, status: number, code: string, message: string): typeof HANDLED {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  sendText(ctx.res, status, xml, 'application/xml');
  return HANDLED;
}

/** Resolves when the response can take more, or is gone. */
function drained(res: PublicContext['res']): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** GET /storage/<key>?X-Amz-…: S3's answers (403 expired or bad signature, 404 no such key). */
export async function serveStorage(ctx: PublicContext): Promise<typeof HANDLED> {
  const { state, query, res } = ctx;
  if (ctx.method !== 'GET') return s3Error(ctx, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  const key = ctx.path.slice(STORAGE_PREFIX.length).split('/').map(decodeURIComponent).join('/');
  const date = query.get('X-Amz-Date') ?? '';
  const expires = Number(query.get('X-Amz-Expires'));
  const given = Buffer.from(query.get('X-Amz-Signature') ?? '', 'utf8');
  const wanted = Buffer.from(sign(key, date, expires), 'utf8');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    return s3Error(ctx, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  if (Date.now() > parseAmzDate(date) + expires * 1000) return s3Error(ctx, 403, 'AccessDenied', 'Request has expired');
  const backupId = /\/([^/]+)\.gz$/.exec(key)?.[1];
  const backup = backupId ? state.store.backups.get(backupId) : undefined;
  if (!backup || backup.status !== 'completed') return s3Error(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
  state.downloads.push({ backupId: backup.id, bytesSent: 0, withToken: ctx.req.headers.authorization !== undefined });
  const record = state.downloads[state.downloads.length - 1];
  res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': String(backup.sizeBytes), 'ETag': `"${backup.id}"` });
  const db = state.store.databases.get(backup.databaseId);
  for (const piece of backupFile(db?.serviceType ?? '', backup.sizeBytes)) {
    if (res.destroyed) break;
    record.bytesSent += piece.length;
    if (!res.write(piece)) await drained(res);
  }
  res.end();
  return HANDLED;
}
