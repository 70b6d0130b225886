import * as vscode from 'vscode';
import { escapeMarkdown } from '../format';
import type { KnownService } from '../serviceList';
import type { StoredSession } from '../sessionStore';
import type { ServiceTarget, TreeNode } from './commandTarget';
import { contextValue } from './contextValues';
import { MessageNode } from './messageNode';
import type { ServiceWorkspaces } from './serviceWorkspaces';

/**
 * A service's row, the top level while several services are known: its name, a cloud in
 * its colour, who is signed in; under it its workspaces, or a Sign In row while signed out.
 */
export class ServiceNode implements TreeNode {
  readonly id: string;
  readonly workspaces: ServiceWorkspaces;
  private session: StoredSession | undefined;

  constructor(
    public service: KnownService,
    /** Its workspace rows, listed with its own connection (given this row, which the throttle healer refreshes). */
    workspacesFor: (row: ServiceNode) => ServiceWorkspaces,
  ) {
    this.id = `service:${service.id}`;
    this.workspaces = workspacesFor(this);
  }

  commandTarget(): ServiceTarget {
    return { kind: 'service', service: this.service.id, row: this };
  }

  async getTreeItem(): Promise<vscode.TreeItem> {
    this.session = await this.workspaces.serviceConnection.session();
    const item = new vscode.TreeItem(this.service.name, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('cloud', new vscode.ThemeColor(this.service.color));
    item.description = this.session ? this.session.account.email : vscode.l10n.t('signed out');
    item.contextValue = contextValue('service', this.session ? 'signedIn' : 'signedOut', !this.service.isBase && 'removable');
    item.accessibilityInformation = {
      label: this.session
        ? vscode.l10n.t('Service {0}, signed in as {1}', this.service.name, this.session.account.email)
        : vscode.l10n.t('Service {0}, signed out', this.service.name),
    };
    return item;
  }

  tooltip(): vscode.MarkdownString {
    const md = new vscode.MarkdownString(`$(cloud) **${escapeMarkdown(this.service.name)}**\n\n`, true);
    md.appendMarkdown(`${vscode.l10n.t('Address')}: ${escapeMarkdown(this.service.url)}\n\n`);
    md.appendMarkdown(this.session
      ? `${vscode.l10n.t('Signed in as {0}', escapeMarkdown(this.session.account.email))}\n\n`
      : `${vscode.l10n.t('Signed out')}\n\n`);
    if (this.service.isBase) md.appendMarkdown(vscode.l10n.t('The first service (setting apphost.baseUrl).'));
    return md;
  }

  async getChildren(): Promise<TreeNode[]> {
    const session = await this.workspaces.serviceConnection.session();
    if (session) return this.workspaces.get(session);
    return [new MessageNode(`${this.id}/signIn`, vscode.l10n.t('Sign in to {0}…', this.service.name), 'sign-in',
      { command: 'apphost.signIn', title: vscode.l10n.t('Sign In'), arguments: [this.service.id] }, undefined, this.service.id)];
  }

  loadedChildren(): readonly TreeNode[] {
    return this.workspaces.loaded();
  }

  invalidate(): void {
    this.workspaces.invalidate();
  }
}
