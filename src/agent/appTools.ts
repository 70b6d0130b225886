// Read tools about apps: the list (state, server, workspace, linked folders) and one app's
// status (its process report, the true state, and its recent deploys).
import * as vscode from 'vscode';
import { isNotDeployed, readProcessReport, type App, type Deploy } from '../api';
import { scopeToWorkspace } from '../auth/workspaces';
import { deployArea } from '../deploy';
import { type AppInput, resolveApp, resolveWorkspace, workspaceName, workspaceTitle } from './appInput';
import { serviceText } from './serviceInput';
import { processLines } from '../actions/processLines';
import { callOptions, type ReadTool, type ToolContext } from './toolBase';
import { clip } from '../format';

/** Apps an answer lists at most (the model can filter by workspace). */
const MAX_APPS = 100;
const RECENT_DEPLOYS = 5;

export const listApps: ReadTool<{ workspace?: string }> = {
  name: 'apphost_list_apps',
  kind: 'read',
  progress: () => vscode.l10n.t('Listing AppHost apps…'),
  async reads(input, ctx) {
    const { session } = await ctx.s.connections.of(ctx.s.service).signedIn();
    const workspace = input.workspace?.trim() ? workspaceTitle(await resolveWorkspace(ctx, input.workspace)) : workspaceName(ctx.s, ctx.s.workspaces.active(session.apiRoot));
    return { what: vscode.l10n.t('the list of your apps in workspace {0}, and which open folders are linked to them', workspace) };
  },
  async run(input, ctx) {
    const { s } = ctx;
    const { session, api } = await s.connections.of(s.service).signedIn();
    const workspaces = await s.workspaces.list(api, session, callOptions(ctx));
    const activeSlug = s.workspaces.active(session.apiRoot);
    const workspace = input.workspace?.trim() ? await resolveWorkspace(ctx, input.workspace) : (workspaces.find((w) => w.slug === activeSlug) ?? workspaces[0]);
    const [apps, servers] = await Promise.all([
      api.apps.list({}, callOptions(ctx, { workspace: workspace.slug })),
      api.servers.list(callOptions(ctx, { workspace: workspace.slug })).catch(() => []),
    ]);
    const shown = scopeToWorkspace(workspace, apps).sort((a, b) => a.name.localeCompare(b.name));
    const serverNames = new Map(servers.map((x) => [x.id, x.name]));
    const links = deployArea(s).links.links().filter((l) => l.service === session.apiRoot);
    const others = workspaces.filter((w) => w.slug !== workspace.slug).map(workspaceTitle);
    const lines = [
      ...serviceLines(ctx, session.apiRoot),
      vscode.l10n.t('Workspace: {0}{1}.', workspaceTitle(workspace), workspace.slug === activeSlug ? vscode.l10n.t(' (the active one)') : ''),
      others.length ? vscode.l10n.t('Other workspaces (pass "workspace" to list theirs): {0}.', others.join(', ')) : '',
      vscode.l10n.t('Apps ({0}):', shown.length),
      ...shown.slice(0, MAX_APPS).map((app) => `- ${appLine(ctx, app, serverNames, links.filter((l) => l.app.id === app.id || (!l.app.id && l.app.name === app.name)).map((l) => l.folder.name))}`),
      shown.length > MAX_APPS ? vscode.l10n.t('… and {0} more.', shown.length - MAX_APPS) : '',
      vscode.l10n.t('"status" is what the service lists; apphost_get_app_status reads the process report, the app\'s true state.'),
      ...folderLines(ctx),
    ];
    return lines.filter(Boolean).join('\n');
  },
};

function appLine(ctx: ToolContext, app: App, servers: Map<string, string>, folders: string[]): string {
  const state = ctx.s.tree.stateOf(ctx.s.service, app);
  const parts = [
    vscode.l10n.t('status {0}', app.status || vscode.l10n.t('unknown')),
    state.source === 'report' ? vscode.l10n.t('process report: {0}', state.status) : '',
    app.serverId ? vscode.l10n.t('server {0}', servers.get(app.serverId) ?? app.serverId) : '',
    app.isPreview ? vscode.l10n.t('preview of PR #{0}', app.prNumber ?? '?') : '',
    app.deployBranch ? vscode.l10n.t('deploys branch {0}', app.deployBranch) : '',
    folders.length ? vscode.l10n.t('linked to open folder {0}', folders.join(', ')) : '',
  ];
  return `${app.name} — ${parts.filter(Boolean).join(' · ')}`;
}

