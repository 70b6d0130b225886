// /apps: list, details, create, rename, destroy, and the slow synchronous
// lifecycle actions restart / stop / start.

import type { Context, RouteTable } from '../http/context';
import { conflict, created, HttpError, message, paymentRequired, platformError } from '../http/reply';
import { requireReachable } from '../operations';
import { newId, nowIso, type Store } from '../store';
import type { AppRecord, AppStatus, ServerRecord, Workspace } from '../types';
import { checkName, Errors, str } from '../validate';
import { appDetailView, appView } from '../views';
import { activity, appParam, reachableApp, serverFromBody } from './lookup';

export const DEFAULT_CHECKS = { enabled: true, path: '/health', wait: 5, timeout: 30, attempts: 5 };
const BRANCH_PATTERN = /^[A-Za-z0-9._/-]+$/;

/** 409 when the name is used in the workspace or on the target server (dokku names are per host). */
export function assertNameFree(store: Store, workspace: Workspace, server: ServerRecord, name: string, except?: string): void {
  const taken = [...store.apps.values()].some(
    (a) => a.id !== except && a.name === name && (a.workspaceId === workspace.id || a.serverId === server.id),
  );
  if (taken) throw conflict('App name already taken');
}

export function assertPlanAllowsApp(store: Store, workspace: Workspace): void {
  const count = store.appsIn(workspace.id).filter((a) => !a.isPreview).length;
  if (count >= workspace.plan.maxApps) throw paymentRequired(`App limit reached for your plan (${workspace.plan.maxApps})`);
}

/** Creates the record of a new, never deployed app (POST /apps and template deploys). */
export function newApp(ctx: Context, server: ServerRecord, name: string, deployBranch = 'main'): AppRecord {
  const app: AppRecord = {
    id: newId(),
    workspaceId: ctx.workspace.id,
    teamId: ctx.workspace.kind === 'team' ? ctx.workspace.id : null,
    name,
    serverId: server.id,
    status: 'created',
    isPreview: false,
    prNumber: null,
    parentAppId: null,
    deployBranch,
    createdAt: nowIso(),
    config: {},
    scaling: { web: 1 },
    checks: { ...DEFAULT_CHECKS },
    commitSha: null,
  };
  ctx.state.store.apps.set(app.id, app);
  return app;
}

function listApps(ctx: Context) {
  const q = ctx.query.get('q')?.toLowerCase();
  const previews = ['1', 'true'].includes(ctx.query.get('include_previews') ?? '');
  return ctx.state.store
    .appsIn(ctx.workspace.id)
    .filter((a) => (previews || !a.isPreview) && (!q || a.name.toLowerCase().includes(q)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(appView);
}

function createApp(ctx: Context) {
  const { store } = ctx.state;
  const name = str(ctx.body, 'name');
  const branch = str(ctx.body, 'deploy_branch') || 'main';
  const errors = new Errors();
  checkName(errors, 'Name', name);
  if (!BRANCH_PATTERN.test(branch)) errors.add('Deploy branch is invalid');
  errors.check();
  const server = serverFromBody(ctx, str(ctx.body, 'server_id'));
  assertNameFree(store, ctx.workspace, server, name!);
  assertPlanAllowsApp(store, ctx.workspace);
  requireReachable(ctx.state, server.id);
  const app = newApp(ctx, server, name!, branch);
  activity(ctx, 'app.create', 'App', app.name, `App ${app.name} created on ${server.name}`);
  return created(appDetailView(store, app));
}

function updateApp(ctx: Context) {
  const { store } = ctx.state;
  const app = appParam(ctx);
  const name = str(ctx.body, 'name');
  const branch = str(ctx.body, 'deploy_branch');
  const errors = new Errors();
  if (ctx.body.name !== undefined) checkName(errors, 'Name', name);
  if (ctx.body.deploy_branch !== undefined && (!branch || !BRANCH_PATTERN.test(branch))) errors.add('Deploy branch is invalid');
  errors.check();
  const changes: string[] = [];
  if (name && name !== app.name) {
    const server = requireReachable(ctx.state, app.serverId);
    assertNameFree(store, ctx.workspace, server, name, app.id);
    changes.push(`renamed from ${app.name}`);
    app.name = name;
  }
  if (branch && branch !== app.deployBranch) {
    changes.push(`deploy branch set to ${branch}`);
    app.deployBranch = branch;
  }
  if (changes.length) activity(ctx, 'app.update', 'App', app.name, `App ${app.name} ${changes.join(', ')}`);
  return appDetailView(store, app);
}

function destroyApp(ctx: Context) {
  const app = reachableApp(ctx);
  ctx.state.lifecycle.cancel(app.id);
  ctx.state.store.deleteApp(app.id);
  ctx.state.logs.drop(app.id);
  activity(ctx, 'app.delete', 'App', app.name, `App ${app.name} destroyed`);
  return message('App destroyed');
}

type Action = 'restart' | 'stop' | 'start';
const ACTIONS: Record<Action, { interim: AppStatus | null; final: AppStatus; done: string }> = {
  restart: { interim: 'deploying', final: 'running', done: 'App restarted' },
  stop: { interim: null, final: 'stopped', done: 'App stopped' },
  start: { interim: 'deploying', final: 'running', done: 'App started' },
};

async function lifecycle(ctx: Context, action: Action) {
  const app = reachableApp(ctx);
  const busy = ctx.state.lifecycle.busyWith(app.id);
  if (busy === 'restart' || busy === 'stop' || busy === 'start') {
    throw new HttpError(409, { error: `App ${app.name} is busy (${busy} in progress)` });
  }
  if (app.status === 'created') throw platformError(` !     App ${app.name} has not been deployed`);
  const { interim, final, done } = ACTIONS[action];
  activity(ctx, `app.${action}`, 'App', app.name, `App ${app.name} ${action === 'stop' ? 'stopped' : `${action}ed`}`);
  // Synchronous like the real service: the response waits for the transition.
  await ctx.state.lifecycle.transition(app, action, interim, final);
  return message(done);
}

export function appRoutes(r: RouteTable): void {
  r.get('/apps', listApps);
  r.get('/apps/:id', (ctx) => appDetailView(ctx.state.store, appParam(ctx)));
  r.post('/apps', createApp);
  r.put('/apps/:id', updateApp);
  r.del('/apps/:id', destroyApp);
  for (const action of Object.keys(ACTIONS) as Action[]) r.post(`/apps/:id/${action}`, (ctx) => lifecycle(ctx, action));
}
