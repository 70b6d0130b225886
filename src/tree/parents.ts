// What a node needs of the rows above it, as interfaces: children depend on these, not on
// the classes that create them, so the tree's modules import downwards only.
import type { App, CallOptions, Database } from '../api';
import type { Workspace } from '../auth/workspaces';
import type { AppRef } from '../model';
import type { DatabaseTarget, TreeNode } from './commandTarget';
import type { TreeContext } from './treeState';

/** A workspace's row, as its servers, apps and databases see it. */
export interface WorkspaceParent extends TreeNode {
  readonly ctx: TreeContext;
  readonly workspace: Workspace;
  /** Options of every call made for this workspace (its header, when it has one). */
  callOptions(priority?: CallOptions['priority']): CallOptions;
  /** The name of a server the workspace lists, if known. */
  serverName(id: string | undefined): string | undefined;
}

/** An app's row, as its groups (Config, Domains…) see it. */
export interface AppParent extends TreeNode {
  readonly app: App;
  readonly workspaceNode: WorkspaceParent;
  appRef(): AppRef;
  /** A row of one of its preview apps, under `parent` (its Previews part): an app row labelled by its pull request. */
  previewRow(parent: TreeNode, preview: App): TreeNode;
}

/** A database's row, as its groups (Backups, Linked Apps) see it. */
export interface DatabaseParent extends TreeNode {
  database: Database;
  readonly workspaceNode: WorkspaceParent;
  commandTarget(): DatabaseTarget;
}
