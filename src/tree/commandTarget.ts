// What a menu (or another command) can hand a command: one tagged union, derived from the
// nodes (each node class says what it stands for in `commandTarget()`), so that a handler
// says what it accepts and the compiler checks it. Node classes stay inside tree/: a
// command sees the data a row shows and the row itself only as an opaque handle, for the
// tree service (markBusy, reloadPart…) and the view (refresh, reveal).
import type * as vscode from 'vscode';
import type { App, Database, Server } from '../api';
import type { Workspace } from '../auth/workspaces';
import { isAppRef, type AppRef } from '../model';
import { isRowShaped, isVouched } from '../callers';
import type { NodeKind } from './contextValues';

/**
 * A node of the Resources view. Each kind of resource implements it in its own class, and
 * says what it stands for when a menu passes it to a command (`commandTarget`).
 */
export interface TreeNode {
  /** Stable id from the resource path, so expansion survives refreshes. */
  readonly id: string;
  readonly parent?: TreeNode;
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren?(): Promise<TreeNode[]>;
  /** Forgets cached children, so the next look fetches them again. */
  invalidate?(): void;
  /** Built on hover only (resolveTreeItem), from data already at hand: no request. */
  tooltip?(): vscode.MarkdownString | string | undefined;
  /** The children at hand (fetched or built before; never a request): what a quiet refresh walks (quietRefresh.ts). */
  loadedChildren?(): readonly TreeNode[] | undefined;
  /** A quiet refresh kept this row (unchanged) instead of the one it just fetched: it takes its place again. */
  kept?(): void;
  /** What the row stands for when a menu passes it to a command. */
  commandTarget(): CommandTarget;
}

/** A row of the Resources view, as commands hold it: to mark busy, refresh or reveal, nothing else. */
export type Row = TreeNode;

/** A service's row (the top level while several services are known). */
export interface ServiceTarget {
  readonly kind: 'service';
  /** The service's id (its API root). */
  readonly service: string;
  readonly row: Row;
}

/** A workspace's row. */
export interface WorkspaceTarget {
  readonly kind: 'workspace';
  readonly service: string;
  readonly workspace: Workspace;
  readonly row: Row;
}

/** The Servers, Apps or Databases group of a workspace. */
export interface ListTarget {
  readonly kind: 'list';
  readonly list: 'servers' | 'apps' | 'databases';
  readonly service: string;
  readonly workspace: Workspace;
  readonly row: Row;
}

/** A server's row. */
export interface ServerTarget {
  readonly kind: 'server';
  readonly server: Server;
  readonly service: string;
  /** Its workspace's slug (undefined = personal). */
  readonly workspace: string | undefined;
  readonly row: Row;
}

/** An app: its row (with what the row shows), or a ref passed by another command (no row). */
export interface AppTarget {
  readonly kind: 'app';
  readonly app: AppRef;
  readonly data?: App;
  readonly row?: Row;
}

/** One part of an app under its row (Config, Domains…): `group` is its kind ('config', 'domains'…). */
export interface GroupTarget {
  readonly kind: 'group';
  readonly group: string;
  readonly app: AppRef;
  readonly row: Row;
}

/** A database's row, with its Backups and Linked Apps groups. */
export interface DatabaseTarget {
  readonly kind: 'database';
  readonly database: Database;
  readonly service: string;
  readonly workspace: string | undefined;
  readonly row: Row;
  readonly backups: Row;
  readonly linkedApps: Row;
}

/** The Backups or Linked Apps group of a database. */
export interface DatabaseGroupTarget {
  readonly kind: 'databaseGroup';
  readonly group: 'backups' | 'linkedApps';
  readonly database: DatabaseTarget;
  readonly row: Row;
}

/** A leaf under an app's or a database's group: a domain, a release, a config var, a backup… */
export interface ItemTarget<T = unknown> {
  readonly kind: 'item';
  readonly item: NodeKind;
  /** Unique among its siblings (resource id, key or name). */
  readonly key: string;
  readonly data: T;
  /** The app it belongs to, under an app. */
  readonly app?: AppRef;
  /** The database it belongs to, under a database. */
  readonly database?: DatabaseTarget;
  readonly row?: Row;
}

/** A row that only explains (an empty list, an error) or pages a list ("Load more"). */
export interface OtherTarget {
  readonly kind: 'message' | 'loadMore';
  /** The service the row is under, when it says (a Sign In row under a service's row). */
  readonly service?: string;
  readonly row: Row;
}

export type CommandTarget = ServiceTarget | WorkspaceTarget | ListTarget | ServerTarget | AppTarget | GroupTarget | DatabaseTarget | DatabaseGroupTarget | ItemTarget | OtherTarget;

const KINDS: ReadonlySet<string> = new Set<CommandTarget['kind']>(['service', 'workspace', 'list', 'server', 'app', 'group', 'database', 'databaseGroup', 'item', 'message', 'loadMore']);

export function isTreeNode(value: unknown): value is TreeNode {
  return isRowShaped(value);
}

/** A row the Resources view built (the provider vouched for it), not an object of the same shape. */
export function isGenuineRow(value: unknown): value is TreeNode {
  return isTreeNode(value) && isVouched(value);
}

function isCommandTarget(value: unknown): value is CommandTarget {
  const kind = (value as { kind?: unknown } | undefined)?.kind;
  return !!value && typeof value === 'object' && typeof kind === 'string' && KINDS.has(kind) && !isTreeNode(value);
}

/** The service a target acts on, when it says: its row's, its app's, its database's. */
export function serviceOfTarget(target: CommandTarget | undefined): string | undefined {
  if (!target) return undefined;
  switch (target.kind) {
    case 'app':
    case 'group':
      return target.app.service;
    case 'item':
      return target.app?.service ?? target.database?.service;
    case 'databaseGroup':
      return target.database.service;
    default:
      return target.service;
  }
}

/**
 * What a command's argument stands for: a row of the view, an app ref passed by another
 * command (the status bar, a notification's button, a test), or a target already.
 * Undefined for anything else (a file's Uri, nothing from the palette).
 */
export function toCommandTarget(arg: unknown): CommandTarget | undefined {
  // Only a row the view built stands for what it says (a look-alike's commandTarget is not called).
  if (isTreeNode(arg)) return isGenuineRow(arg) ? arg.commandTarget() : undefined;
  if (isCommandTarget(arg)) return arg;
  if (isAppRef(arg)) return { kind: 'app', app: arg };
  return undefined;
}
