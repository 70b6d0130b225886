import type { AppGroupNode } from '../appGroupNode';
import type { DatabaseGroupNode } from '../databaseGroupNode';

/** The client, app id and call options for a group's one request. */
export function groupCall(group: AppGroupNode) {
  const ref = group.appRef();
  return { api: group.app.workspaceNode.ctx.api(), id: ref.id, opts: group.app.workspaceNode.callOptions() };
}

/** The client, database id and call options for a database part's one request. */
export function databaseGroupCall(group: DatabaseGroupNode) {
  const ws = group.databaseNode.workspaceNode;
  return { api: ws.ctx.api(), id: group.databaseNode.database.id, opts: ws.callOptions() };
}
