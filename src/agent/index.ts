// The agent tools of the features bundle: every tool package.json contributes
// (languageModelTools), by name. See docs/architecture.md, "Agent tools".
import type { Core } from '../core';
import { AgentTools } from './agentTools';
import { APP_ACTIONS } from '../actions';
import { appActionTools } from './appActionTool';
import { appStatus, listApps } from './appTools';
import { changeConfig, readConfig } from './configTools';
import { deployFolder } from './deployTool';
import { deployLog, listReleases, recentActivity } from './historyTools';
import { recentLogs } from './logTool';
import { runCommand } from './runTool';

export { AgentTools } from './agentTools';

export function agentTools(s: Core): AgentTools {
  return new AgentTools(s, [
    listApps, appStatus, recentLogs, readConfig, deployLog, listReleases, recentActivity,
    ...appActionTools(APP_ACTIONS), changeConfig, deployFolder, runCommand,
  ]);
}
