import * as vscode from 'vscode';
import type { Server } from '../api';
import { codeSpan, escapeMarkdown, relativeTime } from '../format';
import { AppNode } from './appNode';
import type { ServerTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { ListNode } from './listNode';
import type { TreeNode } from './commandTarget';
import { statusIcon } from './statusIcons';
import type { WorkspaceParent } from './parents';

/** A server; expanding it lists the apps it hosts (one request: the workspace's apps). */
export class ServerNode extends ListNode {
  constructor(
    parent: TreeNode,
    readonly workspaceNode: WorkspaceParent,
    public server: Server,
  ) {
    super(`${parent.id}/${encodeURIComponent(server.id)}`, parent);
  }

  commandTarget(): ServerTarget {
    return { kind: 'server', server: this.server, service: this.workspaceNode.ctx.service, workspace: this.workspaceNode.workspace.slug, row: this };
  }

  protected get workspaceSlug(): string | undefined {
    return this.workspaceNode.workspace.slug;
  }

  protected override emptyLabel(): string {
    return vscode.l10n.t('No apps on this server');
  }

  protected async fetch(): Promise<TreeNode[]> {
    const apps = await this.workspaceNode.ctx.api().apps.list({ includePreviews: true }, this.workspaceNode.callOptions());
    return apps.filter((a) => a.serverId === this.server.id).map((a) => new AppNode(this, this.workspaceNode, a));
  }

  getTreeItem(): vscode.TreeItem {
    const busy = this.workspaceNode.ctx.state.busy.get(this.id);
    const item = new vscode.TreeItem(this.server.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : statusIcon('server', this.server.status);
    // On a service without workspaces, a server naming no team is shown here, in Personal: say so.
    const shared = this.workspaceNode.workspace.scopedHere && !this.server.teamId && vscode.l10n.t('shared');
    item.description = busy ?? [this.server.status, this.server.host, shared].filter(Boolean).join(' · ');
    item.contextValue = contextValue('server', this.server.status, this.workspaceNode.ctx.isAdmin && 'admin');
    return item;
  }

  tooltip(): vscode.MarkdownString {
    const s = this.server;
    const md = new vscode.MarkdownString(`**${escapeMarkdown(s.name)}** — ${escapeMarkdown(s.status ?? vscode.l10n.t('unknown status'))}\n\n`);
    if (s.host) md.appendMarkdown(`${vscode.l10n.t('Host')}: ${codeSpan(`${s.host}${s.port ? `:${s.port}` : ''}`)}\n\n`);
    if (s.createdAt) md.appendMarkdown(`${vscode.l10n.t('Added')}: ${relativeTime(s.createdAt)}\n\n`);
    if (s.status === 'unreachable') md.appendMarkdown(vscode.l10n.t('The platform cannot reach this server: actions on its apps fail until it is back.'));
    return md;
  }
}
