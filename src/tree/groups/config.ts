import * as vscode from 'vscode';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon } from './common';

export const configGroup: AppGroupDescriptor = {
  kind: 'config',
  label: () => vscode.l10n.t('Config'),
  icon: 'symbol-variable',
  emptyLabel: () => vscode.l10n.t('No config vars'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const vars = await api.config.get(id, opts);
    return Object.keys(vars).sort().map((key) =>
      new ItemNode(group, 'configVar', key, vars[key], (value) => ({ label: key, description: value, icon: icon('symbol-constant') })));
  },
};
