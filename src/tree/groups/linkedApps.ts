import * as vscode from 'vscode';
import { readLinkedApps, type LinkedApp } from '../../api';
import type { DatabaseGroupDescriptor } from '../databaseGroupNode';
import { ItemNode } from '../itemNode';
import { MessageNode } from '../messageNode';
import { databaseGroupCall } from './common';

/** The apps linked to a database: read from the database itself (one GET). */
export const linkedAppsGroup: DatabaseGroupDescriptor = {
  kind: 'linkedApps',
  label: () => vscode.l10n.t('Linked Apps'),
  icon: 'link',
  emptyLabel: () => vscode.l10n.t('No linked apps'),
  async fetch(group) {
    const { api, id, opts } = databaseGroupCall(group);
    const database = await api.databases.get(id, opts);
    group.databaseNode.database = database;
    const links = readLinkedApps(database);
    if (!links) return [new MessageNode(`${group.id}/unknown`, vscode.l10n.t('This service does not list linked apps'), 'info')];
    const ws = group.databaseNode.workspaceNode;
    return links.map((l) =>
      new ItemNode<LinkedApp>(group, 'linkedApp', l.appId, l, (x) => ({
        label: x.appName ?? x.appId,
        description: x.alias,
        icon: new vscode.ThemeIcon('package'),
        tooltip: vscode.l10n.t('Linked as {0} in workspace {1}', x.alias ?? '—', ws.workspace.label),
      })));
  },
};
