// In-process control API for tests: tokens without login, device approval, fault
// injection, the request log, and changes made "behind the client's back".

import { createToken } from './auth';
import { DEMO_USER } from './accounts';
import { approveDevice, denyDevice, findByUserCode } from './deviceAuth';
import type { BodyRule, CountRule, FailRule } from './faults';
import { changeConfig, createRelease, record } from './operations';
import type { RateLimitSettings } from './rateLimit';
import type { RequestLogEntry } from './requestLog';
import type { ImportRecord, ServiceState } from './state';
import { startContainers } from './simulation/lifecycle';
import { processReport, processStateFor } from './simulation/processReport';
import { logLine } from './simulation/logBook';
import { localIso, newId, nowIso } from './store';
import { GIT_HOST } from './views';
import {
  APP_STATUSES, type AppRecord, type AppStatus, type DatabaseRecord, type Deploy, type Plan, type ProcessState, type ServerRecord,
  type ServerStatus, type User, type Workspace,
} from './types';

/**
 * `workspace` arguments: a team slug, a user's e-mail (that user's personal
 * workspace), or omitted (look everywhere, the demo user's personal workspace first).
 */
export type WorkspaceRef = string | undefined;

export class ServerControl {
  /** Nanoseconds after the millisecond of lines appended without a time: keeps them in order. */
  private stampSub = 0;

  constructor(readonly state: ServiceState) {}

  /** Whether this server honours `X-Service-Workspace` (the `workspaceHeader` option) or ignores it like wokku. */
  get workspaceHeader(): boolean {
    return this.state.settings.workspaceHeader;
  }

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
    if (token) token.expiresAt = localIso(Date.now() - 1000);
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

  /** Whether the operator set an AI key (POST /ai/diagnose answers a diagnosis, else "No API key configured"). */
  setAiKey(on: boolean): void {
    this.state.settings.aiKey = on;
  }

  setActionDelay(ms: number): void {
    this.state.settings.actionDelayMs = Math.max(0, ms);
  }

