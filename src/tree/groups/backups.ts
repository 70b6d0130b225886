import * as vscode from 'vscode';
import type { Backup } from '../../api';
import { relativeTime } from '../../format';
import { icon } from '../../theme';
import type { DatabaseGroupDescriptor } from '../databaseGroupNode';
import { ItemNode } from '../itemNode';
import { databaseGroupCall } from './common';

const BACKUP_ICONS: Record<string, vscode.ThemeIcon> = {
  completed: icon('pass', 'passed'),
  failed: icon('error', 'failed'),
  running: new vscode.ThemeIcon('sync~spin'),
  pending: new vscode.ThemeIcon('clock'),
};

function formatBytes(bytes: number | undefined): string | undefined {
  if (bytes === undefined || bytes <= 0) return undefined;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** i).toFixed(i ? 1 : 0)} ${units[i]}`;
}

export const backupsGroup: DatabaseGroupDescriptor = {
  kind: 'backups',
  label: () => vscode.l10n.t('Backups'),
  icon: 'archive',
  emptyLabel: () => vscode.l10n.t('No backups yet'),
  async fetch(group) {
    const { api, id, opts } = databaseGroupCall(group);
    return (await api.backups.list(id, opts)).map((b) =>
      new ItemNode<Backup>(group, 'backup', b.id, b, (x) => ({
        label: relativeTime(x.createdAt) ?? x.id,
        description: [x.status, formatBytes(x.sizeBytes)].filter(Boolean).join(' · '),
        icon: BACKUP_ICONS[x.status ?? ''] ?? new vscode.ThemeIcon('archive'),
        tooltip: x.createdAt,
      })));
  },
};
