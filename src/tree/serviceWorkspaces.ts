import * as vscode from 'vscode';
import type { AppHostAuthProvider } from '../auth/authProvider';
import type { StoredSession } from '../sessionStore';
import type { Workspace, Workspaces } from '../auth/workspaces';
import type { Connection } from '../connection';
import { ListNode } from './listNode';
import { errorNode, MessageNode, staleNode } from './messageNode';
import type { TreeNode } from './commandTarget';
import { keepsStaleRows, type Healable } from './throttleHealer';
import type { TreeState } from './treeState';
import { WorkspaceNode } from './workspaceNode';

/**
 * One service's workspace rows: one node per workspace while signed in. Workspace nodes
 * are kept across calls, so their cached lists survive until a refresh invalidates them.
 * With one service they are the top level of the view; with several, a service row's children.
 */
export class ServiceWorkspaces {
  private known = new Map<string, WorkspaceNode>();
  private sessionId: string | undefined;
  /** The session the known nodes belong to, and when their list was read. */
  private knownFor: string | undefined;
  private loadedAt = 0;

  constructor(
    readonly serviceConnection: Connection,
    private readonly auth: AppHostAuthProvider,
    private readonly workspaces: Workspaces,
    private readonly state: TreeState,
    /** What the throttle healer refreshes when the workspace list was refused (429). */
    private readonly healable: Healable,
    /** Arguments of the Sign In row of an expired session (the service, when there are several). */
    private readonly signInArgs: () => unknown[],
  ) {}

  /** The rows of the signed-in session; none while signed out. */
  async get(session?: StoredSession): Promise<TreeNode[]> {
    session ??= await this.serviceConnection.session();
    // The registry of shown workspaces holds this session's only (another user has other teams).
    if (session?.id !== this.sessionId) {
      this.state.clearWorkspaceNodes(session?.apiRoot ?? this.serviceConnection.apiRoot());
      this.sessionId = session?.id;
    }
    if (!session) return [];
    const idPrefix = session.apiRoot;
    if (this.auth.isExpired(session)) {
      return [new MessageNode(`${idPrefix}/expired`, vscode.l10n.t('Session expired — click to sign in again'), 'account', { command: 'apphost.signIn', title: vscode.l10n.t('Sign In'), arguments: this.signInArgs() })];
    }
    let list: Workspace[];
    try {
      list = await this.workspaces.list(this.serviceConnection.api(), session);
      ListNode.healer?.healed(this.healable);
    } catch (error) {
      ListNode.healer?.add(this.healable, error);
      // The service is busy: keep the workspaces shown (same nodes, so expansion stays), marked stale.
      if (this.knownFor === session.id && this.known.size && keepsStaleRows(error)) {
        return [staleNode(idPrefix, error, this.loadedAt), ...this.known.values()];
      }
      return [errorNode(idPrefix, error)];
    }
    const ctx = { api: () => this.serviceConnection.api(), idPrefix, service: session.apiRoot, state: this.state, isAdmin: session.account.role === 'admin', offers: this.serviceConnection.offers };
    const next = new Map<string, WorkspaceNode>();
    for (const w of list) {
      const key = JSON.stringify([session.id, w.slug, w.label, w.source]);
      next.set(key, this.known.get(key) ?? new WorkspaceNode(ctx, w));
    }
    this.known = next;
    this.state.clearWorkspaceNodes(session.apiRoot);
    for (const node of next.values()) node.register();
    this.knownFor = session.id;
    this.loadedAt = Date.now();
    return [...next.values()];
  }

  /** The workspace rows of the session last listed (no request). */
  loaded(): WorkspaceNode[] {
    return this.knownFor !== undefined && this.knownFor === this.sessionId ? [...this.known.values()] : [];
  }

  /** Everything is fetched again on the next look (a full refresh). */
  invalidate(): void {
    for (const node of this.known.values()) node.invalidate();
  }
}
