// Databases, their links to apps, and backups.

import type { CallOptions, Requester } from '../callTypes';
import type { Backup, Database, DatabaseLink, MessageResult } from '../models';
import { toBackup, toDatabase, toDatabaseLink, toMessage } from '../modelReaders';
import { path } from './path';

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
  };

  return { databases, backups };
}
