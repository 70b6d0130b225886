// One reader per model: raw JSON record → typed model (raw kept). Tolerant of the
// variant field names the contract lists (e.g. a domain's `domain` for `hostname`).

import type * as M from './models';
import { bool, idOf, isRecord, num, optId, type Raw, readList, str, strings, unwrap } from './normalize';

const rec = (v: unknown): Raw => (isRecord(v) ? v : {});
const firstStr = (r: Raw, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const s = str(r[k]);
    if (s !== undefined) return s;
  }
  return undefined;
};
/** A link the service gives for the user to open: https only. */
const httpsUrl = (v: string | undefined): string | undefined => (v && /^https:\/\/[^\s]+$/i.test(v) ? v : undefined);

export function toMessage(v: unknown): M.MessageResult {
  const raw = rec(v);
  return { message: firstStr(raw, 'message', 'status') ?? (typeof v === 'string' ? v : 'OK'), raw };
}

export function toUser(v: unknown): M.User {
  const raw = unwrap(v, ['user']);
  const ws = Array.isArray(raw.workspaces)
    ? raw.workspaces.map((w) => (isRecord(w) ? firstStr(w, 'slug', 'workspace', 'name') : str(w))).filter((s): s is string => !!s)
    : [];
  return { id: idOf(raw), email: firstStr(raw, 'email') ?? '', name: str(raw.name), role: str(raw.role), workspaces: ws, raw };
}

export function toSession(v: unknown): M.Session {
  const raw = rec(v);
  const data = isRecord(raw.data) ? raw.data : raw;
  const token = firstStr(data, 'token', 'access_token', 'api_token') ?? '';
  return { token, user: toUser(isRecord(data.user) ? data.user : {}) };
}

