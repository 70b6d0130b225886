import * as vscode from 'vscode';
import { ApiError, AppHostError, ConfigurationError } from '../api';
import { contextValue } from './contextValues';
import type { TreeNode } from './resourcesProvider';

/** A row that explains an empty list or an error, optionally with a command to fix it. */
export class MessageNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly command?: vscode.Command,
    private readonly hint?: string,
  ) {}

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.command = this.command;
    item.tooltip = this.hint ?? this.label;
    item.accessibilityInformation = { label: this.label };
    item.contextValue = contextValue('message');
    return item;
  }
}

/**
 * Turns a failed fetch into a row under the node that failed, never a pop-up:
 * what happened and the one thing to do about it.
 */
export function errorNode(parentId: string, error: unknown, what: { workspace?: string; retry?: TreeNode } = {}): MessageNode {
  const id = `${parentId}/error`;
  const retry: vscode.Command = { command: 'apphost.refresh', title: vscode.l10n.t('Retry'), arguments: what.retry ? [what.retry] : [] };
  if (error instanceof ApiError && error.status === 401) {
    return new MessageNode(id, vscode.l10n.t('Session expired — click to sign in again'), 'account', { command: 'apphost.signIn', title: vscode.l10n.t('Sign In') });
  }
  if (error instanceof ApiError && error.status === 403) {
    const label = what.workspace
      ? vscode.l10n.t('You are not a member of workspace "{0}"', what.workspace)
      : vscode.l10n.t('Not authorized: {0}', error.message);
    return new MessageNode(id, label, 'lock', undefined, vscode.l10n.t('The service refused access (403). Ask a team admin to add you, or remove this workspace.'));
  }
  if (error instanceof ConfigurationError) return new MessageNode(id, error.message, 'gear', { command: 'apphost.setServiceUrl', title: vscode.l10n.t('Set Service URL') });
  const message = error instanceof AppHostError ? error.message : String((error as Error)?.message ?? error);
  return new MessageNode(id, vscode.l10n.t('{0} — click to retry', message), 'warning', retry, message);
}
