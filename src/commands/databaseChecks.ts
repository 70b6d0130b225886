// What a restore or an import ends with (actions/loadCheck.ts: what the service confirmed,
// or that its answer never came), and its next step: Check with Run Command…, the query
// line for the database's type in an app linked to it, in the box for the user to send.
import * as vscode from 'vscode';
import { readLinkedApps } from '../api';
import type { DatabaseAt } from '../actions/backupTransfer';
import { checkLine, type LoadOutcome } from '../actions/loadCheck';
import type { ServiceCore } from '../core';
import type { AppRef } from '../model';
import { inform, warn } from '../kit/notices';
import { runCommandOn } from './runCommand';

export async function showLoadOutcome(s: ServiceCore, db: DatabaseAt, outcome: LoadOutcome): Promise<void> {
  const line = checkLine(db.database.serviceType);
  const check = vscode.l10n.t('Check with Run Command…');
  const buttons = line ? [check] : [];
  const choice = await (outcome.answered ? inform(s, outcome.text, ...buttons) : warn(s, outcome.text, ...buttons));
  if (choice !== check) return;
  const linked = await linkedApp(s, db);
  await runCommandOn(s, linked.app, checkLine(db.database.serviceType, linked.alias));
}

/** The first app linked to the database, as the service lists its links. */
async function linkedApp(s: ServiceCore, db: DatabaseAt): Promise<{ app: AppRef; alias?: string }> {
  const details = await s.connections.of(db.service).api().databases.get(db.database.id, { workspace: db.workspace, priority: 'user' });
  const link = readLinkedApps(details)?.[0];
  if (!link) {
    throw new Error(vscode.l10n.t('No app is linked to {0}, so no container can reach it: link an app to it (Link App…), then run a query with Run Command… in that app.', db.database.name));
  }
  return { app: { service: db.service, workspace: db.workspace, id: link.appId, name: link.appName ?? link.appId }, alias: link.alias };
}
