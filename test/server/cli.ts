// `npm run server [-- flags]`: the reference service with demo data, for the demo
// and manual testing. Prints the URL and the demo credentials.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FRONT_KINDS, frontSettings, parseSize, type FrontKind } from './front';
import { ADMIN_USER, DEMO_USER, makeTestPki, startServer, type FailRule, type ServerOptions } from './';

const HELP = `Usage: npm run server -- [options]

  --port <n>            port to listen on (default 3000; 0 = any free port)
  --host <addr>         address to bind (default 127.0.0.1)
  --seed <demo|empty>   initial data (default demo)
  --latency <ms>        added latency on every request (default 0)
  --action-delay <ms>   duration of lifecycle/deploy/backup transitions (default 2000)
  --rate-limit <spec>   off | <perMinute> | <perMinute>/<loginPerMinute> (default 60/5)
  --no-rate-limit       same as --rate-limit off
  --follow              also serve GET /apps/:id/logs?follow=1 as a stream
  --log-format <f>      dokku (default: one block per container, as the real service) or merged
  --log-interval <ms>   how often running apps emit log lines (default 1000; 0 = never)
  --fail <spec>         fail matching requests: STATUS[:COUNT[:PATH]], e.g. 503:3:/apps (repeatable)
  --html-404            answer 404s with an HTML page instead of JSON
  --workspace-header    honour X-Service-Workspace as the specification describes (per-workspace
                        resources, team slugs, 403 for a foreign slug); default: ignore it like wokku
  --git-remote <form>   what git_remote says: ssh (default, like wokku) or http (the gateway's
                        own address <base>/git/<app>.git, pushable with the API token as password)
  --git-push-commit     record a push's commit and subject on its release (default: like wokku,
                        "Deploy via git push" without a commit)
  --older-wokku         a wokku from before one-off commands, buildpacks, GitHub, backup
                        download/restore, import and AI diagnosis: those answer Rails' 404
  --ai-key              the operator set an AI key: POST /ai/diagnose diagnoses (default: like a
                        fresh wokku, {"error":"No API key configured"})
  --taken-name <form>   POST /apps with a taken name: dokku (default, like wokku: Dokku's refusal,
                        422 {"error":"… Name is already taken"}) or validation ({"errors":[…]})
  --run-second <ms>     how long a simulated second of a one-off command lasts (default 1000)
  --front <kind>        the proxy in front: none (default), dokku-nginx (60 s read timeout,
                        1 MB body limit, Dokku's pages) or thruster (kamal-proxy and Thruster:
                        30 s, no body limit, wokku's kamal-errors pages)
  --front-timeout <ms>  the front's timeout instead of its default (60000 / 30000)
  --body-limit <size>   the largest body the front lets through (nginx's syntax: 1m, 500k, 2g)
  --no-backup-destination  the operator configured no backup destination: backups answer
                        201 "Backup started" and never appear (like wokku's BackupService)
  --https               serve https with a certificate signed by a throwaway private certificate
                        authority made now; prints the authority's file for apphost.tls.certificateAuthorities
  --tls-cert <file>     serve https with this certificate (PEM; with --tls-key)
  --tls-key <file>      the certificate's private key (PEM)
  --verbose             print one line per request
  -h, --help            show this help
`;

export interface CliOptions extends ServerOptions {
  /** --https: make a private certificate authority and serve with a certificate it signs. */
  throwawayCa?: boolean;
  /** Fault rules armed right after start. */
  failures: FailRule[];
  htmlNotFound: boolean;
}

