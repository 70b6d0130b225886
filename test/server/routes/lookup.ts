// Finding the record a path names and the permission checks shared by route modules.
//
// By default (like wokku) records are looked up platform-wide by id or name
// (`AppRecord.lookup!`): unknown = 404, a record of a team the caller is not in = 403
// (Pundit's "Not authorized"). In the workspace-header mode only the selected
// workspace is searched, and anything outside it is a 404.

import type { Context } from '../http/context';
import { forbidden, HttpError, invalid, notFound, platformError } from '../http/reply';
import { record, requireReachable } from '../operations';
import type { AppRecord, DatabaseRecord, MemberRole, ServerRecord, Workspace } from '../types';

export const headerMode = (ctx: Context): boolean => ctx.state.settings.workspaceHeader;

/** The workspaces whose records a list shows: the selected one, or (by default) every team of the caller. */
export function visibleWorkspaces(ctx: Context): Workspace[] {
  return headerMode(ctx) ? [ctx.workspace] : ctx.state.store.workspacesOf(ctx.user.id);
}

/**
 * What a team role may do with the team's apps (wokku's AppRecordPolicy): `show` any
 * member, `update` (and start/stop/restart, domains, scaling...) members and admins,
 * `destroy` team admins only.
 */
export type Access = 'show' | 'update' | 'destroy';
const ALLOWED: Record<Access, readonly MemberRole[]> = {
  show: ['viewer', 'member', 'admin'],
  update: ['member', 'admin'],
  destroy: ['admin'],
};

export function roleIn(ctx: Context, workspaceId: string): MemberRole | undefined {
  return ctx.state.store.membership(workspaceId, ctx.user.id)?.role;
}

export function authorizeTeam(ctx: Context, workspaceId: string, access: Access): void {
  const role = roleIn(ctx, workspaceId);
  if (!role || !ALLOWED[access].includes(role)) throw forbidden();
}

export function appParam(ctx: Context, access: Access = 'show', param = 'id'): AppRecord {
  const { store } = ctx.state;
  const ref = ctx.params[param];
  const app = headerMode(ctx) ? store.findApp(ctx.workspace.id, ref) : store.anyApp(ref);
  if (!app) throw notFound();
  authorizeTeam(ctx, app.workspaceId, access);
  return app;
}

/** The app, and a 503 if its server cannot be reached (the call needs the platform). */
export function reachableApp(ctx: Context, access: Access = 'show'): AppRecord {
  const app = appParam(ctx, access);
  requireReachable(ctx.state, app.serverId);
  return app;
}

/** Servers are platform infrastructure: any signed-in user may see any of them (by default). */
export function serverParam(ctx: Context): ServerRecord {
  const { store } = ctx.state;
  const server = headerMode(ctx) ? store.findServer(ctx.workspace.id, ctx.params.id) : store.anyServer(ctx.params.id);
  if (!server) throw notFound();
  return server;
}

// ---- databases (wokku's DatabaseServicePolicy) ----

/** A database belongs to the caller's teams when it was created from one of them or is linked to one of their apps. */
function databaseTeams(ctx: Context, db: DatabaseRecord): string[] {
  const { store } = ctx.state;
  const viaApps = store.linksOfDatabase(db.id).flatMap((l) => store.apps.get(l.appId)?.workspaceId ?? []);
  return [db.workspaceId, ...viaApps];
}

export function canSeeDatabase(ctx: Context, db: DatabaseRecord): boolean {
  return ctx.user.role === 'admin' || databaseTeams(ctx, db).some((ws) => roleIn(ctx, ws) !== undefined);
}

export function visibleDatabases(ctx: Context): DatabaseRecord[] {
  const { store } = ctx.state;
  if (headerMode(ctx)) return store.databasesIn(ctx.workspace.id);
  return [...store.databases.values()].filter((db) => canSeeDatabase(ctx, db));
}

/** `show` (also link, unlink, list backups) for anyone in one of its teams; `destroy` for their admins. */
export function databaseParam(ctx: Context, access: 'show' | 'destroy' = 'show'): DatabaseRecord {
  const { store } = ctx.state;
  const db = headerMode(ctx) ? store.findDatabase(ctx.workspace.id, ctx.params.id) : store.anyDatabase(ctx.params.id);
  if (!db) throw notFound();
  if (headerMode(ctx) || ctx.user.role === 'admin') return db;
  const roles = databaseTeams(ctx, db).map((ws) => roleIn(ctx, ws));
  const ok = access === 'show' ? roles.some((r) => r !== undefined) : roles.includes('admin');
  if (!ok) throw forbidden();
  return db;
}

/** Child record of an app by id (domains, drains, addons, releases, deploys). */
export function childParam<T extends { appId: string }>(map: Map<string, T>, app: AppRecord, id: string): T {
  const rec = map.get(id);
  if (!rec || rec.appId !== app.id) throw notFound();
  return rec;
}

/**
 * wokku's actions that end in `rescue => e` turn Pundit's refusal into 422
 * `{"error":"not allowed to <Policy>#<query>? this <Record>"}` (not the 403 of rescue_from);
 * the specification's header mode keeps its 403.
 */
export function policyRefusedAs422<T>(ctx: Context, authorize: () => T, policy: string): T {
  try {
    return authorize();
  } catch (error) {
    if (error instanceof HttpError && error.status === 403 && !headerMode(ctx)) throw platformError(`not allowed to ${policy}`);
    throw error;
  }
}

/** Server management and backups are for platform admins only. */
export function requireAdmin(ctx: Context): void {
  if (ctx.user.role !== 'admin') throw forbidden();
}

/**
 * A server referenced from a body (`server_id`, id or name). By default like wokku's
 * `Server.lookup!`: missing or unknown = 404. Header mode: 422 "Server must exist".
 */
export function serverFromBody(ctx: Context, ref: string | undefined): ServerRecord {
  if (!headerMode(ctx)) {
    const server = ref ? ctx.state.store.anyServer(ref) : undefined;
    if (!server) throw notFound();
    return server;
  }
  if (!ref) throw invalid("Server can't be blank");
  const server = ctx.state.store.findServer(ctx.workspace.id, ref);
  if (!server) throw invalid('Server must exist');
  return server;
}

/** An app referenced from a body (`app_id`, id or name): 404 by default (wokku does not check its team here). */
export function appFromBody(ctx: Context, ref: string | undefined): AppRecord {
  if (!headerMode(ctx)) {
    const app = ref ? ctx.state.store.anyApp(ref) : undefined;
    if (!app) throw notFound();
    return app;
  }
  if (!ref) throw invalid("App can't be blank");
  const app = ctx.state.store.findApp(ctx.workspace.id, ref);
  if (!app) throw invalid('App must exist');
  return app;
}

/**
 * Records what the caller did, like wokku's `track`: in the caller's first team's feed
 * (whatever the record's team) and, for the header mode, in the record's workspace.
 */
export function track(ctx: Context, action: string, target: { type: string; name: string | null; workspaceId?: string }): void {
  record(ctx.state, target.workspaceId ?? ctx.workspace.id, ctx.user.id, action, target.type, target.name, ctx.state.store.personalWorkspace(ctx.user.id).id);
}