  /** Builds end only once the returned function is called (a build watched mid-way). */
  holdBuilds(): () => void {
    return this.state.deploys.holdBuilds();
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

  /** Every line of the app's current containers, merged in time order, plain (no colour). */
  getLogs(app: string, workspace?: WorkspaceRef): string[] {
    return this.state.logs.merged(this.app(app, workspace).id);
  }

  /** Each container's own lines, plain: the current containers, then replaced ones still remembered. */
  containerLogs(app: string, workspace?: WorkspaceRef): { process: string; cid: string; running: boolean; current: boolean; lines: string[] }[] {
    const { current, retired } = this.state.logs.containers(this.app(app, workspace).id);
    const view = (isCurrent: boolean) => (c: (typeof current)[number]) => ({ process: c.process, cid: c.cid, running: c.running, current: isCurrent, lines: c.entries.map((e) => e.line) });
    return [...current.map(view(true)), ...retired.map(view(false))];
  }

  /** Replaces the app's containers now, as a restart by another client would (their lines are gone). */
  restartContainers(app: string, workspace?: WorkspaceRef): void {
    startContainers(this.state.logs, this.app(app, workspace));
  }

  deploysOf(app: string, workspace?: WorkspaceRef): Deploy[] {
    return this.state.store.deploysOf(this.app(app, workspace).id);
  }

  /** What GET /apps/:id/ps answers now (`processes` map): the truth about the containers. */
  processReport(app: string, workspace?: WorkspaceRef): Record<string, string> {
    return processReport(this.app(app, workspace), this.state.logs);
  }

  /** The team id of a workspace (a slug, an e-mail for that user's first team, or the demo user's by default). */
  teamId(workspace?: WorkspaceRef): string {
    return this.workspace(workspace).id;
  }

  // ---- changes behind the client's back (recorded as done by another user) ----

  setConfig(app: string, vars: Record<string, string>, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    changeConfig(this.state, rec, { set: vars });
    record(this.state, rec.workspaceId, null, 'config.updated', 'AppRecord', rec.name);
  }

  deleteConfig(app: string, keys: string[], workspace?: WorkspaceRef): void {
    changeConfig(this.state, this.app(app, workspace), { unset: keys });
  }

  /** Scales as the CLI would: a running app gets containers for the new formation at once. */
  setScale(app: string, scaling: Record<string, number>, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    Object.assign(rec.scaling, scaling);
    if (this.state.logs.isDeployed(rec.id) && rec.processState !== 'stopped') {
      rec.containersVersion += 1;
      rec.processState = 'running';
      startContainers(this.state.logs, rec);
    }
  }

  /**
   * Forces a status now, as the web dashboard would: the record's `status` and the
   * containers (process report) both follow. Cancels any pending transition.
   */
  setAppStatus(app: string, status: AppStatus, workspace?: WorkspaceRef): void {
    if (!APP_STATUSES.includes(status)) throw new Error(`unknown app status ${status}`);
    const rec = this.app(app, workspace);
    this.state.lifecycle.cancel(rec.id);
    rec.status = status;
    rec.processState = processStateFor(status, rec.scaling);
    this.containersFollow(rec, false);
  }

  /**
   * Changes only the containers, as the `wokku` CLI or another API client would with
   * start/stop: the process report changes, the record's `status` does not.
   */
  setProcessState(app: string, state: ProcessState, workspace?: WorkspaceRef): void {
    const rec = this.app(app, workspace);
    this.state.lifecycle.cancel(rec.id);
    const fresh = state === 'running' && rec.processState !== 'running';
    if (fresh) rec.containersVersion += 1;
    rec.processState = state;
    this.containersFollow(rec, fresh);
  }

  /** The app's containers (its logs) as its process state says: new ones when started, exited ones when stopped. */
  private containersFollow(rec: AppRecord, fresh: boolean): void {
    const { logs } = this.state;
    if (!logs.isDeployed(rec.id)) return; // never deployed: no containers to start or stop
    if (fresh) startContainers(logs, rec);
    else logs.resumeContainers(rec.id);
    if (rec.processState === 'stopped') logs.stopContainers(rec.id);
    if (rec.processState === 'mixed') logs.stopContainers(rec.id, logs.containers(rec.id).current.slice(-1).map((c) => c.process));
  }

  setServerStatus(server: string, status: ServerStatus, workspace?: WorkspaceRef): void {
    const rec = this.findServer(server, workspace);
    if (!rec) throw new Error(`no server ${server}`);
    rec.status = status;
  }

  /**
   * Appends lines as given; a line without a leading ISO timestamp gets one, from the
   * app's first container (or `process`), each a nanosecond after the one before.
   */
  appendLogs(app: string, lines: string[], workspace?: WorkspaceRef, process?: string): void {
    const rec = this.app(app, workspace);
    const source = `app[${process ?? this.state.logs.containers(rec.id).current[0]?.process ?? 'web.1'}]`;
    const now = new Date();
    const stamped = lines.map((l) => (/^\d{4}-\d\d-\d\dT/.test(l) ? l : logLine(now, source, l, (this.stampSub = (this.stampSub + 1) % 1_000_000))));
    this.state.logs.append(rec.id, stamped);
  }

  /**
   * Starts a deploy as a `git push` through wokku's git gateway would (its
   * DeployForwarder): a release "Deploy via git push" with no commit at once (so a
   * rollback to it is refused), a deploy that records no commit, the app's status
   * untouched until success, no activity. `gitPush: false` deploys like wokku's
   * DeployJob instead (commit recorded, status "deploying", `app.deployed` logged).
   * `failure`: the failed build's own lines (as a pushed FAIL_BUILD file's content gives them).
   * Returns the deploy's id.
   */
  startDeploy(app: string, opts: { fail?: boolean; failure?: string; commitSha?: string; description?: string; gitPush?: boolean } = {}, workspace?: WorkspaceRef): string {
    const rec = this.app(app, workspace);
    if (opts.gitPush === false) return this.state.deploys.start(rec, { ...opts, userId: null }).id;
    const release = createRelease(this.state, rec, 'Deploy via git push', { commitSha: null });
    const deploy = this.state.deploys.start(rec, { ...opts, userId: null, release, gitPush: true });
    release.deployId = deploy.id;
    return deploy.id;
  }

  // ---- the git gateway ----

  /** Where `git push` reaches the app's repository on this server: `<base>/git/<app>.git`. */
  gitUrl(app: string): string {
    return this.state.git.urlOf(this.app(app, undefined).name);
  }

  /**
   * The git setting that sends wokku's SSH remotes (`git@git.apphost.example:<app>`, what
   * `git_remote` says) to this server's HTTP gateway: `git config <key> <value>`.
   */
  gitInsteadOf(): { key: string; value: string } {
    return { key: `url.${this.state.baseUrl}/git/.insteadOf`, value: `git@${GIT_HOST}:` };
  }

  // ---- wokku's endpoints beyond the specification ----

  /** A completed backup of `sizeBytes` (e.g. a small one to download in a test); returns its id. */
  addBackup(database: string, sizeBytes: number, workspace?: WorkspaceRef): string {
    const db = this.findDatabase(database, workspace);
    if (!db) throw new Error(`no database ${database}`);
    const id = newId();
    this.state.store.backups.set(id, { id, databaseId: db.id, status: 'completed', sizeBytes, createdAt: nowIso() });
    return id;
  }

  /** Imports as the server received them: bytes counted chunk by chunk (the body is never kept). */
  get imports(): readonly ImportRecord[] {
    return this.state.imports;
  }

  /** One-off commands running now: their requests have arrived and wait for the answer. */
  get runsInFlight(): number {
    return this.state.runsInFlight;
  }

  /** One-off commands run, oldest first. */
  get runLog(): readonly { app: string; command: string; exitCode: number }[] {
    return this.state.runLog;
  }

  /** Restores done, oldest first. */
  get restores(): readonly { database: string; backupId: string }[] {
    return this.state.restores;
  }

  /** Backup files served by the object store, with the bytes sent so far. */
  get downloads(): readonly { backupId: string; bytesSent: number; withToken: boolean }[] {
    return this.state.downloads;
  }

  /** How POST /apps answers a taken name from now on: Dokku's refusal (wokku's default) or the model's validation. */
  setTakenName(form: 'dokku' | 'validation'): void {
    this.state.settings.takenName = form;
  }

  /** An app's buildpacks as Dokku stores them. */
  buildpacks(app: string, workspace?: WorkspaceRef): string[] {
    return [...(this.app(app, workspace).buildpacks ?? [])];
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

