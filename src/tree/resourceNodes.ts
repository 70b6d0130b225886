import * as vscode from 'vscode';
import type { App, Database, Server } from '../api';
import { contextValue } from './contextValues';
import type { TreeNode } from './resourcesProvider';
import { statusIcon } from './statusIcons';
import type { WorkspaceNode } from './workspaceNode';

export class ServerNode implements TreeNode {
  readonly id: string;
  constructor(readonly workspace: WorkspaceNode, readonly server: Server) {
    this.id = `${workspace.id}/servers/${server.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.server.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = statusIcon('server', this.server.status);
    item.description = [this.server.status, this.server.host].filter(Boolean).join(' · ');
    item.contextValue = contextValue('server', this.server.status);
    return item;
  }
}

export class AppNode implements TreeNode {
  readonly id: string;
  constructor(readonly workspace: WorkspaceNode, readonly app: App) {
    this.id = `${workspace.id}/apps/${app.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.app.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = statusIcon('app', this.app.status);
    item.description = [this.app.status, this.app.isPreview && vscode.l10n.t('preview')].filter(Boolean).join(' · ');
    item.contextValue = contextValue('app', this.app.status, this.app.isPreview && 'preview');
    return item;
  }
}

export class DatabaseNode implements TreeNode {
  readonly id: string;
  constructor(readonly workspace: WorkspaceNode, readonly database: Database) {
    this.id = `${workspace.id}/databases/${database.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.database.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = statusIcon('database', this.database.status);
    item.description = [this.database.serviceType, this.database.status].filter(Boolean).join(' · ');
    item.contextValue = contextValue('database', this.database.serviceType, this.database.status);
    return item;
  }
}
