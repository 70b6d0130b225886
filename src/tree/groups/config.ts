import * as vscode from 'vscode';
import { looksSecret, maskValue } from '../../configText/secrets';
import type { AppGroupDescriptor, AppGroupNode } from '../appGroupNode';
import { ItemNode } from '../itemNode';
import { groupCall } from './common';
import { icon } from '../../theme';
import type { AppRef } from '../../model';
import { settings } from '../../settings';

/** Rows whose secret value the user revealed: this session only (never persisted). */
const revealed = new Set<string>();

export function setRevealed(node: { readonly id: string }, on: boolean): void {
  if (on) revealed.add(node.id);
  else revealed.delete(node.id);
}

/** Whether the user revealed this variable of the app in a row of the tree (this session). */
export function isRevealed(app: AppRef, key: string): boolean {
  const suffix = `/${encodeURIComponent(app.id)}/config/${encodeURIComponent(key)}`;
  return [...revealed].some((id) => id.endsWith(suffix));
}

export const configGroup: AppGroupDescriptor = {
  kind: 'config',
  label: () => vscode.l10n.t('Config'),
  icon: 'symbol-variable',
  emptyLabel: () => vscode.l10n.t('No config vars'),
  async fetch(group) {
    const { api, id, opts } = groupCall(group);
    return configVarRows(group, await api.config.get(id, opts));
  },
};

/** The rows of an app's config vars (also to show a save's result without reading again). */
export function configVarRows(group: AppGroupNode, vars: Record<string, string>): ItemNode<string>[] {
  return Object.keys(vars).sort().map((key) => {
    const node: ItemNode<string> = new ItemNode(group, 'configVar', key, vars[key], (value) => {
      // Secret-looking values stay hidden (screen sharing) until revealed, per row.
      const secret = looksSecret(key, value);
      const masking = secret && settings.maskSecrets();
      const masked = masking && !revealed.has(node.id);
      return {
        label: key,
        description: masked ? maskValue(value) : value,
        icon: icon(secret ? 'lock' : 'symbol-constant'),
        tooltip: masked ? vscode.l10n.t('{0}: value hidden (Reveal shows it)', key) : `${key}=${value}`,
        flags: [secret && 'secret', masked && 'masked', masking && !masked && 'revealed'],
        command: { command: 'apphost.config.edit', title: vscode.l10n.t('Edit Config'), arguments: [node] },
      };
    });
    return node;
  });
}
