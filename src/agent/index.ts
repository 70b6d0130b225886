// The agent tools of the features bundle: every tool package.json contributes
// (languageModelTools), by name: the tools of the actions on one app, built from their
// descriptors (src/actions/), and the agent's own. See docs/architecture.md, "An agent tool".
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
