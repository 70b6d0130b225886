import type { RequestBudget } from '../api';
import type { AppHostAuthProvider } from '../auth/authProvider';
import type { Workspaces } from '../auth/workspaces';
import type { Connection } from '../connection';
import type { Connections } from '../connections';
import type { TreeNode } from './commandTarget';
import { ServiceNode } from './serviceNode';
import { ServiceWorkspaces } from './serviceWorkspaces';
import { ROOTS, type Healable } from './throttleHealer';
import type { TreeState } from './treeState';

/** A part of the view that refreshes on its own budget (AutoRefresh): the whole view, or one service's row. */
export interface Refresher {
  readonly budget: Pick<RequestBudget, 'snapshot'>;
  /** Its key: a part still refreshing is not started again. */
  readonly key: string;
  refresh(): Promise<void>;
}

/**
 * The top level of the Resources view. With one known service: its workspaces, as always
 * (nothing while signed out: the welcome content shows instead). With several: one row per
 * service, its workspaces under it, each listed with that service's connection.
 */
export class ResourceRoots {
  /** The first service's rows when they are the top level (one service known). */
  private single: ServiceWorkspaces | undefined;
  private readonly rows = new Map<string, ServiceNode>();

  constructor(
    private readonly connections: Connections,
    private readonly auth: AppHostAuthProvider,
    private readonly workspaces: Workspaces,
    private readonly state: TreeState,
  ) {}

  async get(): Promise<TreeNode[]> {
    if (!this.connections.several) {
      this.single ??= this.workspacesOf(this.connections.first, ROOTS, () => []);
      return this.single.get();
    }
    const next = new Map<string, ServiceNode>();
    for (const service of this.connections.services()) {
      const connection = this.connections.of(service.id);
      let row = this.rows.get(service.id);
      if (row && row.workspaces.serviceConnection !== connection) row = undefined; // its address changed
      if (row) row.service = service; // renamed: the same row (the id is the same)
      // A 429 on its workspace list: the healer refreshes this row.
      else row = new ServiceNode(service, (self) => this.workspacesOf(connection, self, () => [service.id]));
      next.set(service.id, row);
    }
    this.rows.clear();
    for (const [id, row] of next) this.rows.set(id, row);
    return [...next.values()];
  }

  private workspacesOf(connection: Connection, healable: Healable, signInArgs: () => unknown[]): ServiceWorkspaces {
    return new ServiceWorkspaces(connection, this.auth, this.workspaces, this.state, healable, signInArgs);
  }

  /** Everything is fetched again on the next look (a full refresh). */
  invalidate(): void {
    this.single?.invalidate();
    for (const row of this.rows.values()) row.invalidate();
  }

  /**
   * What AutoRefresh refreshes, each part on its own service's budget (a throttled service
   * never holds up another): the workspaces shown, walked by `refresh` (quietRefresh.ts).
   */
  refreshers(refresh: (shown: readonly TreeNode[]) => Promise<void>): Refresher[] {
    if (!this.connections.several) {
      return [{ key: '', budget: this.connections.first.budget, refresh: () => refresh(this.single?.loaded() ?? []) }];
    }
    return [...this.rows.values()].map((row) => ({ key: row.id, budget: row.workspaces.serviceConnection.budget, refresh: () => refresh([row]) }));
  }
}
