// /notifications: channels that receive a team's events. By default like wokku: the
// list holds every team of the caller; `team_id` may name any of them (another team, or
// none, is a 404) and only that team's admins create or delete its channels; events are
// stored as given (only deploy_succeeded, deploy_failed and backup_failed ever fire).
// Header mode: the selected workspace's channels, `team_id` optional.

import type { Context, RouteTable } from '../http/context';
import { created, message, notFound } from '../http/reply';
import { newId, nowIso } from '../store';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type Workspace } from '../types';
import { Errors, str } from '../validate';
import { notificationView } from '../views';
import { authorizeTeam, headerMode, visibleWorkspaces } from './lookup';

type Channel = NotificationChannel['channel'];

const view = (ctx: Context, n: NotificationChannel) => {
  const team = ctx.state.store.workspaces.get(n.workspaceId);
  return notificationView(n, headerMode(ctx) && team?.kind === 'personal' ? null : n.workspaceId);
};

/** wokku: `current_user.teams.find(params[:team_id])`. Header mode: the selected workspace (named by id or slug, or omitted). */
function teamOf(ctx: Context, errors: Errors): Workspace {
  const ref = str(ctx.body, 'team_id');
  if (headerMode(ctx)) {
    const ws = ctx.workspace;
    if (ref && ref !== ws.id && ref !== ws.slug) errors.add('Team must exist (the team of the selected workspace)');
    return ws;
  }
  const team = ref ? ctx.state.store.workspacesOf(ctx.user.id).find((t) => t.id === ref) : undefined;
  if (!team) throw notFound();
  return team;
}

function createChannel(ctx: Context) {
  const { body } = ctx;
  const errors = new Errors();
  const team = teamOf(ctx, errors);
  authorizeTeam(ctx, team.id, 'destroy');
  const channel = str(body, 'channel') as Channel | undefined;
  if (!channel) errors.add("Channel can't be blank");
  else if (!NOTIFICATION_CHANNELS.includes(channel)) errors.add(`Channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}`);

  const events = Array.isArray(body.events) ? body.events.filter((e): e is string => typeof e === 'string' && e !== '') : [];
  if (events.length === 0) errors.add("Events can't be blank");

  const config = body.config ?? {};
  if (typeof config !== 'object' || config === null || Array.isArray(config)) errors.add('Config must be an object');

  const appRef = str(body, 'app_record_id');
  const app = appRef ? ctx.state.store.anyApp(appRef) : undefined;
  if (appRef && !app) errors.add('App record must exist');
  errors.check();

  const rec: NotificationChannel = {
    id: newId(), workspaceId: team.id, teamId: team.id, channel: channel!, events: [...new Set(events)],
    config: { ...(config as Record<string, unknown>) }, appId: app?.id ?? null, createdAt: nowIso(),
  };
  ctx.state.store.notifications.set(rec.id, rec);
  return created(view(ctx, rec));
}

function deleteChannel(ctx: Context) {
  const rec = ctx.state.store.notifications.get(ctx.params.id);
  if (!rec || (headerMode(ctx) && rec.workspaceId !== ctx.workspace.id)) throw notFound();
  authorizeTeam(ctx, rec.workspaceId, 'destroy');
  ctx.state.store.notifications.delete(rec.id);
  return message('Notification removed');
}

function listChannels(ctx: Context) {
  const teams = new Set(visibleWorkspaces(ctx).map((w) => w.id));
  return [...ctx.state.store.notifications.values()].filter((n) => teams.has(n.workspaceId)).map((n) => view(ctx, n));
}

export function notificationRoutes(r: RouteTable): void {
  r.get('/notifications', listChannels);
  r.post('/notifications', createChannel);
  r.del('/notifications/:id', deleteChannel);
}
