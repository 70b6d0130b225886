import * as vscode from 'vscode';
import type { Backup } from '../../api';
import { byteSize, relativeTime } from '../../format';
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
        description: [x.status, byteSize(x.sizeBytes)].filter(Boolean).join(' · '),
        icon: BACKUP_ICONS[x.status ?? ''] ?? new vscode.ThemeIcon('archive'),
        tooltip: x.createdAt,
        // Only a completed backup has a file to download or restore from.
        flags: [x.status === 'completed' && 'completed'],
      })));
  },
};
