import * as vscode from 'vscode';
import type { Release } from '../../api';
import { relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon } from './common';

export const releasesGroup: AppGroupDescriptor = {
  kind: 'releases',
  label: () => vscode.l10n.t('Releases'),
  icon: 'tag',
  emptyLabel: () => vscode.l10n.t('No releases'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const releases = await api.releases.list(id, opts);
    return releases.map((r, i) =>
      new ItemNode<Release>(group, 'release', r.id, r, (x) => ({
        label: x.version !== undefined ? `v${x.version}` : x.id,
        description: [x.description, relativeTime(x.createdAt)].filter(Boolean).join(' · '),
        icon: icon(i === 0 ? 'tag' : 'history'),
        flags: [i === 0 && 'current'],
      })));
  },
};
