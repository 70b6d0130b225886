// Small pieces shared by the account-level areas (SSH keys, teams, notification channels).
import * as vscode from 'vscode';
import type { Workspace } from '../auth/workspaces';
import type { Core } from '../core';
import type { CommandTarget } from '../tree/commandTarget';

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
  const shown = s.tree.shownWorkspace(slug);
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
