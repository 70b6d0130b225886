import * as vscode from 'vscode';
import type { ApiClient, CallOptions } from '../api';
import type { Workspace } from '../auth/workspaces';
import { contextValue } from './contextValues';
import { errorNode, MessageNode } from './messageNode';
import type { TreeNode } from './resourcesProvider';
import { AppNode, DatabaseNode, ServerNode } from './resourceNodes';

/** What every node needs: the client of the connection and the stable id prefix. */
export interface TreeContext {
  api(): ApiClient;
  /** Prefix of every node id: the service's API root, so ids survive refreshes. */
  idPrefix: string;
}

const WORKSPACE_ICONS: Record<Workspace['source'], string> = { personal: 'account', team: 'organization', account: 'organization', manual: 'link' };

/** A top-level workspace: its servers, apps and databases. */
export class WorkspaceNode implements TreeNode {
  readonly id: string;

  constructor(
    private readonly ctx: TreeContext,
    readonly workspace: Workspace,
  ) {
    this.id = `${ctx.idPrefix}/${workspace.slug ?? '~personal'}`;
  }

  /** Options of every call made for this workspace (the header only for team workspaces). */
  callOptions(): CallOptions {
    return { workspace: this.workspace.slug, priority: 'view' };
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.workspace.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(WORKSPACE_ICONS[this.workspace.source]);
    item.description = this.workspace.slug;
    item.contextValue = contextValue('workspace', this.workspace.source);
    item.tooltip = this.workspace.slug
      ? vscode.l10n.t('Workspace "{0}" (sent as X-Service-Workspace)', this.workspace.slug)
      : vscode.l10n.t('Your personal workspace');
    // A string tooltip would otherwise become the row's screen-reader label.
    item.accessibilityInformation = { label: this.workspace.slug ? `${this.workspace.label}, ${this.workspace.slug}` : this.workspace.label };
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    return [
      new GroupNode(this, 'servers', vscode.l10n.t('Servers'), 'server-environment', async () =>
        (await this.ctx.api().servers.list(this.callOptions())).map((s) => new ServerNode(this, s))),
      new GroupNode(this, 'apps', vscode.l10n.t('Apps'), 'package', async () =>
        (await this.ctx.api().apps.list({}, this.callOptions())).map((a) => new AppNode(this, a))),
      new GroupNode(this, 'databases', vscode.l10n.t('Databases'), 'database', async () =>
        (await this.ctx.api().databases.list(this.callOptions())).map((d) => new DatabaseNode(this, d))),
    ];
  }
}

/** A collection under a workspace, fetched only when expanded. */
export class GroupNode implements TreeNode {
  readonly id: string;

  constructor(
    readonly parent: WorkspaceNode,
    readonly kind: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly fetch: () => Promise<TreeNode[]>,
  ) {
    this.id = `${parent.id}/${kind}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = contextValue('group', this.kind);
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    try {
      const children = await this.fetch();
      return children.length ? children : [new MessageNode(`${this.id}/empty`, vscode.l10n.t('None yet'), 'info')];
    } catch (error) {
      return [errorNode(this.id, error, { workspace: this.parent.workspace.slug, retry: this })];
    }
  }
}
