import * as vscode from 'vscode';
import type { App } from '../api';
import { codeSpan, escapeMarkdown, relativeTime } from '../format';
import { AppGroupNode } from './appGroupNode';
import { APP_GROUPS } from './appGroups';
import type { AppTarget } from './commandTarget';
import { contextValue } from './contextValues';
import type { TreeNode } from './commandTarget';
import { statusIcon } from './statusIcons';
import type { AppParent, WorkspaceParent } from './parents';
import type { AppRef } from '../model';

/** An app: its state at a glance, and its parts (config, domains, releases…) as groups. */
export class AppNode implements AppParent {
  readonly id: string;
  private groups: AppGroupNode[] | undefined;

  constructor(
    readonly parent: TreeNode,
    readonly workspaceNode: WorkspaceParent,
    public app: App,
  ) {
    this.id = `${parent.id}/${encodeURIComponent(app.id)}`;
    workspaceNode.ctx.state.registerAppRow(this);
  }

  appRef(): AppRef {
    return { service: this.workspaceNode.ctx.service, workspace: this.workspaceNode.workspace.slug, id: this.app.id, name: this.app.name };
  }

  commandTarget(): AppTarget {
    return { kind: 'app', app: this.appRef(), data: this.app, row: this };
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.workspaceNode.ctx.state;
    const busy = state.busy.get(this.id);
    const item = new vscode.TreeItem(this.app.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const known = state.stateOf(this.workspaceNode.ctx.service, this.app);
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : statusIcon('app', known.status);
    const server = this.workspaceNode.serverName(this.app.serverId);
    const ref = this.appRef();
    const flags = state.flagsOf(ref);
    const tailing = flags.includes('awaitingDeploy') ? vscode.l10n.t('logs await first deploy') : flags.includes('tailing') && vscode.l10n.t('tailing logs');
    const linked = flags.includes('linked') && vscode.l10n.t('linked folder');
    item.description = busy ?? [known.status, server, this.app.isPreview && vscode.l10n.t('preview'), tailing, ...state.notesOf(ref), linked].filter(Boolean).join(' · ');
    item.contextValue = contextValue('app', known.status, this.app.isPreview && 'preview', ...flags, ...this.workspaceNode.ctx.offers.flags());
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    this.groups ??= APP_GROUPS.map((d) => new AppGroupNode(this, d));
    const offers = this.workspaceNode.ctx.offers;
    return this.groups.filter((g) => !g.descriptor.beyondSpec || !offers.lacks(g.descriptor.beyondSpec));
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
    const known = this.workspaceNode.ctx.state.stateOf(this.workspaceNode.ctx.service, a);
    const md = new vscode.MarkdownString(`**${escapeMarkdown(a.name)}** — ${escapeMarkdown(known.status)}\n\n`);
    if (known.report) {
      md.appendMarkdown(vscode.l10n.t('From its process report, {0}', relativeTime(new Date(known.report.at).toISOString()) ?? ''));
      md.appendMarkdown(known.report.listStatus !== known.status ? ` ${vscode.l10n.t('(the service\'s app list says "{0}")', escapeMarkdown(known.report.listStatus))}\n\n` : '\n\n');
    }
    const server = this.workspaceNode.serverName(a.serverId);
    md.appendMarkdown(`${vscode.l10n.t('Server')}: ${escapeMarkdown(server ?? a.serverId ?? '—')}\n\n`);
    if (a.isPreview) md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Preview of pull request #{0}', a.prNumber ?? '?'))}\n\n`);
    if (a.deployBranch) md.appendMarkdown(`${vscode.l10n.t('Deploy branch')}: ${codeSpan(a.deployBranch)}\n\n`);
    if (a.createdAt) md.appendMarkdown(`${vscode.l10n.t('Created')}: ${relativeTime(a.createdAt)}`);
    return md;
  }
}
