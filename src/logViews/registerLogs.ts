// The logs area of the extension: live tails in output channels and deploy logs in
// editor tabs. Built once at activation; the commands (src/commands/logs.ts) find
// it through the Services object they are given.
import type { Services } from '../services';
import { DeployLogs } from './deployLogs';
import { LogTails } from './logTails';

export interface LogsArea {
  readonly tails: LogTails;
  readonly deployLogs: DeployLogs;
}

const areas = new WeakMap<Services, LogsArea>();

/** Creates the logs area; everything it holds is disposed (tails stopped) on deactivation. */
export function registerLogs(s: Services): LogsArea {
  const area: LogsArea = { tails: new LogTails(s), deployLogs: new DeployLogs(s) };
  s.context.subscriptions.push(area.tails, area.deployLogs);
  areas.set(s, area);
  return area;
}

export function logsArea(s: Services): LogsArea {
  const area = areas.get(s);
  if (!area) throw new Error('registerLogs() has not run');
  return area;
}
