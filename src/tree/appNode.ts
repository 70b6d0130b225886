import * as vscode from 'vscode';
import type { App } from '../api';
import type { AppRef, HasAppRef } from '../commands/targets';
import { codeSpan, escapeMarkdown, relativeTime } from '../format';
import { APP_GROUPS, type AppGroupDescriptor } from './appGroups';
import { contextValue } from './contextValues';
import { ListNode } from './listNode';
import type { TreeNode } from './resourcesProvider';
import { statusIcon } from './statusIcons';
import type { WorkspaceNode } from './workspaceNode';

/** An app: its state at a glance, and its parts (config, domains, releases…) as groups. */
export class AppNode implements TreeNode, HasAppRef {
  readonly id: string;
  private groups: AppGroupNode[] | undefined;

  constructor(
    readonly parent: TreeNode,
    readonly workspaceNode: WorkspaceNode,
    public app: App,
  ) {
    this.id = `${parent.id}/${encodeURIComponent(app.id)}`;
    workspaceNode.ctx.state.registerAppRow(this);
  }

  appRef(): AppRef {
    return { workspace: this.workspaceNode.workspace.slug, id: this.app.id, name: this.app.name };
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.workspaceNode.ctx.state;
    const busy = state.busy.get(this.id);
    const item = new vscode.TreeItem(this.app.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : statusIcon('app', this.app.status);
    const server = this.workspaceNode.serverName(this.app.serverId);
    const ref = this.appRef();
    const flags = state.appFlags.map((f) => f(ref));
    const tailing = flags.includes('tailing') && vscode.l10n.t('tailing logs');
    item.description = busy ?? [this.app.status, server, this.app.isPreview && vscode.l10n.t('preview'), tailing].filter(Boolean).join(' · ');
    item.contextValue = contextValue('app', this.app.status, this.app.isPreview && 'preview', ...flags);
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    this.groups ??= APP_GROUPS.map((d) => new AppGroupNode(this, d));
    return this.groups;
  }

  /** The group of a kind (e.g. 'releases'), to refresh it after an action. */
  group(kind: string): AppGroupNode | undefined {
    return this.groups?.find((g) => g.descriptor.kind === kind);
  }

  invalidate(): void {
    for (const g of this.groups ?? []) g.invalidate();
  }

  tooltip(): vscode.MarkdownString {
    const a = this.app;
    // Everything from the server is escaped: a name must not become a link or an image.
    const md = new vscode.MarkdownString(`**${escapeMarkdown(a.name)}** — ${escapeMarkdown(a.status)}\n\n`);
    const server = this.workspaceNode.serverName(a.serverId);
    md.appendMarkdown(`${vscode.l10n.t('Server')}: ${escapeMarkdown(server ?? a.serverId ?? '—')}\n\n`);
    if (a.isPreview) md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Preview of pull request #{0}', a.prNumber ?? '?'))}\n\n`);
    if (a.deployBranch) md.appendMarkdown(`${vscode.l10n.t('Deploy branch')}: ${codeSpan(a.deployBranch)}\n\n`);
    if (a.createdAt) md.appendMarkdown(`${vscode.l10n.t('Created')}: ${relativeTime(a.createdAt)}`);
    return md;
  }
}

/** One part of an app (Config, Domains…): one request when expanded. */
export class AppGroupNode extends ListNode {
  constructor(
    readonly app: AppNode,
    readonly descriptor: AppGroupDescriptor,
  ) {
    super(`${app.id}/${descriptor.kind}`, app);
  }

  appRef(): AppRef {
    return this.app.appRef();
  }

  protected get workspaceSlug(): string | undefined {
    return this.app.workspaceNode.workspace.slug;
  }

  protected override emptyLabel(): string {
    return this.descriptor.emptyLabel?.() ?? super.emptyLabel();
  }

  protected fetch(): Promise<TreeNode[]> {
    return this.descriptor.fetch(this);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.descriptor.label(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.descriptor.icon);
    item.contextValue = contextValue('group', this.descriptor.kind);
    return item;
  }
}
