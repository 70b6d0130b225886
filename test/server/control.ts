// In-process control API for tests: tokens without login, device approval, fault
// injection, the request log, and changes made "behind the client's back".

import { createToken } from './auth';
import { DEMO_USER } from './accounts';
import { approveDevice, denyDevice, findByUserCode } from './deviceAuth';
import type { BodyRule, CountRule, FailRule } from './faults';
import { changeConfig, formatScaling, record } from './operations';
import type { RateLimitSettings } from './rateLimit';
import type { RequestLogEntry } from './requestLog';
import type { ServiceState } from './state';
import { logLine } from './simulation/logBook';
import {
  APP_STATUSES, type AppRecord, type AppStatus, type DatabaseRecord, type Deploy, type Plan, type ServerRecord,
  type ServerStatus, type User, type Workspace,
} from './types';

/**
 * `workspace` arguments: a team slug, a user's e-mail (that user's personal
 * workspace), or omitted (look everywhere, the demo user's personal workspace first).
 */
export type WorkspaceRef = string | undefined;

export class ServerControl {
  constructor(readonly state: ServiceState) {}

  // ---- tokens and sign-in ----

  /** A valid token for the user without going through login (spares the login rate limit). */
  issueToken(email: string, name = 'Test token'): string {
    return createToken(this.state.store, this.user(email).id, name, null).value;
  }

  /** Revokes a token by its value. Returns false if it did not exist. */
  revokeToken(tokenValue: string): boolean {
    const token = this.state.store.tokenByValue(tokenValue);
    return token ? this.state.store.tokens.delete(token.id) : false;
  }

  /** Makes a token expire now (it then gets 401 "Invalid or expired token"). */
  expireToken(tokenValue: string): boolean {
    const token = this.state.store.tokenByValue(tokenValue);
    if (token) token.expiresAt = new Date(Date.now() - 1000).toISOString();
    return token !== undefined;
  }

  approveDevice(userCode: string, email: string): void {
    const result = approveDevice(this.state.store, userCode, this.user(email).id);
    if (result !== 'ok') throw new Error(`cannot approve device code ${userCode}: ${result}`);
  }

  denyDevice(userCode: string): void {
    const result = denyDevice(this.state.store, userCode);
    if (result !== 'ok') throw new Error(`cannot deny device code ${userCode}: ${result}`);
  }

  /** Makes a pending device code expire now. */
  expireDevice(userCode: string): void {
    const auth = findByUserCode(this.state.store, userCode);
    if (!auth) throw new Error(`unknown device code ${userCode}`);
    auth.expiresAt = Date.now() - 1;
  }

  // ---- request log ----

  /** A snapshot of every request so far (never token values). */
  get requestLog(): RequestLogEntry[] {
    return this.state.requestLog.entries();
  }

  clearRequestLog(): void {
    this.state.requestLog.clear();
  }

  // ---- faults ----

  /** Fail the next `count` (default 1) matching requests with `status` (429 gets Retry-After). */
  failNext(rule: FailRule): void {
    this.state.faults.failures.push(rule);
  }

  /** Destroy the socket of the next `count` matching requests, without a response. */
  resetNext(rule: CountRule = {}): void {
    this.state.faults.resets.push(rule);
  }

  /** The service acts on the next `count` matching requests, then drops the connection before answering. */
  resetAfterNext(rule: CountRule = {}): void {
    this.state.faults.resetsAfter.push(rule);
  }

  /** The next `count` matching requests get a hostile body: huge, deeply nested, or one endless line. */
  hostileBodyNext(rule: BodyRule): void {
    this.state.faults.bodies.push(rule);
  }

  /** The next `count` matching writes fail like a Dokku command does on wokku: a 422 echoing the values sent. */
  echoErrorNext(rule: CountRule = {}): void {
    this.state.faults.echoes.push(rule);
  }

  /** The next `count` matching JSON responses are cut in half. */
  malformedJsonNext(rule: CountRule = {}): void {
    this.state.faults.malformed.push(rule);
  }

  /** While on, every 404 has the framework's HTML page as body. */
  htmlNotFound(on: boolean): void {
    this.state.faults.htmlNotFound = on;
  }

  setLatency(ms: number): void {
    this.state.faults.latencyMs = Math.max(0, ms);
  }

  /** Removes pending fault rules, latency and HTML 404s. */
  clearFaults(): void {
    this.state.faults.clear();
  }

  // ---- limits and timing ----

  /** false disables; an object changes the limits. Counters restart either way. */
  setRateLimit(settings: false | RateLimitSettings): void {
    this.state.rateLimits.configure(settings);
  }

  resetRateLimits(): void {
    this.state.rateLimits.reset();
  }

  setActionDelay(ms: number): void {
    this.state.settings.actionDelayMs = Math.max(0, ms);
  }

  /** Changes the log generator period; 0 stops it. */
  setLogInterval(ms: number): void {
    this.state.setLogInterval(ms);
  }

