// A backup's file, written once: Download Backup (the file saved where the user says) and
// Restore Backup (the database's data replaced by the backup's), both beyond the
// specification (wokku v0.1.0). Each has its plan (the database and the backup as the
// service lists them), its consent, its run and its summary; the commands are doors.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { lostAnswer, type Backup, type Database } from '../api';
import type { ServiceCore } from '../core';
import { byteSize, dateTime } from '../format';
import { UserCancelled } from '../model';
import type { Row } from '../tree/commandTarget';
import { explainApiError } from '../kit/apiErrors';
import { inform } from '../kit/notices';
import { offeredForCommand, refuseIfLacking } from '../kit/offered';
import { confirmByTypingName, withProgress } from '../kit/prompts';
import { unansweredText } from '../kit/outcome';
import { withTransferProgress } from '../kit/transferProgress';
import { checkAdvice, type LoadOutcome } from './loadCheck';
import { durationText } from './runCommand';
import { askBeforeRepeat, forgetUnanswered, rememberUnanswered, type WriteKey } from './unansweredWrites';

/** The database an action is about, as a row or a pick in AppHost's own lists gave it (the service's names). */
export interface DatabaseAt {
  database: Database;
  service: string;
  workspace: string | undefined;
  /** The database's row and its Backups group, when the command came from the tree. */
  row?: Row;
  backups?: Row;
}

/** What a download or a restore acts on: the database and one of its completed backups. */
export interface BackupPlan extends DatabaseAt {
  backup: Backup;
  /** The backup's row, when the command came from it. */
  backupRow?: Row;
}

/** "Nov 26, 2026, 10:15" (the backup's id when the service gave no date). */
export function backupWhen(backup: Backup): string {
  return dateTime(backup.createdAt) ?? backup.id;
}

/** "Nov 26, 2026, 10:15, 180.2 MB". */
function backupSummary(backup: Backup): string {
  const size = byteSize(backup.sizeBytes);
  return size ? vscode.l10n.t('{0}, {1}', backupWhen(backup), size) : backupWhen(backup);
}

/** The file name a download suggests: `<database>-<yyyy-mm-dd-hhmm>.gz` (the object store keeps gzip). */
export function backupFileName(database: string, backup: Backup): string {
  const t = backup.createdAt ? new Date(Date.parse(backup.createdAt)) : undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = t && !Number.isNaN(t.getTime())
    ? `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}-${two(t.getHours())}${two(t.getMinutes())}`
    : backup.id;
  return `${database}-${stamp}.gz`.replace(/[\\/:*?"<>|]/g, '-');
}

/**
 * The plan: the backup of the row, or one the user picks among the database's backups as
 * the service lists them. Only a completed backup has a file.
 */
export async function planBackup(
  s: ServiceCore,
  db: DatabaseAt,
  row: { data: Backup; row?: Row } | undefined,
  { feature, placeHolder }: { feature: 'backupDownload' | 'backupRestore'; placeHolder: string },
): Promise<BackupPlan> {
  refuseIfLacking(s, db.service, feature);
  const backup = row?.data ?? (await pickBackup(s, db, placeHolder));
  if (backup.status !== 'completed') {
    throw new Error(vscode.l10n.t('The backup of {0} from {1} is {2}: it has no file to download or restore from.', db.database.name, backupWhen(backup), backup.status ?? '?'));
  }
  return { ...db, backup, backupRow: row?.row };
}

async function pickBackup(s: ServiceCore, db: DatabaseAt, placeHolder: string): Promise<Backup> {
  const items = s.connections.of(db.service).api().backups.list(db.database.id, { workspace: db.workspace, priority: 'user' }).then((list) => {
    const completed = list.filter((b) => b.status === 'completed');
    if (!completed.length) throw new Error(vscode.l10n.t('{0} has no completed backup.', db.database.name));
    return completed.map((b) => ({ label: backupWhen(b), description: byteSize(b.sizeBytes), backup: b }));
  });
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Backups of {0}', db.database.name), placeHolder });
  if (!picked) throw new UserCancelled();
  return picked.backup;
}

/** A 404 means "not offered" only while the backup is still listed (a deleted one is a plain 404). */
function backupStillThere(s: ServiceCore, plan: BackupPlan): () => Promise<void> {
  return async () => {
    const list = await s.connections.of(plan.service).api().backups.list(plan.database.id, { workspace: plan.workspace, priority: 'user' });
    if (!list.some((b) => b.id === plan.backup.id)) throw new Error('backup gone');
  };
}

// ---- Download Backup ----

/** Consent: the file the user saves to (the save dialog), named after the database and the backup's date. */
export async function askDownloadDestination(plan: BackupPlan): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ?? os.homedir();
  const uri = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Save the backup of {0} from {1}', plan.database.name, backupSummary(plan.backup)),
    defaultUri: vscode.Uri.file(path.join(folder, backupFileName(plan.database.name, plan.backup))),
    saveLabel: vscode.l10n.t('Download'),
    filters: { [vscode.l10n.t('Compressed backups')]: ['gz'], [vscode.l10n.t('All files')]: ['*'] },
  });
  if (!uri) throw new UserCancelled();
  if (uri.scheme !== 'file') throw new Error(vscode.l10n.t('AppHost saves backups to files on this machine only; {0} is not one.', uri.toString(true)));
  return uri;
}

