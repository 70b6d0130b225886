import type { ApiClient } from '../api';
import type { AppRef } from '../commands/targets';

export interface AppFilter {
  /** Server-side name filter (`?q=`). */
  q?: string;
  /** Include preview apps (`include_previews=1`). */
  previews: boolean;
}

/** Extra `:flag` segments for an app's contextValue (e.g. `tailing` from the logs area). */
export type AppFlagProvider = (app: AppRef) => string | undefined;

/** What outlives node objects (nodes are rebuilt on refresh; this is not). */
export class TreeState {
  /** Node id → what runs on it now ("Restarting…"). */
  readonly busy = new Map<string, string>();
  /** Workspace node id → app filter. */
  readonly filters = new Map<string, AppFilter>();
  readonly appFlags: AppFlagProvider[] = [];

  filterOf(workspaceNodeId: string): AppFilter {
    return this.filters.get(workspaceNodeId) ?? { previews: true };
  }
}

/** What every node needs: the client, the id prefix and the shared state. */
export interface TreeContext {
  api(): ApiClient;
  /** Prefix of every node id: the service's API root, so ids survive refreshes. */
  readonly idPrefix: string;
  readonly state: TreeState;
  /** The signed-in account is an admin (server management is admin-only). */
  readonly isAdmin: boolean;
}