export function toApiToken(v: unknown): M.ApiToken {
  const raw = rec(v);
  return {
    id: idOf(raw),
    name: str(raw.name) ?? '',
    lastUsedAt: str(raw.last_used_at),
    expiresAt: str(raw.expires_at),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toCreatedApiToken(v: unknown): M.CreatedApiToken {
  const raw = unwrap(v, ['api_token']);
  return { id: idOf(raw), name: str(raw.name) ?? '', token: firstStr(raw, 'token', 'value') ?? '', raw };
}

export function toDeviceCode(v: unknown): M.DeviceCode {
  const raw = rec(v);
  return {
    deviceCode: str(raw.device_code) ?? '',
    userCode: str(raw.user_code) ?? '',
    verificationUri: firstStr(raw, 'verification_uri', 'verification_url') ?? '',
    verificationUriComplete: firstStr(raw, 'verification_uri_complete', 'verification_url_complete'),
    expiresInSec: num(raw.expires_in) ?? 600,
    intervalSec: num(raw.interval) ?? 5,
    raw,
  };
}

export function toServer(v: unknown): M.Server {
  const raw = unwrap(v, ['server']);
  return {
    id: idOf(raw, 'name'),
    name: str(raw.name) ?? idOf(raw),
    host: firstStr(raw, 'host', 'hostname', 'ip'),
    port: num(raw.port),
    status: str(raw.status),
    teamId: optId(raw.team_id),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toServerStatus(v: unknown): M.ServerStatus {
  const raw = rec(v);
  const status = str(raw.status) ?? (bool(raw.connected) ? 'connected' : 'unknown');
  return { status, connected: raw.connected === undefined ? status === 'connected' : bool(raw.connected), raw };
}

export function toApp(v: unknown): M.App {
  const raw = unwrap(v, ['app']);
  return {
    id: idOf(raw, 'name'),
    name: str(raw.name) ?? idOf(raw),
    status: str(raw.status) ?? 'unknown',
    serverId: optId(raw.server_id),
    teamId: optId(raw.team_id),
    isPreview: bool(raw.is_preview),
    sendsPreviewFields: 'is_preview' in raw,
    prNumber: num(raw.pr_number),
    parentAppId: optId(raw.parent_app_id),
    deployBranch: str(raw.deploy_branch),
    createdAt: str(raw.created_at),
    gitRemote: str(raw.git_remote),
    pushInstructions: str(raw.push_instructions),
    githubRepo: optId(raw.github_repo_full_name ?? raw.github_repo),
    gitRepositoryUrl: optId(raw.git_repository_url),
    raw,
  };
}

export function toConfigChange(v: unknown, fallbackKeys: string[]): M.ConfigChange {
  const raw = rec(v);
  const keys = Array.isArray(raw.vars) ? strings(raw.vars) : Array.isArray(raw.keys) ? strings(raw.keys) : fallbackKeys;
  return { message: str(raw.message) ?? 'OK', keys, raw };
}

export function toDomain(v: unknown): M.Domain {
  const raw = typeof v === 'string' ? { hostname: v } : unwrap(v, ['domain']);
  const hostname = firstStr(raw, 'hostname', 'domain', 'name', 'host') ?? '';
  return {
    id: idOf(raw) || hostname,
    hostname,
    sslEnabled: bool(raw.ssl_enabled ?? raw.ssl ?? raw.https),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toRelease(v: unknown): M.Release {
  const raw = unwrap(v, ['release']);
  return {
    id: idOf(raw, 'version'),
    version: num(raw.version),
    description: str(raw.description),
    deployId: optId(raw.deploy_id),
    commitSha: str(raw.commit_sha),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toScaleResult(v: unknown): M.ScaleResult {
  const raw = rec(v);
  const scaling: Record<string, number> = {};
  if (isRecord(raw.scaling)) {
    for (const [k, n] of Object.entries(raw.scaling)) scaling[k] = num(n) ?? 0;
  }
  return { message: str(raw.message) ?? 'OK', scaling, raw };
}

export function toDeploy(v: unknown): M.Deploy {
  const raw = unwrap(v, ['deploy']);
  const log = Array.isArray(raw.log) ? strings(raw.log).join('\n') : str(raw.log) ?? str(raw.output);
  return {
    id: idOf(raw),
    status: str(raw.status) ?? 'unknown',
    commitSha: firstStr(raw, 'commit_sha', 'commit'),
    description: str(raw.description),
    startedAt: str(raw.started_at),
    finishedAt: str(raw.finished_at),
    createdAt: str(raw.created_at),
    log,
    raw,
  };
}

export function toAddon(v: unknown): M.Addon {
  const raw = unwrap(v, ['addon']);
  return {
    id: idOf(raw, 'name'),
    name: str(raw.name) ?? '',
    serviceType: firstStr(raw, 'service_type', 'type', 'plan') ?? '',
    status: str(raw.status),
    server: firstStr(raw, 'server', 'server_id'),
    raw,
  };
}

export function toLogDrain(v: unknown): M.LogDrain {
  const raw = unwrap(v, ['log_drain', 'drain']);
  return {
    id: idOf(raw),
    url: str(raw.url) ?? '',
    drainType: firstStr(raw, 'drain_type', 'type') ?? '',
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toTemplate(v: unknown): M.Template {
  const raw = unwrap(v, ['template']);
  const slug = firstStr(raw, 'slug', 'id', 'name') ?? '';
  return {
    id: idOf(raw, 'slug') || slug,
    slug,
    name: str(raw.name) ?? slug,
    description: str(raw.description),
    category: str(raw.category),
    raw,
  };
}

export function toTemplateList(v: unknown): M.TemplateList {
  const categories = isRecord(v) ? v.categories : undefined;
  return {
    templates: readList(v, ['templates']).map(toTemplate),
    categories: Array.isArray(categories)
      ? categories.map((c) => (isRecord(c) ? firstStr(c, 'name', 'slug') : str(c))).filter((s): s is string => !!s)
      : [],
  };
}

export function toTemplateDeployment(v: unknown): M.TemplateDeployment {
  const raw = rec(v);
  const app = isRecord(raw.app) ? raw.app : raw;
  return { app: toApp(app), deploy: isRecord(raw.deploy) ? toDeploy(raw.deploy) : undefined, raw };
}

export function toDatabase(v: unknown): M.Database {
  const raw = unwrap(v, ['database']);
  return {
    id: idOf(raw, 'name'),
    name: str(raw.name) ?? idOf(raw),
    serviceType: firstStr(raw, 'service_type', 'type', 'engine') ?? '',
    status: str(raw.status),
    serverId: optId(raw.server_id),
    teamId: optId(raw.team_id),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toDatabaseLink(v: unknown): M.DatabaseLink {
  const raw = unwrap(v, ['link']);
  return {
    id: idOf(raw),
    appId: optId(raw.app_record_id ?? raw.app_id),
    databaseId: optId(raw.database_service_id ?? raw.database_id),
    aliasName: firstStr(raw, 'alias_name', 'alias'),
    raw,
  };
}

export function toBackup(v: unknown): M.Backup {
  const raw = unwrap(v, ['backup']);
  return { id: idOf(raw), status: str(raw.status), sizeBytes: num(raw.size_bytes ?? raw.size), createdAt: str(raw.created_at), raw };
}

export function toSshKey(v: unknown): M.SshKey {
  const raw = unwrap(v, ['ssh_key', 'key']);
  return { id: idOf(raw), name: str(raw.name) ?? '', fingerprint: str(raw.fingerprint), createdAt: str(raw.created_at), raw };
}

export function toTeam(v: unknown): M.Team {
  const raw = unwrap(v, ['team']);
  return {
    id: idOf(raw),
    name: str(raw.name) ?? '',
    ownerId: optId(raw.owner_id),
    slug: firstStr(raw, 'slug', 'workspace'),
    createdAt: str(raw.created_at),
    raw,
  };
}

export function toMember(v: unknown): M.Member {
  const raw = unwrap(v, ['member']);
  return { id: idOf(raw), userId: optId(raw.user_id), email: str(raw.email) ?? '', role: str(raw.role), raw };
}

export function toNotificationChannel(v: unknown): M.NotificationChannel {
  const raw = unwrap(v, ['notification', 'channel']);
  return {
    id: idOf(raw),
    channel: firstStr(raw, 'channel', 'type') ?? '',
    events: strings(raw.events),
    config: rec(raw.config),
    teamId: optId(raw.team_id),
    appId: optId(raw.app_record_id ?? raw.app_id),
    raw,
  };
}

export function toActivity(v: unknown): M.Activity {
  const raw = rec(v);
  return {
    id: idOf(raw),
    action: str(raw.action) ?? '',
    description: str(raw.description),
    targetName: str(raw.target_name),
    targetType: str(raw.target_type),
    createdAt: str(raw.created_at),
    raw,
  };
}

// ---- wokku's endpoints beyond the specification ----

/** `{output, exit_code, stderr?}`: 200 (exit 0) or wokku's 422 for a failing command. */
export function toRunResult(v: unknown): M.RunResult {
  const raw = rec(v);
  const exitCode = num(raw.exit_code ?? raw.exitCode ?? raw.status) ?? 0;
  const stderr = str(raw.stderr);
  return { ok: exitCode === 0, output: str(raw.output) ?? (typeof v === 'string' ? v : ''), exitCode, ...(stderr !== undefined ? { stderr } : {}), raw };
}

/** Whether a 422's body is a finished command (it has an exit code) rather than a refusal ("Missing command"). */
export function isRunOutcome(v: unknown): boolean {
  return isRecord(v) && num(v.exit_code ?? v.exitCode) !== undefined;
}

/**
 * The buildpack URLs, in order, from `{buildpacks: [...]}` (or a bare list, or Dokku's
 * text). wokku passes on every line `buildpacks:list` printed, Dokku's header
 * ("-----> <app> buildpack urls") included: header and blank lines are dropped.
 */
export function readBuildpacks(body: unknown): string[] {
  const list = isRecord(body) ? body.buildpacks ?? body.urls : body;
  const lines = Array.isArray(list) ? list.map(str) : typeof list === 'string' ? list.split('\n') : [];
  return lines
    .filter((l): l is string => l !== undefined)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(-{5}|={5}|!)/.test(l));
}

export function toBackupDownloadUrl(v: unknown): M.BackupDownloadUrl {
  const raw = rec(v);
  return { url: firstStr(raw, 'url', 'download_url') ?? '', expiresIn: num(raw.expires_in), raw };
}

export function toRestoreResult(v: unknown): M.RestoreResult {
  const raw = rec(v);
  return { message: firstStr(raw, 'message') ?? 'OK', restoredTo: optId(raw.restored_to), fromBackup: optId(raw.from_backup), raw };
}

export function toImportResult(v: unknown, bytesSent: number): M.ImportResult {
  const raw = rec(v);
  return { message: firstStr(raw, 'message') ?? 'OK', database: optId(raw.database), bytesSent, raw };
}

export function toRebuildStarted(v: unknown): M.RebuildStarted {
  const raw = rec(v);
  return { message: firstStr(raw, 'message') ?? 'OK', deployId: optId(raw.deploy_id), releaseId: optId(raw.release_id), raw };
}

export function toGithubConnection(v: unknown): M.GithubConnection {
  const raw = rec(v);
  return {
    message: firstStr(raw, 'message') ?? 'OK',
    appId: optId(raw.app_id),
    githubRepo: optId(raw.github_repo ?? raw.github_repo_full_name),
    deployBranch: optId(raw.deploy_branch ?? raw.branch),
    githubAppUrl: httpsUrl(firstStr(raw, 'github_app_url', 'installation_url')),
    raw,
  };
}

/** `{diagnosis}` or `{error}` (AiDebugger#diagnose; always a 200). */
export function toDiagnosis(v: unknown): M.Diagnosis {
  const raw = rec(v);
  const markdown = firstStr(raw, 'diagnosis', 'markdown') ?? (typeof v === 'string' ? v : undefined);
  const error = firstStr(raw, 'error');
  if (markdown !== undefined && markdown.trim() !== '' && error === undefined) {
    // AiDebugger returns the model's failure as a "diagnosis" too.
    if (/^Unable to diagnose:/.test(markdown)) return { kind: 'unavailable', reason: 'failed', message: markdown, raw };
    return { kind: 'diagnosis', markdown, raw };
  }
  const message = error ?? 'No diagnosis';
  const reason = /api key/i.test(message) ? 'no_api_key' : /no deploy log/i.test(message) ? 'no_log' : 'failed';
  return { kind: 'unavailable', reason, message, raw };
}
