import * as vscode from 'vscode';
import type { LogDrain } from '../../api';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon } from './common';

export const logDrainsGroup: AppGroupDescriptor = {
  kind: 'logDrains',
  label: () => vscode.l10n.t('Log Drains'),
  icon: 'output',
  emptyLabel: () => vscode.l10n.t('No log drains'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.logDrains.list(id, opts)).map((d) =>
      new ItemNode<LogDrain>(group, 'logDrain', d.id, d, (x) => ({ label: x.url, description: x.drainType, icon: icon('output') })));
  },
};
