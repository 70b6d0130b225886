import type { ServiceOffers } from '../serviceOffers';
import type { ApiClient, App } from '../api';
import type { TreeNode } from './commandTarget';
import { sameApp, type AppRef } from '../model';

export interface AppFilter {
  /** Server-side name filter (`?q=`). */
  q?: string;
  /** Include preview apps (`include_previews=1`). */
  previews: boolean;
}

/** Extra `:flag` segments for an app's contextValue (e.g. `tailing` from the logs area). */
export type AppFlagProvider = (app: AppRef) => string | undefined;

/** A few words an area adds to an app row's description (e.g. a tail's filter), or undefined. */
export type AppNoteProvider = (app: AppRef) => string | undefined;

/** What the registry needs of an app row (AppNode), without importing the tree. */
export interface AppRow {
  readonly id: string;
  /** The list showing the row (its `children` are what it shows now, once fetched). */
  readonly parent?: unknown;
  app: App;
  appRef(): AppRef;
}

/**
 * What the process report said of an app (the truth about its containers: the real
 * service never updates an app's `status` after start/stop/restart), and the list's
 * status then: once the list says something else, it is newer and wins again.
 */
export interface AppReport {
  state: 'running' | 'stopped' | 'mixed';
  deployed: boolean;
  listStatus: string;
  at: number;
}

/** An app's GitHub connection: the repository (`owner/name`, undefined when not connected) and its branch. */
export interface GithubLink {
  repo?: string;
  branch?: string;
}

/** What outlives node objects (nodes are rebuilt on refresh; this is not). */
export class TreeState {
  /** Node id → what runs on it now ("Restarting…"). */
  readonly busy = new Map<string, string>();
  /** Workspace node id → app filter. */
  readonly filters = new Map<string, AppFilter>();
  private readonly flagProviders = new Set<AppFlagProvider>();
  private readonly noteProviders = new Set<AppNoteProvider>();
  /** Service and app id (`reportKey`) → its last process report (see AppReport). */
  readonly reports = new Map<string, AppReport>();
  /**
   * Service and app id → its GitHub connection, as a read of its details (or a connect or
   * disconnect) last said: the app list does not carry it. Absent: not known yet.
   */
  private readonly github = new Map<string, GithubLink>();
  // Plain listener sets, not vscode.EventEmitter: this state is unit-tested outside VS Code.
  private readonly deploysSeenListeners = new Set<(app: AppRef) => void>();
  private readonly appRowListeners = new Set<(row: AppRow) => void>();
  private readonly stateListeners = new Set<(app: AppRef) => void>();
  /** Rows showing an app (under Apps and under its server), by node id. */
  private readonly appRows = new Map<string, AppRow>();

  /** The current node of each workspace of each service (key: `workspaceKey(service, slug)`). */
  readonly workspaceNodes = new Map<string, TreeNode>();

  /** The current node of a service's workspace (slug undefined = personal). */
  workspaceNode(service: string | undefined, slug: string | undefined): TreeNode | undefined {
    return service === undefined ? undefined : this.workspaceNodes.get(workspaceKey(service, slug));
  }

  /** The workspace nodes of one service, by slug ('' = personal). */
  workspaceNodesOf(service: string): Map<string, TreeNode> {
    const prefix = workspaceKey(service, '');
    return new Map([...this.workspaceNodes].filter(([key]) => key.startsWith(prefix)).map(([key, node]) => [key.slice(prefix.length), node]));
  }

  /** Forgets one service's workspace nodes (another session there), or every service's. */
  clearWorkspaceNodes(service?: string): void {
    if (service === undefined) return this.workspaceNodes.clear();
    for (const key of [...this.workspaceNodes.keys()]) if (key.startsWith(workspaceKey(service, ''))) this.workspaceNodes.delete(key);
  }

  /** An area adds `:flag` segments to app rows (e.g. `tailing`); dispose to remove them. */
  addAppFlag(provider: AppFlagProvider): { dispose(): void } {
    this.flagProviders.add(provider);
    return { dispose: () => this.flagProviders.delete(provider) };
  }

  /** The flags the areas give the app now. */
  flagsOf(app: AppRef): string[] {
    return [...this.flagProviders].map((f) => f(app)).filter((f): f is string => !!f);
  }

  /** An area adds words to app rows' descriptions (after the flags' words); dispose to remove them. */
  addAppNote(provider: AppNoteProvider): { dispose(): void } {
    this.noteProviders.add(provider);
    return { dispose: () => this.noteProviders.delete(provider) };
  }

  /** The notes the areas give the app now. */
  notesOf(app: AppRef): string[] {
    return [...this.noteProviders].map((f) => f(app)).filter((f): f is string => !!f);
  }

  registerAppRow(row: AppRow): void {
    this.appRows.set(row.id, row);
    for (const l of [...this.appRowListeners]) l(row);
  }

  /** A row of an app was built (its list was fetched): e.g. the folder links learn the app's id and state. */
  onAppRow(listener: (row: AppRow) => void): { dispose(): void } {
    this.appRowListeners.add(listener);
    return { dispose: () => this.appRowListeners.delete(listener) };
  }

  /** The rows currently showing the app, to update them after an action without a refetch. */
  rowsOf(app: AppRef): AppRow[] {
    return this.knownRows().filter((row) => showsApp(row, app));
  }

