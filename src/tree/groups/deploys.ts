import * as vscode from 'vscode';
import type { Deploy } from '../../api';
import { relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon, GREEN, RED, BLUE } from './common';

const DEPLOY_ICONS: Record<string, vscode.ThemeIcon> = {
  pending: icon('clock', BLUE),
  building: icon('sync~spin', BLUE),
  succeeded: icon('pass', GREEN),
  failed: icon('error', RED),
  timed_out: icon('watch', RED),
};

export const deploysGroup: AppGroupDescriptor = {
  kind: 'deploys',
  label: () => vscode.l10n.t('Deploys'),
  icon: 'rocket',
  emptyLabel: () => vscode.l10n.t('No deploys'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return (await api.deploys.list(id, opts)).map((d) =>
      new ItemNode<Deploy>(group, 'deploy', d.id, d, (x) => ({
        label: x.description || x.commitSha?.slice(0, 7) || x.id,
        description: [x.status, x.commitSha?.slice(0, 7), relativeTime(x.startedAt ?? x.createdAt)].filter(Boolean).join(' · '),
        icon: DEPLOY_ICONS[x.status] ?? icon('rocket'),
        flags: [x.status],
      })));
  },
};
