// GET /activities: newest first. By default, like wokku, only the feed of the caller's
// first team (what they did anywhere, and deploys of that team's apps); in header mode
// the selected workspace's feed.

import type { Context, RouteTable } from '../http/context';
import { activityView } from '../views';
import { headerMode } from './lookup';

/** Ruby's `[[limit.to_i, 1].max, 200].min`: never an error, "abc" counts as 1. */
function limitOf(raw: string | null): number {
  const n = raw === null || raw === '' ? 50 : parseInt(raw.trim(), 10) || 0;
  return Math.min(Math.max(n, 1), 200);
}

function listActivities(ctx: Context) {
  const { store } = ctx.state;
  const feed = headerMode(ctx)
    ? store.activitiesIn(ctx.workspace.id, 'workspaceId')
    : store.activitiesIn(store.personalWorkspace(ctx.user.id).id, 'teamId');
  return feed.slice(0, limitOf(ctx.query.get('limit'))).map(activityView);
}

export function activityRoutes(r: RouteTable): void {
  r.get('/activities', listActivities);
}
