// /apps/:id/addons: services provisioned for one app (created asynchronously).

import type { Context, RouteTable } from '../http/context';
import { conflict, created, message } from '../http/reply';
import { newId } from '../store';
import { DATABASE_TYPES, type Addon, type DatabaseType } from '../types';
import { checkName, Errors, str } from '../validate';
import { addonView } from '../views';
import { activity, appParam, childParam, reachableApp } from './lookup';

function listAddons(ctx: Context) {
  const app = appParam(ctx);
  const server = ctx.state.store.servers.get(app.serverId)?.name ?? '';
  return ctx.state.store.childrenOf(ctx.state.store.addons, app.id).map((a) => addonView(a, server));
}

function addAddon(ctx: Context) {
  const app = reachableApp(ctx);
  const type = str(ctx.body, 'service_type');
  const errors = new Errors();
  if (!type) errors.add("Service type can't be blank");
  else if (!DATABASE_TYPES.includes(type as DatabaseType)) errors.add(`Service type is not included in the list (${DATABASE_TYPES.join(', ')})`);
  const name = str(ctx.body, 'name') || `${app.name}-${type ?? 'addon'}`;
  checkName(errors, 'Name', name);
  errors.check();
  const { store, scheduler, settings } = ctx.state;
  if (store.childrenOf(store.addons, app.id).some((a) => a.name === name)) throw conflict('Add-on name already taken');
  const addon: Addon = { id: newId(), appId: app.id, name, serviceType: type as DatabaseType, status: 'creating' };
  store.addons.set(addon.id, addon);
  scheduler.after(settings.actionDelayMs, () => {
    addon.status = 'running';
  });
  activity(ctx, 'addon.create', 'App', app.name, `Add-on ${name} (${type}) added to ${app.name}`);
  return created({ id: addon.id, name: addon.name, service_type: addon.serviceType, status: addon.status });
}

function removeAddon(ctx: Context) {
  const app = reachableApp(ctx);
  const addon = childParam(ctx.state.store.addons, app, ctx.params.aid);
  ctx.state.store.addons.delete(addon.id);
  activity(ctx, 'addon.delete', 'App', app.name, `Add-on ${addon.name} removed from ${app.name}`);
  return message('Add-on removed');
}

export function addonRoutes(r: RouteTable): void {
  r.get('/apps/:id/addons', listAddons);
  r.post('/apps/:id/addons', addAddon);
  r.del('/apps/:id/addons/:aid', removeAddon);
}
