// Finding the resource a path names (id or name, within the selected workspace)
// and the permission checks shared by several route modules.

import type { Context } from '../http/context';
import { forbidden, invalid, notFound } from '../http/reply';
import { record, requireReachable } from '../operations';
import type { AppRecord, DatabaseRecord, ServerRecord } from '../types';

export function appParam(ctx: Context, param = 'id'): AppRecord {
  const app = ctx.state.store.findApp(ctx.workspace.id, ctx.params[param]);
  if (!app) throw notFound();
  return app;
}

/** The app, and a 503 if its server cannot be reached (the call needs the platform). */
export function reachableApp(ctx: Context): AppRecord {
  const app = appParam(ctx);
  requireReachable(ctx.state, app.serverId);
  return app;
}

export function serverParam(ctx: Context): ServerRecord {
  const server = ctx.state.store.findServer(ctx.workspace.id, ctx.params.id);
  if (!server) throw notFound();
  return server;
}

export function databaseParam(ctx: Context): DatabaseRecord {
  const db = ctx.state.store.findDatabase(ctx.workspace.id, ctx.params.id);
  if (!db) throw notFound();
  return db;
}

/** Child record of an app by id (domains, drains, addons, releases, deploys). */
export function childParam<T extends { appId: string }>(map: Map<string, T>, app: AppRecord, id: string): T {
  const rec = map.get(id);
  if (!rec || rec.appId !== app.id) throw notFound();
  return rec;
}

/** Server management is for platform admins only. */
export function requireAdmin(ctx: Context): void {
  if (ctx.user.role !== 'admin') throw forbidden();
}

/** A server referenced from a body (`server_id`, id or name): 422 "Server must exist" otherwise. */
export function serverFromBody(ctx: Context, ref: string | undefined): ServerRecord {
  if (!ref) throw invalid("Server can't be blank");
  const server = ctx.state.store.findServer(ctx.workspace.id, ref);
  if (!server) throw invalid('Server must exist');
  return server;
}

/** An app referenced from a body (`app_id`, id or name). */
export function appFromBody(ctx: Context, ref: string | undefined): AppRecord {
  if (!ref) throw invalid("App can't be blank");
  const app = ctx.state.store.findApp(ctx.workspace.id, ref);
  if (!app) throw invalid('App must exist');
  return app;
}

/** Records an activity in the selected workspace, done by the caller. */
export function activity(ctx: Context, action: string, targetType: string, targetName: string, description: string): void {
  record(ctx.state, ctx.workspace, ctx.user.id, action, targetType, targetName, description);
}
