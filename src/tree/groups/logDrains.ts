import * as vscode from 'vscode';
import type { LogDrain } from '../../api';
import { relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroupNode';
import { groupCall } from './common';
import { icon } from '../../theme';
import { partItem, tooltipLines } from './partItem';

/** The URL without credentials or query (API keys often ride in the query string). */
export function drainLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

export const logDrainsGroup: AppGroupDescriptor = {
  kind: 'logDrains',
  label: () => vscode.l10n.t('Log Drains'),
  icon: 'output',
  emptyLabel: () => vscode.l10n.t('No log drains'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.logDrains.list(id, opts)).map((d) =>
      partItem<LogDrain>(group, 'logDrain', d.id, d, (x) => ({
        label: drainLabel(x.url),
        description: x.drainType,
        icon: icon(x.drainType === 'syslog' ? 'terminal' : 'cloud-upload'),
        flags: [x.drainType],
        tooltip: tooltipLines(drainLabel(x.url), [
          [vscode.l10n.t('Type'), x.drainType],
          [vscode.l10n.t('Added'), relativeTime(x.createdAt)],
          [vscode.l10n.t('Query'), x.url.includes('?') ? vscode.l10n.t('hidden (may hold an API key); see Show Details') : undefined],
        ]),
      })));
  },
};
