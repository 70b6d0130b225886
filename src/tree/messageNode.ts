import * as vscode from 'vscode';
import { ApiError, AppHostError, CertificateError, ConfigurationError } from '../api';
import { openSettingCommand, settingToFix } from '../settingToFix';
import type { CommandTarget } from './commandTarget';
import { contextValue } from './contextValues';
import { clockTime } from '../format';
import type { TreeNode } from './commandTarget';

/** A row that explains an empty list or an error, optionally with a command to fix it. */
export class MessageNode implements TreeNode {
  constructor(
    readonly id: string,
    private readonly label: string,
    private readonly icon: string,
    private readonly command?: vscode.Command,
    private readonly hint?: string,
    /** The service the row is under (a Sign In row under a service's row). */
    private readonly service?: string,
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

  commandTarget(): CommandTarget {
    return { kind: 'message', service: this.service, row: this };
  }
}

/**
 * The row above a list whose refresh failed while its older rows are still shown: they
 * are stale, since when, and what happens next (the throttle heals by itself).
 */
export function staleNode(parentId: string, error: unknown, loadedAt: number, retry?: TreeNode): MessageNode {
  const id = `${parentId}/stale`;
  const since = clockTime(loadedAt);
  if (error instanceof ApiError && error.status === 429) {
    const at = error.retryAfterMs === undefined ? undefined : clockTime(Date.now() + Math.min(error.retryAfterMs, 5_000));
    const label = vscode.l10n.t('Stale (loaded {0}): the service is limiting requests — refreshes by itself', since);
    const hint = vscode.l10n.t('The service answered 429 (rate limit: other clients of your account may be using it too). These rows are from {0}; AppHost asks again{1} and refreshes this list as soon as the service allows. Click to retry now.', since, at ? ` ${vscode.l10n.t('from {0}', at)}` : '');
    return new MessageNode(id, label, 'history', { command: 'apphost.retryNow', title: vscode.l10n.t('Retry Now') }, hint);
  }
  const message = error instanceof AppHostError ? error.message : String((error as Error)?.message ?? error);
  const label = vscode.l10n.t('Stale (loaded {0}): {1} — click to retry', since, message);
  return new MessageNode(id, label, 'history', { command: 'apphost.refresh', title: vscode.l10n.t('Retry'), arguments: retry ? [retry] : [] }, label);
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
  if (error instanceof ApiError && error.status === 429) {
    const label = vscode.l10n.t('The service is limiting requests — this list loads by itself when it allows (click to retry now)');
    return new MessageNode(id, label, 'watch', { command: 'apphost.retryNow', title: vscode.l10n.t('Retry Now') },
      vscode.l10n.t('The service answered 429 (rate limit: other clients of your account may be using it too).'));
  }
  if (error instanceof CertificateError) {
    // The short form on the row, the whole explanation (what to do) in its tooltip.
    const trust = error.problem.kind === 'unknownAuthority' || error.problem.kind === 'selfSigned' || error.problem.kind === 'hostMismatch';
    const click = trust ? openSettingCommand(settingToFix(error)!) : retry;
    const label = trust ? vscode.l10n.t('{0} — click to open settings', error.summary) : vscode.l10n.t('{0} — click to retry', error.summary);
    return new MessageNode(id, label, 'workspace-untrusted', click, error.message);
  }
  if (error instanceof ConfigurationError) {
    const command = error.setting ? openSettingCommand(error.setting) : { command: 'apphost.setServiceUrl', title: vscode.l10n.t('Set Service URL') };
    return new MessageNode(id, error.message, 'gear', command);
  }
  const message = error instanceof AppHostError ? error.message : String((error as Error)?.message ?? error);
  return new MessageNode(id, vscode.l10n.t('{0} — click to retry', message), 'warning', retry, message);
}
