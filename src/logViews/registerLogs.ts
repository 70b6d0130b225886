// The logs area of the extension: live tails in output channels and deploy logs in
// editor tabs. Built once at activation; the commands (src/commands/logs.ts) find
// it through the Services object they are given.
import { areaSlot, type Services } from '../services';
import { DeployLogs } from './deployLogs';
import { LogTails } from './logTails';

export interface LogsArea {
  readonly tails: LogTails;
  readonly deployLogs: DeployLogs;
}

const areas = areaSlot<LogsArea>('The logs area');

/** Creates the logs area; everything it holds is disposed (tails stopped) on deactivation. */
export function registerLogs(s: Services): LogsArea {
  const area: LogsArea = { tails: new LogTails(s), deployLogs: new DeployLogs(s) };
  s.context.subscriptions.push(area.tails, area.deployLogs);
  return areas.set(s, area);
}

export const logsArea = areas.get;
