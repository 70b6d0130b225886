// Account-level resources: SSH keys, teams and members, notification channels,
// and the activity log.

import type { CallOptions, Requester } from '../callTypes';
import type { Activity, Member, MessageResult, NotificationChannel, SshKey, Team } from '../models';
import { toActivity, toMember, toMessage, toNotificationChannel, toSshKey, toTeam } from '../modelReaders';
import { path } from './path';

export interface NewNotificationChannel {
  teamId?: string;
  /** email, slack, webhook, discord, telegram, push */
  channel: string;
  events: string[];
  config: Record<string, unknown>;
  appId?: string;
}

export function accountEndpoints(api: Requester) {
  const sshKeys = {
    /** GET /ssh_keys */
    async list(opts?: CallOptions): Promise<SshKey[]> {
      return (await api.requestList({ method: 'GET', path: '/ssh_keys' }, opts, ['ssh_keys', 'keys'])).map(toSshKey);
    },
    /** POST /ssh_keys `{name, public_key}` */
    async add(input: { name: string; publicKey: string }, opts?: CallOptions): Promise<SshKey> {
      const body = { name: input.name, public_key: input.publicKey };
      return toSshKey((await api.request({ method: 'POST', path: '/ssh_keys', body }, opts)).body);
    },
    /** DELETE /ssh_keys/:id */
    async remove(keyId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/ssh_keys/${keyId}` }, opts)).body);
    },
  };

  const teams = {
    /** GET /teams (teams with a `slug` are workspaces) */
    async list(opts?: CallOptions): Promise<Team[]> {
      return (await api.requestList({ method: 'GET', path: '/teams' }, opts, ['teams'])).map(toTeam);
    },
    /** POST /teams `{name}` */
    async create(name: string, opts?: CallOptions): Promise<Team> {
      return toTeam((await api.request({ method: 'POST', path: '/teams', body: { name } }, opts)).body);
    },
    /** GET /teams/:id/members */
    async listMembers(teamId: string, opts?: CallOptions): Promise<Member[]> {
      return (await api.requestList({ method: 'GET', path: path`/teams/${teamId}/members` }, opts, ['members'])).map(toMember);
    },
    /** POST /teams/:id/members `{email, role?}` (404 "User not found") */
    async addMember(teamId: string, input: { email: string; role?: 'viewer' | 'member' | 'admin' }, opts?: CallOptions): Promise<Member> {
      const body = { email: input.email, role: input.role };
      return toMember((await api.request({ method: 'POST', path: path`/teams/${teamId}/members`, body }, opts)).body);
    },
    /** DELETE /teams/:id/members/:mid */
    async removeMember(teamId: string, memberId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/teams/${teamId}/members/${memberId}` }, opts)).body);
    },
  };

  const notifications = {
    /** GET /notifications */
    async list(opts?: CallOptions): Promise<NotificationChannel[]> {
      return (await api.requestList({ method: 'GET', path: '/notifications' }, opts, ['notifications', 'channels'])).map(toNotificationChannel);
    },
    /** POST /notifications `{team_id, channel, events, config, app_record_id?}` */
    async create(input: NewNotificationChannel, opts?: CallOptions): Promise<NotificationChannel> {
      const body = { team_id: input.teamId, channel: input.channel, events: input.events, config: input.config, app_record_id: input.appId };
      // Webhook URLs and bot tokens are credentials: never echoed in an error.
      const secrets = Object.values(input.config ?? {}).filter((v): v is string => typeof v === 'string');
      return toNotificationChannel((await api.request({ method: 'POST', path: '/notifications', body, secrets }, opts)).body);
    },
    /** DELETE /notifications/:id */
    async delete(channelId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/notifications/${channelId}` }, opts)).body);
    },
  };

  const activities = {
    /** GET /activities?limit=1..200 (newest first) */
    async list(query: { limit?: number } = {}, opts?: CallOptions): Promise<Activity[]> {
      const limit = query.limit === undefined ? undefined : Math.max(1, Math.min(200, Math.floor(query.limit)));
      return (await api.requestList({ method: 'GET', path: '/activities', query: { limit } }, opts, ['activities'])).map(toActivity);
    },
  };

  return { sshKeys, teams, notifications, activities };
}
