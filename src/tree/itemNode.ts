import * as vscode from 'vscode';
import type { CommandTarget, ItemTarget } from './commandTarget';
import { contextValue, type NodeKind } from './contextValues';
import type { TreeNode } from './commandTarget';
import type { AppRef } from '../model';

export interface ItemLook {
  label: string;
  description?: string;
  icon: vscode.ThemeIcon;
  tooltip?: vscode.MarkdownString | string;
  /** `:flag` segments of the contextValue. */
  flags?: (string | false | undefined)[];
  command?: vscode.Command;
}

/** A leaf under an app or database group: a domain, a release, a config var, a backup… */
export class ItemNode<T = unknown> implements TreeNode {
  readonly id: string;

  constructor(
    readonly parent: TreeNode & { appRef?(): AppRef; commandTarget(): CommandTarget; offerFlags?(): string[] },
    readonly kind: NodeKind,
    /** Unique among its siblings (resource id, key or name). */
    readonly key: string,
    readonly data: T,
    private readonly look: (data: T) => ItemLook,
  ) {
    this.id = `${parent.id}/${encodeURIComponent(key)}`;
  }

  appRef(): AppRef {
    if (!this.parent.appRef) throw new Error(`${this.kind} ${this.key} does not belong to an app`);
    return this.parent.appRef();
  }

  commandTarget(): ItemTarget<T> {
    const owner = this.parent.commandTarget();
    return {
      kind: 'item',
      item: this.kind,
      key: this.key,
      data: this.data,
      app: this.parent.appRef?.(),
      database: owner.kind === 'databaseGroup' ? owner.database : undefined,
      row: this,
    };
  }

  getTreeItem(): vscode.TreeItem {
    const look = this.look(this.data);
    const item = new vscode.TreeItem(look.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = look.description;
    item.iconPath = look.icon;
    item.contextValue = contextValue(this.kind, ...(look.flags ?? []), ...(this.parent.offerFlags?.() ?? []));
    item.command = look.command;
    if (typeof look.tooltip === 'string') item.accessibilityInformation = { label: [look.label, look.description].filter(Boolean).join(', ') };
    return item;
  }

  tooltip(): vscode.MarkdownString | string | undefined {
    return this.look(this.data).tooltip;
  }
}
