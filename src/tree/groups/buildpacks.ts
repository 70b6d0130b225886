// An app's buildpacks, in the order its build runs them (wokku: beyond the specification).
// A click opens the `buildpacks` editor, where the list is edited as a whole.
import * as vscode from 'vscode';
import type { AppGroupDescriptor, AppGroupNode } from '../appGroupNode';
import type { ItemNode } from '../itemNode';
import { partItem } from './partItem';
import { groupCall } from './common';
import { icon } from '../../theme';

export const buildpacksGroup: AppGroupDescriptor = {
  kind: 'buildpacks',
  label: () => vscode.l10n.t('Buildpacks'),
  icon: 'package',
  emptyLabel: () => vscode.l10n.t('None set: the build detects one'),
  beyondSpec: 'buildpacks',
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return buildpackRows(group, await api.buildpacks.list(id, opts));
  },
};

/** The rows of an app's buildpacks, numbered (also to show a save's result without reading again). */
export function buildpackRows(group: AppGroupNode, urls: readonly string[]): ItemNode<string>[] {
  return urls.map((url, i) => {
    const node: ItemNode<string> = partItem(group, 'buildpack', url, url, (x) => ({
      label: `${i + 1}. ${x}`,
      icon: icon('package'),
      tooltip: vscode.l10n.t('Buildpack {0} of {1}: {2}', i + 1, urls.length, x),
      command: { command: 'apphost.buildpacks.edit', title: vscode.l10n.t('Edit Buildpacks'), arguments: [node] },
    }));
    return node;
  });
}
