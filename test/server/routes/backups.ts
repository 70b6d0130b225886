// /databases/:id/backups: asynchronous; POST answers at once and the backup shows
// up in the list when it has finished (after the action delay). Like wokku, listing is
// open to any signed-in user and starting one is for platform admins (403 otherwise).

import { randomInt } from 'node:crypto';
import type { Context, RouteTable } from '../http/context';
import { created, message, notFound, paymentRequired, platformError } from '../http/reply';
import { requireReachable } from '../operations';
import { newId, nowIso } from '../store';
import type { Backup, DatabaseRecord } from '../types';
import { backupView } from '../views';
import { databaseParam, headerMode, requireAdmin } from './lookup';

/** wokku authorises backups through the database's server (open to read, admin to write), not its teams. */
function backupDatabase(ctx: Context): DatabaseRecord {
  if (headerMode(ctx)) return databaseParam(ctx);
  const db = ctx.state.store.anyDatabase(ctx.params.id);
  if (!db) throw notFound();
  return db;
}

function startBackup(ctx: Context) {
  const db = backupDatabase(ctx);
  requireAdmin(ctx);
  const { state } = ctx;
  const plan = state.store.workspaces.get(db.workspaceId)?.plan ?? ctx.workspace.plan;
  const kept = state.store.backupsOf(db.id).filter((b) => b.status !== 'failed').length;
  if (kept >= plan.maxBackups) throw paymentRequired(`Backup limit reached for your plan (${plan.maxBackups})`);
  requireReachable(state, db.serverId);
  if (db.status !== 'running') throw platformError(` !     Service ${db.name} is ${db.status}; start it before taking a backup`);
  state.scheduler.after(state.settings.actionDelayMs, () => {
    if (!state.store.databases.has(db.id)) return;
    const ok = db.status === 'running';
    const backup: Backup = { id: newId(), databaseId: db.id, status: ok ? 'completed' : 'failed', sizeBytes: ok ? randomInt(2_000_000, 400_000_000) : 0, createdAt: nowIso() };
    state.store.backups.set(backup.id, backup);
  });
  return created(message('Backup started'));
}

export function backupRoutes(r: RouteTable): void {
  r.get('/databases/:id/backups', (ctx) => ctx.state.store.backupsOf(backupDatabase(ctx).id).map(backupView));
  r.post('/databases/:id/backups', startBackup);
}
