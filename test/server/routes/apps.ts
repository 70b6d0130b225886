// /apps: list, details, create, rename, destroy, and the slow synchronous
// lifecycle actions restart / stop / start (which change the process report, never
// the record's `status`, like wokku).

import type { Context, RouteTable } from '../http/context';
import { created, dokkuFailed, invalid, message, paymentRequired, shellEscape } from '../http/reply';
import { requireReachable } from '../operations';
import { newId, nowIso, type Store } from '../store';
import type { AppRecord, ProcessState, ServerRecord } from '../types';
import { checkAppName, Errors, str } from '../validate';
import { appDetailView, appTeamId, appView } from '../views';
import { appParam, authorizeTeam, headerMode, reachableApp, serverFromBody, track, visibleWorkspaces } from './lookup';

export const DEFAULT_CHECKS = { enabled: true, path: '/health', wait: 5, timeout: 30, attempts: 5 };
const BRANCH_PATTERN = /^[A-Za-z0-9._/-]+$/;

/** Whether an app of that name exists on the server (wokku: names are unique per server). */
export function nameTaken(store: Store, server: ServerRecord, name: string, except?: string): boolean {
  return [...store.apps.values()].some((a) => a.id !== except && a.name === name && a.serverId === server.id);
}

/** 422 like wokku's model validation when the name is used on the target server. */
function assertNameFree(store: Store, server: ServerRecord, name: string, except?: string): void {
  if (nameTaken(store, server, name, except)) throw invalid('Name has already been taken');
}

/**
 * 402 when the caller's apps (every team they are in, like wokku; the workspace's in header
 * mode) reach the plan's limit. Preview apps count: AppsController#create counts every
 * AppRecord of the user's teams, `main_apps` or not.
 */
export function assertPlanAllowsApp(ctx: Context): void {
  const { workspace } = ctx;
  const count = visibleWorkspaces(ctx).flatMap((ws) => ctx.state.store.appsIn(ws.id)).length;
  if (count >= workspace.plan.maxApps) throw paymentRequired(`App limit reached for your plan (${workspace.plan.maxApps})`);
}

