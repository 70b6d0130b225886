// The control surface's reading half: the service's records and logs as tests look
// them up (by name or id, in a workspace or anywhere), and what wokku's endpoints
// beyond the specification recorded. The changes are in controlChanges.ts.

import { DEMO_USER } from './accounts';
import type { ImportRecord, ServiceState } from './state';
import { processReport } from './simulation/processReport';
import type { AppRecord, DatabaseRecord, Deploy, ServerRecord, User, Workspace } from './types';

/**
 * `workspace` arguments: a team slug, a user's e-mail (that user's personal
 * workspace), or omitted (look everywhere, the demo user's personal workspace first).
 */
export type WorkspaceRef = string | undefined;

export class ControlLookups {
  constructor(readonly state: ServiceState) {}

  /** Whether this server honours `X-Service-Workspace` (the `workspaceHeader` option) or ignores it like wokku. */
  get workspaceHeader(): boolean {
    return this.state.settings.workspaceHeader;
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

  // ---- what wokku's endpoints beyond the specification recorded ----

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

  /** An app's buildpacks as Dokku stores them. */
  buildpacks(app: string, workspace?: WorkspaceRef): string[] {
    return [...(this.app(app, workspace).buildpacks ?? [])];
  }

  // ---- helpers ----

  protected user(email: string): User {
    const user = this.state.store.userByEmail(email);
    if (!user) throw new Error(`no user ${email}`);
    return user;
  }

  protected app(ref: string, workspace: WorkspaceRef): AppRecord {
    const app = this.findApp(ref, workspace);
    if (!app) throw new Error(`no app ${ref}${workspace ? ` in ${workspace}` : ''}`);
    return app;
  }

  protected workspace(ref: WorkspaceRef): Workspace {
    const { store } = this.state;
    if (ref === undefined) return store.personalWorkspace(this.user(DEMO_USER.email).id);
    const ws = ref.includes('@') ? store.personalWorkspace(this.user(ref).id) : store.workspaceBySlug(ref);
    if (!ws) throw new Error(`no workspace ${ref}`);
    return ws;
  }

  /** With a workspace: only there. Without: the demo user's personal workspace, then any workspace. */
  protected lookup<T>(ref: string, workspace: WorkspaceRef, find: (ws: Workspace, ref: string) => T | undefined): T | undefined {
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