/**
 * The run: a fresh address from the service, then the file streamed to a temporary name
 * beside the destination, renamed when complete; Cancel aborts it and removes the
 * temporary file. The summary says where it went.
 */
export async function downloadBackup(s: ServiceCore, plan: BackupPlan, destination: vscode.Uri): Promise<void> {
  const api = s.connections.of(plan.service).api();
  const opts = { workspace: plan.workspace, priority: 'user' as const };
  const name = plan.database.name;
  const { bytes } = await s.tree.busyWhile(plan.backupRow ? [plan.backupRow] : [], vscode.l10n.t('Downloading…'), () =>
    withTransferProgress(s, vscode.l10n.t('Downloading the backup of {0} from {1}', name, backupWhen(plan.backup)), plan.service, async (onProgress, signal) => {
      try {
        const { url } = await offeredForCommand(s, plan.service, 'backupDownload',
          () => api.backups.downloadUrl(plan.database.id, plan.backup.id, { ...opts, signal }), backupStillThere(s, plan));
        return await api.downloadFile(url, destination.fsPath, { signal }, onProgress);
      } catch (error) {
        if (signal.aborted) {
          void inform(s, vscode.l10n.t('Download of the backup of {0} cancelled: nothing was saved.', name));
          throw new UserCancelled();
        }
        throw explainApiError(error, vscode.l10n.t('Cannot download the backup of {0} from {1}', name, backupWhen(plan.backup)));
      }
    }));
  void inform(s, vscode.l10n.t('Saved the backup of {0} from {1} ({2}) to {3}.', name, backupWhen(plan.backup), byteSize(bytes) ?? '0 B', destination.fsPath));
}

// ---- Restore Backup ----

const restoreKey = (plan: BackupPlan): WriteKey => ({ kind: 'restore', service: plan.service, databaseId: plan.database.id, source: plan.backup.id });

/**
 * Consent: the database's name typed, with the backup's date and size in the question; a
 * restore of the same backup whose answer never came within ten minutes asks first.
 */
export async function confirmRestore(s: ServiceCore, plan: BackupPlan): Promise<void> {
  const name = plan.database.name;
  await askBeforeRepeat(s, restoreKey(plan),
    (time) => vscode.l10n.t('{0} was restored from the backup of {1} at {2}, and the service never answered: it may still be restoring. Restore it again?', name, backupWhen(plan.backup), time),
    vscode.l10n.t('Restore Again'));
  await confirmByTypingName(s, name,
    vscode.l10n.t('This replaces all data of {0} with the backup from {1}: what was written since is lost. Type the database name to confirm.', name, backupSummary(plan.backup)),
    { title: vscode.l10n.t('Restore {0} from the backup of {1}', name, backupWhen(plan.backup)), mismatch: vscode.l10n.t('Type "{0}" exactly to restore it', name) });
}

/**
 * The run: the service restores inside its answer (minutes for a big database); the
 * database's row and the backup's show it meanwhile. Then the Databases list (its status)
 * is read again where shown. What the summary says is what the service confirmed, no more
 * (wokku never reads the import's exit status); an answer the proxy in front cut says that
 * the restore may still be running, and is remembered (confirmRestore asks before a repeat).
 */
export async function restoreBackup(s: ServiceCore, plan: BackupPlan): Promise<LoadOutcome> {
  const api = s.connections.of(plan.service).api();
  const name = plan.database.name;
  const when = backupWhen(plan.backup);
  const rows = [plan.row, plan.backupRow].filter((r): r is Row => !!r);
  const started = Date.now();
  const answer = await s.tree.busyWhile(rows, vscode.l10n.t('Restoring…'), () =>
    withProgress(s, vscode.l10n.t('Restoring {0} from the backup of {1} (this can take minutes)…', name, when), async () => {
      try {
        return await offeredForCommand(s, plan.service, 'backupRestore',
          () => api.backups.restore(plan.database.id, plan.backup.id, { workspace: plan.workspace, priority: 'user' }), backupStillThere(s, plan));
      } catch (error) {
        const lost = lostAnswer(error);
        if (lost) return lost;
        throw explainApiError(error, vscode.l10n.t('Cannot restore {0} from the backup of {1}', name, when));
      }
    }));
  const list = s.tree.listOf(plan.service, plan.workspace, 'databases');
  if (list) s.tree.refresh(list);
  if (typeof answer === 'string') {
    await rememberUnanswered(s, restoreKey(plan));
    const what = vscode.l10n.t('Restore of {0} from the backup of {1}', name, when);
    return { answered: false, text: unansweredText(what, answer, durationText(Date.now() - started), checkAdvice(name)) };
  }
  await forgetUnanswered(s, restoreKey(plan));
  return { answered: true, text: vscode.l10n.t('The service answered that it restored {0} from the backup of {1}; it does not check that the restore worked.', name, when) };
}
