// The git gateway: one bare repository per app, served over the server's own HTTP port
// by `git http-backend` (smart HTTP), so tests and the demo can `git push` without a
// network or an SSH server. wokku's gateway is SSH (`git@<git host>:<app>`, see
// views.ts); repositories that use that remote reach this one through git's
// `url.<base>/git/.insteadOf git@<git host>:` (see control.gitInsteadOf()).
//
//   <base>/git/<app>[.git]/info/refs, /git-upload-pack, /git-receive-pack
//
// Credentials: the API token, as HTTP Basic password (any user name) or as a Bearer
// header. Fetching needs to be in the app's team; pushing needs to be allowed to
// change the app (members and admins), as wokku's DeployForwarder checks.
// A push to the app's deploy branch runs the build (hook.ts).

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicContext } from '../http/context';
import { HANDLED } from '../http/reply';
import type { ServiceState } from '../state';
import type { AppRecord, User } from '../types';
import { nowIso } from '../store';
import { runPushHook, type PushContext } from './hook';
import { HOOK_JS, preReceiveScript } from './hookScript';

export const GIT_PREFIX = '/git/';
const HOOK_PREFIX = '/git/.hooks/';
const REPO_PATH = /^\/git\/([a-z][a-z0-9-]{0,62}?)(?:\.git)?(\/.*)$/;

export class GitGateway {
  private root: string | undefined;
  /** Pushes whose hook may call back, by a one-time key handed to the hook's environment. */
  private readonly pushes = new Map<string, PushContext>();

  constructor(private readonly state: ServiceState) {}

  /** `<base>/git/<app>.git`: the address `git push` reaches this gateway at. */
  urlOf(appName: string): string {
    return `${this.state.baseUrl}/git/${appName}.git`;
  }

  async handle(ctx: PublicContext): Promise<typeof HANDLED> {
    const { req, res, path } = ctx;
    if (path.startsWith(HOOK_PREFIX)) {
      const push = this.pushes.get(path.slice(HOOK_PREFIX.length));
      if (!push || ctx.method !== 'POST') return plain(res, 404, 'Not Found');
      return runPushHook(this.state, push, req, res);
    }
    const match = REPO_PATH.exec(path);
    if (!match) return plain(res, 404, 'Not Found');
    const [, name, rest] = match;
    const user = this.authenticate(req);
    if (!user) return plain(res, 401, 'Authentication required: use your AppHost API token as the password.', { 'WWW-Authenticate': 'Basic realm="AppHost git"' });
    const app = this.state.store.anyApp(name);
    if (!app) return plain(res, 404, `App '${name}' not found`);
    const pushing = rest.endsWith('/git-receive-pack') || ctx.query.get('service') === 'git-receive-pack';
    const role = this.state.store.membership(app.workspaceId, user.id)?.role;
    const allowed = user.role === 'admin' || (pushing ? role === 'member' || role === 'admin' : role !== undefined);
    if (!allowed) return plain(res, 403, 'Permission denied');
    this.cgi(ctx, user, app, rest, pushing);
    return HANDLED;
  }

  private authenticate(req: IncomingMessage): User | undefined {
    const header = req.headers.authorization ?? '';
    const basic = /^\s*Basic\s+(\S+)/i.exec(header);
    let value: string | undefined;
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      value = colon >= 0 ? decoded.slice(colon + 1) || decoded.slice(0, colon) : decoded;
    } else {
      value = /^\s*Bearer\s+(\S+)/i.exec(header)?.[1];
    }
    if (!value) return undefined;
    const token = this.state.store.tokenByValue(value);
    if (!token || (token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now())) return undefined;
    token.lastUsedAt = nowIso();
    return this.state.store.users.get(token.userId);
  }

  /** Runs `git http-backend` for the request (CGI) and streams its answer. */
  private cgi(ctx: PublicContext, user: User, app: AppRecord, rest: string, pushing: boolean): void {
    const { req, res } = ctx;
    const root = this.repositoryOf(app);
    const key = randomBytes(16).toString('hex');
    if (pushing) this.pushes.set(key, { userId: user.id, appId: app.id });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: `/${app.id}.git${rest}`,
      REQUEST_METHOD: ctx.method,
      QUERY_STRING: ctx.query.toString(),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      REMOTE_USER: user.email,
      REMOTE_ADDR: ctx.ip,
      GIT_CONFIG_NOSYSTEM: '1',
      APPHOST_GIT_HOOK_URL: `${this.state.baseUrl}${HOOK_PREFIX}${key}`,
    };
    if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
    if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
    if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);
    const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    req.pipe(child.stdin);
    child.stdin.on('error', () => undefined);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let head = Buffer.alloc(0);
    let headersDone = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = headerEnd(head);
      if (end === undefined) return;
      headersDone = true;
      const { status, headers } = parseCgiHeaders(head.subarray(0, end.at).toString('latin1'));
      res.writeHead(status, headers);
      res.write(head.subarray(end.at + end.length));
    });
    child.on('close', (code) => {
      this.pushes.delete(key);
      if (!headersDone && !res.headersSent) plain(res, 500, `git http-backend failed (${code}): ${stderr}`);
      else res.end();
    });
    res.on('close', () => {
      if (child.exitCode === null) child.kill();
    });
  }

  /** The app's bare repository (created at the first request), named by id so a rename keeps it. */
  private repositoryOf(app: AppRecord): string {
    this.root ??= mkdtempSync(join(tmpdir(), 'apphost-git-'));
    const dir = join(this.root, `${app.id}.git`);
    if (!existsSync(dir)) {
      mkdirSync(dir);
      const run = (...args: string[]) => spawnSync('git', args, { cwd: dir, stdio: 'ignore' });
      run('init', '--quiet', '--bare', `--initial-branch=${app.deployBranch}`);
      run('config', 'http.receivepack', 'true');
      const hookJs = join(this.root, 'apphost-hook.js');
      if (!existsSync(hookJs)) writeFileSync(hookJs, HOOK_JS);
      const hook = join(dir, 'hooks', 'pre-receive');
      writeFileSync(hook, preReceiveScript(process.execPath, hookJs));
      chmodSync(hook, 0o755);
    }
    return this.root;
  }

  close(): void {
    this.pushes.clear();
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = undefined;
  }
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): typeof HANDLED {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
  return HANDLED;
}

function headerEnd(buf: Buffer): { at: number; length: number } | undefined {
  const crlf = buf.indexOf('\r\n\r\n');
  const lf = buf.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
  return lf >= 0 ? { at: lf, length: 2 } : undefined;
}

function parseCgiHeaders(text: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 200;
    else headers[name] = value;
  }
  return { status, headers };
}
