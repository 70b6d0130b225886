import * as vscode from 'vscode';
import type { Workspaces } from './auth/workspaces';
import type { Connections } from './connections';

/**
 * "$(cloud) demo@apphost.dev · acme": the account and the active workspace; click to switch.
 * Signed in to several services: "$(cloud) 2 AppHost services", each one's account and
 * active workspace in the tooltip (a click asks which service's workspace to switch).
 */
export class AccountStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('apphost.account', vscode.StatusBarAlignment.Left, 50);
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly connections: Connections,
    private readonly workspaces: Workspaces,
  ) {
    this.item.name = vscode.l10n.t('AppHost Account');
    this.item.command = 'apphost.workspace.switch';
    this.disposables = [connections.onDidChange(() => void this.update()), workspaces.onDidChange(() => void this.update())];
    void this.update();
  }

  private async update(): Promise<void> {
    const services = this.connections.services();
    const sessions = await Promise.all(services.map((s) => this.connections.of(s.id).session()));
    const signedIn = services.flatMap((service, i) => {
      const session = sessions[i];
      return session ? [{ service, email: session.account.email, workspace: this.workspaces.activeLabel(session.apiRoot) ?? vscode.l10n.t('Personal') }] : [];
    });
    if (!signedIn.length) {
      this.item.hide();
      return;
    }
    if (signedIn.length === 1) {
      const [{ service, email, workspace }] = signedIn;
      // With one service known the text stays as it always was; else it says which service.
      const name = this.connections.nameWhenSeveral(service.id);
      this.item.text = `$(cloud) ${name ? `${name} · ` : ''}${email} · ${workspace}`;
      this.item.tooltip = new vscode.MarkdownString(
        vscode.l10n.t('**AppHost**: signed in as {0} to {1}\n\nActive workspace: **{2}**. Click to switch.', email, name ?? new URL(service.url).host, workspace),
      );
      this.item.accessibilityInformation = undefined;
    } else {
      this.item.text = `$(cloud) ${vscode.l10n.t('{0} AppHost services', signedIn.length)}`;
      const tooltip = new vscode.MarkdownString(`**AppHost**\n\n`);
      for (const { service, email, workspace } of signedIn) {
        tooltip.appendMarkdown(`- ${vscode.l10n.t('**{0}**: {1}, active workspace **{2}**', service.name, email, workspace)}\n`);
      }
      tooltip.appendMarkdown(`\n${vscode.l10n.t('Click to switch the active workspace of one of them.')}`);
      this.item.tooltip = tooltip;
      this.item.accessibilityInformation = {
        label: vscode.l10n.t('AppHost: signed in to {0}', signedIn.map((s) => `${s.service.name} (${s.email}, ${s.workspace})`).join('; ')),
      };
    }
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
