// One resolver per kind of target: what the command was invoked on, when it was (the
// command runner turned the row or ref into a CommandTarget); the resolve… functions fall
// back to asking, from the palette. Also the workspace a command acts in.
import * as vscode from 'vscode';
import type { App, Server } from '../../api';
import type { Core } from '../../core';
import { scopeToWorkspace, type Workspace } from '../../auth/workspaces';
import type { CommandTarget, DatabaseTarget, ItemTarget, Row, ServerTarget } from '../../tree/commandTarget';
import type { NodeKind } from '../../tree/contextValues';
import { UserCancelled, type AppRef } from '../../model';

/**
 * The service a command acts on: its target's (the command runner handed the command that
 * service's connection, see serviceRouting.ts), else the first service.
 */
export function actingService(s: Core): string {
  return s.connection.apiRoot() ?? '';
}

/** The app of a target: an app's row or ref, or the app of a part or item row. */
export function appOf(target: CommandTarget | undefined): AppRef | undefined {
  return target?.kind === 'app' || target?.kind === 'group' || target?.kind === 'item' ? target.app : undefined;
}

/** The server of a server's row. */
export function serverOf(target: CommandTarget | undefined): ServerTarget | undefined {
  return target?.kind === 'server' ? target : undefined;
}

/** The workspace a row belongs to, as far as it says: a workspace, its lists, a server (slug only). */
export function workspaceOf(target: CommandTarget | undefined): { slug: string | undefined; workspace?: Workspace } | undefined {
  if (target?.kind === 'workspace' || target?.kind === 'list') return { slug: target.workspace.slug, workspace: target.workspace };
  if (target?.kind === 'server') return { slug: target.workspace };
  return undefined;
}

/** The database of its row, of its Backups and Linked Apps groups, or of their rows. */
export function databaseOf(target: CommandTarget | undefined): DatabaseTarget | undefined {
  if (target?.kind === 'database') return target;
  if (target?.kind === 'databaseGroup' || target?.kind === 'item') return target.database;
  return undefined;
}

/** The item (a domain, a release…) of a row of that kind. */
export function itemOf<T>(target: CommandTarget | undefined, kind: NodeKind): ItemTarget<T> | undefined {
  return target?.kind === 'item' && target.item === kind ? (target as ItemTarget<T>) : undefined;
}

/**
 * The app a command acts on: the row it was invoked on, a ref passed by another
 * command, or (from the Command Palette) one the user picks in the active workspace.
 */
export async function resolveApp(services: Core, target: CommandTarget | undefined, placeHolder?: string): Promise<AppRef> {
  return appOf(target) ?? pickApp(services, placeHolder);
}

/** The workspace as its tree node shows it (with its team), when the tree has it. */
export function shownWorkspace(services: Core, workspace: string | undefined): Workspace | undefined {
  return services.tree.shownWorkspace(actingService(services), workspace);
}

/**
 * What the workspace shows of a list (a service without workspaces lists every team's
 * records). The tree's workspace knows its team; when the tree has not listed the
 * workspaces yet, they are read (one request).
 */
export async function inWorkspace<T extends { teamId?: string }>(services: Core, workspace: string | undefined, list: T[]): Promise<T[]> {
  let shown = shownWorkspace(services, workspace);
  const session = shown ? undefined : await services.connection.session();
  if (session) shown = (await services.workspaces.list(services.connection.api(), session, { priority: 'user' })).find((w) => w.slug === workspace);
  return shown ? scopeToWorkspace(shown, list) : list;
}

