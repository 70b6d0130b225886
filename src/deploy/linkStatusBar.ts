// "$(vm-running) storefront · running": the app of the folder being edited (its link),
// with the state the Resources view shows (no request of its own); a click offers the
// app's everyday actions. In a multi-root workspace it follows the active editor's folder.
// With several services it names the link's service, in that service's colour.
import * as vscode from 'vscode';
import { handUri } from '../callers';
import type { Connections } from '../connections';
import { statusIcon } from '../tree/statusIcons';
import type { TreeControl } from '../tree/treeControl';
import { showsApp, type AppRow } from '../tree/treeState';
import type { AppRef } from '../model';
import { type FolderLink, type FolderLinks } from './folderLinks';
import { foreignCommand } from '../commandCalls';

export class LinkStatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('apphost.linkedApp', vscode.StatusBarAlignment.Left, 49);
  private readonly disposables: vscode.Disposable[];
  /** What a running deploy says (by service and app name: same-named apps of two services are two), shown instead of the state. */
  private readonly activity = new Map<string, string>();
  private pending: NodeJS.Timeout | undefined;
  private linkedKey: boolean | undefined;

  constructor(
    private readonly links: FolderLinks,
    private readonly connections: Connections,
    private readonly tree: TreeControl,
  ) {
    this.item.name = vscode.l10n.t('AppHost Linked App');
    this.disposables = [
      links.onDidChange(() => this.schedule()),
      connections.onDidChange(() => this.schedule()),
      // Rows re-render after actions, refreshes and list fetches: the state shown may have changed.
      tree.onDidChange(() => this.schedule()),
      tree.onAppRow(() => this.schedule()),
      vscode.window.onDidChangeActiveTextEditor(() => this.schedule()),
    ];
    this.schedule();
  }

  /** Shows what a deploy of the app is doing (undefined: done). */
  setActivity(app: Pick<AppRef, 'service' | 'name'>, text: string | undefined): void {
    if (text) this.activity.set(activityKey(app.service, app.name), text);
    else this.activity.delete(activityKey(app.service, app.name));
    this.schedule();
  }

  /** The link the item shows: the active editor's folder's, else the first one. */
  shown(): FolderLink | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    const folder = active && vscode.workspace.getWorkspaceFolder(active);
    return (folder && this.links.linkOf(folder)) || this.links.links()[0];
  }

  private schedule(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      void this.update();
    }, 30);
  }

  private async update(): Promise<void> {
    const link = this.shown();
    const linked = this.links.links().length > 0;
    if (linked !== this.linkedKey) void foreignCommand('setContext', 'apphost.folderLinked', (this.linkedKey = linked));
    // A link's service removed meanwhile has no session (its links follow on the next recompute).
    const session = link && (await this.connectionOf(link.service)?.session());
    if (!link || !session) {
      this.item.hide();
      return;
    }
    const { name } = link.app;
    const state = this.stateOf(link);
    const doing = this.activity.get(activityKey(link.service, name));
    const icon = doing ? 'sync~spin' : state ? statusIcon('app', state).id : 'cloud';
    const service = this.connections.several ? this.connections.service(link.service) : undefined;
    const named = service ? vscode.l10n.t('{0} ({1})', name, service.name) : name;
    this.item.text = `$(${icon}) ${named}${doing || state ? ` · ${doing ?? state}` : ''}`;
    this.item.color = service && new vscode.ThemeColor(service.color);
    const others = this.links.links().filter((l) => l !== link);
    const how = link.how === 'remote'
      ? vscode.l10n.t('Linked to folder **{0}** by its git remote `{1}`.', link.folder.name, link.remote ?? '')
      : vscode.l10n.t('Linked to folder **{0}** (set with Link Folder to App…).', link.folder.name);
    const stateLine = state ? vscode.l10n.t('State: {0} (as the AppHost view shows it).', state) : vscode.l10n.t('State: shown once the AppHost view has listed the app.');
    const more = others.length ? `\n\n${vscode.l10n.t('Other linked folders: {0}', others.map((l) => `${l.folder.name} → ${l.app.name}`).join(', '))}` : '';
    const where = service ? `\n\n${vscode.l10n.t('Service: {0} ({1})', service.name, service.url)}` : '';
    this.item.tooltip = new vscode.MarkdownString(`**${name}** — AppHost${where}\n\n${how}\n\n${stateLine}${more}\n\n${vscode.l10n.t('Click for Deploy, Tail Logs and more.')}`);
    this.item.command = { command: 'apphost.folder.actions', title: vscode.l10n.t('Linked App Actions'), arguments: [handUri(link.folder.uri)] };
    this.item.accessibilityInformation = { label: vscode.l10n.t('AppHost app {0}, {1}', named, doing ?? state ?? vscode.l10n.t('state unknown')) };
    this.item.show();
  }

  /** The state the tree shows for the app (the process report once wt15's rows carry it), if a row is loaded. */
  private stateOf(link: FolderLink): string | undefined {
    const row = this.tree.currentRows().find((r) => showsApp(r, { ...link.app, service: link.service }));
    return row && rowState(row);
  }

  private connectionOf(service: string) {
    try {
      return this.connections.of(service);
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.item.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** What a row shows: its process-report state when it has one, else the list's status. */
function rowState(row: AppRow): string {
  const shown = (row as { shownState?: () => { state: string } }).shownState?.();
  return shown?.state ?? row.app.status;
}

/** A link names its app by name (the tree by id), so a deploy's activity is found by its service and name. */
function activityKey(service: string, name: string): string {
  return `${service} ${name}`;
}
