// Internal records of the reference server. Field names are camelCase here; the
// wire shapes (snake_case, exactly as in api-contract.md) are built in views.ts.

/** Platform role, as wokku's `users.role` enum. */
export type UserRole = 'member' | 'admin';
export type MemberRole = 'viewer' | 'member' | 'admin';
export type AppStatus = 'running' | 'stopped' | 'crashed' | 'deploying' | 'sleeping' | 'created';
export type ServerStatus = 'connected' | 'unreachable' | 'auth_failed' | 'syncing';
export type DatabaseStatus = 'running' | 'stopped' | 'creating' | 'error';
export type DeployStatus = 'pending' | 'building' | 'succeeded' | 'failed' | 'timed_out';
export type BackupStatus = 'running' | 'completed' | 'failed';
/** What the platform's process report says about an app's containers (its `running` field). */
export type ProcessState = 'running' | 'stopped' | 'mixed';

export const APP_STATUSES: readonly AppStatus[] = ['running', 'stopped', 'crashed', 'deploying', 'sleeping', 'created'];
export const SERVER_STATUSES: readonly ServerStatus[] = ['connected', 'unreachable', 'auth_failed', 'syncing'];
export const DATABASE_TYPES = [
  'postgres', 'redis', 'mysql', 'mongodb', 'memcached', 'rabbitmq', 'elasticsearch', 'meilisearch', 'clickhouse', 'nats',
] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];
export const MEMBER_ROLES: readonly MemberRole[] = ['viewer', 'member', 'admin'];
export const NOTIFICATION_CHANNELS = ['email', 'slack', 'webhook', 'discord', 'telegram', 'push'] as const;
/** The events the real service fires (it stores any name it is given, but only these ever fire). */
export const NOTIFICATION_EVENTS = ['deploy_succeeded', 'deploy_failed', 'backup_failed'] as const;

export interface User {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  role: UserRole;
  /** Accounts with an OTP must send it as `otp_code` on login. */
  otp: string | null;
  createdAt: string;
}

export interface Token {
  id: string;
  userId: string;
  name: string;
  /** sha256 of the value; the value itself is never stored. */
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface Plan {
  name: string;
  maxApps: number;
  /** Backups kept per database. */
  maxBackups: number;
}

/**
 * A team. Every user's first team ("<Name>'s Team", created at sign-up, kind 'personal')
 * plays the personal workspace; new apps and databases go into it by default. Other
 * teams carry a slug, which only the workspace-header mode shows and honours.
 */
export interface Workspace {
  id: string;
  kind: 'personal' | 'team';
  /** Team workspaces only; the personal one is selected by sending no header. */
  slug: string | null;
  name: string;
  ownerId: string;
  plan: Plan;
  createdAt: string;
}

export interface Membership {
  id: string;
  workspaceId: string;
  userId: string;
  role: MemberRole;
  createdAt: string;
}

export interface ServerRecord {
  id: string;
  /** The team it was added from: its workspace in header mode; by default servers are platform-wide. */
  workspaceId: string;
  name: string;
  host: string;
  port: number;
  sshUser: string;
  sshPrivateKey: string | null;
  status: ServerStatus;
  createdAt: string;
}

export interface HealthChecks {
  enabled: boolean;
  path: string;
  wait: number;
  timeout: number;
  attempts: number;
}

export interface AppRecord {
  id: string;
  /** The owning team (its `team_id`). */
  workspaceId: string;
  name: string;
  serverId: string;
  /** The record's status: only deploys and the web dashboard change it, never start/stop/restart. */
  status: AppStatus;
  /** The containers' state as the process report shows it; start/stop/restart change this. */
  processState: ProcessState;
  /** Bumped whenever new containers replace the old ones (their ids change). */
  containersVersion: number;
  isPreview: boolean;
  prNumber: number | null;
  parentAppId: string | null;
  deployBranch: string;
  createdAt: string;
  config: Record<string, string>;
  scaling: Record<string, number>;
  checks: HealthChecks;
  /** Commit currently running, null until the first deploy. */
  commitSha: string | null;
  /** A GitHub-connected app's repository and webhook secret (wokku shows the secret in clear in GET /apps/:id). */
  github?: { repo: string; webhookSecret: string };
  /** wokku's `git_repository_url`: set by github_connect, left behind by github_disconnect. */
  gitRepositoryUrl?: string | null;
  /** Dokku's buildpack list (`buildpacks:list`), in order; absent = none set (auto-detect). */
  buildpacks?: string[];
}

export interface Domain {
  id: string;
  appId: string;
  hostname: string;
  sslEnabled: boolean;
  createdAt: string;
}

export interface Release {
  id: string;
  appId: string;
  version: number;
  description: string;
  deployId: string | null;
  commitSha: string | null;
  createdAt: string;
}

export interface Deploy {
  id: string;
  appId: string;
  status: DeployStatus;
  commitSha: string;
  /** null for a git push (wokku's DeployForwarder sets none). */
  description: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  log: string[];
  /** false for a git push: wokku records no commit for it (`commit_sha` null on the wire). */
  shaRecorded?: boolean;
}

export interface Addon {
  id: string;
  appId: string;
  name: string;
  serviceType: DatabaseType;
  status: 'creating' | 'running';
}

export interface LogDrain {
  id: string;
  appId: string;
  url: string;
  drainType: 'syslog' | 'https';
  createdAt: string;
}

export interface DatabaseRecord {
  id: string;
  /** The team it was created from (not on the wire): its workspace in header mode, its visibility by default. */
  workspaceId: string;
  name: string;
  serviceType: DatabaseType;
  status: DatabaseStatus;
  serverId: string;
  createdAt: string;
  /**
   * wokku's `tier_name` (not on the wire here). 'basic', the column's default, is capped at
   * 2 completed backups (free_cap); the paid tiers have no cap. Absent = 'basic'.
   */
  tier?: 'basic' | 'standard' | 'performance';
}

export interface Backup {
  id: string;
  databaseId: string;
  status: BackupStatus;
  sizeBytes: number;
  createdAt: string;
}

export interface DatabaseLink {
  id: string;
  databaseId: string;
  appId: string;
  alias: string;
  createdAt: string;
}

export interface SshKey {
  id: string;
  userId: string;
  name: string;
  publicKey: string;
  fingerprint: string;
  createdAt: string;
}

export interface NotificationChannel {
  id: string;
  /** Its team (`team_id`). */
  workspaceId: string;
  /** The same team id (kept for tests that read the store). */
  teamId: string;
  channel: (typeof NOTIFICATION_CHANNELS)[number];
  events: string[];
  config: Record<string, unknown>;
  appId: string | null;
  createdAt: string;
}

export interface Activity {
  id: string;
  /** The workspace of the record it is about: the feed it belongs to in header mode. */
  workspaceId: string;
  /**
   * The team whose feed shows it by default: like wokku, the acting user's first team for
   * API actions, the app's team for deploys.
   */
  teamId: string;
  userId: string | null;
  /** wokku's action names; the wire `description` is derived from it (activities.ts). */
  action: string;
  targetName: string | null;
  targetType: string;
  createdAt: string;
}

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  clientName: string;
  status: DeviceStatus;
  userId: string | null;
  expiresAt: number;
  intervalSec: number;
  lastPollAt: number | null;
}
