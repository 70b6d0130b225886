import * as vscode from 'vscode';
import type { AppGroupNode } from '../appGroupNode';

/** The client, app id and call options for a group's one request. */
export function groupCall(group: AppGroupNode) {
  const ref = group.appRef();
  return { api: group.app.workspaceNode.ctx.api(), id: ref.id, opts: group.app.workspaceNode.callOptions() };
}

export const GREEN = new vscode.ThemeColor('testing.iconPassed');
export const RED = new vscode.ThemeColor('testing.iconFailed');
export const BLUE = new vscode.ThemeColor('charts.blue');
export const icon = (id: string, color?: vscode.ThemeColor) => new vscode.ThemeIcon(id, color);
