// /apps/:id/config: read, merge-set (PUT {vars}) and remove (DELETE {keys}).
// Every change creates a release and restarts a running app. wokku only checks that
// the caller may see the app (viewers included), and tracks `config.updated` for PUT.

import type { Context, RouteTable } from '../http/context';
import { badRequest, dokkuFailed, shellEscape } from '../http/reply';
import { changeConfig } from '../operations';
import { ENV_KEY_PATTERN } from '../validate';
import { reachableApp, track } from './lookup';

function sorted(config: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(config).sort(([a], [b]) => a.localeCompare(b)));
}

function setVars(ctx: Context) {
  const app = reachableApp(ctx);
  const vars = ctx.body.vars;
  if (vars === null || typeof vars !== 'object' || Array.isArray(vars) || Object.keys(vars).length === 0) {
    throw badRequest('vars parameter required');
  }
  const set: Record<string, string> = {};
  // Like wokku's config:set line: every pair, values included, shows in a refusal.
  const command = `config:set ${shellEscape(app.name)} ${Object.entries(vars as Record<string, unknown>).map(([k, v]) => `${shellEscape(k)}=${shellEscape(typeof v === 'object' ? JSON.stringify(v) : String(v))}`).join(' ')}`;
  for (const [key, value] of Object.entries(vars as Record<string, unknown>)) {
    if (!ENV_KEY_PATTERN.test(key)) throw dokkuFailed(command, ` !     Invalid env var name: ${key}`);
    if (value === null || typeof value === 'object') throw dokkuFailed(command, ` !     Invalid value for ${key}: expected a string`);
    Object.defineProperty(set, key, { value: String(value), enumerable: true, writable: true, configurable: true });
  }
  const keys = changeConfig(ctx.state, app, { set });
  track(ctx, 'config.updated', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return { message: 'Config updated', vars: keys };
}

function removeVars(ctx: Context) {
  const app = reachableApp(ctx);
  const keys = ctx.body.keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string' && k !== '')) {
    throw badRequest('keys parameter required');
  }
  const bad = (keys as string[]).find((k) => !ENV_KEY_PATTERN.test(k));
  if (bad) throw dokkuFailed(`config:unset ${shellEscape(app.name)} ${(keys as string[]).map(shellEscape).join(' ')}`, ` !     Invalid env var name: ${bad}`);
  const removed = changeConfig(ctx.state, app, { unset: [...new Set(keys as string[])] });
  return { message: 'Config vars removed', keys: removed };
}

export function configRoutes(r: RouteTable): void {
  r.get('/apps/:id/config', (ctx) => ({ config: sorted(reachableApp(ctx).config) }));
  r.put('/apps/:id/config', setVars);
  r.del('/apps/:id/config', removeVars);
}
