// /databases: service instances, created synchronously like wokku (201 "running"),
// linked to apps (which sets <ALIAS>_URL on the app, so it restarts with a new release).
// By default a database belongs to the team it was created from (the caller's first
// team) and to the teams of the apps it is linked to; admins see them all.

import type { Context, RouteTable } from '../http/context';
import { created, dokkuFailed, invalid, message, platformError, shellEscape } from '../http/reply';
import { changeConfig, requireReachable } from '../operations';
import { defaultAlias, serviceUrl } from '../services';
import { newId, nowIso } from '../store';
import type { ImportRecord, ServiceState } from '../state';
import { DATABASE_TYPES, type AppRecord, type DatabaseLink, type DatabaseRecord, type DatabaseType } from '../types';
import { checkName, Errors, str } from '../validate';
import { databaseView, linkView } from '../views';
import { appFromBody, databaseParam, policyRefusedAs422, serverFromBody, track, visibleDatabases } from './lookup';

const ALIAS_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** The Dokku plugin's command, as wokku writes it (`postgres:link db app`; mongodb's plugin is `mongo`). */
export const dokku = (db: DatabaseRecord, verb: string, ...args: string[]): string =>
  `${db.serviceType === 'mongodb' ? 'mongo' : db.serviceType}:${verb} ${[db.name, ...args].map(shellEscape).join(' ')}`;

function databaseDetail(ctx: Context) {
  const db = databaseParam(ctx);
  const { store } = ctx.state;
  const linkedApps = store.linksOfDatabase(db.id).map((l) => ({ id: l.appId, name: store.apps.get(l.appId)?.name ?? null, alias_name: l.alias }));
  return { ...databaseView(db), linked_apps: linkedApps };
}

function createDatabase(ctx: Context) {
  const { state } = ctx;
  const name = str(ctx.body, 'name');
  const type = str(ctx.body, 'service_type');
  const errors = new Errors();
  checkName(errors, 'Name', name);
  if (!type) errors.add("Service type can't be blank");
  else if (!DATABASE_TYPES.includes(type as DatabaseType)) errors.add(`Service type is not included in the list (${DATABASE_TYPES.join(', ')})`);
  errors.check();
  const server = serverFromBody(ctx, str(ctx.body, 'server_id'));
  requireReachable(state, server.id);
  // Names are unique per server (wokku's validation).
  if ([...state.store.databases.values()].some((d) => d.serverId === server.id && d.name === name)) throw invalid('Name has already been taken');
  const db: DatabaseRecord = {
    id: newId(), workspaceId: ctx.workspace.id, name: name!, serviceType: type as DatabaseType, status: 'running', serverId: server.id, createdAt: nowIso(),
  };
  state.store.databases.set(db.id, db);
  return created(databaseView(db));
}

function destroyDatabase(ctx: Context) {
  const db = databaseParam(ctx, 'destroy');
  requireReachable(ctx.state, db.serverId);
  assertUnlinked(ctx.state, db);
  ctx.state.store.deleteDatabase(db.id);
  return message('Database destroyed');
}

function link(ctx: Context) {
  const db = databaseParam(ctx);
  const app = appFromBody(ctx, str(ctx.body, 'app_id'));
  const alias = (str(ctx.body, 'alias_name') || defaultAlias(db.serviceType)).toUpperCase();
  if (!ALIAS_PATTERN.test(alias)) throw dokkuFailed(dokku(db, 'link', app.name), ` !     Invalid alias name: ${alias}`);
  const { state } = ctx;
  requireReachable(state, db.serverId);
  if (db.status !== 'running') throw dokkuFailed(dokku(db, 'link', app.name), ` !     Service ${db.name} is ${db.status}; it must be running to link`);
  const links = state.store.linksOfDatabase(db.id);
  if (links.some((l) => l.appId === app.id)) throw dokkuFailed(dokku(db, 'link', app.name), ` !     Already linked as ${links.find((l) => l.appId === app.id)!.alias}_URL`);
  const rec: DatabaseLink = { id: newId(), databaseId: db.id, appId: app.id, alias, createdAt: nowIso() };
  state.store.links.set(rec.id, rec);
  changeConfig(state, app, { set: { [`${alias}_URL`]: serviceUrl(db.serviceType, db.name) } });
  return created(linkView(rec));
}