/** With several services: the one listed, and the others the model can name. */
function serviceLines(ctx: ToolContext, apiRoot: string): string[] {
  const { connections } = ctx.s;
  if (!connections.several) return [];
  const others = connections.services().filter((k) => k.id !== apiRoot).map((k) => `${k.name} (${k.url})`);
  return [
    vscode.l10n.t('Service: {0}. Every app below is on it.', serviceText(ctx.s, apiRoot)),
    vscode.l10n.t('Other services (pass "service" to list theirs): {0}.', others.join(', ')),
  ];
}

/** Which open folder is linked to which app (and, with several services, on which). */
function folderLines(ctx: ToolContext): string[] {
  const links = deployArea(ctx.s).links;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) return [vscode.l10n.t('No folder is open.')];
  return [
    vscode.l10n.t('Open folders:'),
    ...folders.map((f) => {
      const link = links.linkOf(f);
      if (!link) return vscode.l10n.t('- {0}: not linked to an app', f.name);
      const service = ctx.s.connections.nameWhenSeveral(link.service);
      const app = service ? vscode.l10n.t('{0} on service {1}', link.app.name, service) : link.app.name;
      return link.how === 'remote'
        ? vscode.l10n.t('- {0}: linked to {1} (by its git remote "{2}")', f.name, app, link.remote ?? '')
        : vscode.l10n.t('- {0}: linked to {1} (linked by hand)', f.name, app);
    }),
  ];
}

export const appStatus: ReadTool<AppInput> = {
  name: 'apphost_get_app_status',
  kind: 'read',
  progress: (input) => (input.app ? vscode.l10n.t('Reading the status of {0}…', input.app) : vscode.l10n.t('Reading the status of the linked app…')),
  reads: async (input, ctx) => ({ app: await resolveApp(ctx, input), what: vscode.l10n.t('its process report and recent deploys') }),
  async run(input, ctx) {
    const app = await resolveApp(ctx, input);
    const api = ctx.s.connections.of(app.service).api();
    const opts = callOptions(ctx, app);
    const [report, deploys] = await Promise.all([
      api.processes.get(app.id, opts).then(readProcessReport, (e: unknown) => (isNotDeployed(e) ? undefined : Promise.reject(e))),
      api.deploys.list(app.id, opts),
    ]);
    if (report) ctx.s.tree.showProcessState(app, report);
    return [
      vscode.l10n.t('App {0} (workspace {1}).', app.name, workspaceName(ctx.s, app.workspace)),
      ...processLines(report),
      ...deployLines(deploys),
    ].join('\n');
  },
};

function deployLines(deploys: Deploy[]): string[] {
  if (!deploys.length) return [vscode.l10n.t('Deploys: none yet.')];
  return [
    vscode.l10n.t('Recent deploys (newest first, {0} of {1}):', Math.min(RECENT_DEPLOYS, deploys.length), deploys.length),
    ...deploys.slice(0, RECENT_DEPLOYS).map((d) => `- ${deployLine(d)}`),
  ];
}

export function deployLine(d: Deploy): string {
  return [
    vscode.l10n.t('deploy {0}: {1}', d.id, d.status),
    d.commitSha ? vscode.l10n.t('commit {0}', d.commitSha.slice(0, 7)) : '',
    d.description ? clip(d.description, 120) : '',
    d.startedAt ?? d.createdAt ? vscode.l10n.t('started {0}', d.startedAt ?? d.createdAt ?? '') : '',
    d.finishedAt ? vscode.l10n.t('finished {0}', d.finishedAt) : '',
  ].filter(Boolean).join(' · ');
}