  /** Runs one round of the log generator now; every running app on a reachable server emits at least one line. */
  tickLogs(): void {
    this.state.logGenerator.tick(this.state.settings.logIntervalMs || 1000, Date.now(), true);
  }

  setPlan(workspace: WorkspaceRef, plan: Partial<Plan>): void {
    Object.assign(this.workspace(workspace).plan, plan);
  }

  // ---- look-ups ----

  findApp(nameOrId: string, workspace?: WorkspaceRef): AppRecord | undefined {
    return this.lookup(nameOrId, workspace, (ws, ref) => this.state.store.findApp(ws.id, ref));
  }

  findServer(nameOrId: string, workspace?: WorkspaceRef): ServerRecord | undefined {
    return this.lookup(nameOrId, workspace, (ws, ref) => this.state.store.findServer(ws.id, ref));
  }

  findDatabase(nameOrId: string, workspace?: WorkspaceRef): DatabaseRecord | undefined {
    return this.lookup(nameOrId, workspace, (ws, ref) => this.state.store.findDatabase(ws.id, ref));
  }

  listApps(workspace?: WorkspaceRef): AppRecord[] {
    return this.state.store.appsIn(this.workspace(workspace).id);
  }

  getConfig(app: string, workspace?: WorkspaceRef): Record<string, string> {
    return { ...this.app(app, workspace).config };
  }

  getLogs(app: string, workspace?: WorkspaceRef): string[] {
    return this.state.logs.tail(this.app(app, workspace).id, Number.MAX_SAFE_INTEGER);
  }

  deploysOf(app: string, workspace?: WorkspaceRef): Deploy[] {
    return this.state.store.deploysOf(this.app(app, workspace).id);
  }

  // ---- changes behind the client's back (recorded as done by another user) ----

  setConfig(app: string, vars: Record<string, string>, workspace?: WorkspaceRef): void {
    changeConfig(this.state, this.app(app, workspace), { set: vars }, null);
  }

  deleteConfig(app: string, keys: string[], workspace?: WorkspaceRef): void {
    changeConfig(this.state, this.app(app, workspace), { unset: keys }, null);
  }

  setScale(app: string, scaling: Record<string, number>, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    Object.assign(rec.scaling, scaling);
    record(this.state, rec.workspaceId, null, 'ps.scale', 'App', rec.name, `Scaled ${rec.name} to ${formatScaling(rec.scaling)}`);
  }

  /** Forces a status now, cancelling any pending transition. */
  setAppStatus(app: string, status: AppStatus, workspace?: WorkspaceRef): void {
    if (!APP_STATUSES.includes(status)) throw new Error(`unknown app status ${status}`);
    const rec = this.app(app, workspace);
    this.state.lifecycle.cancel(rec.id);
    rec.status = status;
  }

  setServerStatus(server: string, status: ServerStatus, workspace?: WorkspaceRef): void {
    const rec = this.findServer(server, workspace);
    if (!rec) throw new Error(`no server ${server}`);
    rec.status = status;
  }

  /** Appends lines as given; a line without a leading ISO timestamp gets one (source app[web.1]). */
  appendLogs(app: string, lines: string[], workspace?: WorkspaceRef): void {
    const now = new Date();
    const stamped = lines.map((l) => (/^\d{4}-\d\d-\d\dT/.test(l) ? l : logLine(now, 'app[web.1]', l)));
    this.state.logs.append(this.app(app, workspace).id, stamped);
  }

  /** Starts a deploy as a `git push` would; returns its id. */
  startDeploy(app: string, opts: { fail?: boolean; commitSha?: string; description?: string } = {}, workspace?: WorkspaceRef): string {
    const rec = this.app(app, workspace);
    return this.state.deploys.start(rec, { ...opts, userId: null }).id;
  }

  // ---- helpers ----

  private user(email: string): User {
    const user = this.state.store.userByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return user;
  }

  private app(ref: string, workspace: WorkspaceRef): AppRecord {
    const app = this.findApp(ref, workspace);
    if (!app) throw new Error(`no app ${ref}${workspace ? ` in ${workspace}` : ''}`);
    return app;
  }

  private workspace(ref: WorkspaceRef): Workspace {
    const { store } = this.state;
    if (ref === undefined) return store.personalWorkspace(this.user(DEMO_USER.email).id);
    const ws = ref.includes('@') ? store.personalWorkspace(this.user(ref).id) : store.workspaceBySlug(ref);
    if (!ws) throw new Error(`no workspace ${ref}`);
    return ws;
  }

  /** With a workspace: only there. Without: the demo user's personal workspace, then any workspace. */
  private lookup<T>(ref: string, workspace: WorkspaceRef, find: (ws: Workspace, ref: string) => T | undefined): T | undefined {
    if (workspace !== undefined) return find(this.workspace(workspace), ref);
    const first = find(this.workspace(undefined), ref);
    if (first) return first;
    for (const ws of this.state.store.workspaces.values()) {
      const hit = find(ws, ref);
      if (hit) return hit;
    }
    return undefined;
  }
}

