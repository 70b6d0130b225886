import * as vscode from 'vscode';
import type { Services } from '../services';
import { LoadMoreNode } from '../tree/listNode';
import { AppsGroup, WorkspaceNode } from '../tree/workspaceNode';
import type { CommandTable } from './commandTypes';
import { activeWorkspace } from './targets';
import { UserCancelled } from '../model';

/** Filtering and paging of the Resources view. */
export function viewCommands(s: Services): CommandTable {
  const appsGroup = async (target?: unknown): Promise<AppsGroup> => {
    if (target instanceof AppsGroup) return target;
    const node = s.tree.workspaceNodes.get((await activeWorkspace(s)) ?? '');
    if (!(node instanceof WorkspaceNode)) throw new Error(vscode.l10n.t('Open the AppHost view first.'));
    return node.apps;
  };
  const setFilter = async (group: AppsGroup, change: Partial<{ q: string | undefined; previews: boolean }>) => {
    s.tree.filters.set(group.workspaceNode.id, { ...group.filter, ...change });
    // Another filter is another list: the rows of the old one must not stand in for it.
    group.reset();
    s.resources.refresh(group);
  };
  return {
    'apphost.apps.filter': async (target?: unknown) => {
      const group = await appsGroup(target);
      const q = await vscode.window.showInputBox({
        title: vscode.l10n.t('Filter apps in {0}', group.workspaceNode.workspace.label),
        prompt: vscode.l10n.t('Part of the app name (filtered by the service); empty shows all'),
        value: group.filter.q ?? '',
      });
      if (q === undefined) throw new UserCancelled();
      await setFilter(group, { q: q.trim() || undefined });
    },
    'apphost.apps.clearFilter': async (target?: unknown) => setFilter(await appsGroup(target), { q: undefined }),
    'apphost.apps.hidePreviews': async (target?: unknown) => setFilter(await appsGroup(target), { previews: false }),
    'apphost.apps.showPreviews': async (target?: unknown) => setFilter(await appsGroup(target), { previews: true }),
    // The service throttled AppHost (429): ask again now rather than at the next probe.
    'apphost.retryNow': () => {
      s.connection.budget.resume();
      s.healer.healAll();
    },
    'apphost.loadMore': (node?: LoadMoreNode) => {
      if (!(node instanceof LoadMoreNode)) return;
      node.parent.showMore();
      s.resources.refresh(node.parent, { refetch: false });
    },
  };
}
