import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { workspaceHeader, type NotificationChannel } from '../api';
import { scopeToWorkspace, type Workspace } from '../auth/workspaces';
import { maskUrl } from '../configText/secrets';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { resolveWorkspace, workspaceLabel } from '../kit/targets';
import { UserCancelled } from '../model';
import { confirm } from '../kit/prompts';
import { settings } from '../settings';
import type { Action } from '../kit/action';

/** The events the service sends notifications for (wokku: a deploy's outcome, a failed backup). */
export const EVENTS = ['deploy_succeeded', 'deploy_failed', 'backup_failed'] as const;

function eventDescriptions(): Record<(typeof EVENTS)[number], string> {
  return {
    deploy_succeeded: vscode.l10n.t('a deploy finished'),
    deploy_failed: vscode.l10n.t('a deploy failed'),
    backup_failed: vscode.l10n.t('a database backup failed'),
  };
}

/** A config field a channel type needs: its key, what to ask, and how to check it as the user types. */
interface ConfigField {
  key: string;
  prompt: string;
  placeholder: string;
  check: RegExp;
  problem: string;
}

const url = (pattern: RegExp, example: string) => ({ check: pattern, placeholder: example });

/** The channel types and the config each needs (what the service validates). */
export function channelTypes(): Record<string, { icon: string; label: string; fields: ConfigField[] }> {
  return {
    email: { icon: 'mail', label: vscode.l10n.t('E-mail'), fields: [{ key: 'address', prompt: vscode.l10n.t('E-mail address that receives the notifications'), placeholder: 'ops@example.com', check: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, problem: vscode.l10n.t('Enter an e-mail address, e.g. ops@example.com') }] },
    slack: { icon: 'comment-discussion', label: 'Slack', fields: [{ key: 'webhook_url', prompt: vscode.l10n.t('Slack incoming webhook URL'), ...url(/^https:\/\/hooks\.slack\.com\/\S+$/, 'https://hooks.slack.com/services/…'), problem: vscode.l10n.t('A Slack webhook URL starts with https://hooks.slack.com/') }] },
    webhook: { icon: 'globe', label: vscode.l10n.t('Webhook'), fields: [{ key: 'url', prompt: vscode.l10n.t('URL that receives a POST for each event'), ...url(/^https?:\/\/[^\s/]+\S*$/, 'https://example.com/hooks/apphost'), problem: vscode.l10n.t('Enter an http:// or https:// URL') }] },
    discord: { icon: 'comment', label: 'Discord', fields: [{ key: 'webhook_url', prompt: vscode.l10n.t('Discord webhook URL'), ...url(/^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\/\S+$/, 'https://discord.com/api/webhooks/123/abc'), problem: vscode.l10n.t('A Discord webhook URL starts with https://discord.com/api/webhooks/') }] },
    telegram: {
      icon: 'send',
      label: 'Telegram',
      fields: [
        { key: 'bot_token', prompt: vscode.l10n.t('Token of the Telegram bot (from @BotFather)'), placeholder: '123456:ABC-DEF', check: /^\d+:[\w-]+$/, problem: vscode.l10n.t('A bot token looks like 123456:ABC-DEF') },
        { key: 'chat_id', prompt: vscode.l10n.t('Chat id the bot posts to'), placeholder: '-1001234567890', check: /^-?\d+$/, problem: vscode.l10n.t('A chat id is a number, e.g. -1001234567890') },
      ],
    },
    push: { icon: 'device-mobile', label: vscode.l10n.t('Push (mobile app)'), fields: [] },
  };
}

export function validateField(field: ConfigField, value: string): string | undefined {
  return field.check.test(value.trim()) ? undefined : field.problem;
}

/** The team id to send for a workspace: its team's id (or slug); none for a personal workspace that is no team. */
function teamIdOf(w: Workspace): string | undefined {
  return w.teamId ?? workspaceHeader(w.slug);
}

/** Notification channels of a workspace. */
export const notificationActions: readonly Action[] = [
  { command: 'apphost.notifications.manage', run: manageChannels },
  { command: 'apphost.notification.create', run: createChannel },
  { command: 'apphost.notification.delete', run: deleteChannel },
];

/**
 * "$(comment-discussion) Slack · https://hooks.slack.com/••••••••". Webhook URLs and bot
 * tokens are credentials (anyone holding one can post): masked unless `reveal`.
 */
function channelLabel(c: NotificationChannel, reveal = false): string {
  const type = channelTypes()[c.channel];
  const key = ['address', 'url', 'webhook_url', 'chat_id'].find((k) => typeof c.config[k] === 'string');
  const value = key ? (c.config[key] as string) : undefined;
  const where = value === undefined || reveal || !SECRET_CHANNEL_FIELDS.has(key!) ? value : maskUrl(value);
  return `$(${type?.icon ?? 'bell'}) ${type?.label ?? c.channel}${where ? ` · ${where}` : ''}`;
}

/** Channel config fields that are credentials. */
const SECRET_CHANNEL_FIELDS = new Set(['url', 'webhook_url', 'bot_token']);

