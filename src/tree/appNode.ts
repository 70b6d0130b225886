import * as vscode from 'vscode';
import type { App } from '../api';
import { codeSpan, escapeMarkdown, pullRequestUrl, relativeTime } from '../format';
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
    /** A preview shown under its parent app (Previews): labelled by its pull request. */
    private readonly underParent = false,
    /** A preview listed among the apps only because its app is not there to hold it. */
    private readonly withoutParent = false,
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
    const pr = this.app.isPreview && this.app.prNumber !== undefined ? vscode.l10n.t('PR #{0}', this.app.prNumber) : undefined;
    const item = new vscode.TreeItem(this.underParent && pr ? pr : this.app.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const known = state.stateOf(this.workspaceNode.ctx.service, this.app);
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : statusIcon('app', known.status);
    const server = this.workspaceNode.serverName(this.app.serverId);
    const ref = this.appRef();
    const flags = state.flagsOf(ref);
    const tailing = flags.includes('awaitingDeploy') ? vscode.l10n.t('logs await first deploy') : flags.includes('tailing') && vscode.l10n.t('tailing logs');
    const linked = flags.includes('linked') && vscode.l10n.t('linked folder');
    const preview = this.app.isPreview && (this.withoutParent ? vscode.l10n.t('preview; its app is not listed here') : vscode.l10n.t('preview'));
    const first = this.underParent && pr ? [this.app.name, known.status] : [known.status, server, preview];
    item.description = busy ?? [...first, tailing, ...state.notesOf(ref), linked].filter(Boolean).join(' · ');
    item.contextValue = contextValue('app', known.status, this.app.isPreview && 'preview', this.pullRequestUrl() && 'pull', ...flags, ...this.workspaceNode.ctx.offers.flags());
    return item;
  }

  async getChildren(): Promise<TreeNode[]> {
    this.groups ??= APP_GROUPS.map((d) => new AppGroupNode(this, d));
    return this.shownGroups(this.groups);
  }

  /** The parts this app shows: not those its service lacks, nor those that are not for it (Previews of a preview). */
  private shownGroups(groups: AppGroupNode[]): AppGroupNode[] {
    const offers = this.workspaceNode.ctx.offers;
    return groups.filter((g) => (!g.descriptor.beyondSpec || !offers.lacks(g.descriptor.beyondSpec)) && (g.descriptor.shownFor?.(this.app) ?? true));
  }

  loadedChildren(): readonly TreeNode[] | undefined {
    return this.groups && this.shownGroups(this.groups);
  }

  /** Kept by a quiet refresh: the state's registry points at this row again, not the discarded one. */
  kept(): void {
    this.workspaceNode.ctx.state.registerAppRow(this);
  }

  previewRow(parent: TreeNode, preview: App): AppNode {
    return new AppNode(parent, this.workspaceNode, preview, true);
  }

  /** A preview's pull request on GitHub, when its parent app is known to be connected to a repository. */
  private pullRequestUrl(): string | undefined {
    const { isPreview, prNumber, parentAppId } = this.app;
    if (!isPreview || prNumber === undefined || !parentAppId) return undefined;
    const repo = this.workspaceNode.ctx.state.githubOf(this.workspaceNode.ctx.service, { id: parentAppId })?.repo;
    return repo ? pullRequestUrl(repo, prNumber) : undefined;
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
    if (this.withoutParent) md.appendMarkdown(`${escapeMarkdown(vscode.l10n.t('Preview apps show under their app\'s Previews part; this one shows here because its app is not in this list (another workspace, or the filter). Show Preview Apps lists them all.'))}\n\n`);
    const github = this.workspaceNode.ctx.state.githubOf(this.workspaceNode.ctx.service, a);
    if (github?.repo) md.appendMarkdown(`${vscode.l10n.t('GitHub')}: ${codeSpan(github.repo)}${github.branch ? ` (${codeSpan(github.branch)})` : ''}\n\n`);
    const pull = this.pullRequestUrl();
    if (pull) md.appendMarkdown(`${vscode.l10n.t('Pull request')}: ${pull}\n\n`);
    const branch = a.deployBranch ?? github?.branch;
    if (branch) md.appendMarkdown(`${vscode.l10n.t('Deploy branch')}: ${codeSpan(branch)}\n\n`);
    if (a.createdAt) md.appendMarkdown(`${vscode.l10n.t('Created')}: ${relativeTime(a.createdAt)}`);
    return md;
  }
}
