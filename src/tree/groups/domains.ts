import * as vscode from 'vscode';
import type { Domain } from '../../api';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon, GREEN } from './common';

export const domainsGroup: AppGroupDescriptor = {
  kind: 'domains',
  label: () => vscode.l10n.t('Domains'),
  icon: 'globe',
  emptyLabel: () => vscode.l10n.t('No domains'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.domains.list(id, opts)).map((d) =>
      new ItemNode<Domain>(group, 'domain', d.id, d, (x) => ({
        label: x.hostname,
        description: x.sslEnabled ? vscode.l10n.t('SSL') : vscode.l10n.t('no SSL'),
        icon: x.sslEnabled ? icon('lock', GREEN) : icon('unlock'),
        flags: [x.sslEnabled ? 'ssl' : 'nossl'],
      })));
  },
};
