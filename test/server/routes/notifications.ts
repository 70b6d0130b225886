// /notifications: channels that receive events of the selected workspace.

import type { Context, RouteTable } from '../http/context';
import { created, message, notFound } from '../http/reply';
import { newId, nowIso } from '../store';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type NotificationChannel } from '../types';
import { Errors, str } from '../validate';
import { notificationView } from '../views';
import { activity } from './lookup';

type Channel = NotificationChannel['channel'];

/** Config keys each channel needs, and how to check them. */
const REQUIRED_CONFIG: Record<Channel, [string, (v: string) => boolean][]> = {
  email: [['address', (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)]],
  slack: [['webhook_url', (v) => v.startsWith('https://hooks.slack.com/')]],
  webhook: [['url', (v) => /^https?:\/\/\S+$/.test(v)]],
  discord: [['webhook_url', (v) => /^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\//.test(v)]],
  telegram: [['bot_token', (v) => /^\d+:[\w-]+$/.test(v)], ['chat_id', (v) => /^-?\d+$/.test(v)]],
  push: [],
};

function createChannel(ctx: Context) {
  const { body, workspace } = ctx;
  const channel = str(body, 'channel') as Channel | undefined;
  const errors = new Errors();
  if (!channel) errors.add("Channel can't be blank");
  else if (!NOTIFICATION_CHANNELS.includes(channel)) errors.add(`Channel must be one of ${NOTIFICATION_CHANNELS.join(', ')}`);

  const events = body.events;
  if (!Array.isArray(events) || events.length === 0) errors.add("Events can't be blank");
  else {
    const unknown = events.filter((e) => typeof e !== 'string' || !(NOTIFICATION_EVENTS as readonly string[]).includes(e));
    if (unknown.length) errors.add(`Events contains unknown events: ${unknown.map(String).join(', ')} (known: ${NOTIFICATION_EVENTS.join(', ')})`);
  }

  const config = body.config ?? {};
  if (typeof config !== 'object' || config === null || Array.isArray(config)) errors.add('Config must be an object');
  else if (channel && NOTIFICATION_CHANNELS.includes(channel)) {
    for (const [key, ok] of REQUIRED_CONFIG[channel]) {
      const v = (config as Record<string, unknown>)[key];
      if (typeof v !== 'string' || v === '') errors.add(`Config ${key} can't be blank for ${channel}`);
      else if (!ok(v)) errors.add(`Config ${key} is invalid for ${channel}`);
    }
  }

  const teamRef = str(body, 'team_id');
  const ownTeam = workspace.kind === 'team' ? workspace.id : null;
  if (teamRef && teamRef !== ownTeam && teamRef !== workspace.slug) errors.add('Team must exist (the team of the selected workspace)');

  const appRef = str(body, 'app_record_id');
  const app = appRef ? ctx.state.store.findApp(workspace.id, appRef) : undefined;
  if (appRef && !app) errors.add('App record must exist');
  errors.check();

  const rec: NotificationChannel = {
    id: newId(), workspaceId: workspace.id, teamId: ownTeam, channel: channel!, events: [...new Set(events as string[])],
    config: { ...(config as Record<string, unknown>) }, appId: app?.id ?? null, createdAt: nowIso(),
  };
  ctx.state.store.notifications.set(rec.id, rec);
  activity(ctx, 'notification.create', 'NotificationChannel', rec.channel, `${rec.channel} notifications for ${rec.events.join(', ')}${app ? ` of ${app.name}` : ''}`);
  return created(notificationView(rec));
}

function deleteChannel(ctx: Context) {
  const rec = ctx.state.store.notifications.get(ctx.params.id);
  if (!rec || rec.workspaceId !== ctx.workspace.id) throw notFound();
  ctx.state.store.notifications.delete(rec.id);
  activity(ctx, 'notification.delete', 'NotificationChannel', rec.channel, `${rec.channel} notification channel removed`);
  return message('Notification removed');
}

export function notificationRoutes(r: RouteTable): void {
  r.get('/notifications', (ctx) =>
    [...ctx.state.store.notifications.values()].filter((n) => n.workspaceId === ctx.workspace.id).map(notificationView),
  );
  r.post('/notifications', createChannel);
  r.del('/notifications/:id', deleteChannel);
}
