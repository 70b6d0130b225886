// Import Dump, written once: a local dump file streamed as the body of the database's
// import (beyond the specification, wokku v0.1.0), never read into memory. The plan (the
// database as the service lists it, the file, its size, and what its first bytes say it
// is), the consent (the database's name typed: the import overwrites its data), the run
// (progress, Cancel) and the summary: what the service confirmed, no more.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ApiError, lostAnswer, type LostAnswer } from '../api';
import type { ServiceCore } from '../core';
import { sniffDump, type DumpVerdict } from '../dumps/dumpFormat';
import { openDump, readHead, type DumpBody } from '../dumps/dumpStream';
import { byteSize } from '../format';
import { UserCancelled } from '../model';
import { explainApiError } from '../kit/apiErrors';
import { inform, warn } from '../kit/notices';
import { offeredForCommand, refuseIfLacking } from '../kit/offered';
import { unansweredText } from '../kit/outcome';
import { confirmByTypingName } from '../kit/prompts';
import { withTransferProgress } from '../kit/transferProgress';
import type { DatabaseAt } from './backupTransfer';
import { askText, refusalText } from './dumpWords';
import { checkAdvice, type LoadOutcome } from './loadCheck';
import { durationText } from './runCommand';
import { askBeforeRepeat, forgetUnanswered, rememberUnanswered, type WriteKey } from './unansweredWrites';

export interface ImportPlan extends DatabaseAt {
  /** The dump on this machine, and its size when picked. */
  file: string;
  size: number;
  /** What its first bytes are; a gzip file is sent decompressed. */
  verdict: DumpVerdict;
}

const importKey = (plan: ImportPlan): WriteKey => ({ kind: 'import', service: plan.service, databaseId: plan.database.id, source: plan.file });

/**
 * The plan: a local file the user picks, and its size (an empty file stops here, before
 * anything is sent). Its first bytes are matched against what the database's import loads:
 * a dump it would silently load nothing from is refused with what to make instead; one
 * AppHost does not recognise is sent only after the user says so.
 */
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
  const { serviceType, name } = db.database;
  const verdict = sniffDump(await readHead(file), serviceType);
  if (verdict.action === 'refuse') throw new Error(refusalText(file, name, serviceType, verdict));
  if (verdict.action === 'ask') {
    const send = vscode.l10n.t('Send Anyway');
    if ((await warn(s, askText(file, name, serviceType), { modal: true }, send)) !== send) throw new UserCancelled();
  }
  return { ...db, file, size: info.size, verdict };
}

/** Consent: the database's name typed, since the import overwrites its data; a repeat of an import whose answer never came asks first. */
export async function confirmImport(s: ServiceCore, plan: ImportPlan): Promise<void> {
  const name = plan.database.name;
  const file = path.basename(plan.file);
  await askBeforeRepeat(s, importKey(plan),
    (time) => vscode.l10n.t('{0} was sent to {1} at {2}, and the service never answered: it may still be importing it. Import it again?', file, name, time),
    vscode.l10n.t('Import Again'));
  const size = byteSize(plan.size) ?? '0 B';
  await confirmByTypingName(s, name,
    plan.verdict.gzip
      ? vscode.l10n.t('This loads {0} ({1}, decompressed as it is sent) into {2}, overwriting its data. Type the database name to confirm.', file, size, name)
      : vscode.l10n.t('This loads {0} ({1}) into {2}, overwriting its data. Type the database name to confirm.', file, size, name),
    { title: vscode.l10n.t('Import a dump into {0}', name), mismatch: vscode.l10n.t('Type "{0}" exactly to import into it', name) });
}

/**
 * The run: the file streamed as the request body (a read stream, decompressed on the way
 * for a gzip file: never in memory), with the file's bytes read and the percentage; Cancel
 * aborts the upload. Never sent twice: an answer the proxy in front cut says the import
 * may still be running, and is remembered (confirmImport asks before a repeat).
 */
export async function runImport(s: ServiceCore, plan: ImportPlan): Promise<LoadOutcome> {
  const api = s.connections.of(plan.service).api();
  const name = plan.database.name;
  const file = path.basename(plan.file);
  const started = Date.now();
  const answer = await s.tree.busyWhile(plan.row ? [plan.row] : [], vscode.l10n.t('Importing…'), () =>
    withTransferProgress(s, vscode.l10n.t('Importing {0} into {1}', file, name), plan.service, async (onProgress, signal) => {
      let body: DumpBody | undefined;
      try {
        return await offeredForCommand(s, plan.service, 'databaseImport',
          // A new body per attempt: offered() calls it once; the file opens only here.
          () => {
            body = openDump(plan.file, plan.size, plan.verdict, (bytes, total) => onProgress({ bytes, total }));
            return api.databases.import(plan.database.id, { source: body.source, size: body.size }, { workspace: plan.workspace, priority: 'user', signal });
          },
          () => api.databases.get(plan.database.id, { workspace: plan.workspace, priority: 'user' }));
      } catch (error) {
        if (signal.aborted) {
          void inform(s, vscode.l10n.t('Import into {0} cancelled: the upload of {1} was stopped.', name, file));
          throw new UserCancelled();
        }
        return failed(plan, error, body);
      }
    }));
  if (typeof answer === 'string') {
    await rememberUnanswered(s, importKey(plan));
    const what = vscode.l10n.t('Import of {0} into {1}', file, name);
    return { answered: false, text: unansweredText(what, answer, durationText(Date.now() - started), checkAdvice(name)) };
  }
  await forgetUnanswered(s, importKey(plan));
  return { answered: true, text: vscode.l10n.t('The service took the dump {0} ({1}) for {2}; it does not check that the import worked.', file, byteSize(answer.bytesSent) ?? '0 B', name) };
}

/** Why the import has no answer: the answer was lost (returned), or the failure in words (thrown). */
function failed(plan: ImportPlan, error: unknown, body: DumpBody | undefined): LostAnswer {
  const name = plan.database.name;
  const file = path.basename(plan.file);
  const local = body?.failure();
  if (local) {
    throw new Error(vscode.l10n.t('{0} could not be read after {1}: {2}. The upload stopped; the service does not import a dump that did not arrive whole.', file, byteSize(body?.sent()) ?? '0 B', local.message), { cause: local });
  }
  if (error instanceof ApiError && error.status === 422 && /empty request body/i.test(error.message)) {
    throw new Error(vscode.l10n.t('The service received no data for {0} (it read an empty dump): nothing was imported. Check that {1} is the dump you meant.', name, file), { cause: error });
  }
  const lost = lostAnswer(error);
  // Puma reads a body whole before Rails sees the request: one that stopped on the way was never imported.
  if (lost && body && !body.complete()) {
    throw new Error(vscode.l10n.t('The upload of {0} to {1} stopped after {2} ({3}): the service never had the whole dump, so nothing was imported. You can try again.', file, name, byteSize(body.sent()) ?? '0 B', error instanceof Error ? error.message : String(error)), { cause: error });
  }
  if (lost) return lost;
  const upload = body?.size !== undefined ? { bytes: body.size } : { bytes: body?.sent() ?? 0, atLeast: true };
  throw explainApiError(error, vscode.l10n.t('Cannot import {0} into {1}', file, name), { upload });
}
