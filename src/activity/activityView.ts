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

/** The activity log of the active workspace, newest first. */
function sourceOf(s: Core): ActivitySource {
  const active = async () => {
    const session = await s.connection.session();
    if (!session || s.auth.isExpired(session)) return undefined;
    return { session, workspace: s.workspaces.active(session.apiRoot) };
  };
  return {
    async scope() {
      const current = await active();
      if (!current) return undefined;
      const { session, workspace } = current;
      const name = s.workspaces.activeLabel(session.apiRoot) ?? vscode.l10n.t('Personal');
      // wokku keeps one feed per user (their own team's), whatever workspace is active: say so.
      const label = teamOfWorkspace(workspace) ? vscode.l10n.t('{0} (the service shows your personal feed)', name) : name;
      return { key: `${session.id}/${workspace ?? ''}`, label };
    },
    async fetch(limit) {
      const current = await active();
      return s.connection.api().activities.list({ limit }, { workspace: current?.workspace, priority: 'view' });
    },
    hasRoom() {
      const { available, capacity } = s.connection.budget.snapshot();
      return available >= capacity / 2;
    },
  };
}

const registered = areaSlot<ActivityProvider>('The Activity view');

/** The Activity view's rows, for its commands (src/commands/activity.ts). */
export function activityView(s: Core): ActivityProvider {
  return registered.get(s);
}

/** Feeds `apphost.activity` (the view activation created); its commands are in the command table. */
export function registerActivityView(s: Core, view: vscode.TreeView<vscode.TreeItem>): ActivityProvider {
  const provider = registered.set(s, new ActivityProvider(sourceOf(s), intervalMs()));
  s.context.subscriptions.push(
    provider,
    view.onDidChangeVisibility((e) => provider.setVisible(e.visible)),
    vscode.window.onDidChangeWindowState((e) => provider.setFocused(e.focused)),
    provider.onDidChangeScope((label) => (view.description = label)),
    s.connection.onDidChange(() => provider.refresh()),
    s.workspaces.onDidChange(() => provider.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('apphost.autoRefreshSeconds') && provider.setInterval(intervalMs())),
  );
  provider.setFocused(vscode.window.state.focused);
  provider.setVisible(view.visible);
  return provider;
}