function unlink(ctx: Context) {
  const db = databaseParam(ctx);
  const app = appFromBody(ctx, str(ctx.body, 'app_id'));
  const { state } = ctx;
  requireReachable(state, db.serverId);
  const rec = state.store.linksOfDatabase(db.id).find((l) => l.appId === app.id);
  if (!rec) throw dokkuFailed(dokku(db, 'unlink', app.name), ` !     Not linked to app ${app.name}`);
  removeLink(state, rec, app);
  return message('Database unlinked');
}

/** Dokku's unlink: the link goes, and with it the app's <ALIAS>_URL (a new release, a restart). */
export function removeLink(state: ServiceState, rec: DatabaseLink, app: AppRecord): void {
  state.store.links.delete(rec.id);
  changeConfig(state, app, { unset: [`${rec.alias}_URL`] });
}

/** Dokku refuses to destroy a service still linked to an app. */
export function assertUnlinked(state: ServiceState, db: DatabaseRecord): void {
  const linked = state.store.linksOfDatabase(db.id).map((l) => state.store.apps.get(l.appId)?.name).filter(Boolean);
  if (linked.length) throw dokkuFailed(`${dokku(db, 'destroy')} --force`, ` !     Cannot delete linked service ${db.name}: unlink it from ${linked.join(', ')} first`);
}

export function databaseRoutes(r: RouteTable): void {
  r.get('/databases', (ctx) => visibleDatabases(ctx).map(databaseView));
  r.get('/databases/:id', databaseDetail);
  r.post('/databases', createDatabase);
  r.del('/databases/:id', destroyDatabase);
  r.post('/databases/:id/link', link);
  r.post('/databases/:id/unlink', unlink);
}

/** ImportService's commands; other types are 422 "No import command for <type>". */
const IMPORTERS: Partial<Record<string, string>> = { postgres: 'postgres:import', mysql: 'mysql:import', mariadb: 'mariadb:import', mongodb: 'mongo:import', redis: 'redis:import' };

/**
 * POST /databases/:id/import: the raw dump is the body, streamed into `dokku <type>:import`
 * (wokku's ImportService pipes it over SSH in 64 KB reads). Here every chunk is counted and
 * dropped as it arrives (state.imports), so a 200 MB dump never sits in memory; then Dokku
 * loads it (the action delay). An empty body is 422; any failure is 422 {error} (wokku
 * rescues everything), an unreachable server and a refused policy too. Like wokku, it never
 * reads the import's exit status: a dump Dokku cannot load (a plain `.sql` for Postgres, a
 * gzip file) is answered "Imported" all the same (`head` keeps its first bytes for tests).
 */
async function importDump(ctx: Context) {
  const db = policyRefusedAs422(ctx, () => databaseParam(ctx), 'DatabaseServicePolicy#update? this DatabaseService');
  const { state } = ctx;
  const record: ImportRecord = { database: db.name, bytes: 0, chunks: 0, largestChunk: 0, done: false, loaded: false, head: '' };
  state.imports.push(record);
  const declared = ctx.req.headers['content-length'];
  if (declared === '0') throw platformError('Empty request body — pipe the dump file as the body');
  // Puma has the whole body before the controller runs: count it all, then answer.
  for await (const chunk of ctx.req) {
    const n = (chunk as Buffer).length;
    if (record.head.length < 32) record.head += (chunk as Buffer).subarray(0, 16 - record.head.length / 2).toString('hex');
    record.bytes += n;
    record.chunks++;
    if (n > record.largestChunk) record.largestChunk = n;
  }
  record.done = true;
  if (record.bytes === 0) throw platformError('Empty request body — pipe the dump file as the body');
  if (!IMPORTERS[db.serviceType]) throw platformError(`No import command for ${db.serviceType}`);
  const server = state.store.servers.get(db.serverId);
  if (server && server.status !== 'connected') throw platformError(`Connection timed out - connect(2) for ${server.host}:${server.port}`);
  await state.scheduler.delay(state.settings.actionDelayMs);
  record.loaded = true;
  track(ctx, 'database.imported', { type: 'DatabaseService', name: db.name, workspaceId: db.workspaceId });
  return { message: 'Imported', database: db.name };
}

export function importRoutes(r: RouteTable): void {
  r.postRaw('/databases/:id/import', importDump);
}
