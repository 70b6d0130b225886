// /apps/:id/log_drains: forward the app's logs to syslog or HTTPS endpoints.

import type { Context, RouteTable } from '../http/context';
import { created, message } from '../http/reply';
import { newId, nowIso } from '../store';
import type { LogDrain } from '../types';
import { Errors, str } from '../validate';
import { drainView } from '../views';
import { appParam, childParam, reachableApp, track } from './lookup';

const SCHEMES: Record<LogDrain['drainType'], string[]> = { syslog: ['syslog:', 'syslog+tls:'], https: ['https:', 'http:'] };

function addDrain(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const url = str(ctx.body, 'url');
  const type = str(ctx.body, 'drain_type');
  const errors = new Errors();
  let parsed: URL | undefined;
  if (!url) errors.add("Url can't be blank");
  else {
    try {
      parsed = new URL(url);
      if (!parsed.hostname) throw new Error('no host');
    } catch {
      errors.add('Url is not a valid URL (use syslog://host:port or https://host/path)');
      parsed = undefined;
    }
  }
  if (!type) errors.add("Drain type can't be blank");
  else if (type !== 'syslog' && type !== 'https') errors.add('Drain type must be syslog or https');
  else if (parsed && !SCHEMES[type].includes(parsed.protocol)) errors.add(`Url must start with ${SCHEMES[type][0]}// for ${type} drains`);
  const { store } = ctx.state;
  if (url && store.childrenOf(store.drains, app.id).some((d) => d.url === url)) errors.add('Url has already been taken');
  errors.check();
  const drain: LogDrain = { id: newId(), appId: app.id, url: url!, drainType: type as LogDrain['drainType'], createdAt: nowIso() };
  store.drains.set(drain.id, drain);
  // A drain has no name or hostname: wokku's activity has no target name.
  track(ctx, 'log_drain.added', { type: 'LogDrain', name: null, workspaceId: app.workspaceId });
  return created(drainView(drain));
}

function removeDrain(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const drain = childParam(ctx.state.store.drains, app, ctx.params.did);
  ctx.state.store.drains.delete(drain.id);
  track(ctx, 'log_drain.removed', { type: 'LogDrain', name: null, workspaceId: app.workspaceId });
  return message('Log drain removed');
}

export function logDrainRoutes(r: RouteTable): void {
  r.get('/apps/:id/log_drains', (ctx) => ctx.state.store.childrenOf(ctx.state.store.drains, appParam(ctx).id).map(drainView));
  r.post('/apps/:id/log_drains', addDrain);
  r.del('/apps/:id/log_drains/:did', removeDrain);
}
