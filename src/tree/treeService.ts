// The one way commands, editors and deploys change what the tree shows: "show this app
// as X", "reload this part", "mark these rows busy while". Node classes stay inside tree/;
// callers speak in apps (AppRef) and the rows they were invoked on.
import { ApiError, type ApiClient, type App } from '../api';
import type { AppRef } from '../model';
import { AppGroupNode } from './appGroupNode';
import { AppNode } from './appNode';
import { checkRows } from './groups/checks';
import { configVarRows } from './groups/config';
import { ItemNode } from './itemNode';
import type { ResourcesProvider, TreeNode } from './resourcesProvider';
import type { TreeState } from './treeState';

export class TreeService {
  constructor(
    private readonly resources: ResourcesProvider,
    private readonly state: TreeState,
    private readonly api: () => ApiClient,
  ) {}

  /** Updates every row showing the app with the fields at hand; no request, nothing else re-renders. */
  showApp(app: AppRef, fields: Partial<App>): void {
    for (const row of this.state.rowsOf(app)) {
      row.app = { ...row.app, ...fields };
      this.resources.refresh(row as AppNode, { refetch: false });
    }
  }

  /** Reads the app again (one request) and shows it; undefined when it is gone (404). */
  async reloadApp(app: AppRef): Promise<App | undefined> {
    try {
      const fresh = await this.api().apps.get(app.id, { workspace: app.workspace, priority: 'view' });
      this.showApp(app, fresh);
      return fresh;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * Fetches one part of the app again, in every row showing it (under Apps and under its
   * server), and nothing else. A group never expanded is only marked stale: no request.
   */
  reloadPart(app: AppRef, kind: string): void {
    for (const row of this.state.rowsOf(app)) {
      const group = row instanceof AppNode ? row.group(kind) : undefined;
      if (group) this.resources.refresh(group);
    }
  }

  /** Shows the app's config vars or checks as a save left them (no request), where that group is expanded. */
  showValues(app: AppRef, kind: 'config' | 'checks', values: Record<string, string>): void {
    const rows = kind === 'config' ? configVarRows : checkRows;
    for (const row of this.state.rowsOf(app)) {
      const group = row instanceof AppNode ? row.group(kind) : undefined;
      if (group?.update(() => rows(group, values))) this.resources.refresh(group, { refetch: false });
    }
  }

  /** Shows rows as busy with `text` (spinner icon, text as description), or clears that; only they re-render. */
  markBusy(rows: readonly TreeNode[], text: string | undefined): void {
    for (const row of rows) {
      if (text) this.state.busy.set(row.id, text);
      else this.state.busy.delete(row.id);
      this.resources.refresh(row, { refetch: false });
    }
  }

  /** The part's group under the row a command came from (for a busy mark or a refresh). */
  groupOf(target: unknown, kind: string): AppGroupNode | undefined {
    if (target instanceof AppGroupNode) return target.descriptor.kind === kind ? target : undefined;
    if (target instanceof ItemNode && target.parent instanceof AppGroupNode) return this.groupOf(target.parent, kind);
    if (target instanceof AppNode) return target.group(kind);
    return undefined;
  }
}
