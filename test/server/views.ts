// Wire shapes, exactly as in api-contract.md (snake_case, ids as strings).

import type { Store } from './store';
import type {
  Activity, Addon, AppRecord, Backup, DatabaseLink, DatabaseRecord, Deploy, Domain, LogDrain, Membership,
  NotificationChannel, Release, ServerRecord, SshKey, Token, User, Workspace,
} from './types';

export const userView = (u: User) => ({ id: u.id, email: u.email, role: u.role });

export const tokenView = (t: Token) => ({
  id: t.id, name: t.name, last_used_at: t.lastUsedAt, expires_at: t.expiresAt, created_at: t.createdAt,
});

export const serverView = (s: ServerRecord) => ({
  id: s.id, name: s.name, host: s.host, port: s.port, status: s.status, created_at: s.createdAt,
});

export const appView = (a: AppRecord) => ({
  id: a.id,
  name: a.name,
  server_id: a.serverId,
  team_id: a.teamId,
  status: a.status,
  is_preview: a.isPreview,
  pr_number: a.prNumber,
  parent_app_id: a.parentAppId,
  created_at: a.createdAt,
});

export function appDetailView(store: Store, a: AppRecord) {
  const server = store.servers.get(a.serverId);
  const host = server?.host ?? 'unknown-host';
  return {
    ...appView(a),
    deploy_branch: a.deployBranch,
    git_remote: `dokku@${host}:${a.name}`,
    push_instructions: `git remote add apphost dokku@${host}:${a.name}\ngit push apphost ${a.deployBranch}:master`,
  };
}

export const domainView = (d: Domain) => ({ id: d.id, hostname: d.hostname, ssl_enabled: d.sslEnabled, created_at: d.createdAt });

export const releaseView = (r: Release) => ({
  id: r.id, version: r.version, description: r.description, deploy_id: r.deployId, created_at: r.createdAt,
});

export const releaseDetailView = (r: Release) => ({ ...releaseView(r), commit_sha: r.commitSha });

export const deployView = (d: Deploy) => ({
  id: d.id,
  status: d.status,
  commit_sha: d.commitSha,
  description: d.description,
  started_at: d.startedAt,
  finished_at: d.finishedAt,
  created_at: d.createdAt,
});

export const deployDetailView = (d: Deploy) => ({ ...deployView(d), log: d.log.join('\n') });

export const addonView = (a: Addon, serverName: string) => ({
  id: a.id, name: a.name, service_type: a.serviceType, status: a.status, server: serverName,
});

export const drainView = (d: LogDrain) => ({ id: d.id, url: d.url, drain_type: d.drainType, created_at: d.createdAt });

export const databaseView = (d: DatabaseRecord) => ({
  id: d.id, name: d.name, service_type: d.serviceType, status: d.status, server_id: d.serverId, created_at: d.createdAt,
});

export const linkView = (l: DatabaseLink) => ({
  id: l.id, app_record_id: l.appId, database_service_id: l.databaseId, alias_name: l.alias,
});

export const backupView = (b: Backup) => ({ id: b.id, status: b.status, size_bytes: b.sizeBytes, created_at: b.createdAt });

export const sshKeyView = (k: SshKey) => ({ id: k.id, name: k.name, fingerprint: k.fingerprint, created_at: k.createdAt });

export const teamView = (w: Workspace) => ({ id: w.id, name: w.name, owner_id: w.ownerId, created_at: w.createdAt, slug: w.slug });

export const memberView = (m: Membership, user: User) => ({ id: m.id, user_id: user.id, email: user.email, role: m.role });

export const notificationView = (n: NotificationChannel) => ({
  id: n.id, team_id: n.teamId, channel: n.channel, events: [...n.events], config: { ...n.config }, app_record_id: n.appId,
});

export const activityView = (a: Activity) => ({
  id: a.id, action: a.action, description: a.description, target_name: a.targetName, target_type: a.targetType, created_at: a.createdAt,
});
