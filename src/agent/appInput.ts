// Which app a tool call means: the one it names (as apphost_list_apps shows it), else the
// app the open folder is linked to. Rows the tree already shows cost no request; otherwise
// one list of the workspace's apps. An unknown name is answered with the apps that exist.
import * as vscode from 'vscode';
import type { App } from '../api';
import type { Workspace } from '../auth/workspaces';
import { inWorkspace } from '../kit/targets';
import { deployArea } from '../deploy';
import { refOf } from '../deploy/deployTarget';
import type { AppRef } from '../model';
import {callOptions, type ToolContext } from './toolBase';
import { ToolFailure } from './modelText';

export interface AppInput {
  /** The app's name; absent: the open folder's linked app. */
  readonly app?: string;
  /** A workspace's name or slug; absent: the active one. */
  readonly workspace?: string;
}

/** How many app names an answer lists at most. */
const MAX_NAMES = 40;

export async function resolveApp(ctx: ToolContext, input: AppInput): Promise<AppRef> {
  // The app the user allowed a read of, as the service named it: the read reads that one, not a name resolved again.
  if (ctx.app) return ctx.app;
  const { s } = ctx;
  const { session, api } = await s.connections.of(s.service).signedIn();
  const name = input.app?.trim();
  const workspace = input.workspace?.trim() ? await resolveWorkspace(ctx, input.workspace) : undefined;
  if (!name) return linkedApp(ctx, workspace);
  const slug = workspace ? workspace.slug : s.workspaces.active(session.apiRoot);
  const shown = s.tree.currentRows().map((r) => r.appRef()).filter((r) => r.service === session.apiRoot && r.name === name && (!workspace || r.workspace === slug));
  if (shown.length === 1) return shown[0];
  const apps = await api.apps.list({}, callOptions(ctx, { workspace: slug }));
  const found = apps.find((a) => a.name === name) ?? apps.find((a) => a.name.toLowerCase() === name.toLowerCase());
  if (found) return { service: session.apiRoot, workspace: slug, id: found.id, name: found.name };
  const listed = await inWorkspace(s, slug, apps);
  throw new ToolFailure(vscode.l10n.t('No app named "{0}" in workspace {1}. {2}', name, workspaceName(s, slug), appNames(listed)));
}

/** The app of the open folder: the only linked folder's, else a failure that says what to name. */
async function linkedApp(ctx: ToolContext, workspace: Workspace | undefined): Promise<AppRef> {
  const { s } = ctx;
  const links = deployArea(s).links;
  await links.ready;
  // The folders linked to apps of the call's service.
  const apps = new Map(links.links().filter((l) => l.service === s.service).map((l) => [`${l.service} ${l.app.id ?? l.app.name}`, l]));
  if (apps.size === 1) return refOf(s, [...apps.values()][0]);
  if (apps.size > 1) {
    const pairs = [...apps.values()].map((l) => vscode.l10n.t('folder {0} → app {1}', l.folder.name, l.app.name)).join('; ');
    throw new ToolFailure(vscode.l10n.t('Several open folders are linked to apps ({0}): name the app.', pairs));
  }
  const { session, api } = await s.connections.of(s.service).signedIn();
  const slug = workspace ? workspace.slug : s.workspaces.active(session.apiRoot);
  const listed = await inWorkspace(s, slug, await api.apps.list({}, callOptions(ctx, { workspace: slug })));
  throw new ToolFailure(vscode.l10n.t('No app was named and no open folder is linked to an AppHost app: name the app. {0}', appNames(listed)));
}

/** A workspace by its slug or its name (as apphost_list_apps shows them); "personal" is the personal one. */
export async function resolveWorkspace(ctx: ToolContext, wanted: string): Promise<Workspace> {
  const { session, api } = await ctx.s.connections.of(ctx.s.service).signedIn();
  const all = await ctx.s.workspaces.list(api, session, callOptions(ctx));
  const key = wanted.trim().toLowerCase();
  const found = all.find((w) => w.slug?.toLowerCase() === key || w.label.toLowerCase() === key || (key === 'personal' && w.source === 'personal'));
  if (found) return found;
  throw new ToolFailure(vscode.l10n.t('No workspace "{0}". Workspaces: {1}.', wanted, all.map(workspaceTitle).join(', ')));
}

/** "Acme Corp (acme)", "Personal". */
export function workspaceTitle(w: Workspace): string {
  if (w.source === 'personal') return vscode.l10n.t('Personal');
  // A team without a slug (`team:<id>`) is known by its name only.
  return w.slug && w.slug !== w.label && !w.slug.startsWith('team:') ? `${w.label} (${w.slug})` : w.label;
}

/** The workspace of a slug as the user knows it: its tree label when shown, else the slug. */
export function workspaceName(s: ToolContext['s'], slug: string | undefined): string {
  return slug ? (s.tree.shownWorkspace(s.service, slug)?.label ?? slug) : vscode.l10n.t('Personal');
}

function appNames(apps: App[]): string {
  if (!apps.length) return vscode.l10n.t('That workspace has no apps.');
  const names = apps.map((a) => a.name).sort();
  const more = names.length > MAX_NAMES ? vscode.l10n.t(' and {0} more', names.length - MAX_NAMES) : '';
  return vscode.l10n.t('Apps there: {0}{1}.', names.slice(0, MAX_NAMES).join(', '), more);
}
