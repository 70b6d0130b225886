// An app's config.env holds its secrets. VS Code lets every extension read any URI of any
// file system (`workspace.fs.readFile`), and wokku takes an app's name for its id, so
// without a gate another extension could read `apphost:/~personal/apps/shop/shop/config.env`
// (or write it) without the user ever opening it. AppHost serves its documents only to the
// editors the user has: one an AppHost command is opening, an open document, or a tab (one
// VS Code restores after a reload too). What an open editor shows, every extension can read
// through `workspace.textDocuments` anyway.
import * as vscode from 'vscode';

/** How long a read waits for its tab: a tab being restored may reach the extension after its first read. */
const TAB_GRACE_MS = 3_000;

export class EditorGate {
  /** URIs an AppHost command is opening now, with how many openings are under way. */
  private readonly opening = new Map<string, number>();

  /** Runs `open` (an AppHost command opening the document) with the document admitted. */
  async opened<T>(uri: vscode.Uri, open: () => Thenable<T>): Promise<T> {
    const key = uri.toString();
    this.opening.set(key, (this.opening.get(key) ?? 0) + 1);
    try {
      return await open();
    } finally {
      const left = (this.opening.get(key) ?? 1) - 1;
      if (left) this.opening.set(key, left);
      else this.opening.delete(key);
    }
  }

  /**
   * Whether the user has an editor of the URI now (or one is opening). An open document
   * counts (VS Code keeps one a while after its tab closed): its text is every extension's
   * to read, and refusing VS Code's re-read after a change would leave it stale.
   */
  admits(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return this.opening.has(key)
      || vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)
      || vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => tabShows(t, key)));
  }

  /** Throws NoPermissions unless an editor of the URI is there or shows up within a short grace. */
  async check(uri: vscode.Uri): Promise<void> {
    if (this.admits(uri) || (await this.tabAppears(uri))) return;
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('AppHost opens {0} only in an editor of its own: open it with Edit Config, Edit Health Checks or Edit App Settings on the app in the AppHost view', uri.path.split('/').pop() ?? ''));
  }

  private tabAppears(uri: vscode.Uri): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (admitted: boolean) => {
        clearTimeout(timer);
        subscriptions.forEach((d) => d.dispose());
        resolve(admitted);
      };
      const again = () => this.admits(uri) && done(true);
      const subscriptions = [vscode.window.tabGroups.onDidChangeTabs(again), vscode.workspace.onDidOpenTextDocument(again)];
      const timer = setTimeout(() => done(false), TAB_GRACE_MS);
    });
  }
}

function tabShows(tab: vscode.Tab, key: string): boolean {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return input.uri.toString() === key;
  if (input instanceof vscode.TabInputTextDiff) return input.modified.toString() === key || input.original.toString() === key;
  return false;
}