/** Creates the record of a new, never deployed app (POST /apps and template deploys). */
export function newApp(ctx: Context, server: ServerRecord, name: string, deployBranch = 'main'): AppRecord {
  const app: AppRecord = {
    id: newId(),
    // By default the user's first team, whatever workspace the client thinks it is in.
    workspaceId: ctx.workspace.id,
    name,
    serverId: server.id,
    status: 'created',
    processState: 'stopped',
    containersVersion: 0,
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

export const appDetail = (ctx: Context, app: AppRecord) =>
  appDetailView(ctx.state.store, app, headerMode(ctx), ctx.state.settings.gitRemote === 'http' ? ctx.state.git.urlOf(app.name) : undefined, ctx.state.settings.olderWokku);

function listApps(ctx: Context) {
  const { store } = ctx.state;
  const q = ctx.query.get('q')?.toLowerCase();
  // An older wokku knows no preview apps: no such columns, and include_previews means nothing.
  const older = ctx.state.settings.olderWokku;
  const previews = !older && ['1', 'true'].includes(ctx.query.get('include_previews') ?? '');
  return visibleWorkspaces(ctx)
    .flatMap((ws) => store.appsIn(ws.id))
    .filter((a) => (previews || !a.isPreview) && (!q || a.name.toLowerCase().includes(q)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => appView(a, appTeamId(store, a, headerMode(ctx)), older));
}

/** Dokku's own check of an app name (`is_valid_app_name`), looser than wokku's model. */
function dokkuNameProblem(name: string): string | undefined {
  if (!name) return 'Please specify an app to run the command on';
  if (!/^[a-z0-9][^/:_A-Z]*$/.test(name)) return 'App name must begin with lowercase alphanumeric character, and cannot include uppercase characters, colons, or underscores';
  return undefined;
}

/** What Dokku's `apps:create` says for a name it already has (plugins/apps createApp). */
export const DOKKU_NAME_TAKEN = 'Name is already taken';

/**
 * Like wokku: the server, permissions and plan first, then `dokku apps:create` (its
 * failure is 422 {"error": "Dokku command failed: …"}, a taken name included: Dokku
 * refuses it before the model's uniqueness validation could), then the model's validations.
 * `takenName: 'validation'` answers a taken name with the model's `{"errors": [...]}` instead.
 */
function createApp(ctx: Context) {
  const { store } = ctx.state;
  const name = str(ctx.body, 'name');
  const branch = str(ctx.body, 'deploy_branch') || 'main';
  const server = serverFromBody(ctx, str(ctx.body, 'server_id'));
  authorizeTeam(ctx, ctx.workspace.id, 'update');
  assertPlanAllowsApp(ctx);
  requireReachable(ctx.state, server.id);
  const refused = dokkuNameProblem(name ?? '');
  if (refused) throw dokkuFailed(`apps:create ${shellEscape(name ?? '')}`, ` !     ${refused}`);
  if (ctx.state.settings.takenName === 'dokku' && nameTaken(store, server, name!)) {
    throw dokkuFailed(`apps:create ${shellEscape(name!)}`, ` !     ${DOKKU_NAME_TAKEN}`);
  }
  const errors = new Errors();
  checkAppName(errors, 'Name', name);
  if (!BRANCH_PATTERN.test(branch)) errors.add('Deploy branch is invalid');
  errors.check();
  assertNameFree(store, server, name!);
  const app = newApp(ctx, server, name!, branch);
  track(ctx, 'app.created', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return created(appDetail(ctx, app));
}

function updateApp(ctx: Context) {
  const { store } = ctx.state;
  const app = appParam(ctx, 'update');
  const name = str(ctx.body, 'name');
  const branch = str(ctx.body, 'deploy_branch');
  const errors = new Errors();
  if (ctx.body.name !== undefined) checkAppName(errors, 'Name', name);
  if (ctx.body.deploy_branch !== undefined && (!branch || !BRANCH_PATTERN.test(branch))) errors.add('Deploy branch is invalid');
  errors.check();
  if (name && name !== app.name) {
    const server = requireReachable(ctx.state, app.serverId);
    assertNameFree(store, server, name, app.id);
    app.name = name;
  }
  if (branch && branch !== app.deployBranch) app.deployBranch = branch;
  return appDetail(ctx, app);
}

function destroyApp(ctx: Context) {
  const app = reachableApp(ctx, 'destroy');
  ctx.state.lifecycle.cancel(app.id);
  track(ctx, 'app.destroyed', { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  ctx.state.store.deleteApp(app.id);
  ctx.state.logs.drop(app.id);
  return message('App destroyed');
}

type Action = 'restart' | 'stop' | 'start';
/** wokku builds both from the verb: "app.#{action}ed" and "App #{action}ed", hence "stoped". */
const ACTIONS: Record<Action, ProcessState> = { restart: 'running', stop: 'stopped', start: 'running' };

async function lifecycle(ctx: Context, action: Action) {
  const app = reachableApp(ctx, 'update');
  // Synchronous like the real service: the response waits for the containers. A
  // never-deployed app has none; Dokku only prints a warning, and the call succeeds.
  if (app.commitSha !== null) await ctx.state.lifecycle.transition(app, action, ACTIONS[action]);
  track(ctx, `app.${action}ed`, { type: 'AppRecord', name: app.name, workspaceId: app.workspaceId });
  return message(`App ${action}ed`);
}

export function appRoutes(r: RouteTable): void {
  r.get('/apps', listApps);
  r.get('/apps/:id', (ctx) => appDetail(ctx, appParam(ctx)));
  r.post('/apps', createApp);
  r.put('/apps/:id', updateApp);
  r.del('/apps/:id', destroyApp);
  for (const action of Object.keys(ACTIONS) as Action[]) r.post(`/apps/:id/${action}`, (ctx) => lifecycle(ctx, action));
}