type ChannelItem = vscode.QuickPickItem & { channel?: NotificationChannel; create?: true; reveal?: boolean };

/** The workspace's channels: create from the top, select one to delete it. Comes back until Escape. */
async function manageChannels(s: ServiceCore, target: CommandTarget | Workspace | undefined): Promise<void> {
  const workspace = await resolveWorkspace(s, target, { from: ['workspace'], teamId: true });
  let reveal = !settings.maskSecrets();
  for (;;) {
    const shown = reveal;
    const items = s.connections.of(s.service).api().notifications.list({ workspace: workspace.slug, priority: 'user' }).then((all): ChannelItem[] => {
      const list = scopeToWorkspace(workspace, all);
      return [
      { label: `$(add) ${vscode.l10n.t('Create Notification Channel…')}`, create: true, alwaysShow: true },
      ...(settings.maskSecrets() ? [{
        label: shown ? `$(eye-closed) ${vscode.l10n.t('Hide Webhook URLs')}` : `$(eye) ${vscode.l10n.t('Reveal Webhook URLs')}`,
        detail: shown ? undefined : vscode.l10n.t('They are credentials: anyone who has one can post to the channel.'),
        reveal: !shown,
        alwaysShow: true,
      }] : []),
      { label: vscode.l10n.t('Channels'), kind: vscode.QuickPickItemKind.Separator },
      ...list.map((c): ChannelItem => ({ label: channelLabel(c, shown), description: c.events.join(', '), detail: vscode.l10n.t('Select to delete'), channel: c })),
      ];
    });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Notification channels of {0}', workspaceLabel(workspace)),
      placeHolder: vscode.l10n.t('Create a channel, or select one to delete it'),
      matchOnDescription: true,
    });
    if (!picked) return;
    if (picked.reveal !== undefined) {
      reveal = picked.reveal;
      continue;
    }
    try {
      if (picked.create) await createChannel(s, workspace);
      else if (picked.channel) await deleteChannel(s, workspace, picked.channel);
    } catch (error) {
      if (!(error instanceof UserCancelled)) throw error;
    }
  }
}

async function createChannel(s: ServiceCore, target: CommandTarget | Workspace | undefined): Promise<NotificationChannel> {
  const workspace = await resolveWorkspace(s, target, { from: ['workspace'], teamId: true });
  const title = vscode.l10n.t('New notification channel for {0}', workspaceLabel(workspace));
  const types = channelTypes();
  const type = await vscode.window.showQuickPick(
    Object.entries(types).map(([key, t]) => ({ label: `$(${t.icon}) ${t.label}`, description: key, key })),
    { title, placeHolder: vscode.l10n.t('Where should notifications go?') },
  );
  if (!type) throw new UserCancelled();
  const events = await vscode.window.showQuickPick(
    EVENTS.map((e) => ({ label: e, description: eventDescriptions()[e], picked: e !== 'deploy_succeeded' })),
    { title, placeHolder: vscode.l10n.t('Events to notify (select one or more)'), canPickMany: true },
  );
  if (!events?.length) throw new UserCancelled();
  const config: Record<string, string> = {};
  for (const field of types[type.key].fields) {
    const value = await vscode.window.showInputBox({
      title,
      prompt: field.prompt,
      placeHolder: field.placeholder,
      ignoreFocusOut: true,
      validateInput: (v) => validateField(field, v),
    });
    if (value === undefined) throw new UserCancelled();
    config[field.key] = value.trim();
  }
  const channel = await s.connections.of(s.service).api().notifications.create(
    { teamId: teamIdOf(workspace), channel: type.key, events: events.map((e) => e.label), config },
    { workspace: workspace.slug, priority: 'user' },
  );
  void inform(s, vscode.l10n.t('{0} notifications created for {1}.', types[type.key].label, events.map((e) => e.label).join(', ')));
  return channel;
}

async function deleteChannel(s: ServiceCore, target: CommandTarget | Workspace | undefined, channel?: NotificationChannel): Promise<void> {
  const workspace = await resolveWorkspace(s, target, { from: ['workspace'] });
  if (!channel?.id) {
    const list = s.connections.of(s.service).api().notifications.list({ workspace: workspace.slug, priority: 'user' }).then((l) => scopeToWorkspace(workspace, l).map((c) => ({ label: channelLabel(c, !settings.maskSecrets()), description: c.events.join(', '), channel: c })));
    const picked = await vscode.window.showQuickPick(list, { title: vscode.l10n.t('Delete a notification channel of {0}', workspaceLabel(workspace)), placeHolder: vscode.l10n.t('Select the channel to delete') });
    if (!picked) throw new UserCancelled();
    channel = picked.channel;
  }
  await confirm(s,
    vscode.l10n.t('Delete this notification channel?'),
    `${channelLabel(channel, !settings.maskSecrets()).replace(/^\$\([^)]+\) /, '')}\n${channel.events.join(', ')}`,
    vscode.l10n.t('Delete'),
  );
  await s.connections.of(s.service).api().notifications.delete(channel.id, { workspace: workspace.slug, priority: 'user' });
  void inform(s, vscode.l10n.t('Notification channel deleted.'));
}
