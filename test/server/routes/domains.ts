// /apps/:id/domains: list, add, remove, and enable SSL (Let's Encrypt; slow and
// only possible while the app's containers run).

import type { Context, RouteTable } from '../http/context';
import { created, dokkuFailed, message, shellEscape } from '../http/reply';
import { newId, nowIso } from '../store';
import type { Domain } from '../types';
import { Errors, HOSTNAME_PATTERN, str } from '../validate';
import { domainView } from '../views';
import { appParam, childParam, reachableApp, track } from './lookup';

function addDomain(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const hostname = (str(ctx.body, 'hostname') || str(ctx.body, 'domain'))?.toLowerCase();
  const errors = new Errors();
  const { store } = ctx.state;
  if (!hostname) errors.add("Hostname can't be blank");
  else if (!HOSTNAME_PATTERN.test(hostname)) errors.add('Hostname is not a valid domain name');
  else if ([...store.domains.values()].some((d) => d.hostname === hostname)) errors.add('Hostname has already been taken');
  errors.check();
  const domain: Domain = { id: newId(), appId: app.id, hostname: hostname!, sslEnabled: false, createdAt: nowIso() };
  store.domains.set(domain.id, domain);
  track(ctx, 'domain.added', { type: 'Domain', name: domain.hostname, workspaceId: app.workspaceId });
  return created(domainView(domain));
}

function removeDomain(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const domain = childParam(ctx.state.store.domains, app, ctx.params.did);
  ctx.state.store.domains.delete(domain.id);
  track(ctx, 'domain.removed', { type: 'Domain', name: domain.hostname, workspaceId: app.workspaceId });
  return message('Domain removed');
}

async function enableSsl(ctx: Context) {
  const app = reachableApp(ctx, 'update');
  const domain = childParam(ctx.state.store.domains, app, ctx.params.did);
  if (app.commitSha === null || app.processState === 'stopped') {
    throw dokkuFailed(`letsencrypt:enable ${shellEscape(app.name)}`, ` !     ${app.name} must be running to request a Let's Encrypt certificate for ${domain.hostname}`);
  }
  // Certificate issuance takes a while; the response waits for it.
  await ctx.state.scheduler.delay(ctx.state.settings.actionDelayMs);
  domain.sslEnabled = true;
  return message('SSL enabled', { domain: domain.hostname });
}

export function domainRoutes(r: RouteTable): void {
  r.get('/apps/:id/domains', (ctx) => {
    const app = appParam(ctx);
    return ctx.state.store.childrenOf(ctx.state.store.domains, app.id).map(domainView);
  });
  r.post('/apps/:id/domains', addDomain);
  r.del('/apps/:id/domains/:did', removeDomain);
  r.post('/apps/:id/domains/:did/ssl', enableSsl);
}
