// /apps/:id/addons: services provisioned for one app, synchronously like wokku (the
// answer says "running", so linking or using it right away works).

import type { Context, RouteTable } from '../http/context';
import { created, message, platformError } from '../http/reply';
import { newId } from '../store';
import { DATABASE_TYPES, type Addon, type DatabaseType } from '../types';
import { checkName, Errors, str } from '../validate';
import { addonView } from '../views';
import { appParam, childParam, reachableApp, track } from './lookup';

function listAddons(ctx: Context) {
  const app = appParam(ctx);
  const server = ctx.state.store.servers.get(app.serverId)?.name ?? '';
  return ctx.state.store.childrenOf(ctx.state.store.addons, app.id).map((a) => addonView(a, server));
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
  const addon = childParam(ctx.state.store.addons, app, ctx.params.aid);
  ctx.state.store.addons.delete(addon.id);
  track(ctx, 'addon.destroyed', { type: 'DatabaseService', name: addon.name, workspaceId: app.workspaceId });
  return message('Add-on removed');
}

export function addonRoutes(r: RouteTable): void {
  r.get('/apps/:id/addons', listAddons);
  r.post('/apps/:id/addons', addAddon);
  r.del('/apps/:id/addons/:aid', removeAddon);
}
