import * as vscode from 'vscode';
import type { Addon } from '../../api';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon } from './common';

export const addonsGroup: AppGroupDescriptor = {
  kind: 'addons',
  label: () => vscode.l10n.t('Addons'),
  icon: 'extensions',
  emptyLabel: () => vscode.l10n.t('No addons'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.addons.list(id, opts)).map((a) =>
      new ItemNode<Addon>(group, 'addon', a.id, a, (x) => ({
        label: x.name,
        description: [x.serviceType, x.status].filter(Boolean).join(' · '),
        icon: icon('extensions'),
      })));
  },
};
