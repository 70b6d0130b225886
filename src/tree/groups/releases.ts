import * as vscode from 'vscode';
import type { Release } from '../../api';
import { relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroupNode';
import type { ItemNode } from '../itemNode';
import { groupCall } from './common';
import { icon } from '../../theme';
import { partItem, tooltipLines } from './partItem';

/** "v12", or the id for a deployment that does not number its releases. */
export function releaseLabel(release: Release): string {
  return release.version !== undefined ? `v${release.version}` : release.id;
}

export const releasesGroup: AppGroupDescriptor = {
  kind: 'releases',
  label: () => vscode.l10n.t('Releases'),
  icon: 'tag',
  emptyLabel: () => vscode.l10n.t('No releases'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const releases = await api.releases.list(id, opts);
    // Newest first: the first one is what runs now (and cannot be rolled back to).
    return releases.map((r, i) => {
      const node: ItemNode<Release> = partItem<Release>(group, 'release', r.id, r, (x) => ({
        label: releaseLabel(x),
        description: [i === 0 && vscode.l10n.t('current'), x.description, relativeTime(x.createdAt)].filter(Boolean).join(' · '),
        icon: icon(i === 0 ? 'tag' : 'history'),
        flags: [i === 0 && 'current'],
        tooltip: tooltipLines(`${releaseLabel(x)}${x.description ? ` — ${x.description}` : ''}`, [
          [vscode.l10n.t('Created'), x.createdAt && `${relativeTime(x.createdAt)} (${new Date(x.createdAt).toLocaleString()})`],
          [vscode.l10n.t('Deploy'), x.deployId],
          [vscode.l10n.t('Commit'), x.commitSha?.slice(0, 12)],
        ]),
        // A click shows the whole release, read-only (one GET of its details).
        command: { command: 'apphost.showDetails', title: vscode.l10n.t('Show Details'), arguments: [node] },
      }));
      return node;
    });
  },
};
