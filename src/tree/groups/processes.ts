import * as vscode from 'vscode';
import { readProcessReport, type ProcessInstance, type ProcessType } from '../../api';
import type { AppGroupDescriptor } from '../appGroupNode';
import { ItemNode } from '../itemNode';
import { MessageNode } from '../messageNode';
import type { TreeNode } from '../commandTarget';
import { groupCall } from './common';
import { icon } from '../../theme';
import { tooltipLines } from './partItem';


/** Container states as the platform words them (first word of `status_<type>_<n>`). */
const INSTANCE_ICONS: Record<string, vscode.ThemeIcon> = {
  running: icon('circle-filled', 'passed'),
  restarting: icon('sync~spin', 'info'),
  starting: icon('sync~spin', 'info'),
  paused: icon('debug-pause', 'warning'),
  exited: icon('circle-slash', 'failed'),
  dead: icon('circle-slash', 'failed'),
  missing: icon('circle-outline', 'muted'),
};

/** "running · 1a2b3c": the state and a short container id (the side bar is narrow; the tooltip has it all). */
function instanceDescription(i: ProcessInstance): string {
  const cid = /CID:\s*([0-9a-f]+)/i.exec(i.detail)?.[1];
  return cid ? `${i.state} · ${cid.slice(0, 7)}` : i.detail;
}

/** A process type (web, worker…): its count at a glance, its instances as children. */
export class ProcessTypeNode extends ItemNode<ProcessType> {
  override getTreeItem(): vscode.TreeItem {
    const item = super.getTreeItem();
    item.collapsibleState = this.data.instances.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    return item;
  }

  /** The instances come with the report: no request. */
  async getChildren(): Promise<TreeNode[]> {
    return this.data.instances.map((i) =>
      new ItemNode<ProcessInstance>(this, 'processInstance', String(i.index), i, (x) => ({
        label: `${this.data.type}.${x.index}`,
        description: instanceDescription(x),
        tooltip: `${this.data.type}.${x.index}: ${x.detail}`,
        icon: INSTANCE_ICONS[x.state] ?? icon('circle-outline'),
        flags: [x.state],
      })));
  }
}

function typeLook(t: ProcessType) {
  const running = t.instances.filter((i) => i.state === 'running').length;
  const total = t.instances.length;
  const others = [...new Set(t.instances.filter((i) => i.state !== 'running').map((i) => i.state))];
  return {
    label: t.type,
    description: running === total
      ? vscode.l10n.t('{0} × running', total)
      : [vscode.l10n.t('{0} of {1} running', running, total), ...others].join(' · '),
    icon: running === total ? icon('pulse', 'passed') : running === 0 ? icon('error', 'failed') : icon('warning', 'warning'),
    flags: [running === total ? 'healthy' : 'degraded'],
    tooltip: tooltipLines(vscode.l10n.t('{0}: {1} instance(s)', t.type, total), t.instances.map((i) => [`${t.type}.${i.index}`, i.detail])),
  };
}

export const processesGroup: AppGroupDescriptor = {
  kind: 'processes',
  label: () => vscode.l10n.t('Processes'),
  icon: 'server-process',
  emptyLabel: () => vscode.l10n.t('No processes running'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const summary = readProcessReport(await api.processes.get(id, opts));
    // An app never deployed has no containers to scale: say so rather than "no processes".
    if (!summary.deployed && !summary.types.length) return [new MessageNode(`${group.id}/not-deployed`, vscode.l10n.t('Not deployed yet: push code to start processes'), 'info')];
    return summary.types.map((t) => new ProcessTypeNode(group, 'process', t.type, t, typeLook));
  },
};
