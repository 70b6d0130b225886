// One part of an app under its row (Config, Domains…), and how a part is described.
import * as vscode from 'vscode';
import { ApiError, type App } from '../api';
import type { AppRef } from '../model';
import type { BeyondSpec } from '../serviceOffers';
import type { GroupTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { ListNode } from './listNode';
import { MessageNode } from './messageNode';
import type { AppParent } from './parents';
import type { TreeNode } from './commandTarget';

/**
 * A part of an app (Config, Domains…) or of a database (Backups, Linked Apps): its label,
 * icon and the one request that lists its rows. Each lives in its own module of groups/.
 */
export interface PartDescriptor<Group, Kind extends string = string> {
  /** Id segment and contextValue flag: `group:<kind>`, `databaseGroup:<kind>`. */
  kind: Kind;
  label(): string;
  icon: string;
  /** The group's one request, turned into child nodes. */
  fetch(group: Group): Promise<TreeNode[]>;
  emptyLabel?(): string;
  /** A part only some services serve (Buildpacks, Previews): hidden once the service is found not to. */
  beyondSpec?: BeyondSpec;
}

/** A part of an app (listed in appGroups.ts). */
export interface AppGroupDescriptor extends PartDescriptor<AppGroupNode> {
  /** Whether apps like this one have the part (Previews: not a preview itself); default all. */
  shownFor?(app: App): boolean;
}

/** One part of an app (Config, Domains…): one request when expanded. */
export class AppGroupNode extends ListNode {
  constructor(
    readonly app: AppParent,
    readonly descriptor: AppGroupDescriptor,
  ) {
    super(`${app.id}/${descriptor.kind}`, app);
  }

  appRef(): AppRef {
    return this.app.appRef();
  }

  commandTarget(): GroupTarget {
    return { kind: 'group', group: this.descriptor.kind, app: this.appRef(), row: this };
  }

  protected get workspaceSlug(): string | undefined {
    return this.app.workspaceNode.workspace.slug;
  }

  /** The `lacks-<feature>` flags of the service, for the rows of this part. */
  offerFlags(): string[] {
    return this.app.workspaceNode.ctx.offers.flags();
  }

  protected override emptyLabel(): string {
    return this.descriptor.emptyLabel?.() ?? super.emptyLabel();
  }

  protected async fetch(): Promise<TreeNode[]> {
    const feature = this.descriptor.beyondSpec;
    if (!feature) return this.descriptor.fetch(this);
    try {
      return await this.descriptor.fetch(this);
    } catch (error) {
      // Rails answers a missing route and a missing app alike: a 404 means "not offered" only
      // while the app is still there (one more request, only after a 404; see kit/offered.ts).
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      const ws = this.app.workspaceNode;
      try {
        await ws.ctx.api().apps.get(this.appRef().id, ws.callOptions());
      } catch {
        throw error;
      }
      // The whole view re-renders without this part (showOffers); until then, say why.
      ws.ctx.offers.markLacking(feature);
      return [new MessageNode(`${this.id}/not-offered`, vscode.l10n.t('This service does not offer {0} (it answers 404)', this.descriptor.label()), 'info')];
    }
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.descriptor.label(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.descriptor.icon);
    item.contextValue = contextValue('group', this.descriptor.kind);
    return item;
  }
}
