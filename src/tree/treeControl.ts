// The one way commands, editors and deploys change what the tree shows: "show this app
// as X", "reload this part", "mark these rows busy while". Node classes stay inside tree/;
// callers speak in apps (AppRef) and the rows they were invoked on.
import type * as vscode from 'vscode';
import { ApiError, readProcessReport, type ApiClient, type App, type CallOptions, type ProcessSummary, type Server } from '../api';
import type { Workspace } from '../auth/workspaces';
import type { AppRef } from '../model';
import { AppGroupNode } from './appGroupNode';
import { AppNode } from './appNode';
import type { CommandTarget, ItemTarget, Row } from './commandTarget';
import type { NodeKind } from './contextValues';
import { checkRows } from './groups/checks';
import { configVarRows } from './groups/config';
import { buildpackRows } from './groups/buildpacks';
import { buildpackList } from '../configText/buildpacksFile';
import { ItemNode } from './itemNode';
import { ListNode, LoadMoreNode } from './listNode';
import type { RefreshOptions, ResourcesProvider } from './resourcesProvider';
import type { TreeNode } from './commandTarget';
import { ServerNode } from './serverNode';
import { showsApp, type GithubLink, type AppFilter, type AppFlagProvider, type AppNoteProvider, type AppRow, type TreeState } from './treeState';
import type { ThrottleHealer } from './throttleHealer';
import { AppsGroup, WorkspaceNode } from './workspaceNode';

export class TreeControl {
  constructor(
    private readonly resources: ResourcesProvider,
    private readonly state: TreeState,
    /** The client of a service (by id): each app's requests go to its own. */
    private readonly api: (service: string) => ApiClient,
    private readonly view: vscode.TreeView<TreeNode>,
    private readonly healer: ThrottleHealer,
  ) {}

  /** Rows changed (re-rendered or fetched again). */
  get onDidChange(): vscode.Event<unknown> {
    return this.resources.onDidChangeTreeData;
  }

  /** Fetches a row's children again (the whole view without a row); `refetch: false` only re-renders it. */
  refresh(row?: Row, options?: RefreshOptions): void {
    this.resources.refresh(row as TreeNode | undefined, options);
  }

  /** Whether the Resources view is visible. */
  get visible(): boolean {
    return this.view.visible;
  }

  /** Shows a row in the Resources view. */
  async reveal(row: Row, options: { select?: boolean; focus?: boolean; expand?: boolean | number }): Promise<void> {
    await this.view.reveal(row as TreeNode, options);
  }

  /** The lists the service throttled ask again now. */
  healAll(): void {
    this.healer.healAll();
  }

  /** Whether the view lists its workspaces yet (it does once shown). */
  showsWorkspaces(): boolean {
    return this.state.workspaceNodes.size > 0;
  }

  /** Areas that decorate app rows add a flag (disposable). */
  addAppFlag(provider: AppFlagProvider): { dispose(): void } {
    return this.state.addAppFlag(provider);
  }

  /** Areas that add a line to an app row's tooltip. */
  addAppNote(provider: AppNoteProvider): { dispose(): void } {
    return this.state.addAppNote(provider);
  }

  /** An app row was built (a list was fetched). */
  onAppRow(listener: (row: AppRow) => void): { dispose(): void } {
    return this.state.onAppRow(listener);
  }

  /** A deploy of the app succeeded: who shows deploys reads them again. */
  onDeploysSeen(listener: (app: AppRef) => void): { dispose(): void } {
    return this.state.onDeploysSeen(listener);
  }

  deploysSeen(app: AppRef): void {
    this.state.deploysSeen(app);
  }

  /** The state the tree shows for the app, and where it comes from. */
  stateOf(service: string, app: App): ReturnType<TreeState['stateOf']> {
    return this.state.stateOf(service, app);
  }

  /**
   * The app rows of the tree as it is now: rows of workspace nodes that a sign-out, another
   * account or another service replaced are left out until their lists are read again.
   */
  currentRows(): AppRow[] {
    return this.state.currentRows();
  }

  /** Updates every row showing the app with the fields at hand; no request, nothing else re-renders. */
  showApp(app: AppRef, fields: Partial<App>): void {
    // The app's details (their git remote is details only), or a connect or disconnect, tell its GitHub connection.
    if (fields.gitRemote !== undefined || 'githubRepo' in fields) {
      this.state.knowGithub(app.service, app, { repo: fields.githubRepo, branch: fields.deployBranch });
      // Its previews' rows offer "Open Pull Request" only while it is connected.
      for (const group of this.groupsOf(app, 'previews')) this.resources.refresh(group, { refetch: false });
    }
    for (const row of this.state.rowsOf(app)) {
      row.app = { ...row.app, ...fields };
      this.resources.refresh(row as AppNode, { refetch: false });
    }
  }

