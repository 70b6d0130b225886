// Import Dump, written once: a local dump file streamed as the body of the database's
// import (beyond the specification, wokku v0.1.0), never read into memory. The plan (the
// database as the service lists it, the file and its size), the consent (the database's
// name typed: the import overwrites its data), the run (progress, Cancel) and the summary.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ApiError, type ImportResult } from '../api';
import type { ServiceCore } from '../core';
import { byteSize } from '../format';
import { UserCancelled } from '../model';
import { explainApiError } from '../commands/kit/apiErrors';
import { inform } from '../commands/kit/notices';
import { offeredForCommand, refuseIfLacking } from '../commands/kit/offered';
import { confirmByTypingName } from '../commands/kit/prompts';
import { withTransferProgress } from '../commands/kit/transferProgress';
import type { DatabaseAt } from './backupTransfer';

export interface ImportPlan extends DatabaseAt {
  /** The dump on this machine, and its size when picked. */
  file: string;
  size: number;
}

/** The plan: a local file the user picks, and its size (an empty file stops here, before anything is sent). */
export async function planImport(s: ServiceCore, db: DatabaseAt): Promise<ImportPlan> {
  refuseIfLacking(s, db.service, 'databaseImport');
  const [picked] = (await vscode.window.showOpenDialog({
    title: vscode.l10n.t('Import a dump into {0} ({1})', db.database.name, db.database.serviceType),
    openLabel: vscode.l10n.t('Import'),
    canSelectMany: false,
    canSelectFolders: false,
  })) ?? [];
  if (!picked) throw new UserCancelled();
  if (picked.scheme !== 'file') throw new Error(vscode.l10n.t('AppHost imports files of this machine only; {0} is not one.', picked.toString(true)));
  const file = picked.fsPath;
  const info = await stat(file);
  if (!info.isFile()) throw new Error(vscode.l10n.t('{0} is not a file.', file));
  if (info.size === 0) throw new Error(vscode.l10n.t('{0} is empty: there is nothing to import into {1}. Nothing was sent.', path.basename(file), db.database.name));
  return { ...db, file, size: info.size };
}

/** Consent: the database's name typed, since the import overwrites its data. */
export async function confirmImport(s: ServiceCore, plan: ImportPlan): Promise<void> {
  const name = plan.database.name;
  await confirmByTypingName(s, name,
    vscode.l10n.t('This loads {0} ({1}) into {2}, overwriting its data. Type the database name to confirm.', path.basename(plan.file), byteSize(plan.size) ?? '0 B', name),
    { title: vscode.l10n.t('Import a dump into {0}', name), mismatch: vscode.l10n.t('Type "{0}" exactly to import into it', name) });
}

/**
 * The run: the file streamed as the request body (a read stream: never in memory), with
 * the bytes sent and the percentage; Cancel aborts the upload. The summary names the file.
 */
export async function runImport(s: ServiceCore, plan: ImportPlan): Promise<ImportResult> {
  const api = s.connections.of(plan.service).api();
  const name = plan.database.name;
  const file = path.basename(plan.file);
  const result = await s.tree.busyWhile(plan.row ? [plan.row] : [], vscode.l10n.t('Importing…'), () =>
    withTransferProgress(s, vscode.l10n.t('Importing {0} into {1}', file, name), plan.service, async (onProgress, signal) => {
      try {
        return await offeredForCommand(s, plan.service, 'databaseImport',
          // A new stream per attempt: offered() calls it once; the read stream opens only here.
          () => api.databases.import(plan.database.id, { source: createReadStream(plan.file), size: plan.size, onProgress }, { workspace: plan.workspace, priority: 'user', signal }),
          () => api.databases.get(plan.database.id, { workspace: plan.workspace, priority: 'user' }));
      } catch (error) {
        if (signal.aborted) {
          void inform(s, vscode.l10n.t('Import into {0} cancelled: the upload of {1} was stopped.', name, file));
          throw new UserCancelled();
        }
        if (error instanceof ApiError && error.status === 422 && /empty request body/i.test(error.message)) {
          throw new Error(vscode.l10n.t('The service received no data for {0} (it read an empty dump): nothing was imported. Check that {1} is the dump you meant.', name, file), { cause: error });
        }
        throw explainApiError(error, vscode.l10n.t('Cannot import {0} into {1}', file, name));
      }
    }));
  void inform(s, vscode.l10n.t('Imported {0} ({1}) into {2}.', file, byteSize(result.bytesSent) ?? '0 B', name));
  return result;
}
