// Wire shapes, exactly as in api-contract.md (snake_case, ids as strings). Where the
// workspace-header mode differs (slugs, team_id of personal apps) the view takes a flag.

import type { Store } from './store';
import type {
  Activity, Addon, AppRecord, Backup, DatabaseLink, DatabaseRecord, Deploy, Domain, LogDrain, Membership,
  NotificationChannel, Release, ServerRecord, SshKey, Token, User, Workspace,
} from './types';

export const userView = (u: User) => ({ id: u.id, email: u.email, role: u.role });

export const tokenView = (t: Token) => ({
  id: t.id, name: t.name, last_used_at: t.lastUsedAt, expires_at: t.expiresAt, created_at: t.createdAt,
});

/** The list's columns (wokku selects these); the private key is never shown. */
export const serverView = (s: ServerRecord) => ({
  id: s.id, name: s.name, host: s.host, port: s.port, status: s.status, created_at: s.createdAt,
});

/** Show and create: every column but the private key (API-added servers have no team). */
export const serverDetailView = (s: ServerRecord) => ({
  ...serverView(s), ssh_user: s.sshUser, team_id: null, updated_at: s.createdAt,
});

/** By default every app carries its team's id; the header mode keeps the specification's null for personal apps. */
export function appTeamId(store: Store, a: AppRecord, headerMode: boolean): string | null {
  return headerMode && store.workspaces.get(a.workspaceId)?.kind === 'personal' ? null : a.workspaceId;
}

/** `older`: an older wokku, from before preview apps (no preview columns). */
export const appView = (a: AppRecord, teamId: string | null, older = false) => ({
  id: a.id,
  name: a.name,
  server_id: a.serverId,
  team_id: teamId,
  status: a.status,
  ...(older ? {} : { is_preview: a.isPreview, pr_number: a.prNumber, parent_app_id: a.parentAppId }),
  created_at: a.createdAt,
});

/** wokku's git gateway host (WOKKU_GIT_HOST); the remote never names the Dokku server. */
export const GIT_HOST = 'git.apphost.example';

/** `remote`: the gateway's HTTP address instead of wokku's SSH form (the server's `gitRemote: 'http'`). */
export function appDetailView(store: Store, a: AppRecord, headerMode: boolean, httpRemote?: string, older = false) {
  const remote = httpRemote ?? `git@${GIT_HOST}:${a.name}`;
  return {
    ...appView(a, appTeamId(store, a, headerMode), older),
    deploy_branch: a.deployBranch,
    updated_at: a.createdAt,
    // wokku renders every column: a GitHub-connected app's webhook secret included.
    github_repo_full_name: a.github?.repo ?? null,
    git_repository_url: a.gitRepositoryUrl ?? null,
    github_webhook_secret: a.github?.webhookSecret ?? null,
    git_remote: remote,
    push_instructions: `git remote add wokku ${remote} && git push wokku ${a.deployBranch}`,
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
  commit_sha: d.shaRecorded === false ? null : d.commitSha,
  description: d.description,
  started_at: d.startedAt,
  finished_at: d.finishedAt,
  created_at: d.createdAt,
});

export const deployDetailView = (d: Deploy) => ({ ...deployView(d), log: d.log.join('\n') });

/** An addon of wokku's list: one of the app's database services (provisioned for it, or linked to it). */
export const addonView = (a: Pick<Addon, 'id' | 'name' | 'serviceType'> & { status: string }, serverName: string) => ({
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

/** wokku's teams have no slug; the header mode shows the slug that selects the workspace. */
export const teamView = (w: Workspace, headerMode: boolean) =>
  headerMode
    ? { id: w.id, name: w.name, owner_id: w.ownerId, created_at: w.createdAt, slug: w.slug }
    : { id: w.id, name: w.name, owner_id: w.ownerId, created_at: w.createdAt, updated_at: w.createdAt };

export const memberView = (m: Membership, user: User) => ({ id: m.id, user_id: user.id, email: user.email, role: m.role });

export const notificationView = (n: NotificationChannel, teamId: string | null) => ({
  id: n.id, team_id: teamId, channel: n.channel, events: [...n.events], config: { ...n.config }, app_record_id: n.appId,
});

/** wokku's Activity::ACTIONS: the description is a fragment that `target_name` completes. */
export const ACTIVITY_DESCRIPTIONS: Record<string, string> = {
  'app.created': 'created app',
  'app.destroyed': 'destroyed app',
  'app.deployed': 'deployed',
  'app.restarted': 'restarted app',
  'app.stopped': 'stopped app',
  'app.started': 'started app',
  'config.updated': 'updated config for',
  'domain.added': 'added domain to',
  'domain.removed': 'removed domain from',
  'domain.ssl_enabled': 'enabled SSL on',
  'ssh_key.added': 'added SSH key',
  'ssh_key.removed': 'removed SSH key',
  'billing.deposit': 'deposited to wallet',
  'billing.daily_debit': 'billed daily usage',
  'billing.app_suspended': 'suspended apps (low balance)',
  'billing.app_resumed': 'resumed apps',
  'database.created': 'created database',
  'database.destroyed': 'destroyed database',
  'database.linked': 'linked database to',
  'server.created': 'added server',
  'server.destroyed': 'removed server',
  'backup.created': 'backed up',
  'backup.restored': 'restored',
  'github.connected': 'connected GitHub repo to',
  'github.disconnected': 'disconnected GitHub from',
  'template.deployed': 'deployed template',
  'notification.created': 'created notification rule',
  'team.member_added': 'added team member',
  'team.member_removed': 'removed team member',
};

/** Unknown actions (the API's own `app.stoped`, `addon.created`, `log_drain.added`...) come back with description = action. */
export const activityView = (a: Activity) => ({
  id: a.id,
  action: a.action,
  description: ACTIVITY_DESCRIPTIONS[a.action] ?? a.action,
  target_name: a.targetName,
  target_type: a.targetType,
  created_at: a.createdAt,
});