  /** Every row of the app shows the state a process report gives (no request); false when no row shows the app. */
  showProcessState(app: AppRef, summary: Pick<ProcessSummary, 'state' | 'deployed'>): boolean {
    const rows = this.state.rowsOf(app);
    if (rows.length === 0) return false;
    this.state.report(app.service, rows[0].app, { state: summary.state, deployed: summary.deployed });
    // The rows re-render either way: an action's busy marker goes away.
    this.state.stateChanged(app);
    return true;
  }

  /** The app's GitHub connection as last read (details, a connect or a disconnect); undefined: never read. */
  githubOf(app: Pick<AppRef, 'service' | 'id'>): GithubLink | undefined {
    return this.state.githubOf(app.service, app);
  }

  /** The rows showing the app now (to mark them busy). */
  appRows(app: AppRef): Row[] {
    return this.state.rowsOf(app) as AppNode[];
  }

  /** Reads the app again (one request) and shows it; undefined when it is gone (404). */
  async reloadApp(app: AppRef): Promise<App | undefined> {
    try {
      const fresh = await this.api(app.service).apps.get(app.id, { workspace: app.workspace, priority: 'view' });
      this.showApp(app, fresh);
      return fresh;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * Reads the app's process report (one request: the truth about its containers, as the
   * service does not update an app's `status` after start, stop or restart) and shows the
   * state it gives on every row of the app. Nothing is read when no row shows the app. The
   * rows re-render when the state shown changes, and with `rerender` (after an action, whose
   * busy mark goes away) either way; re-rendering for nothing would reload an open row's children.
   */
  async readState(
    app: AppRef,
    { rerender = false, options = {}, always = false }: { rerender?: boolean; options?: CallOptions; always?: boolean } = {},
  ): Promise<ProcessSummary | undefined> {
    const rows = this.state.rowsOf(app);
    if (rows.length === 0 && !always) return undefined;
    const summary = readProcessReport(await this.api(app.service).processes.get(app.id, { priority: 'view', ...options, workspace: app.workspace }));
    if (rows.length === 0) return summary;
    const changed = this.state.report(app.service, rows[0].app, { state: summary.state, deployed: summary.deployed });
    if (changed || rerender) this.state.stateChanged(app);
    return summary;
  }

  /**
   * Fetches one part of the app again, in every row showing it (under Apps and under its
   * server), and nothing else. A group never expanded is only marked stale: no request.
   */
  reloadPart(app: AppRef, kind: string): void {
    this.reloadParts(app, [kind]);
  }

  /** `reloadPart` for several parts (e.g. a deploy's Deploys and Releases). */
  reloadParts(app: AppRef, kinds: readonly string[]): void {
    for (const kind of kinds) for (const group of this.groupsOf(app, kind)) this.resources.refresh(group);
  }

  /** Every row showing the app re-renders from what it holds (no request): its state, a flag or a busy mark changed. */
  rerenderApp(app: AppRef): void {
    for (const row of this.state.rowsOf(app)) this.resources.refresh(row as AppNode, { refetch: false });
  }

  /** The lists that show the app are fetched again (it was created, renamed or deleted). */
  reloadListsShowing(app: AppRef): void {
    for (const list of this.listsShowing(app)) this.resources.refresh(list);
  }

  /** Shows the app's config vars, checks or buildpacks as a save left them (no request), where that group is expanded. */
  showValues(app: AppRef, kind: 'config' | 'checks' | 'buildpacks', values: Record<string, string>): void {
    const rows = kind === 'config' ? configVarRows : kind === 'checks' ? checkRows : (group: AppGroupNode, v: Record<string, string>) => buildpackRows(group, buildpackList(v));
    for (const group of this.groupsOf(app, kind)) {
      if (group.update(() => rows(group, values))) this.resources.refresh(group, { refetch: false });
    }
  }

  /** The app's group of this kind in every row showing the app (under Apps and under its server). */
  private groupsOf(app: AppRef, kind: string): AppGroupNode[] {
    return this.state.rowsOf(app).flatMap((row) => (row instanceof AppNode ? (row.group(kind) ?? []) : []));
  }

  /** Shows rows as busy with `text` (spinner icon, text as description), or clears that; only they re-render. */
  /** Marks the rows busy with `text` while `work` runs (the one busy mark of every action). */
  async busyWhile<T>(rows: readonly TreeNode[], text: string, work: () => Promise<T>): Promise<T> {
    this.markBusy(rows, text);
    try {
      return await work();
    } finally {
      this.markBusy(rows, undefined);
    }
  }

  markBusy(rows: readonly TreeNode[], text: string | undefined): void {
    for (const row of rows) {
      if (text) this.state.busy.set(row.id, text);
      else this.state.busy.delete(row.id);
      this.resources.refresh(row, { refetch: false });
    }
  }

  /** The part's group under the row a command came from (for a busy mark or a refresh). */
  groupOf(target: CommandTarget | undefined, kind: string): Row | undefined {
    return groupOfRow(target?.row, kind);
  }

  /**
   * The items of a kind a group shows now (no request), and how many rows it shows in all
   * (an explanatory row counts); undefined when the group was never fetched.
   */
  shownItems<T>(group: Row | undefined, item: NodeKind): { items: ItemTarget<T>[]; total: number } | undefined {
    const children = group instanceof ListNode ? group.children : undefined;
    if (!children) return undefined;
    const items = children.filter((n): n is ItemNode<T> => n instanceof ItemNode && n.kind === item).map((n) => n.commandTarget());
    return { items, total: children.length };
  }

  /** The workspace of a service as its row shows it (with its team), when the view shows it. */
  shownWorkspace(service: string, slug: string | undefined): Workspace | undefined {
    const node = this.state.workspaceNode(service, slug);
    return node instanceof WorkspaceNode ? node.workspace : undefined;
  }

  /** The Servers, Apps or Databases group of a workspace as shown now (to refresh only it), if any. */
  listOf(service: string, slug: string | undefined, list: 'servers' | 'apps' | 'databases'): Row | undefined {
    const node = this.state.workspaceNode(service, slug);
    return node instanceof WorkspaceNode ? node[list] : undefined;
  }

  /** The row of an app in a list (fetching the list when it must). */
  async appRowIn(list: Row, appId: string): Promise<Row | undefined> {
    const rows = (await list.getChildren?.()) ?? [];
    return rows.find((r) => r instanceof AppNode && r.app.id === appId);
  }

  /**
   * A row showing an app (by id, or by name for a ref whose id is its name). With `fetch`,
   * the workspaces' Apps groups are fetched until one shows it, the app's workspace first.
   */
  async rowOfApp(app: AppRef, fetch = false): Promise<Row | undefined> {
    const find = () => this.state.currentRows().find((r) => showsApp(r, app)) as AppNode | undefined;
    let row = find();
    if (row || !fetch) return row;
    const nodes = [...this.state.workspaceNodesOf(app.service).entries()].sort(([a], [b]) => Number(b === (app.workspace ?? '')) - Number(a === (app.workspace ?? '')));
    for (const [, node] of nodes) {
      if (!(node instanceof WorkspaceNode)) continue;
      await node.apps.getChildren();
      if ((row = find())) break;
    }
    return row;
  }

  /** An app row was expanded: its process report says whether it really runs (a failure shows in its Processes group). */
  expanded(row: Row): void {
    if (row instanceof AppNode) void this.readState(row.appRef()).catch(() => undefined);
  }

  /** The lists showing the app now (its Apps group, its server's apps). */
  listsShowing(app: AppRef): Row[] {
    return [...new Set(this.state.rowsOf(app).map((r) => (r as AppNode).parent))];
  }

  /** Shows what a server call said on the server's row (no request). */
  showServer(row: Row, fields: Partial<Server>): void {
    if (!(row instanceof ServerNode)) return;
    row.server = { ...row.server, ...fields };
    this.resources.refresh(row, { refetch: false });
  }

  /** The filter of an Apps group. */
  appFilter(list: Row): AppFilter | undefined {
    return list instanceof AppsGroup ? list.filter : undefined;
  }

  /** Filters an Apps group otherwise: another list, fetched again from scratch. */
  setAppFilter(list: Row, change: Partial<AppFilter>): void {
    if (!(list instanceof AppsGroup)) return;
    this.state.filters.set(list.workspaceNode.id, { ...list.filter, ...change });
    // Another filter is another list: the rows of the old one must not stand in for it.
    list.reset();
    this.resources.refresh(list);
  }

  /** Shows the next page of a long list ("Load more"; no request). */
  loadMore(row: Row): void {
    if (!(row instanceof LoadMoreNode)) return;
    row.parent.showMore();
    this.resources.refresh(row.parent, { refetch: false });
  }
}

function groupOfRow(row: unknown, kind: string): AppGroupNode | undefined {
  if (row instanceof AppGroupNode) return row.descriptor.kind === kind ? row : undefined;
  if (row instanceof ItemNode && row.parent instanceof AppGroupNode) return groupOfRow(row.parent, kind);
  if (row instanceof AppNode) return row.group(kind);
  return undefined;
}
