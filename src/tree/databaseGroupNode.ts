// One part of a database under its row (Backups, Linked Apps), described like an app's parts.
import * as vscode from 'vscode';
import type { PartDescriptor } from './appGroupNode';
import type { DatabaseGroupTarget, TreeNode } from './commandTarget';
import { contextValue } from './contextValues';
import { ListNode } from './listNode';
import type { DatabaseParent } from './parents';

/** A part of a database (groups/backups.ts, groups/linkedApps.ts). */
export type DatabaseGroupDescriptor = PartDescriptor<DatabaseGroupNode, DatabaseGroupTarget['group']>;

/** Backups or Linked Apps of a database: one request when expanded. */
export class DatabaseGroupNode extends ListNode {
  constructor(
    readonly databaseNode: DatabaseParent,
    readonly descriptor: DatabaseGroupDescriptor,
  ) {
    super(`${databaseNode.id}/${descriptor.kind}`, databaseNode);
  }

  get kind(): DatabaseGroupTarget['group'] {
    return this.descriptor.kind;
  }

  protected get workspaceSlug(): string | undefined {
    return this.databaseNode.workspaceNode.workspace.slug;
  }

  /** The `lacks-<feature>` flags of the service, for the rows of this part (a backup's Download, Restore). */
  offerFlags(): string[] {
    return this.databaseNode.workspaceNode.ctx.offers.flags();
  }

  commandTarget(): DatabaseGroupTarget {
    return { kind: 'databaseGroup', group: this.kind, database: this.databaseNode.commandTarget(), row: this };
  }

  protected fetch(): Promise<TreeNode[]> {
    return this.descriptor.fetch(this);
  }

  protected override emptyLabel(): string {
    return this.descriptor.emptyLabel?.() ?? super.emptyLabel();
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.descriptor.label(), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.descriptor.icon);
    item.contextValue = contextValue('databaseGroup', this.kind);
    return item;
  }
}
