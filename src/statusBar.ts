import * as vscode from 'vscode';
import type { Workspaces } from './auth/workspaces';
import type { Connection } from './connection';

/** "$(cloud) demo@apphost.dev · acme": the account and the active workspace; click to switch. */
export class AccountStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('apphost.account', vscode.StatusBarAlignment.Left, 50);
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly connection: Connection,
    private readonly workspaces: Workspaces,
  ) {
    this.item.name = vscode.l10n.t('AppHost Account');
    this.item.command = 'apphost.workspace.switch';
    this.disposables = [connection.onDidChange(() => void this.update()), workspaces.onDidChange(() => void this.update())];
    void this.update();
  }

  private async update(): Promise<void> {
    const session = await this.connection.session();
    if (!session) {
      this.item.hide();
      return;
    }
    const workspace = this.workspaces.activeLabel(session.apiRoot) ?? vscode.l10n.t('Personal');
    this.item.text = `$(cloud) ${session.account.email} · ${workspace}`;
    this.item.tooltip = new vscode.MarkdownString(
      vscode.l10n.t('**AppHost**: signed in as {0} to {1}\n\nActive workspace: **{2}**. Click to switch.', session.account.email, new URL(session.apiRoot).host, workspace),
    );
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
