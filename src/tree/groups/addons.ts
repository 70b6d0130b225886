import * as vscode from 'vscode';
import type { Addon } from '../../api';
import type { AppGroupDescriptor } from '../appGroupNode';
import { groupCall } from './common';
import { icon } from '../../theme';
import { partItem, tooltipLines } from './partItem';

/** Same vocabulary as databases: an addon is a service provisioned for one app. */
const STATUS_ICONS: Record<string, vscode.ThemeIcon> = {
  running: icon('extensions', 'passed'),
  creating: icon('sync~spin', 'info'),
  error: icon('error', 'failed'),
  stopped: icon('extensions', 'muted'),
};

export const addonsGroup: AppGroupDescriptor = {
  kind: 'addons',
  label: () => vscode.l10n.t('Addons'),
  icon: 'extensions',
  emptyLabel: () => vscode.l10n.t('No addons'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.addons.list(id, opts)).map((a) =>
      partItem<Addon>(group, 'addon', a.id, a, (x) => ({
        label: x.name,
        description: [x.serviceType, x.status].filter(Boolean).join(' · '),
        icon: STATUS_ICONS[x.status ?? ''] ?? icon('extensions'),
        flags: [x.status],
        tooltip: tooltipLines(x.name, [
          [vscode.l10n.t('Service'), x.serviceType],
          [vscode.l10n.t('Status'), x.status],
          [vscode.l10n.t('Server'), x.server],
        ]),
      })));
  },
};
