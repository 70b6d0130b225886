import * as vscode from 'vscode';
import { readProcessReport, type ProcessType } from '../../api';
import type { AppGroupDescriptor } from '../appGroups';
import { ItemNode } from '../itemNode';
import { groupCall, icon, GREEN, RED } from './common';

export const processesGroup: AppGroupDescriptor = {
  kind: 'processes',
  label: () => vscode.l10n.t('Processes'),
  icon: 'server-process',
  emptyLabel: () => vscode.l10n.t('No processes running'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    const summary = readProcessReport(await api.processes.get(id, opts));
    return summary.types.map((t) =>
      new ItemNode<ProcessType>(group, 'process', t.type, t, (x) => {
        const running = x.instances.filter((i) => i.state === 'running').length;
        return {
          label: x.type,
          description: vscode.l10n.t('{0} running of {1}', running, x.instances.length),
          icon: running === x.instances.length ? icon('pulse', GREEN) : icon('warning', RED),
          tooltip: x.instances.map((i) => `${x.type}.${i.index}: ${i.detail}`).join('\n'),
        };
      }));
  },
};
