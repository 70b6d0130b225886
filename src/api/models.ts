// Result models of the API layer. Known fields are typed (camelCase, ids as opaque
// strings); every record also keeps the server's object as `raw`, unknown fields
// included, so details views can show what a deployment sends beyond the contract.

import type { Raw } from './normalize';

export type { Raw };

export interface Resource {
  /** Opaque id (UUID, integer as string, or the name when the record has none). */
  id: string;
  raw: Raw;
}

/** Answer of the many calls that return only `{"message": ...}`. */
export interface MessageResult {
  message: string;
  raw: Raw;
}

export interface User extends Resource {
  email: string;
  name?: string;
  role?: string;
  /** Workspace slugs when the deployment lists them in whoami (not canonical). */
  workspaces: string[];
}

export interface Session {
  token: string;
  user: User;
}

export interface ApiToken extends Resource {
  name: string;
  lastUsedAt?: string;
  expiresAt?: string;
  createdAt?: string;
}

export interface CreatedApiToken extends Resource {
  name: string;
  /** Shown once: store it now. */
  token: string;
}

export interface DeviceCode {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresInSec: number;
  intervalSec: number;
  raw: Raw;
}

/** One poll of the device sign-in: `ok` carries the session. */
export type DeviceTokenResult =
  | { status: 'ok'; session: Session }
  | { status: 'pending' | 'slow_down' | 'denied' | 'expired' | 'used'; message: string };

export interface Server extends Resource {
  name: string;
  host?: string;
  port?: number;
  status?: string;
  /** The team that added it, when the service says (wokku lists every server to everyone). */
  teamId?: string;
  createdAt?: string;
}

export interface ServerStatus {
  status: string;
  connected: boolean;
  raw: Raw;
}

export interface App extends Resource {
  name: string;
  status: string;
  serverId?: string;
  teamId?: string;
  isPreview: boolean;
  /** Whether the service sent `is_preview` at all: an older wokku (before preview apps) or the plain specification does not. */
  sendsPreviewFields?: boolean;
  prNumber?: number;
  parentAppId?: string;
  deployBranch?: string;
  createdAt?: string;
  /** Details only. */
  gitRemote?: string;
  pushInstructions?: string;
  /** Details only: the GitHub repository (`owner/name`) it deploys from, when connected. */
  githubRepo?: string;
  /** Details only: wokku's `git_repository_url` (left behind after a disconnect). */
  gitRepositoryUrl?: string;
}

export type ConfigVars = Record<string, string>;

export interface ConfigChange {
  message: string;
  /** Keys the server reports as changed/removed. */
  keys: string[];
  raw: Raw;
}

export interface Domain extends Resource {
  hostname: string;
  sslEnabled: boolean;
  createdAt?: string;
}

export interface Release extends Resource {
  version?: number;
  description?: string;
  deployId?: string;
  commitSha?: string;
  createdAt?: string;
}

/** A platform report (`ps`, `checks`): flat map of strings, booleans as "true"/"false". */
export type PlatformReport = Record<string, string>;

export interface ScaleResult {
  message: string;
  scaling: Record<string, number>;
  raw: Raw;
}

export interface HealthCheckSettings {
  enabled?: boolean;
  path?: string;
  wait?: number;
  timeout?: number;
  attempts?: number;
}

export interface Logs {
  lines: string[];
  /** `lines` joined with "\n". */
  text: string;
}

export interface Deploy extends Resource {
  status: string;
  commitSha?: string;
  description?: string;
  startedAt?: string;
  finishedAt?: string;
  createdAt?: string;
  /** Details only: the build log. */
  log?: string;
}

export interface Addon extends Resource {
  name: string;
  serviceType: string;
  status?: string;
  server?: string;
}

export interface LogDrain extends Resource {
  url: string;
  drainType: string;
  createdAt?: string;
}

export interface Template extends Resource {
  /** The id used in paths (`id` falls back to it). */
  slug: string;
  name: string;
  description?: string;
  category?: string;
}

export interface TemplateList {
  templates: Template[];
  categories: string[];
}

export interface TemplateDeployment {
  app: App;
  deploy?: Deploy;
  raw: Raw;
}

export interface Database extends Resource {
  name: string;
  serviceType: string;
  status?: string;
  serverId?: string;
  /** The owning team, when the service says (wokku's records do not). */
  teamId?: string;
  createdAt?: string;
}

export interface DatabaseLink extends Resource {
  appId?: string;
  databaseId?: string;
  aliasName?: string;
}

export interface Backup extends Resource {
  status?: string;
  sizeBytes?: number;
  createdAt?: string;
}

export interface SshKey extends Resource {
  name: string;
  fingerprint?: string;
  createdAt?: string;
}

export interface Team extends Resource {
  name: string;
  ownerId?: string;
  /** Workspace slug (`slug` or `workspace`) when the team is a workspace. */
  slug?: string;
  createdAt?: string;
}

export interface Member extends Resource {
  userId?: string;
  email: string;
  role?: string;
}

export interface NotificationChannel extends Resource {
  channel: string;
  events: string[];
  config: Raw;
  teamId?: string;
  appId?: string;
}

export interface Activity extends Resource {
  action: string;
  description?: string;
  targetName?: string;
  targetType?: string;
  createdAt?: string;
}

// ---- wokku's endpoints beyond the specification ----

/**
 * A one-off command's end (POST /apps/:id/run). `ok` = exit code 0. On a failure wokku's
 * `output` is its error text ("Dokku command failed: run <app> -- <cmd>" then stderr),
 * not the command's stdout; `stderr` is the command's own.
 */
export interface RunResult {
  ok: boolean;
  output: string;
  exitCode: number;
  stderr?: string;
  raw: Raw;
}

/** GET …/backups/:id/download: a presigned address, fetched without the API token. */
export interface BackupDownloadUrl {
  url: string;
  /** Seconds the address stays valid from when it was issued. */
  expiresIn?: number;
  raw: Raw;
}

export interface RestoreResult {
  message: string;
  restoredTo?: string;
  fromBackup?: string;
  raw: Raw;
}

export interface ImportResult {
  message: string;
  database?: string;
  /** Bytes the client sent as the body. */
  bytesSent: number;
  raw: Raw;
}

/** POST /apps/:id/deploy: the deploy (and its release) the rebuild runs as. */
export interface RebuildStarted {
  message: string;
  deployId?: string;
  releaseId?: string;
  raw: Raw;
}

export interface GithubConnection {
  message: string;
  appId?: string;
  githubRepo?: string;
  deployBranch?: string;
  /** The page that installs the service's GitHub App, when the service names one (wokku does not). */
  githubAppUrl?: string;
  raw: Raw;
}

/**
 * POST /ai/diagnose. wokku answers 200 either way: a Markdown diagnosis, or why there is
 * none (`no_api_key`: the operator configured no AI key; `no_log`; `failed`: the model call failed).
 */
export type Diagnosis =
  | { kind: 'diagnosis'; markdown: string; raw: Raw }
  | { kind: 'unavailable'; reason: 'no_api_key' | 'no_log' | 'failed'; message: string; raw: Raw };

/** Progress of a streamed transfer (import, download). */
export interface TransferProgress {
  bytes: number;
  /** Known length, when there is one (a file's size, Content-Length). */
  total?: number;
}
