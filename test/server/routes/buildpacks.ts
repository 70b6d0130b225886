// /apps/:app_id/buildpacks (a singular resource): wokku's BuildpacksController over
// Dokku::Buildpacks. Every answer is `{buildpacks: <buildpacks:list output, line by line>}`,
// and Dokku's list starts with its header "-----> <app> buildpack urls" (wokku keeps every
// non-empty line). GET 200, POST 201, PUT and DELETE 200. A URL that is neither
// http(s)://… nor heroku/<name> is 422 `buildpack URL invalid: "<url>"` (Ruby's inspect);
// Dokku's own refusals are 422 "Dokku command failed: …".

import type { Context, RouteTable } from '../http/context';
import { created, dokkuFailed, platformError, shellEscape } from '../http/reply';
import { requireReachable } from '../operations';
import type { AppRecord } from '../types';
import { appParam, track } from './lookup';

/** Dokku::Buildpacks::URL_PATTERN */
const URL_PATTERN = /^(https?:\/\/[\w.\-/:]+|heroku\/[\w-]+)$/;

/** Ruby's String#inspect (nil for a missing value). */
const inspect = (value: unknown): string => (value === undefined || value === null ? 'nil' : JSON.stringify(String(value)));

function ensureUrl(url: unknown): string {
  if (typeof url !== 'string' || !URL_PATTERN.test(url) || /\n/.test(url)) throw platformError(`buildpack URL invalid: ${inspect(url)}`);
  return url;
}

/** What `dokku buildpacks:list <app>` prints, line by line, stripped. */
function listed(app: AppRecord): { buildpacks: string[] } {
  return { buildpacks: [`-----> ${app.name} buildpack urls`, ...(app.buildpacks ?? [])] };
}

function target(ctx: Context, access: 'show' | 'update'): AppRecord {
  const app = appParam(ctx, access, 'app_id');
  requireReachable(ctx.state, app.serverId);
  return app;
}

function add(ctx: Context) {
  const app = target(ctx, 'update');
  const url = ensureUrl(ctx.body.url);
  const list = [...(app.buildpacks ?? [])];
  const rawIndex = ctx.body.index;
  // wokku sends `--index <index.to_i>` when an index is given; Dokku: 0 appends, N puts it N-th.
  const index = rawIndex === undefined || rawIndex === null || rawIndex === '' ? 0 : Number.parseInt(String(rawIndex), 10) || 0;
  if (index > 0 && index <= list.length) list.splice(index - 1, 0, url);
  else list.push(url);
  app.buildpacks = list;
  track(ctx, 'buildpack.added', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return created(listed(app));
}

function set(ctx: Context) {
  const app = target(ctx, 'update');
  const raw = ctx.body.urls;
  // Array(params[:urls]): nil → [], a string → [string].
  const urls: unknown[] = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  app.buildpacks = urls.map(ensureUrl);
  track(ctx, 'buildpack.set', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return listed(app);
}

function remove(ctx: Context) {
  const app = target(ctx, 'update');
  const url = ctx.body.url ?? ctx.query.get('url') ?? undefined;
  if (url === undefined || url === '') {
    app.buildpacks = [];
  } else {
    const checked = ensureUrl(url);
    const list = app.buildpacks ?? [];
    const command = `buildpacks:remove ${shellEscape(app.name)} ${shellEscape(checked)}`;
    if (list.length === 0) throw dokkuFailed(command, ` !     No buildpacks were found, next release on ${app.name} will detect buildpack normally`);
    if (!list.includes(checked)) throw dokkuFailed(command, ' !     Value not found');
    app.buildpacks = list.filter((u) => u !== checked);
  }
  track(ctx, 'buildpack.removed', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return listed(app);
}

export function buildpackRoutes(r: RouteTable): void {
  r.get('/apps/:app_id/buildpacks', (ctx) => listed(target(ctx, 'show')));
  r.post('/apps/:app_id/buildpacks', add);
  r.put('/apps/:app_id/buildpacks', set);
  r.del('/apps/:app_id/buildpacks', remove);
}

