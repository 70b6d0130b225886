import * as vscode from 'vscode';
import type { Activity } from '../api';
import { relativeTime } from '../format';
import { activityIcon } from './activityIcons';
import { activitySentence } from './activitySentence';

/** The service returns at most this many (`?limit=1..200`). */
export const MAX_ACTIVITIES = 200;
export const PAGE = 50;

/** Where the view's data comes from; `undefined` = signed out (the welcome content shows). */
export interface ActivitySource {
  /** Key of what the list is about (account + workspace): when it changes, paging starts over. */
  scope(): Promise<{ key: string; label: string } | undefined>;
  fetch(limit: number): Promise<Activity[]>;
  /** False when a timed refresh should be skipped (the shared request budget runs low). */
  hasRoom(): boolean;
}

/**
 * Data of `apphost.activity`. Fetches only while the view is visible: a refresh asked for
 * while hidden (timer, workspace switch) just marks the list stale, and the next showing
 * fetches it once. The periodic refresh runs only between `setVisible(true)` and
 * `setVisible(false)`.
 */
export class ActivityProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly described = new vscode.EventEmitter<string | undefined>();
  /** The workspace shown (for the view's description). */
  readonly onDidChangeScope = this.described.event;

  private visible = false;
  private focused = true;
  private stale = true;
  private scopeKey: string | undefined;
  private limit = PAGE;
  private items: Activity[] | undefined;
  private error: unknown;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  /** Number of fetches made (tests check that hidden views make none). */
  fetches = 0;

  constructor(
    private readonly source: ActivitySource,
    private intervalMs: number,
  ) {}

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.schedule();
    if (visible && this.stale) this.changed.fire();
  }

  /** The timer also pauses while the window is in the background (fetching on a change does not). */
  setFocused(focused: boolean): void {
    this.focused = focused;
    this.schedule();
  }

  setInterval(ms: number): void {
    this.intervalMs = ms;
    this.schedule();
  }

  /** Fetch again now if visible, else on the next showing. */
  refresh(): void {
    this.stale = true;
    if (this.visible) this.changed.fire();
  }

  /** Another page, up to the service's maximum. */
  loadMore(): void {
    if (this.limit >= MAX_ACTIVITIES) return;
    this.limit = Math.min(MAX_ACTIVITIES, this.limit + PAGE);
    this.refresh();
  }

  get canLoadMore(): boolean {
    return !!this.items && this.items.length >= this.limit && this.limit < MAX_ACTIVITIES;
  }

  private schedule(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (!this.visible || !this.focused || this.intervalMs <= 0) return;
    this.timer = setInterval(() => this.source.hasRoom() && this.refresh(), this.intervalMs);
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  async getChildren(parent?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (parent) return [];
    // Concurrent calls share one fetch.
    if (this.stale) this.loading = this.load();
    await this.loading;
    if (this.items === undefined && this.error === undefined) return [];
    if (this.error !== undefined) {
      const item = new vscode.TreeItem(vscode.l10n.t('Could not load the activity log: {0}', this.error instanceof Error ? this.error.message : String(this.error)));
      item.iconPath = new vscode.ThemeIcon('warning');
      item.command = { command: 'apphost.activity.refresh', title: vscode.l10n.t('Retry') };
      item.tooltip = vscode.l10n.t('Click to retry');
      return [item];
    }
    const items = this.items!;
    if (!items.length) {
      const empty = new vscode.TreeItem(vscode.l10n.t('No activity yet'));
      empty.iconPath = new vscode.ThemeIcon('info');
      return [empty];
    }
    const rows = items.map((a, i) => activityItem(a, i));
    if (this.canLoadMore) {
      const more = new vscode.TreeItem(vscode.l10n.t('Load more…'));
      more.id = 'activity/loadMore';
      more.iconPath = new vscode.ThemeIcon('ellipsis');
      more.command = { command: 'apphost.activity.loadMore', title: vscode.l10n.t('Load More') };
      more.description = vscode.l10n.t('{0} shown, up to {1}', items.length, MAX_ACTIVITIES);
      rows.push(more);
    }
    return rows;
  }

  /** Counts loads: only the latest may set what the view shows (an older one may end later). */
  private generation = 0;

  private async load(): Promise<void> {
    this.stale = false;
    const generation = ++this.generation;
    try {
      await this.read(generation);
    } finally {
      // Asked again while this load ran (another service or workspace picked): the tree may
      // have folded that refresh into the one in progress, so ask for the rows once more.
      if (this.stale && this.visible && generation === this.generation) this.changed.fire();
    }
  }

  private async read(generation: number): Promise<void> {
    const scope = await this.source.scope();
    if (generation !== this.generation) return;
    if (scope?.key !== this.scopeKey) {
      // Another account or workspace: start again from the first page.
      this.scopeKey = scope?.key;
      this.limit = PAGE;
      this.described.fire(scope?.label);
    }
    if (!scope) {
      this.items = undefined;
      this.error = undefined;
      return;
    }
    try {
      this.fetches++;
      const items = await this.source.fetch(this.limit);
      if (generation !== this.generation) return;
      this.items = items;
      this.error = undefined;
    } catch (error) {
      if (generation !== this.generation) return;
      this.items = undefined;
      this.error = error;
    }
  }

  dispose(): void {
    clearInterval(this.timer);
    this.changed.dispose();
    this.described.dispose();
  }
}

function activityItem(a: Activity, index: number): vscode.TreeItem {
  const label = activitySentence(a);
  const item = new vscode.TreeItem(label);
  item.id = `activity/${a.id || index}`;
  item.iconPath = activityIcon(a.action);
  item.description = relativeTime(a.createdAt);
  const tooltip = new vscode.MarkdownString();
  tooltip.appendMarkdown(`**${escape(label)}**\n\n`);
  tooltip.appendMarkdown(`${vscode.l10n.t('Action')}: \`${escape(a.action.replace(/\\(.)/g, '$1'))}\`\n\n`);
  if (a.targetName) tooltip.appendMarkdown(`${vscode.l10n.t('Target')}: ${escape([a.targetType, a.targetName].filter(Boolean).join(' '))}\n\n`);
  if (a.createdAt) tooltip.appendMarkdown(`${escape(new Date(a.createdAt).toLocaleString())} (${relativeTime(a.createdAt)})`);
  item.tooltip = tooltip;
  item.accessibilityInformation = { label: [label, item.description].filter(Boolean).join(', ') };
  return item;
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
