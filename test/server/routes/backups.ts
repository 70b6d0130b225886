// /databases/:id/backups: asynchronous; POST answers at once and the backup shows
// up in the list when it has finished (after the action delay).

import { randomInt } from 'node:crypto';
import type { Context, RouteTable } from '../http/context';
import { created, message, paymentRequired, platformError } from '../http/reply';
import { record, requireReachable } from '../operations';
import { newId, nowIso } from '../store';
import type { Backup } from '../types';
import { backupView } from '../views';
import { activity, databaseParam } from './lookup';

function startBackup(ctx: Context) {
  const db = databaseParam(ctx);
  const { state, workspace } = ctx;
  const kept = state.store.backupsOf(db.id).filter((b) => b.status !== 'failed').length;
  if (kept >= workspace.plan.maxBackups) throw paymentRequired(`Backup limit reached for your plan (${workspace.plan.maxBackups})`);
  requireReachable(state, db.serverId);
  if (db.status !== 'running') throw platformError(` !     Service ${db.name} is ${db.status}; start it before taking a backup`);
  activity(ctx, 'backup.create', 'Database', db.name, `Backup of ${db.name} started`);
  state.scheduler.after(state.settings.actionDelayMs, () => {
    if (!state.store.databases.has(db.id)) return;
    const ok = db.status === 'running';
    const backup: Backup = { id: newId(), databaseId: db.id, status: ok ? 'completed' : 'failed', sizeBytes: ok ? randomInt(2_000_000, 400_000_000) : 0, createdAt: nowIso() };
    state.store.backups.set(backup.id, backup);
    record(state, workspace, ctx.user.id, ok ? 'backup.completed' : 'backup.failed', 'Database', db.name, `Backup of ${db.name} ${ok ? 'completed' : 'failed'}`);
  });
  return created(message('Backup started'));
}

export function backupRoutes(r: RouteTable): void {
  r.get('/databases/:id/backups', (ctx) => ctx.state.store.backupsOf(databaseParam(ctx).id).map(backupView));
  r.post('/databases/:id/backups', startBackup);
}