  /** Every app row the tree shows now (what its fetched lists hold): apps known without a request. */
  knownRows(): AppRow[] {
    const shownBy = new Map<unknown, ReadonlySet<unknown> | undefined>();
    const rows: AppRow[] = [];
    for (const [id, row] of this.appRows) {
      if (!shownBy.has(row.parent)) shownBy.set(row.parent, childrenOf(row.parent));
      const siblings = shownBy.get(row.parent);
      // Its list was fetched again without it (deleted, filtered out): forget it.
      if (siblings && !siblings.has(row)) {
        this.appRows.delete(id);
        continue;
      }
      rows.push(row);
    }
    return rows;
  }

  /**
   * The app rows of the tree as it is now: rows of workspace nodes that a sign-out, another
   * account or another service replaced stay known until their lists are read again.
   */
  currentRows(): AppRow[] {
    const tops = new Set(this.workspaceNodes.values());
    return this.knownRows().filter((row) => {
      let node = row.parent as { parent?: unknown } | undefined;
      while (node?.parent) node = node.parent as { parent?: unknown };
      return tops.has(node as never);
    });
  }

  /** A deploy of the app was seen (its Deploys listed, or a followed deploy finished): a tail waiting for one looks again. */
  onDeploysSeen(listener: (app: AppRef) => void): { dispose(): void } {
    this.deploysSeenListeners.add(listener);
    return { dispose: () => this.deploysSeenListeners.delete(listener) };
  }

  deploysSeen(app: AppRef): void {
    for (const l of [...this.deploysSeenListeners]) l(app);
  }

  /**
   * Keeps a new process report; true when the state shown changes (then the rows should
   * re-render: re-rendering for nothing would make VS Code reload an open row's children).
   */
  report(service: string, app: App, report: Omit<AppReport, 'listStatus' | 'at'>): boolean {
    const before = this.stateOf(service, app).status;
    this.reports.set(reportKey(service, app), { ...report, listStatus: app.status, at: Date.now() });
    return this.stateOf(service, app).status !== before;
  }

  /** What AppHost learnt of the app's GitHub connection (`repo` undefined: not connected). */
  knowGithub(service: string, app: Pick<App, 'id'>, link: GithubLink): void {
    this.github.set(reportKey(service, app), link);
  }

  /** The app's GitHub connection, when known (undefined: never read). */
  githubOf(service: string, app: Pick<App, 'id'>): GithubLink | undefined {
    return this.github.get(reportKey(service, app));
  }

  /** An app's known state changed (a new process report): its rows re-render. */
  onStateChanged(listener: (app: AppRef) => void): { dispose(): void } {
    this.stateListeners.add(listener);
    return { dispose: () => this.stateListeners.delete(listener) };
  }

  stateChanged(app: AppRef): void {
    for (const l of [...this.stateListeners]) l(app);
  }

  /**
   * The state to show for an app: the process report's when there is one and the list
   * has not changed since, the list's `status` otherwise. `source` says which.
   */
  stateOf(service: string, app: App): { status: string; source: 'report' | 'list'; report?: AppReport } {
    const report = this.reports.get(reportKey(service, app));
    if (!report || report.listStatus !== app.status || !report.deployed) return { status: app.status, source: 'list' };
    return { status: report.state, source: 'report', report };
  }

  filterOf(workspaceNodeId: string): AppFilter {
    // Preview apps live under their app's Previews part; the list repeats them only when asked (wokku's default too).
    return this.filters.get(workspaceNodeId) ?? { previews: false };
  }
}

/**
 * The one app-row matcher: the same app in the same workspace, by id. A ref whose id is its
 * name (passed by name) also matches by name; one that knows only a name (a folder linked by
 * its remote before the app was listed) matches by name in any workspace.
 */
export function showsApp(row: AppRow, app: { readonly service: string; readonly id?: string; readonly name: string; readonly workspace?: string }): boolean {
  const ref = row.appRef();
  if (ref.service !== app.service) return false;
  if (!app.id) return row.app.name === app.name;
  const wanted = { service: app.service, id: app.id, name: app.name, workspace: app.workspace };
  return sameApp(ref, wanted) || (app.id === app.name && ref.workspace === app.workspace && ref.name === app.name);
}

/** The key of a service's workspace node (slug undefined or '' = personal). */
export function workspaceKey(service: string, slug: string | undefined): string {
  return `${service} ${slug ?? ''}`;
}

function reportKey(service: string, app: Pick<App, 'id'>): string {
  return `${service} ${app.id}`;
}

/** What a list shows now; undefined while it has not been fetched (again). */
function childrenOf(parent: unknown): ReadonlySet<unknown> | undefined {
  const children = (parent as { children?: readonly unknown[] } | undefined)?.children;
  return children && new Set(children);
}

/** What every node needs: the client, the id prefix and the shared state. */
export interface TreeContext {
  api(): ApiClient;
  /** Prefix of every node id: the service's API root, so ids survive refreshes. */
  readonly idPrefix: string;
  /** The service the nodes show (its id, the API root): what their AppRefs and targets carry. */
  readonly service: string;
  readonly state: TreeState;
  /** The signed-in account is an admin (server management is admin-only). */
  readonly isAdmin: boolean;
  /** The endpoints beyond the specification the service was found not to offer (rows hide them). */
  readonly offers: ServiceOffers;
}