export async function pickApp(services: Core, placeHolder?: string): Promise<AppRef> {
  const { session } = await services.connection.signedIn();
  const workspace = services.workspaces.active(session.apiRoot);
  const apps = services.connection
    .api()
    .apps.list({}, { workspace, priority: 'user' })
    .then(async (list: App[]) =>
      (await inWorkspace(services, workspace, list)).map((app) => ({ label: app.name, description: [app.status, app.isPreview && vscode.l10n.t('preview')].filter(Boolean).join(' · '), app })),
    );
  const picked = await vscode.window.showQuickPick(apps, {
    title: vscode.l10n.t('AppHost apps in {0}', workspace ? (shownWorkspace(services, workspace)?.label ?? workspace) : vscode.l10n.t('your personal workspace')),
    placeHolder: placeHolder ?? vscode.l10n.t('Select an app'),
    matchOnDescription: true,
  });
  if (!picked) throw new UserCancelled();
  return { service: session.apiRoot, workspace, id: picked.app.id, name: picked.app.name };
}

/** Asks for a server of the workspace; unreachable ones are shown but flagged. */
export async function pickServer(services: Core, workspace: string | undefined, title: string): Promise<Server> {
  const servers = services.connection
    .api()
    .servers.list({ workspace, priority: 'user' })
    .then(async (list) =>
      (await inWorkspace(services, workspace, list)).map((server) => ({
        label: server.name,
        description: [server.status, server.host].filter(Boolean).join(' · '),
        detail: server.status === 'unreachable' ? vscode.l10n.t('$(warning) Unreachable: actions on it will fail until it is back') : undefined,
        server,
      })),
    );
  const picked = await vscode.window.showQuickPick(servers, { title, placeHolder: vscode.l10n.t('Select a server') });
  if (!picked) throw new UserCancelled();
  return picked.server;
}

/** The active workspace of the signed-in account (undefined = personal). */
export async function activeWorkspace(services: Core): Promise<string | undefined> {
  const { session } = await services.connection.signedIn();
  return services.workspaces.active(session.apiRoot);
}

export async function signedIn(s: Core) {
  return (await s.connection.signedIn()).session;
}

/**
 * The workspace a command acts in: the tree node it was invoked on, else the active one.
 * Looked up in the workspace list (one GET /teams) only when the team id is needed.
 */
export async function targetWorkspace(s: Core, target: CommandTarget | Workspace | undefined, needTeamId = false): Promise<Workspace> {
  if (target && 'kind' in target && target.kind === 'workspace') return target.workspace;
  const session = await signedIn(s);
  const slug = s.workspaces.active(session.apiRoot);
  // The node shown for it knows its team (a service without workspaces: even the personal one's).
  const shown = s.tree.shownWorkspace(session.apiRoot, slug);
  if (shown) return shown;
  const fallback: Workspace = slug ? { slug, label: slug, source: 'manual' } : { slug: undefined, label: vscode.l10n.t('Personal'), source: 'personal' };
  if (!needTeamId) return fallback;
  const list = await s.workspaces.list(s.connection.api(), session, { priority: 'user' });
  return list.find((w) => w.slug === slug) ?? fallback;
}

/** "in Acme Corp" / "in your personal workspace", for titles. */
export function workspaceLabel(w: Workspace): string {
  return w.source === 'personal' ? vscode.l10n.t('your personal workspace') : w.label;
}

/**
 * The item a command acts on: the row it was invoked on, or (from the palette) one the
 * user picks among the app's items, after picking the app.
 */
export async function resolveItem<T>(
  s: Core,
  target: CommandTarget | undefined,
  kind: NodeKind,
  ask: { appPlaceHolder: string; title: (app: AppRef) => string; placeHolder: string; empty: (app: AppRef) => string },
  load: (app: AppRef) => Promise<T[]>,
  toPick: (item: T) => vscode.QuickPickItem,
): Promise<{ app: AppRef; item: T; node?: Row }> {
  const row = itemOf<T>(target, kind);
  if (row?.app) return { app: row.app, item: row.data, node: row.row };
  const app = await resolveApp(s, target, ask.appPlaceHolder);
  const items = load(app).then((list) => {
    if (!list.length) throw new Error(ask.empty(app));
    return list.map((item) => ({ ...toPick(item), item }));
  });
  const picked = await vscode.window.showQuickPick(items, { title: ask.title(app), placeHolder: ask.placeHolder, matchOnDescription: true });
  if (!picked) throw new UserCancelled();
  return { app, item: picked.item };
}
