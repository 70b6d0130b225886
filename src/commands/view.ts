import * as vscode from 'vscode';
import type { ServiceCore } from '../core';
import type { CommandTarget, ListTarget } from '../tree/commandTarget';
import { resolveAppsList, targetOf } from '../kit/targets';
import { UserCancelled } from '../model';
import type { Action } from '../kit/action';

/** The Resources view (refresh, filtering, paging) and the extension's log. */
export const viewActions: readonly Action[] = [
  { command: 'apphost.refresh', consent: 'harmless', needs: 'none', run: (s: ServiceCore, target?: CommandTarget) => s.tree.refresh(target?.row) },
  // The view's title bar passes the focused row; its Refresh means the whole view.
  { command: 'apphost.refreshAll', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => s.tree.refresh() },
  { command: 'apphost.showLog', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => s.log.show() },
  { command: 'apphost.apps.filter', consent: 'harmless', run: async (s: ServiceCore, target?: CommandTarget) => {
    const group = await resolveAppsList(s, target);
    const q = await vscode.window.showInputBox({
      title: vscode.l10n.t('Filter apps in {0}', group.workspace.label),
      prompt: vscode.l10n.t('Part of the app name (filtered by the service); empty shows all'),
      value: s.tree.appFilter(group.row)?.q ?? '',
    });
    if (q === undefined) throw new UserCancelled();
    await setFilter(s, group, { q: q.trim() || undefined });
  } },
  { command: 'apphost.apps.clearFilter', consent: 'harmless', run: async (s: ServiceCore, target?: CommandTarget) => setFilter(s, await resolveAppsList(s, target), { q: undefined }) },
  { command: 'apphost.apps.hidePreviews', consent: 'harmless', run: async (s: ServiceCore, target?: CommandTarget) => setFilter(s, await resolveAppsList(s, target), { previews: false }) },
  { command: 'apphost.apps.showPreviews', consent: 'harmless', run: async (s: ServiceCore, target?: CommandTarget) => setFilter(s, await resolveAppsList(s, target), { previews: true }) },
  // A service throttled AppHost (429): ask again now rather than at the next probe, every
  // throttled service (the status bar's click names no service; resume() leaves the others).
  { command: 'apphost.retryNow', consent: 'harmless', needs: 'none', run: (s: ServiceCore) => {
    for (const connection of s.connections.all()) connection.budget.resume();
    s.tree.healAll();
  } },
  { command: 'apphost.loadMore', consent: 'harmless', needs: 'none', run: (s: ServiceCore, target?: CommandTarget) => {
    const row = targetOf(target, 'loadMore')?.row;
    if (row) s.tree.loadMore(row);
  } },
];

async function setFilter(s: ServiceCore, group: ListTarget, change: Partial<{ q: string | undefined; previews: boolean }>): Promise<void> {
  s.tree.setAppFilter(group.row, change);
}
