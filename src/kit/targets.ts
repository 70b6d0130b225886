// One resolver per kind of target: what the command was invoked on, when it was (the
// command runner turned the row or ref into a CommandTarget); the resolve… functions fall
// back to asking, from the palette. Also the workspace a command acts in.
import * as vscode from 'vscode';
import type { App, Server } from '../api';
import type { ServiceCore } from '../core';
import { scopeToWorkspace, type Workspace } from '../auth/workspaces';
import type { CommandTarget, DatabaseTarget, ItemTarget, ListTarget, Row, ServerTarget } from '../tree/commandTarget';
import type { NodeKind } from '../tree/contextValues';
import { UserCancelled, type AppRef } from '../model';
import { serviceNoticeOf } from './notices';

/** The target when it is of this kind (a server's row, a workspace's row, an app…). */
export function targetOf<K extends CommandTarget['kind']>(target: CommandTarget | undefined, kind: K): OfKind<K> | undefined {
  return target?.kind === kind ? (target as OfKind<K>) : undefined;
}

/** The targets whose kind may be K (a row that explains and "Load more" share one type). */
type OfKind<K extends CommandTarget['kind'], T = CommandTarget> = T extends { kind: infer U } ? (K extends U ? T : never) : never;

/** The app of a target: an app's row or ref, or the app of a part or item row. */
export function appOf(target: CommandTarget | undefined): AppRef | undefined {
  return target?.kind === 'app' || target?.kind === 'group' || target?.kind === 'item' ? target.app : undefined;
}

/** The server of a server's row. */
export function serverOf(target: CommandTarget | undefined): ServerTarget | undefined {
  return targetOf(target, 'server');
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
export async function resolveApp(s: ServiceCore, target: CommandTarget | undefined, placeHolder?: string): Promise<AppRef> {
  return appOf(target) ?? pickApp(s, placeHolder);
}

/**
 * What the workspace shows of a list (a service without workspaces lists every team's
 * records). The tree's workspace knows its team; when the tree has not listed the
 * workspaces yet, they are read (one request).
 */
export async function inWorkspace<T extends { teamId?: string }>(s: ServiceCore, slug: string | undefined, list: T[]): Promise<T[]> {
  let shown = s.tree.shownWorkspace(s.service, slug);
  const session = shown ? undefined : await s.connections.of(s.service).session();
  if (session) shown = (await s.workspaces.list(s.connections.of(s.service).api(), session, { priority: 'user' })).find((w) => w.slug === slug);
  return shown ? scopeToWorkspace(shown, list) : list;
}

export async function pickApp(s: ServiceCore, placeHolder?: string): Promise<AppRef> {
  const { session } = await s.connections.of(s.service).signedIn();
  const workspace = s.workspaces.active(session.apiRoot);
  const apps = s.connections.of(s.service)
    .api()
    .apps.list({}, { workspace, priority: 'user' })
    .then(async (list: App[]) =>
      (await inWorkspace(s, workspace, list)).map((app) => ({ label: app.name, description: [app.status, app.isPreview && vscode.l10n.t('preview')].filter(Boolean).join(' · '), app })),
    );
  const picked = await vscode.window.showQuickPick(apps, {
    // Named after the service while several are known: two services may list the same apps.
    title: serviceNoticeOf(s, vscode.l10n.t('AppHost apps in {0}', workspace ? (s.tree.shownWorkspace(s.service, workspace)?.label ?? workspace) : vscode.l10n.t('your personal workspace'))),
    placeHolder: placeHolder ?? vscode.l10n.t('Select an app'),
    matchOnDescription: true,
  });
  if (!picked) throw new UserCancelled();
  return { service: session.apiRoot, workspace, id: picked.app.id, name: picked.app.name };
}

/** Asks for a server of the workspace; unreachable ones are shown but flagged. */
export async function pickServer(s: ServiceCore, slug: string | undefined, title: string): Promise<Server> {
  const servers = s.connections.of(s.service)
    .api()
    .servers.list({ workspace: slug, priority: 'user' })
    .then(async (list) =>
      (await inWorkspace(s, slug, list)).map((server) => ({
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

export async function signedIn(s: ServiceCore) {
  return (await s.connections.of(s.service).signedIn()).session;
}

/** The rows that say which workspace a command acts in: its own row, a server's, one of its lists. */
export type WorkspaceRow = 'workspace' | 'server' | ListTarget['list'];

/**
 * The workspace a command acts in: the one of the row it was invoked on, when that row is
 * one of `from` (a workspace's row, a server's, one of its lists), else the active one. As
 * the tree shows it (with its team) when it does; else, with `teamId`, from the workspace
 * list (one GET /teams), or by its slug alone.
 */
export async function resolveWorkspace(
  s: ServiceCore,
  target: CommandTarget | Workspace | undefined,
  { from, teamId = false }: { from: readonly WorkspaceRow[]; teamId?: boolean },
): Promise<Workspace> {
  if (target && !('kind' in target)) return target;
  if (target?.kind === 'workspace' && from.includes('workspace')) return target.workspace;
  if (target?.kind === 'list' && from.includes(target.list)) return target.workspace;
  const session = await signedIn(s);
  const slug = target?.kind === 'server' && from.includes('server') ? target.workspace : s.workspaces.active(session.apiRoot);
  // The node shown for it knows its team (a service without workspaces: even the personal one's).
  const shown = s.tree.shownWorkspace(session.apiRoot, slug);
  if (shown) return shown;
  const fallback: Workspace = slug ? { slug, label: slug, source: 'manual' } : { slug: undefined, label: vscode.l10n.t('Personal'), source: 'personal' };
  if (!teamId) return fallback;
  const all = await s.workspaces.list(s.connections.of(s.service).api(), session, { priority: 'user' });
  return all.find((w) => w.slug === slug) ?? fallback;
}

/** The active workspace (of the signed-in account), as the tree shows it when it does. */
export function activeWorkspace(s: ServiceCore): Promise<Workspace> {
  return resolveWorkspace(s, undefined, { from: [] });
}

/** The Apps group of the row's workspace, else of the active one, as the view shows it. */
export async function resolveAppsList(s: ServiceCore, target?: CommandTarget): Promise<ListTarget> {
  if (target?.kind === 'list' && target.list === 'apps') return target;
  const { slug } = await activeWorkspace(s);
  const row = s.tree.listOf(s.service, slug, 'apps');
  const shown = s.tree.shownWorkspace(s.service, slug);
  if (!row || !shown) throw new Error(vscode.l10n.t('Open the AppHost view first.'));
  return { kind: 'list', list: 'apps', service: s.service, workspace: shown, row };
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
  s: ServiceCore,
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
