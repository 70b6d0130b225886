// /apps/:id/logs (`dokku logs <app> --num N`: the last N lines of each container;
// optional ?follow=1 stream when enabled) and /apps/:id/deploys (last 20, newest
// first; details carry the build log).

import type { Context, RouteTable } from '../http/context';
import { badRequest, HANDLED, platformError } from '../http/reply';
import { deployDetailView, deployView } from '../views';
import { appParam, childParam, reachableApp } from './lookup';

const DEFAULT_LINES = 100;
const MAX_LINES = 10_000;

function parseLines(raw: string | null): number {
  if (raw === null || raw === '') return DEFAULT_LINES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LINES) throw badRequest(`lines must be an integer between 1 and ${MAX_LINES}`);
  return n;
}

function getLogs(ctx: Context) {
  const app = reachableApp(ctx);
  const lines = parseLines(ctx.query.get('lines'));
  const follow = ['1', 'true'].includes(ctx.query.get('follow') ?? '');
  // wokku passes Dokku's failure on: an app without containers has no logs to read.
  if (!ctx.state.logs.isDeployed(app.id)) {
    throw platformError(`Dokku command failed: logs ${app.name} --num ${lines}\n !     App ${app.name} has not been deployed\n`);
  }
  if (follow && ctx.state.settings.follow) return stream(ctx, app.id, lines);
  return { logs: ctx.state.logs.window(app.id, lines, ctx.state.settings.logFormat).join('\n') };
}

/** Chunked text/plain: the last N lines, then every new line until the client goes away. */
function stream(ctx: Context, appId: string, lines: number): typeof HANDLED {
  const { res, state } = ctx;
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
  const backlog = state.logs.window(appId, lines, state.settings.logFormat);
  if (backlog.length) res.write(`${backlog.join('\n')}\n`);
  else res.flushHeaders();
  const unsubscribe = state.logs.subscribe(appId, (added) => {
    if (!res.destroyed) res.write(`${added.join('\n')}\n`);
  });
  res.on('close', unsubscribe);
  return HANDLED;
}

export function logRoutes(r: RouteTable): void {
  r.get('/apps/:id/logs', getLogs);
  r.get('/apps/:id/deploys', (ctx) => ctx.state.store.deploysOf(appParam(ctx).id).slice(0, 20).map(deployView));
  r.get('/apps/:id/deploys/:did', (ctx) => deployDetailView(childParam(ctx.state.store.deploys, appParam(ctx), ctx.params.did)));
}
