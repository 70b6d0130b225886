import * as vscode from 'vscode';
import type { Deploy } from '../../api';
import { codeSpan, escapeMarkdown, relativeTime } from '../../format';
import type { AppGroupDescriptor } from '../appGroupNode';
import { ItemNode } from '../itemNode';
import { groupCall } from './common';
import { icon } from '../../theme';

const DEPLOY_ICONS: Record<string, vscode.ThemeIcon> = {
  pending: icon('clock', 'info'),
  building: icon('sync~spin', 'info'),
  succeeded: icon('pass', 'passed'),
  failed: icon('error', 'failed'),
  timed_out: icon('watch', 'failed'),
};

export const deploysGroup: AppGroupDescriptor = {
  kind: 'deploys',
  label: () => vscode.l10n.t('Deploys'),
  icon: 'rocket',
  emptyLabel: () => vscode.l10n.t('No deploys'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const deploys = await api.deploys.list(id, opts);
    if (deploys.some((d) => d.status === 'succeeded')) group.app.workspaceNode.ctx.state.deploysSeen(group.appRef());
    return deploys.map((d) => {
      const node: ItemNode<Deploy> = new ItemNode<Deploy>(group, 'deploy', d.id, d, (x) => ({
        label: x.description || x.commitSha?.slice(0, 7) || x.id,
        description: [x.status, x.commitSha?.slice(0, 7), relativeTime(x.startedAt ?? x.createdAt)].filter(Boolean).join(' · '),
        icon: DEPLOY_ICONS[x.status] ?? icon('rocket'),
        tooltip: deployTooltip(x),
        flags: [x.status],
        // A click opens the build log (live while the deploy runs).
        command: { command: 'apphost.deploy.showLog', title: vscode.l10n.t('Show Deploy Log'), arguments: [node] },
      }));
      return node;
    });
  },
};

function deployTooltip(d: Deploy): vscode.MarkdownString {
  const md = new vscode.MarkdownString(`**${escapeMarkdown(d.description || d.id)}** — ${escapeMarkdown(d.status)}\n\n`);
  if (d.commitSha) md.appendMarkdown(`${vscode.l10n.t('Commit')}: ${codeSpan(d.commitSha.slice(0, 12))}\n\n`);
  if (d.startedAt) md.appendMarkdown(`${vscode.l10n.t('Started')}: ${relativeTime(d.startedAt)}\n\n`);
  if (d.finishedAt) md.appendMarkdown(`${vscode.l10n.t('Finished')}: ${relativeTime(d.finishedAt)}\n\n`);
  md.appendMarkdown(vscode.l10n.t('Click to show the build log.'));
  return md;
}
