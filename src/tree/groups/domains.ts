import * as vscode from 'vscode';
import type { Domain } from '../../api';
import { domainUrl, relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroupNode';
import { groupCall } from './common';
import { icon } from '../../theme';
import { partItem, tooltipLines } from './partItem';

export const domainsGroup: AppGroupDescriptor = {
  kind: 'domains',
  label: () => vscode.l10n.t('Domains'),
  icon: 'globe',
  emptyLabel: () => vscode.l10n.t('No domains'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.domains.list(id, opts)).map((d) =>
      partItem<Domain>(group, 'domain', d.id, d, (x) => ({
        label: x.hostname,
        description: x.sslEnabled ? vscode.l10n.t('SSL') : vscode.l10n.t('no SSL'),
        icon: x.sslEnabled ? icon('lock', 'passed') : icon('unlock'),
        // `ssl`/`nossl` decide whether "Enable SSL" is offered.
        flags: [x.sslEnabled ? 'ssl' : 'nossl'],
        tooltip: tooltipLines(x.hostname, [
          [vscode.l10n.t('Address'), domainUrl(x)],
          [vscode.l10n.t('SSL'), x.sslEnabled ? vscode.l10n.t('enabled') : vscode.l10n.t('not enabled')],
          [vscode.l10n.t('Added'), relativeTime(x.createdAt)],
        ]),
      })));
  },
};
