// In-process control API for tests: tokens without login, device approval, fault
// injection, the request log, limits and timing; the look-ups (controlLookups.ts) and
// changes "behind the client's back" (controlChanges.ts) come with it.

import { createToken } from './auth';
import { approveDevice, denyDevice, findByUserCode } from './deviceAuth';
import type { BodyRule, CountRule, FailRule } from './faults';
import type { RateLimitSettings } from './rateLimit';
import type { RequestLogEntry } from './requestLog';
import { localIso } from './store';
import type { Plan } from './types';
import { ControlChanges } from './controlChanges';
import type { WorkspaceRef } from './controlLookups';

export type { WorkspaceRef } from './controlLookups';

export class ServerControl extends ControlChanges {
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
}
