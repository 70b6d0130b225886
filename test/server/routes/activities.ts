// GET /activities: the workspace's audit log, newest first.

import type { Context, RouteTable } from '../http/context';
import { badRequest } from '../http/reply';
import { activityView } from '../views';

function listActivities(ctx: Context) {
  const raw = ctx.query.get('limit');
  const limit = raw === null || raw === '' ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw badRequest('limit must be an integer between 1 and 200');
  return ctx.state.store.activitiesIn(ctx.workspace.id).slice(0, limit).map(activityView);
}

export function activityRoutes(r: RouteTable): void {
  r.get('/activities', listActivities);
}
