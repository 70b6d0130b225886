// /databases/:id/backups: asynchronous; POST answers at once and the backup shows
// up in the list when it has finished (after the action delay). Like wokku, listing is
// open to any signed-in user and starting one is for platform admins: wokku's `rescue => e`
// makes the refusal 422 `not allowed to ServerPolicy#update? this Server` (header mode: 403).
// Without a backup destination (`backupDestination: false`) it answers 201 all the same and
// no record ever appears: BackupService raises before creating it, BackupJob swallows it.
// A database on wokku's free tier ('basic', the default) keeps at most 2 completed backups
// (402 "Free tier limit reached (2 backups)…"); the specification's plan limit applies too.
// Download and restore (beyond the specification) authorise through the database's teams.

import { randomInt } from 'node:crypto';
import type { Context, RouteTable } from '../http/context';
import { created, message, notFound, paymentRequired, platformError } from '../http/reply';
import { objectKey, presignedUrl } from '../storage';
import { requireReachable } from '../operations';
import { newId, nowIso } from '../store';
import type { Backup, DatabaseRecord } from '../types';
import { backupView } from '../views';
import { databaseParam, headerMode, policyRefusedAs422, requireAdmin } from './lookup';

/** ServiceTier backup policies: the free tier's cap on completed backups (paid tiers: none). */
const FREE_CAP: Record<NonNullable<DatabaseRecord['tier']>, number | undefined> = { basic: 2, standard: undefined, performance: undefined };
export const FREE_TIER_LIMIT = 'Free tier limit reached (2 backups). Upgrade to Basic for daily auto-backups with 7-day retention.';

/** wokku authorises backups through the database's server (open to read, admin to write), not its teams. */
function backupDatabase(ctx: Context): DatabaseRecord {
  if (headerMode(ctx)) return databaseParam(ctx);
  const db = ctx.state.store.anyDatabase(ctx.params.id);
  if (!db) throw notFound();
  return db;
}

function startBackup(ctx: Context) {
  const db = backupDatabase(ctx);
  policyRefusedAs422(ctx, () => requireAdmin(ctx), 'ServerPolicy#update? this Server');
  const { state } = ctx;
  const cap = FREE_CAP[db.tier ?? 'basic'];
  if (cap !== undefined && state.store.backupsOf(db.id).filter((b) => b.status === 'completed').length >= cap) throw paymentRequired(FREE_TIER_LIMIT);
  const plan = state.store.workspaces.get(db.workspaceId)?.plan ?? ctx.workspace.plan;
  const kept = state.store.backupsOf(db.id).filter((b) => b.status !== 'failed').length;
  if (kept >= plan.maxBackups) throw paymentRequired(`Backup limit reached for your plan (${plan.maxBackups})`);
  requireReachable(state, db.serverId);
  if (db.status !== 'running') throw platformError(` !     Service ${db.name} is ${db.status}; start it before taking a backup`);
  state.scheduler.after(state.settings.actionDelayMs, () => {
    if (!state.store.databases.has(db.id) || !state.settings.backupDestination) return;
    const ok = db.status === 'running';
    const backup: Backup = { id: newId(), databaseId: db.id, status: ok ? 'completed' : 'failed', sizeBytes: ok ? randomInt(2_000_000, 400_000_000) : 0, createdAt: nowIso() };
    state.store.backups.set(backup.id, backup);
  });
  return created(message('Backup started'));
}

/** The database a backup route names (`:database_id`), with wokku's DatabaseServicePolicy (show = update). */
function backupRouteDatabase(ctx: Context): DatabaseRecord {
  return databaseParam({ ...ctx, params: { id: ctx.params.database_id } });
}

/** `db.backups.find(params[:id])`: another database's backup is a 404 too. */
function backupOf(ctx: Context, db: DatabaseRecord): Backup {
  const backup = ctx.state.store.backups.get(ctx.params.id);
  if (!backup || backup.databaseId !== db.id) throw notFound();
  return backup;
}

/** GET …/download: a presigned URL of the backup's object, valid 300 s. */
function download(ctx: Context) {
  const db = backupRouteDatabase(ctx);
  const backup = backupOf(ctx, db);
  return { url: presignedUrl(ctx.state, objectKey(db, backup), 300), expires_in: 300 };
}

/** RestoreService: `<type>:import` of the gunzipped object, synchronous; any failure is 422 {error}. */
const IMPORT_COMMANDS: Partial<Record<string, string>> = { postgres: 'postgres:import', mysql: 'mysql:import', mariadb: 'mariadb:import', mongodb: 'mongo:import', redis: 'redis:import' };

async function restore(ctx: Context) {
  const db = policyRefusedAs422(ctx, () => backupRouteDatabase(ctx), 'DatabaseServicePolicy#update? this DatabaseService');
  const backup = backupOf(ctx, db);
  const { state } = ctx;
  if (!IMPORT_COMMANDS[db.serviceType]) throw platformError(`Unsupported database type for restore: ${db.serviceType}`);
  // A failed backup has no object: S3's get_object refuses.
  if (backup.status !== 'completed') throw platformError('The specified key does not exist.');
  const server = state.store.servers.get(db.serverId);
  // RestoreService's Net::SSH errors are rescued like any other: 422, not 503.
  if (server && server.status !== 'connected') throw platformError(`Connection timed out - connect(2) for ${server.host}:${server.port}`);
  await state.scheduler.delay(state.settings.actionDelayMs);
  state.restores.push({ database: db.name, backupId: backup.id });
  return { message: 'Restore completed', restored_to: db.name, from_backup: backup.id };
}

export function backupTransferRoutes(r: RouteTable): void {
  r.get('/databases/:database_id/backups/:id/download', download);
  r.post('/databases/:database_id/backups/:id/restore', restore);
}

export function backupRoutes(r: RouteTable): void {
  r.get('/databases/:id/backups', (ctx) => ctx.state.store.backupsOf(backupDatabase(ctx).id).map(backupView));
  r.post('/databases/:id/backups', startBackup);
}
