import { settings } from '../settings';

/** The off switch of the agent tools (application scope: no workspace can turn them on; the user's "off" holds in remote windows too). */
export const AGENT_TOOLS_SETTING = 'agentTools.enabled';

export function agentToolsEnabled(): boolean {
  return settings.agentToolsEnabled();
}
