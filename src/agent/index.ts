// The agent tools of the features bundle: every tool package.json contributes
// (languageModelTools), by name. See docs/architecture.md, "Agent tools".
import type { Core } from '../core';
import { AgentTools } from './agentTools';
import { restartApp, rollbackApp, scaleApp, startApp, stopApp } from './appActions';
import { appStatus, listApps } from './appTools';
import { changeConfig, readConfig } from './configTools';
import { deployFolder } from './deployTool';
import { deployLog, listReleases, recentActivity } from './historyTools';
import { recentLogs } from './logTool';
import { rebuildApp } from './rebuildTool';
import { runCommand } from './runTool';

export { AgentTools } from './agentTools';

export function agentTools(s: Core): AgentTools {
  return new AgentTools(s, [
    listApps, appStatus, recentLogs, readConfig, deployLog, listReleases, recentActivity,
    startApp, stopApp, restartApp, rebuildApp, changeConfig, rollbackApp, scaleApp, deployFolder, runCommand,
  ]);
}
