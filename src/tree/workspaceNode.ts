import * as vscode from 'vscode';
import { workspaceHeader, type CallOptions } from '../api';
import { scopeToWorkspace, type Workspace } from '../auth/workspaces';
import { AppNode } from './appNode';
import type { ListTarget, WorkspaceTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { DatabaseNode } from './databaseNode';
import { ListNode } from './listNode';
import type { TreeNode } from './commandTarget';
import { ServerNode } from './serverNode';
import { workspaceKey, type TreeContext } from './treeState';

const WORKSPACE_ICONS: Record<Workspace['source'], string> = { personal: 'account', team: 'organization', account: 'organization', manual: 'link' };

/** A top-level workspace: its servers, apps and databases. */
export class WorkspaceNode implements TreeNode {
  readonly id: string;
  readonly servers: ServersGroup;
  readonly apps: AppsGroup;
  readonly databases: DatabasesGroup;

  constructor(
    readonly ctx: TreeContext,
    readonly workspace: Workspace,
  ) {
    this.id = `${ctx.idPrefix}/${workspace.slug?.replace(':', '~') ?? '~personal'}`;
    this.servers = new ServersGroup(this);
    this.apps = new AppsGroup(this);
    this.databases = new DatabasesGroup(this);
    this.register();
  }

  /** The shared state finds this node as its service's current row of the workspace. */
  register(): void {
    this.ctx.state.workspaceNodes.set(workspaceKey(this.ctx.service, this.workspace.slug), this);
  }

  commandTarget(): WorkspaceTarget {
    return { kind: 'workspace', service: this.ctx.service, workspace: this.workspace, row: this };
  }

  /** Options of every call made for this workspace (the header only for team workspaces). */
  callOptions(priority: CallOptions['priority'] = 'view'): CallOptions {
    return { workspace: this.workspace.slug, priority };
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.workspace.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(WORKSPACE_ICONS[this.workspace.source]);
    const header = workspaceHeader(this.workspace.slug);
    item.description = header ?? (this.workspace.source === 'team' ? vscode.l10n.t('team') : undefined);
    // `ofTeam`: the workspace is a team of the service (wokku's personal one is the user's first team), so it has members.
    item.contextValue = contextValue('workspace', this.workspace.source, !!this.workspace.teamId && 'ofTeam');
    item.tooltip = header
      ? vscode.l10n.t('Workspace "{0}" (sent as X-Service-Workspace)', header)
      : this.workspace.source === 'team'
        ? vscode.l10n.t('Team "{0}": its apps and servers (the service lists every team\'s; AppHost shows this team\'s here)', this.workspace.label)
        : this.workspace.scopedHere
          ? vscode.l10n.t('Your personal workspace: your own team, where the service puts new apps and databases')
          : vscode.l10n.t('Your personal workspace');
    // A string tooltip would otherwise become the row's screen-reader label.
    item.accessibilityInformation = { label: header ? `${this.workspace.label}, ${header}` : this.workspace.label };
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    return [this.servers, this.apps, this.databases];
  }

  loadedChildren(): readonly TreeNode[] {
    return [this.servers, this.apps, this.databases];
  }

  invalidate(): void {
    this.servers.invalidate();
    this.apps.invalidate();
    this.databases.invalidate();
  }

  /** Server names by id, when the Servers group was already fetched (never a request). */
  serverName(id: string | undefined): string | undefined {
    const server = this.servers.children?.find((n): n is ServerNode => n instanceof ServerNode && n.server.id === id);
    return server?.server.name;
  }
}

abstract class WorkspaceGroup extends ListNode {
  constructor(
    readonly workspaceNode: WorkspaceNode,
    readonly kind: 'servers' | 'apps' | 'databases',
    private readonly label: string,
    private readonly icon: string,
  ) {
    super(`${workspaceNode.id}/${kind}`, workspaceNode);
  }

  protected get workspaceSlug(): string | undefined {
    return this.workspaceNode.workspace.slug;
  }

  commandTarget(): ListTarget {
    return { kind: 'list', list: this.kind, service: this.workspaceNode.ctx.service, workspace: this.workspaceNode.workspace, row: this };
  }

  protected description(): string | undefined {
    return undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.description();
    item.contextValue = contextValue('list', this.kind);
    return item;
  }
}

export class ServersGroup extends WorkspaceGroup {
  constructor(ws: WorkspaceNode) {
    super(ws, 'servers', vscode.l10n.t('Servers'), 'server-environment');
  }

  protected async fetch(): Promise<TreeNode[]> {
    const servers = await this.workspaceNode.ctx.api().servers.list(this.workspaceNode.callOptions());
    return scopeToWorkspace(this.workspaceNode.workspace, servers).map((s) => new ServerNode(this, this.workspaceNode, s));
  }
}

export class AppsGroup extends WorkspaceGroup {
  constructor(ws: WorkspaceNode) {
    super(ws, 'apps', vscode.l10n.t('Apps'), 'package');
  }

  get filter() {
    return this.workspaceNode.ctx.state.filterOf(this.workspaceNode.id);
  }

  protected override description(): string | undefined {
    const { q, previews } = this.filter;
    const listed = previews && !this.workspaceNode.ctx.offers.lacks('previews');
    return [q && vscode.l10n.t('filter: "{0}"', q), listed && vscode.l10n.t('with preview apps')].filter(Boolean).join(' · ') || undefined;
  }

  protected override emptyLabel(): string {
    return this.filter.q ? vscode.l10n.t('No app matches "{0}"', this.filter.q) : vscode.l10n.t('No apps yet');
  }

  protected async fetch(): Promise<TreeNode[]> {
    const { q, previews } = this.filter;
    // Previews are read in the same request either way: a preview whose app is not in this
    // list (another workspace, filtered out, deleted) has no Previews part to hold it, so it shows here.
    const apps = scopeToWorkspace(this.workspaceNode.workspace,
      await this.workspaceNode.ctx.api().apps.list({ q, includePreviews: true }, this.workspaceNode.callOptions()));
    const parents = new Set(apps.filter((a) => !a.isPreview).map((a) => a.id));
    return apps
      .filter((a) => previews || !a.isPreview || !parents.has(a.parentAppId ?? ''))
      .map((a) => new AppNode(this, this.workspaceNode, a, false, !previews && a.isPreview));
  }

  override getTreeItem(): vscode.TreeItem {
    const item = super.getTreeItem();
    item.contextValue = contextValue('list', 'apps', this.filter.q && 'filtered', !this.filter.previews && 'previewsHidden', ...this.workspaceNode.ctx.offers.flags());
    return item;
  }
}

export class DatabasesGroup extends WorkspaceGroup {
  constructor(ws: WorkspaceNode) {
    super(ws, 'databases', vscode.l10n.t('Databases'), 'database');
  }

  protected async fetch(): Promise<TreeNode[]> {
    const dbs = await this.workspaceNode.ctx.api().databases.list(this.workspaceNode.callOptions());
    return scopeToWorkspace(this.workspaceNode.workspace, dbs).map((d) => new DatabaseNode(this, this.workspaceNode, d));
  }
}
