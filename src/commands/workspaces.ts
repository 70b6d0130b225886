import * as vscode from 'vscode';
import { validateSlug, type Workspace, type Workspaces } from '../auth/workspaces';
import type { Connection } from '../connection';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { targetOf } from '../kit/targets';
import { workspaceHeader } from '../api';
import { UserCancelled } from '../model';
import { notify } from '../notices';
import type { Action } from '../kit/action';

/** The workspaces: add one by slug, remove it, pick the active one. */
export const workspaceActions: readonly Action[] = [
  { command: 'apphost.workspace.add', run: (s: ServiceCore) => addWorkspace(s.connections.of(s.service), s.workspaces) },
  { command: 'apphost.workspace.remove', run: (s: ServiceCore, target?: CommandTarget) => removeWorkspace(s.connections.of(s.service), s.workspaces, targetOf(target, 'workspace')?.workspace) },
  { command: 'apphost.workspace.switch', run: (s: ServiceCore) => switchWorkspace(s.connections.of(s.service), s.workspaces) },
];

/** Adds a workspace by slug (for workspaces the service does not list, e.g. shared ones). */
export async function addWorkspace(connection: Connection, workspaces: Workspaces): Promise<void> {
  const session = (await connection.signedIn()).session;
  const slug = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add an AppHost workspace'),
    prompt: vscode.l10n.t('Slug of the workspace, as sent in the X-Service-Workspace header'),
    placeHolder: 'acme-prod',
    ignoreFocusOut: true,
    validateInput: (v) => validateSlug(v) ?? (workspaces.manualSlugs(session.apiRoot).includes(v.trim()) ? vscode.l10n.t('Already added') : undefined),
  });
  if (slug === undefined) throw new UserCancelled();
  await workspaces.addSlug(session.apiRoot, slug.trim());
}

/** Removes a workspace added by hand (from its node, or picked from the palette). */
export async function removeWorkspace(connection: Connection, workspaces: Workspaces, workspace?: Workspace): Promise<void> {
  const session = (await connection.signedIn()).session;
  let slug = workspace?.source === 'manual' ? workspace.slug : undefined;
  if (!slug) {
    const manual = workspaces.manualSlugs(session.apiRoot);
    if (!manual.length) {
      void notify('info', vscode.l10n.t('No workspace was added by hand; team workspaces come from your teams.'));
      return;
    }
    slug = await vscode.window.showQuickPick(manual, { title: vscode.l10n.t('Remove an AppHost workspace'), placeHolder: vscode.l10n.t('Workspace to remove from the list') });
    if (!slug) throw new UserCancelled();
  }
  await workspaces.removeSlug(session.apiRoot, slug);
}

/** Picks the workspace palette commands act in by default. */
export async function switchWorkspace(connection: Connection, workspaces: Workspaces): Promise<void> {
  const session = (await connection.signedIn()).session;
  const active = workspaces.active(session.apiRoot);
  const items = vscode.window.showQuickPick<vscode.QuickPickItem & { slug: string | undefined; workspaceLabel: string }>(
    workspaces.list(connection.api(), session, { priority: 'user' }).then((list) =>
      list.map((w) => ({
        label: `${w.slug === active ? '$(check) ' : ''}${w.label}`,
        description: workspaceHeader(w.slug) ?? (w.source === 'personal' ? vscode.l10n.t('personal workspace') : vscode.l10n.t('team')),
        slug: w.slug,
        workspaceLabel: w.label,
      })),
    ),
    { title: vscode.l10n.t('Switch AppHost workspace'), placeHolder: vscode.l10n.t('Workspace for commands run from the Command Palette') },
  );
  const picked = await items;
  if (!picked) throw new UserCancelled();
  await workspaces.setActive(session.apiRoot, picked.slug, picked.workspaceLabel);
}
