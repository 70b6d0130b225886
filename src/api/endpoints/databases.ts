// Databases, their links to apps, and backups.

import type { Readable } from 'node:stream';
import type { CallOptions, Requester } from '../callTypes';
import type { Backup, BackupDownloadUrl, Database, DatabaseLink, ImportResult, MessageResult, RestoreResult, TransferProgress } from '../models';
import { toBackup, toBackupDownloadUrl, toDatabase, toDatabaseLink, toImportResult, toMessage, toRestoreResult } from '../modelReaders';
import { path } from './path';

/** A restore or an import answers when the database has it all: big ones take minutes. */
export const LOAD_TIMEOUT_MS = 15 * 60_000;

export interface DumpUpload {
  /** The dump (`pg_dump -Fc` for Postgres, …), e.g. fs.createReadStream(file): sent as it is read. */
  source: Readable;
  /** Its size when known (a file's): sent as Content-Length and as progress's total. */
  size?: number;
  onProgress?: (p: TransferProgress) => void;
}

export function databaseEndpoints(api: Requester) {
  const databases = {
    /** GET /databases */
    async list(opts?: CallOptions): Promise<Database[]> {
      return (await api.requestList({ method: 'GET', path: '/databases' }, opts, ['databases'])).map(toDatabase);
    },
    /** GET /databases/:id */
    async get(databaseId: string, opts?: CallOptions): Promise<Database> {
      return toDatabase((await api.request({ method: 'GET', path: path`/databases/${databaseId}` }, opts)).body);
    },
    /** POST /databases `{name, service_type, server_id}` */
    async create(input: { name: string; serviceType: string; serverId: string }, opts?: CallOptions): Promise<Database> {
      const body = { name: input.name, service_type: input.serviceType, server_id: input.serverId };
      return toDatabase((await api.request({ method: 'POST', path: '/databases', body, slow: true }, opts)).body);
    },
    /** DELETE /databases/:id */
    async delete(databaseId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/databases/${databaseId}`, slow: true }, opts)).body);
    },
    /** POST /databases/:id/link `{app_id, alias_name?}` */
    async link(databaseId: string, input: { appId: string; aliasName?: string }, opts?: CallOptions): Promise<DatabaseLink> {
      const body = { app_id: input.appId, alias_name: input.aliasName };
      return toDatabaseLink((await api.request({ method: 'POST', path: path`/databases/${databaseId}/link`, body, slow: true }, opts)).body);
    },
    /**
     * POST /databases/:id/import: the raw dump as the body, streamed (never held in memory),
     * with progress; the signal aborts it. Never retried. An empty body is the service's 422.
     */
    async import(databaseId: string, dump: DumpUpload, opts?: CallOptions): Promise<ImportResult> {
      const spec = { method: 'POST' as const, path: path`/databases/${databaseId}/import`, minTimeoutMs: LOAD_TIMEOUT_MS };
      const res = await api.upload(spec, dump.source, opts, { contentLength: dump.size, onProgress: dump.onProgress });
      return toImportResult(res.body, res.bytesSent);
    },
    /** POST /databases/:id/unlink `{app_id}` */
    async unlink(databaseId: string, appId: string, opts?: CallOptions): Promise<MessageResult> {
      const spec = { method: 'POST' as const, path: path`/databases/${databaseId}/unlink`, body: { app_id: appId }, slow: true };
      return toMessage((await api.request(spec, opts)).body);
    },
  };

  const backups = {
    /** GET /databases/:id/backups (newest first) */
    async list(databaseId: string, opts?: CallOptions): Promise<Backup[]> {
      return (await api.requestList({ method: 'GET', path: path`/databases/${databaseId}/backups` }, opts, ['backups'])).map(toBackup);
    },
    /** POST /databases/:id/backups: asynchronous, the backup shows up in the list later. */
    async create(databaseId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'POST', path: path`/databases/${databaseId}/backups` }, opts)).body);
    },
    /** GET /databases/:id/backups/:bid/download: a presigned address, valid `expiresIn` (300) seconds. */
    async downloadUrl(databaseId: string, backupId: string, opts?: CallOptions): Promise<BackupDownloadUrl> {
      return toBackupDownloadUrl((await api.request({ method: 'GET', path: path`/databases/${databaseId}/backups/${backupId}/download` }, opts)).body);
    },
    /**
     * Saves a backup to `destination`: asks for a fresh address, then streams the file to a
     * temporary name beside it, renamed when complete (a failure or an abort leaves nothing).
     */
    async download(
      databaseId: string,
      backupId: string,
      destination: string,
      opts: CallOptions & { onProgress?: (p: TransferProgress) => void } = {},
    ): Promise<{ bytes: number; total?: number }> {
      const { url } = await backups.downloadUrl(databaseId, backupId, opts);
      return api.downloadFile(url, destination, opts, opts.onProgress);
    },
    /** POST /databases/:id/backups/:bid/restore: overwrites the database's data; answers when done. */
    async restore(databaseId: string, backupId: string, opts?: CallOptions): Promise<RestoreResult> {
      const spec = { method: 'POST' as const, path: path`/databases/${databaseId}/backups/${backupId}/restore`, minTimeoutMs: LOAD_TIMEOUT_MS };
      return toRestoreResult((await api.request(spec, opts)).body);
    },
  };

  return { databases, backups };
}
