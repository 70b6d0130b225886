// The logs area of the extension: live tails in output channels, deploy logs and recent
// lines in editor tabs, and stack frames in all of them as links to the code. Built once
// at activation; the commands (src/commands/logs.ts) find it through the Core object
// they are given.
import type * as vscode from 'vscode';
import type { AppRef } from '../model';
import { DEPLOY_LOG_SCHEME, RECENT_LOG_SCHEME } from '../schemes';
import { areaSlot, type Core } from '../core';
import { DeployLogs, parseDeployLogUri } from './deployLogs';
import { DiagnosisDocuments } from './diagnoses';
import { LogTails } from './logTails';
import { parseRecentLinesUri, RecentLines } from './recentLines';
import { registerStackLinks } from './stackLinks';

export interface LogsArea {
  readonly tails: LogTails;
  readonly deployLogs: DeployLogs;
  readonly recentLines: RecentLines;
  /** Diagnoses of failed deploys, beside their logs. */
  readonly diagnoses: DiagnosisDocuments;
}

const areas = areaSlot<LogsArea>('The logs area');

/**
 * Creates the logs area; everything it holds is disposed (tails stopped) on deactivation.
 * `foldersOf` gives the folders linked to an app (the deploy area's links), where stack
 * frames lead.
 */
export function registerLogs(s: Core, foldersOf: (app: AppRef) => readonly vscode.Uri[]): LogsArea {
  const area: LogsArea = { tails: new LogTails(s), deployLogs: new DeployLogs(s), recentLines: new RecentLines(s), diagnoses: new DiagnosisDocuments(s.context, (service) => s.connections.nameWhenSeveral(service)) };
  s.context.subscriptions.push(area.tails, area.deployLogs, area.recentLines, area.diagnoses);
  registerStackLinks(s.context, { appOf: (uri) => appOfLogDocument(area, uri, s.connections.firstId()), foldersOf });
  return areas.set(s, area);
}

/** The app whose log a document shows: a tail's channel, a deploy log tab, a recent lines tab. */
function appOfLogDocument(area: LogsArea, uri: vscode.Uri, firstService: string): AppRef | undefined {
  if (uri.scheme === DEPLOY_LOG_SCHEME) return parseDeployLogUri(uri, firstService).app;
  if (uri.scheme === RECENT_LOG_SCHEME) return parseRecentLinesUri(uri, firstService).app;
  return area.tails.appOfOutput(uri);
}

export const logsArea = areas.get;
