import * as vscode from 'vscode';
import type { ServiceCore } from '../core';
import type { CommandTarget, ListTarget } from '../tree/commandTarget';
import type { CommandTable } from '../kit/running';
import { resolveAppsList, targetOf } from '../kit/targets';
import { UserCancelled } from '../model';

/** The Resources view (refresh, filtering, paging) and the extension's log. */
export function viewCommands(s: ServiceCore): CommandTable {
  const appsGroup = (target?: CommandTarget) => resolveAppsList(s, target);
  const setFilter = async (group: ListTarget, change: Partial<{ q: string | undefined; previews: boolean }>) => {
    s.tree.setAppFilter(group.row, change);
  };
  return {
    'apphost.refresh': (target?: CommandTarget) => s.tree.refresh(target?.row),
    // The view's title bar passes the focused row; its Refresh means the whole view.
    'apphost.refreshAll': () => s.tree.refresh(),
    'apphost.showLog': () => s.log.show(),
    'apphost.apps.filter': async (target?: CommandTarget) => {
      const group = await appsGroup(target);
      const q = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter apps in {0}', group.workspace.label),
        prompt: vscode.l10n.t('Part of the app name (filtered by the service); empty shows all'),
        value: s.tree.appFilter(group.row)?.q ?? '',
      });
      if (q === undefined) throw new UserCancelled();
      await setFilter(group, { q: q.trim() || undefined });
    },
    'apphost.apps.clearFilter': async (target?: CommandTarget) => setFilter(await appsGroup(target), { q: undefined }),
    'apphost.apps.hidePreviews': async (target?: CommandTarget) => setFilter(await appsGroup(target), { previews: false }),
    'apphost.apps.showPreviews': async (target?: CommandTarget) => setFilter(await appsGroup(target), { previews: true }),
    // A service throttled AppHost (429): ask again now rather than at the next probe, every
    // throttled service (the status bar's click names no service; resume() leaves the others).
    'apphost.retryNow': () => {
      for (const connection of s.connections.all()) connection.budget.resume();
      s.tree.healAll();
    },
    'apphost.loadMore': (target?: CommandTarget) => {
      const row = targetOf(target, 'loadMore')?.row;
      if (row) s.tree.loadMore(row);
    },
  };
}
