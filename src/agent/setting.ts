import { settings } from '../settings';

/** The off switch of the agent tools (machine scope: no workspace can turn them on). */
export const AGENT_TOOLS_SETTING = 'agentTools.enabled';

export function agentToolsEnabled(): boolean {
  return settings.agentToolsEnabled();
}
