import * as vscode from 'vscode';
import { teamOfWorkspace } from '../api/workspaceKey';
import { areaSlot, type Core } from '../core';
import { ActivityProvider, type ActivitySource } from './activityProvider';
import { settings } from '../settings';

/** Same setting as the Resources view: one knob for "refresh while I look at it". */
function intervalMs(): number {
  const seconds = settings.autoRefreshSeconds();
  return seconds > 0 ? Math.max(15, seconds) * 1000 : 0;
}

/** Which service's feed the view shows: the one picked (several services), else the first. */
interface ShownService {
  id: string | undefined;
}

/** The activity log of the active workspace of the shown service, newest first. */
function sourceOf(s: Core, shown: ShownService): ActivitySource {
  const connection = () => {
    try {
      return s.connections.of(shown.id);
    } catch {
      shown.id = undefined; // removed meanwhile: back to the first service
      return s.connections.first;
    }
  };
  const active = async () => {
    const from = connection();
    const session = await from.session();
    if (!session || s.auth.isExpired(session)) return undefined;
    return { from, session, workspace: s.workspaces.active(session.apiRoot) };
  };
  return {
    async scope() {
      const current = await active();
      if (!current) return undefined;
      const { session, workspace } = current;
      const name = s.workspaces.activeLabel(session.apiRoot) ?? vscode.l10n.t('Personal');
      // wokku keeps one feed per user (their own team's), whatever workspace is active: say so.
      const label = teamOfWorkspace(workspace) ? vscode.l10n.t('{0} (the service shows your personal feed)', name) : name;
      const service = s.connections.nameWhenSeveral(session.apiRoot);
      return { key: `${session.apiRoot} ${session.id}/${workspace ?? ''}`, label: service ? vscode.l10n.t('{0}: {1}', service, label) : label };
    },
    async fetch(limit) {
      const current = await active();
      return (current?.from ?? connection()).api().activities.list({ limit }, { workspace: current?.workspace, priority: 'view' });
    },
    hasRoom() {
      const { available, capacity } = connection().budget.snapshot();
      return available >= capacity / 2;
    },
  };
}

const registered = areaSlot<{ provider: ActivityProvider; shown: ShownService }>('The Activity view');

/** The Activity view's rows, for its commands (src/commands/activity.ts). */
export function activityView(s: Core): ActivityProvider {
  return registered.get(s).provider;
}

/** Shows the feed of this service (several services: the view shows one at a time, one request per refresh). */
export function showActivityOf(s: Core, service: string): void {
  const view = registered.get(s);
  view.shown.id = service;
  view.provider.refresh();
}

/** Feeds `apphost.activity` (the view activation created); its commands are in the command table. */
export function registerActivityView(s: Core, view: vscode.TreeView<vscode.TreeItem>): ActivityProvider {
  const shown: ShownService = { id: undefined };
  const provider = registered.set(s, { provider: new ActivityProvider(sourceOf(s, shown), intervalMs()), shown }).provider;
  s.context.subscriptions.push(
    provider,
    view.onDidChangeVisibility((e) => provider.setVisible(e.visible)),
    vscode.window.onDidChangeWindowState((e) => provider.setFocused(e.focused)),
    provider.onDidChangeScope((label) => (view.description = label)),
    // Any service's address, session or the list of services.
    s.connections.onDidChange(() => provider.refresh()),
    s.workspaces.onDidChange(() => provider.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('apphost.autoRefreshSeconds') && provider.setInterval(intervalMs())),
  );
  provider.setFocused(vscode.window.state.focused);
  provider.setVisible(view.visible);
  return provider;
}
