// /apps/:id/releases: newest first. A rollback, like wokku's, creates a new release and
// a deploy of the target's commit (pending, then building...), and answers with the new
// release at once; 422 when the target has no recorded commit.

import type { Context, RouteTable } from '../http/context';
import { created, notFound, platformError } from '../http/reply';
import { createRelease } from '../operations';
import { releaseDetailView, releaseView } from '../views';
import type { AppRecord, Release } from '../types';
import { appParam } from './lookup';

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
  const app = appParam(ctx, 'update');
  const target = releaseParam(ctx, app);
  const sha = target.commitSha;
  if (!sha) {
    throw platformError(`Cannot rollback: no commit SHA recorded for v${target.version}. Only releases with recorded commits can be rolled back.`);
  }
  const release = createRelease(ctx.state, app, `Rollback to v${target.version} (${sha.slice(0, 7)})`, { commitSha: sha });
  const deploy = ctx.state.deploys.start(app, { commitSha: sha, description: release.description, userId: ctx.user.id, release });
  release.deployId = deploy.id;
  return created(releaseView(release));
}

export function releaseRoutes(r: RouteTable): void {
  r.get('/apps/:id/releases', (ctx) => ctx.state.store.releasesOf(appParam(ctx).id).map(releaseView));
  r.get('/apps/:id/releases/:rid', (ctx) => releaseDetailView(releaseParam(ctx, appParam(ctx))));
  r.post('/apps/:id/releases/:rid/rollback', rollback);
}
