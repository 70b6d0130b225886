import * as vscode from 'vscode';
import { readLinkedApps, type Backup, type Database, type LinkedApp } from '../api';
import { escapeMarkdown, relativeTime } from '../format';
import type { DatabaseGroupTarget, DatabaseTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { ItemNode } from './itemNode';
import { ListNode } from './listNode';
import { MessageNode } from './messageNode';
import type { TreeNode } from './commandTarget';
import { statusIcon } from './statusIcons';
import { icon } from '../theme';
import type { WorkspaceParent } from './parents';

/** A database: its backups and the apps linked to it. */
export class DatabaseNode implements TreeNode {
  readonly id: string;
  readonly backups: DatabasePartNode;
  readonly linkedApps: DatabasePartNode;

  constructor(
    readonly parent: TreeNode,
    readonly workspaceNode: WorkspaceParent,
    public database: Database,
  ) {
    this.id = `${parent.id}/${encodeURIComponent(database.id)}`;
    this.backups = new DatabasePartNode(this, 'backups', () => vscode.l10n.t('Backups'), 'archive', fetchBackups);
    this.linkedApps = new DatabasePartNode(this, 'linkedApps', () => vscode.l10n.t('Linked Apps'), 'link', fetchLinkedApps);
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
    item.contextValue = contextValue('database', d.status);
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
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

type PartFetch = (part: DatabasePartNode) => Promise<TreeNode[]>;

/** Backups or Linked Apps of a database: one request when expanded. */
export class DatabasePartNode extends ListNode {
  constructor(
    readonly databaseNode: DatabaseNode,
    readonly kind: 'backups' | 'linkedApps',
    private readonly label: () => string,
    private readonly icon: string,
    private readonly fetchPart: PartFetch,
  ) {
    super(`${databaseNode.id}/${kind}`, databaseNode);
  }

  protected get workspaceSlug(): string | undefined {
    return this.databaseNode.workspaceNode.workspace.slug;
  }

  commandTarget(): DatabaseGroupTarget {
    return { kind: 'databaseGroup', group: this.kind, database: this.databaseNode.commandTarget(), row: this };
  }

  protected fetch(): Promise<TreeNode[]> {
    return this.fetchPart(this);
  }

  protected override emptyLabel(): string {
    return this.kind === 'backups' ? vscode.l10n.t('No backups yet') : vscode.l10n.t('No linked apps');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = contextValue('databaseGroup', this.kind);
    return item;
  }
}

function opts(part: DatabasePartNode) {
  const ws = part.databaseNode.workspaceNode;
  return { api: ws.ctx.api(), id: part.databaseNode.database.id, opts: ws.callOptions() };
}

const BACKUP_ICONS: Record<string, vscode.ThemeIcon> = {
  completed: icon('pass', 'passed'),
  failed: icon('error', 'failed'),
  running: new vscode.ThemeIcon('sync~spin'),
  pending: new vscode.ThemeIcon('clock'),
};

function formatBytes(bytes: number | undefined): string | undefined {
  if (bytes === undefined || bytes <= 0) return undefined;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** i).toFixed(i ? 1 : 0)} ${units[i]}`;
}

async function fetchBackups(part: DatabasePartNode): Promise<TreeNode[]> {
  const { api, id, opts: o } = opts(part);
  return (await api.backups.list(id, o)).map((b) =>
    new ItemNode<Backup>(part, 'backup', b.id, b, (x) => ({
      label: relativeTime(x.createdAt) ?? x.id,
      description: [x.status, formatBytes(x.sizeBytes)].filter(Boolean).join(' · '),
      icon: BACKUP_ICONS[x.status ?? ''] ?? new vscode.ThemeIcon('archive'),
      tooltip: x.createdAt,
    })));
}

async function fetchLinkedApps(part: DatabasePartNode): Promise<TreeNode[]> {
  const { api, id, opts: o } = opts(part);
  const database = await api.databases.get(id, o);
  part.databaseNode.database = database;
  const links = readLinkedApps(database);
  if (!links) return [new MessageNode(`${part.id}/unknown`, vscode.l10n.t('This service does not list linked apps'), 'info')];
  const ws = part.databaseNode.workspaceNode;
  return links.map((l) =>
    new ItemNode<LinkedApp>(part, 'linkedApp', l.appId, l, (x) => ({
        label: x.appName ?? x.appId,
        description: x.alias,
        icon: new vscode.ThemeIcon('package'),
        tooltip: vscode.l10n.t('Linked as {0} in workspace {1}', x.alias ?? '—', ws.workspace.label),
      })));
}
