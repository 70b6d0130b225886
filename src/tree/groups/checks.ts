import * as vscode from 'vscode';
import type { AppGroupDescriptor, AppGroupNode } from '../appGroupNode';
import { ItemNode } from '../itemNode';
import { groupCall } from './common';
import { icon } from '../../theme';

export const checksGroup: AppGroupDescriptor = {
  kind: 'checks',
  label: () => vscode.l10n.t('Health Checks'),
  icon: 'heart',
  emptyLabel: () => vscode.l10n.t('No health check settings'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return checkRows(group, await api.checks.get(id, opts));
  },
};

/** The rows of an app's health-check report (also to show a save's result without reading again). */
export function checkRows(group: AppGroupNode, checks: Record<string, string>): ItemNode<string>[] {
  return Object.keys(checks).sort().map((key) => {
    const node: ItemNode<string> = new ItemNode(group, 'check', key, checks[key], (value) => ({
      label: key,
      description: value,
      icon: icon('settings'),
      // A click opens checks.json, where these settings are edited.
      command: { command: 'apphost.checks.edit', title: vscode.l10n.t('Edit Health Checks'), arguments: [node] },
    }));
    return node;
  });
}