export function parseCli(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      'action-delay': { type: 'string' },
      'rate-limit': { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      follow: { type: 'boolean' },
      'log-format': { type: 'string' },
      'log-interval': { type: 'string' },
      fail: { type: 'string', multiple: true },
      'html-404': { type: 'boolean' },
      'workspace-header': { type: 'boolean' },
      'git-remote': { type: 'string' },
      'git-push-commit': { type: 'boolean' },
      'older-wokku': { type: 'boolean' },
      'ai-key': { type: 'boolean' },
      'taken-name': { type: 'string' },
      'run-second': { type: 'string' },
      front: { type: 'string' },
      'front-timeout': { type: 'string' },
      'body-limit': { type: 'string' },
      'no-backup-destination': { type: 'boolean' },
      https: { type: 'boolean' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const num = (name: string, raw: string | undefined): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a non-negative integer, got "${raw}"`);
    return n;
  };
  const seed = values.seed ?? 'demo';
  const gitRemote = values['git-remote'] ?? 'ssh';
  if (gitRemote !== 'ssh' && gitRemote !== 'http') throw new Error(`--git-remote must be ssh or http, got "${gitRemote}"`);
  const takenName = values['taken-name'] ?? 'dokku';
  if (takenName !== 'dokku' && takenName !== 'validation') throw new Error(`--taken-name must be dokku or validation, got "${takenName}"`);
  if (seed !== 'demo' && seed !== 'empty') throw new Error(`--seed must be demo or empty, got "${seed}"`);
  const front = values.front ?? 'none';
  if (!FRONT_KINDS.includes(front as FrontKind)) throw new Error(`--front must be one of ${FRONT_KINDS.join(', ')}, got "${front}"`);
  if (!values['tls-cert'] !== !values['tls-key']) throw new Error('--tls-cert and --tls-key go together');
  return {
    port: num('port', values.port) ?? 3000,
    host: values.host,
    seed,
    latencyMs: num('latency', values.latency),
    actionDelayMs: num('action-delay', values['action-delay']),
    rateLimit: values['no-rate-limit'] ? false : parseRateLimit(values['rate-limit']),
    follow: values.follow ?? false,
    logFormat: values['log-format'] === 'merged' ? 'merged' : 'dokku',
    logIntervalMs: num('log-interval', values['log-interval']),
    logRequests: values.verbose ?? false,
    failures: (values.fail ?? []).map(parseFailure),
    htmlNotFound: values['html-404'] ?? false,
    workspaceHeader: values['workspace-header'] ?? false,
    ...(values['git-remote'] ? { gitRemote } : {}),
    ...(values['git-push-commit'] ? { gitPushCommit: true } : {}),
    ...(values['older-wokku'] ? { olderWokku: true } : {}),
    ...(values['ai-key'] ? { aiKey: true } : {}),
    ...(values['taken-name'] ? { takenName } : {}),
    ...(values['run-second'] ? { runSecondMs: num('run-second', values['run-second']) } : {}),
    ...(values.front ? { front: front as FrontKind } : {}),
    ...(values['front-timeout'] ? { frontTimeoutMs: num('front-timeout', values['front-timeout']) } : {}),
    ...(values['body-limit'] ? { bodyLimitBytes: parseSize(values['body-limit']) } : {}),
    ...(values['no-backup-destination'] ? { backupDestination: false } : {}),
    ...(values['tls-cert'] && values['tls-key'] ? { tls: { cert: readFileSync(values['tls-cert'], 'utf8'), key: readFileSync(values['tls-key'], 'utf8') } } : {}),
    ...(values.https ? { throwawayCa: true } : {}),
  };
}

function frontLine(options: ServerOptions): string {
  const front = frontSettings(options.front, options.frontTimeoutMs, options.bodyLimitBytes);
  if (!front) return 'none (Puma bare: no timeout, no body limit)';
  const limit = front.bodyLimitBytes === undefined ? 'no body limit' : `bodies up to ${front.bodyLimitBytes} bytes`;
  return `${front.kind}: answers cut after ${front.timeoutMs / 1000} s, ${limit}`;
}

function parseFailure(spec: string): FailRule {
  const match = /^(\d{3})(?::(\d+))?(?::(\/\S*))?$/.exec(spec);
  if (!match) throw new Error(`--fail must be STATUS[:COUNT[:PATH]], got "${spec}"`);
  return { status: Number(match[1]), count: match[2] ? Number(match[2]) : 1, path: match[3] };
}

function parseRateLimit(spec: string | undefined): ServerOptions['rateLimit'] {
  if (spec === undefined) return undefined;
  if (spec === 'off' || spec === 'false' || spec === '0') return false;
  const match = /^(\d+)(?:\/(\d+))?$/.exec(spec);
  if (!match) throw new Error(`--rate-limit must be off, N or N/M, got "${spec}"`);
  return { perMinute: Number(match[1]), loginPerMinute: match[2] ? Number(match[2]) : undefined };
}

async function main(): Promise<void> {
  let options: CliOptions | 'help';
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(HELP);
    return;
  }
  let caFile: string | undefined;
  if (options.throwawayCa && !options.tls) {
    const pki = await makeTestPki();
    caFile = join(mkdtempSync(join(tmpdir(), 'apphost-ca-')), 'apphost-test-ca.pem');
    writeFileSync(caFile, pki.ca.cert);
    options.tls = pki.server;
  }
  const server = await startServer(options);
  for (const rule of options.failures) server.control.failNext(rule);
  server.control.htmlNotFound(options.htmlNotFound);
  const limits = options.rateLimit === false ? 'off' : `${options.rateLimit?.perMinute ?? 60}/min, login ${options.rateLimit?.loginPerMinute ?? 5}/min`;
  console.log(`AppHost reference server listening on ${server.url}
  API:          ${server.url}/api/v1
  Device page:  ${server.url}/dashboard/device
  Seed:         ${options.seed}   Rate limit: ${limits}   Follow mode: ${options.follow ? 'on' : 'off'}
  Git pushes:   ${server.url}/git/<app>.git (password: an API token)${options.gitRemote === 'http' ? '' : `; git_remote says git@git.apphost.example:<app>, so in your repository run
                git config url.${server.url}/git/.insteadOf git@git.apphost.example:`}
${caFile ? `  Certificate:  signed by a throwaway authority: add ${caFile} to apphost.tls.certificateAuthorities\n` : ''}  Front:        ${frontLine(options)}
  Workspaces:   ${options.workspaceHeader ? 'X-Service-Workspace honoured (per-workspace resources)' : 'header ignored, every team in every list (like wokku)'}

  Demo user:    ${DEMO_USER.email} / ${DEMO_USER.password}
  Admin user:   ${ADMIN_USER.email} / ${ADMIN_USER.password} (otp_code ${ADMIN_USER.otp})

Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received, shutting down...`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
