// /apps/:id/addons: services provisioned for one app, synchronously like wokku (the
// answer says "running", so linking or using it right away works), and the databases
// linked to it: wokku lists and removes both as the app's database services.

import type { Context, RouteTable } from '../http/context';
import { created, message, platformError } from '../http/reply';
import { newId } from '../store';
import { DATABASE_TYPES, type Addon, type AppRecord, type DatabaseRecord, type DatabaseType } from '../types';
import { checkName, Errors, str } from '../validate';
import { addonView } from '../views';
import { assertUnlinked, removeLink } from './databases';
import { appParam, childParam, reachableApp, track } from './lookup';

/**
 * wokku renders `@app.database_services`: the services provisioned for the app and the
 * databases linked to it through /databases/:id/link.
 */
function listAddons(ctx: Context) {
  const app = appParam(ctx);
  const { store } = ctx.state;
  const serverName = (id: string) => store.servers.get(id)?.name ?? '';
  const provisioned = store.childrenOf(store.addons, app.id).map((a) => addonView(a, serverName(app.serverId)));
  const linked = linkedDatabases(ctx, app).map((db) => addonView(db, serverName(db.serverId)));
  return [...provisioned, ...linked];
}

function linkedDatabases(ctx: Context, app: AppRecord): DatabaseRecord[] {
  const { store } = ctx.state;
  return [...store.links.values()].filter((l) => l.appId === app.id).flatMap((l) => store.databases.get(l.databaseId) ?? []);
}

function addAddon(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const type = str(ctx.body, 'service_type');
  const errors = new Errors();
  if (!type) errors.add("Service type can't be blank");
  else if (!DATABASE_TYPES.includes(type as DatabaseType)) errors.add(`Service type is not included in the list (${DATABASE_TYPES.join(', ')})`);
  const name = str(ctx.body, 'name') || `${app.name}-${type ?? 'addon'}`;
  checkName(errors, 'Name', name);
  errors.check();
  const { store } = ctx.state;
  // wokku rescues everything here into 422 {"error": message}.
  if (store.childrenOf(store.addons, app.id).some((a) => a.name === name)) throw platformError('Validation failed: Name has already been taken');
  const addon: Addon = { id: newId(), appId: app.id, name, serviceType: type as DatabaseType, status: 'running' };
  store.addons.set(addon.id, addon);
  track(ctx, 'addon.created', { type: 'DatabaseService', name: addon.name, workspaceId: app.workspaceId });
  return created({ id: addon.id, name: addon.name, service_type: addon.serviceType, status: 'running' });
}

function removeAddon(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const { state } = ctx;
  const db = state.store.addons.has(ctx.params.aid) ? undefined : linkedDatabases(ctx, app).find((d) => d.id === ctx.params.aid);
  if (!db) {
    const addon = childParam(state.store.addons, app, ctx.params.aid);
    state.store.addons.delete(addon.id);
    track(ctx, 'addon.destroyed', { type: 'DatabaseService', name: addon.name, workspaceId: app.workspaceId });
    return message('Add-on removed');
  }
  // A linked database is an addon like any other to wokku: unlinked from this app, then
  // destroyed (Dokku refuses while another app still uses it).
  const link = state.store.linksOfDatabase(db.id).find((l) => l.appId === app.id);
  if (link) removeLink(state, link, app);
  assertUnlinked(state, db);
  state.store.deleteDatabase(db.id);
  track(ctx, 'addon.destroyed', { type: 'DatabaseService', name: db.name, workspaceId: app.workspaceId });
  return message('Add-on removed');
}

export function addonRoutes(r: RouteTable): void {
  r.get('/apps/:id/addons', listAddons);
  r.post('/apps/:id/addons', addAddon);
  r.del('/apps/:id/addons/:aid', removeAddon);
}
