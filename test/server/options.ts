// Options of startServer() and the runtime settings derived from them.

import { frontSettings, type FrontKind, type FrontSettings } from './front';
import type { RateLimitSettings } from './rateLimit';
import type { LogFormat } from './simulation/logBook';

export interface ServerOptions {
  /** Default 0 = ephemeral port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /**
   * Serve https with this key and certificate (PEM) instead of plain http, as a
   * self-hosted service behind a private certificate authority does (testCertificates.ts).
   */
  tls?: { key: string; cert: string };
  /** 'demo' (default) fills every resource; 'empty' still has the user accounts and their workspaces. */
  seed?: 'demo' | 'empty';
  /** Delay of lifecycle, deploy and backup state transitions; default 2000. Tests pass ~20. */
  actionDelayMs?: number;
  /** Added latency on every request; default 0. */
  latencyMs?: number;
  /** Default on: 60/min on /api/ and 5/min on login. `windowMs` (default 60 000) is for tests. */
  rateLimit?: false | RateLimitSettings;
  /**
   * How GET /apps/:id/logs writes its window: 'dokku' (default, the real service: one
   * block per container, N lines each, colour prefixes, blocks in any order) or
   * 'merged' (one time-ordered plain window of N lines, as some deployments answer).
   */
  logFormat?: LogFormat;
  /** Also serve GET /apps/:id/logs?follow=1 as a chunked text stream; default false. */
  follow?: boolean;
  /** How often running apps emit log lines; default 1000. 0 disables the generator. */
  logIntervalMs?: number;
  /** Device sign-in: polling interval the client is told to respect (seconds); default 5. */
  deviceIntervalSec?: number;
  /** Device sign-in: lifetime of a user code (seconds); default 600. */
  deviceExpiresSec?: number;
  /** Print a line per request to stdout (the CLI's --verbose). */
  logRequests?: boolean;
  /**
   * Honour `X-Service-Workspace` as the specification describes (per-workspace servers,
   * apps and databases, team slugs, 403 for a foreign slug). Default false: like the real
   * service (wokku), the header is ignored and lists hold every team of the user.
   */
  workspaceHeader?: boolean;
  /**
   * What `git_remote` says: 'ssh' (default, like wokku: `git@git.apphost.example:<app>`, which
   * repositories reach through git's insteadOf, see control.gitInsteadOf()) or 'http' (the
   * gateway's own address, `<base>/git/<app>.git`, pushable as is with the API token).
   */
  gitRemote?: 'ssh' | 'http';
  /**
   * A push records its commit and subject on the release and deploy (the specification's
   * wording). Default false: like wokku, "Deploy via git push" and no commit.
   */
  gitPushCommit?: boolean;
  /**
   * An older wokku (before one-off commands, buildpacks, GitHub, backup download/restore,
   * import and AI diagnosis): those endpoints answer Rails' 404 `{"status":404,"error":"Not Found"}`.
   */
  olderWokku?: boolean;
  /**
   * The operator set ANTHROPIC_API_KEY: POST /ai/diagnose answers `{diagnosis}`. Default
   * false, like a fresh wokku: 200 `{"error":"No API key configured"}`.
   */
  aiKey?: boolean;
  /**
   * POST /apps with a name already used: 'dokku' (default, like wokku, which runs
   * `dokku apps:create` before validating) answers 422 `{"error":"Dokku command failed: apps:create <name>\n !     Name is already taken"}`;
   * 'validation' answers the model's 422 `{"errors":["Name has already been taken"]}`.
   */
  takenName?: 'dokku' | 'validation';
  /** How long one simulated second of a one-off command (`sleep N`) lasts, in ms; default 1000. */
  runSecondMs?: number;
  /**
   * The proxy in front of the service (front.ts): 'none' (default: Puma bare, as no one runs
   * it), 'dokku-nginx' (wokku's Procfile on Dokku: a 60 s read timeout, a 1 MB body limit) or
   * 'thruster' (its Dockerfile under Kamal: kamal-proxy and Thruster, 30 s, no body limit).
   */
  front?: FrontKind;
  /** The front's timeout in ms instead of its default (60 000 or 30 000); tests pass ~1000. */
  frontTimeoutMs?: number;
  /** The largest request body the front lets through, in bytes (an operator's `client-max-body-size`). */
  bodyLimitBytes?: number;
  /**
   * The backups' server has a backup destination (default true). false: like a wokku whose
   * operator configured none, POST …/backups answers 201 and no backup record ever appears
   * (BackupService raises before creating it; BackupJob swallows the error).
   */
  backupDestination?: boolean;
}

export interface Settings {
  actionDelayMs: number;
  logFormat: LogFormat;
  follow: boolean;
  logIntervalMs: number;
  deviceIntervalSec: number;
  deviceExpiresSec: number;
  logRequests: boolean;
  workspaceHeader: boolean;
  gitRemote: 'ssh' | 'http';
  gitPushCommit: boolean;
  olderWokku: boolean;
  aiKey: boolean;
  takenName: 'dokku' | 'validation';
  runSecondMs: number;
  front: FrontSettings | undefined;
  backupDestination: boolean;
}

export function settingsFrom(options: ServerOptions): Settings {
  return {
    actionDelayMs: nonNegative(options.actionDelayMs, 2000),
    logFormat: options.logFormat === 'merged' ? 'merged' : 'dokku',
    follow: options.follow ?? false,
    logIntervalMs: nonNegative(options.logIntervalMs, 1000),
    deviceIntervalSec: nonNegative(options.deviceIntervalSec, 5),
    deviceExpiresSec: nonNegative(options.deviceExpiresSec, 600),
    logRequests: options.logRequests ?? false,
    workspaceHeader: options.workspaceHeader ?? false,
    gitRemote: options.gitRemote === 'http' ? 'http' : 'ssh',
    gitPushCommit: options.gitPushCommit ?? false,
    olderWokku: options.olderWokku ?? false,
    aiKey: options.aiKey ?? false,
    takenName: options.takenName === 'validation' ? 'validation' : 'dokku',
    runSecondMs: nonNegative(options.runSecondMs, 1000),
    front: frontSettings(options.front, options.frontTimeoutMs, options.bodyLimitBytes),
    backupDestination: options.backupDestination ?? true,
  };
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}
