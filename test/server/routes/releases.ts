// /apps/:id/releases: newest first; rollback creates a new release running the
// target's commit (422 when the target has none).

import type { Context, RouteTable } from '../http/context';
import { created, notFound, platformError } from '../http/reply';
import { createRelease } from '../operations';
import { releaseDetailView, releaseView } from '../views';
import type { AppRecord, Release } from '../types';
import { activity, appParam, reachableApp } from './lookup';

/** `:rid` is the release id; a version ("3" or "v3") is accepted too. */
function releaseParam(ctx: Context, app: AppRecord): Release {
  const rid = ctx.params.rid;
  const releases = ctx.state.store.releasesOf(app.id);
  const version = /^v?(\d+)$/i.exec(rid);
  const release = releases.find((r) => r.id === rid) ?? (version ? releases.find((r) => r.version === Number(version[1])) : undefined);
  if (!release) throw notFound();
  return release;
}

function rollback(ctx: Context) {
  const app = reachableApp(ctx);
  const target = releaseParam(ctx, app);
  if (!target.commitSha) throw platformError(`Release v${target.version} has no recorded commit to roll back to`);
  app.commitSha = target.commitSha;
  const release = createRelease(ctx.state, app, `Rollback to v${target.version}`, { commitSha: target.commitSha });
  ctx.state.lifecycle.restartForChange(app, 'rollback');
  activity(ctx, 'release.rollback', 'App', app.name, `${app.name} rolled back to v${target.version} (now v${release.version})`);
  return created(releaseView(release));
}

export function releaseRoutes(r: RouteTable): void {
  r.get('/apps/:id/releases', (ctx) => ctx.state.store.releasesOf(appParam(ctx).id).map(releaseView));
  r.get('/apps/:id/releases/:rid', (ctx) => releaseDetailView(releaseParam(ctx, appParam(ctx))));
  r.post('/apps/:id/releases/:rid/rollback', rollback);
}
