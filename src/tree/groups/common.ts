import type { AppGroupNode } from '../appGroupNode';

/** The client, app id and call options for a group's one request. */
export function groupCall(group: AppGroupNode) {
  const ref = group.appRef();
  return { api: group.app.workspaceNode.ctx.api(), id: ref.id, opts: group.app.workspaceNode.callOptions() };
}
