// POST /apps/:id/deploy: Rebuild, like wokku's AppsController#deploy. It creates a release
// ("Deploy via API") and a pending deploy, answers 202 {message, deploy_id, release_id} at
// once, and DeployJob runs `dokku ps:rebuild <app>` (no commit): the deploy goes building,
// then succeeded or failed, its `log` written only when the build ends (the live lines go to
// the dashboard's ActionCable channel, which an API token cannot open).

import type { Context, RouteTable } from '../http/context';
import { Reply } from '../http/reply';
import { createRelease } from '../operations';
import { appParam } from './lookup';

function rebuild(ctx: Context) {
  const app = appParam(ctx, 'update');
  const { state } = ctx;
  const release = createRelease(state, app, 'Deploy via API');
  // ps:rebuild rebuilds from the last push; an app never pushed has nothing to build.
  const neverDeployed = app.commitSha === null && app.status === 'created';
  const deploy = state.deploys.start(app, {
    commitSha: app.commitSha ?? undefined,
    description: null,
    userId: ctx.user.id,
    release,
    logAtEnd: true,
    noCommit: true,
    ...(neverDeployed ? { fail: true, lines: [` !     App ${app.name} has not been deployed`] } : {}),
  });
  release.deployId = deploy.id;
  state.store.recordActivity({ workspaceId: app.workspaceId, userId: ctx.user.id, action: 'app.deployed', targetName: app.name, targetType: 'AppRecord' });
  return new Reply(202, { message: 'Deploy triggered', deploy_id: deploy.id, release_id: release.id });
}

export function rebuildRoutes(r: RouteTable): void {
  r.post('/apps/:id/deploy', rebuild);
}
