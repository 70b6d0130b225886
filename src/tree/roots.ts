import * as vscode from 'vscode';
import type { AppHostAuthProvider } from '../auth/authProvider';
import type { Workspaces } from '../auth/workspaces';
import type { Connection } from '../connection';
import { errorNode, MessageNode } from './messageNode';
import type { TreeNode } from './resourcesProvider';
import type { TreeState } from './treeState';
import { WorkspaceNode } from './workspaceNode';

/**
 * The top level of the Resources view: one node per workspace while signed in; nothing
 * while signed out (the welcome content shows instead).
 */
export function resourceRoots(connection: Connection, auth: AppHostAuthProvider, workspaces: Workspaces, state: TreeState): () => Promise<TreeNode[]> {
  const roots = async (): Promise<TreeNode[]> => {
    const session = await connection.session();
    if (!session) return [];
    const idPrefix = session.apiRoot;
    if (auth.isExpired(session)) {
      return [new MessageNode(`${idPrefix}/expired`, vscode.l10n.t('Session expired — click to sign in again'), 'account', { command: 'apphost.signIn', title: vscode.l10n.t('Sign In') })];
    }
    try {
      const ctx = { api: () => connection.api(), idPrefix, state, isAdmin: session.account.role === 'admin' };
      return (await workspaces.list(connection.api(), session)).map((w) => new WorkspaceNode(ctx, w));
    } catch (error) {
      return [errorNode(idPrefix, error)];
    }
  };
  return roots;
}
