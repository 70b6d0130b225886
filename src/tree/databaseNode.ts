import * as vscode from 'vscode';
import type { Database } from '../api';
import { escapeMarkdown, relativeTime } from '../format';
import type { DatabaseTarget, TreeNode } from './commandTarget';
import { contextValue } from './contextValues';
import { DatabaseGroupNode } from './databaseGroupNode';
import { backupsGroup } from './groups/backups';
import { linkedAppsGroup } from './groups/linkedApps';
import type { DatabaseParent, WorkspaceParent } from './parents';
import { statusIcon } from './statusIcons';

/** A database: its backups and the apps linked to it. */
export class DatabaseNode implements DatabaseParent {
  readonly id: string;
  readonly backups: DatabaseGroupNode;
  readonly linkedApps: DatabaseGroupNode;

  constructor(
    readonly parent: TreeNode,
    readonly workspaceNode: WorkspaceParent,
    public database: Database,
  ) {
    this.id = `${parent.id}/${encodeURIComponent(database.id)}`;
    this.backups = new DatabaseGroupNode(this, backupsGroup);
    this.linkedApps = new DatabaseGroupNode(this, linkedAppsGroup);
  }

  commandTarget(): DatabaseTarget {
    return { kind: 'database', database: this.database, service: this.workspaceNode.ctx.service, workspace: this.workspaceNode.workspace.slug, row: this, backups: this.backups, linkedApps: this.linkedApps };
  }

  getTreeItem(): vscode.TreeItem {
    const busy = this.workspaceNode.ctx.state.busy.get(this.id);
    const d = this.database;
    const item = new vscode.TreeItem(d.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : statusIcon('database', d.status);
    // On a service without workspaces, a record naming no team is shown here, in Personal: say so.
    const shared = this.workspaceNode.workspace.scopedHere && !d.teamId && vscode.l10n.t('shared');
    item.description = busy ?? [d.serviceType, d.status, this.workspaceNode.serverName(d.serverId), shared].filter(Boolean).join(' · ');
    item.contextValue = contextValue('database', d.status, ...this.workspaceNode.ctx.offers.flags());
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    return [this.backups, this.linkedApps];
  }

  loadedChildren(): readonly TreeNode[] {
    return [this.backups, this.linkedApps];
  }

  invalidate(): void {
    this.backups.invalidate();
    this.linkedApps.invalidate();
  }

  tooltip(): vscode.MarkdownString {
    const d = this.database;
    const md = new vscode.MarkdownString(`**${escapeMarkdown(d.name)}** — ${escapeMarkdown(`${d.serviceType}, ${d.status ?? vscode.l10n.t('unknown status')}`)}\n\n`);
    md.appendMarkdown(`${vscode.l10n.t('Server')}: ${escapeMarkdown(this.workspaceNode.serverName(d.serverId) ?? d.serverId ?? '—')}\n\n`);
    if (d.createdAt) md.appendMarkdown(`${vscode.l10n.t('Created')}: ${relativeTime(d.createdAt)}`);
    return md;
  }
}
