// Read-only text of the server's state, shown on the left of "server ↔ yours" diffs
// (conflicts on save, the preview before pushing a .env file). A content provider,
// not the FileSystemProvider, so the snapshot can never be edited or saved.
import * as vscode from 'vscode';
import { SNAPSHOT_SCHEME } from '../schemes';
import { type DocumentKeys, withoutKey } from './documentKeys';
import { foreignCommand } from '../commandCalls';

export class ServerSnapshots implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** A snapshot holds the server's config unmasked: it goes when its diff tab closes. */
  private readonly forgetting: vscode.Disposable;

  constructor(private readonly keys: DocumentKeys) {
    this.forgetting = keys.onDidForget((uri) => this.texts.delete(uri.toString()));
  }

  /**
   * A URI showing `text`, named like `like` (same path: the diff title and language follow it;
   * same query: its service, so same-named apps of two services never share a snapshot), with its own key.
   */
  put(like: vscode.Uri, text: string): vscode.Uri {
    const uri = this.keys.lock(vscode.Uri.from({ scheme: SNAPSHOT_SCHEME, path: like.path, query: withoutKey(like).query }));
    this.texts.set(uri.toString(), text);
    // An already open snapshot of the same file shows the new text.
    this.changed.fire(uri);
    return uri;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const text = this.texts.get(uri.toString());
    if (text === undefined || !(await this.keys.admits(uri))) {
      throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('This comparison with the server has ended: save or preview again to compare anew.'));
    }
    return text;
  }

  dispose(): void {
    this.forgetting.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}

/** Opens "server ↔ yours" and returns a function closing that diff tab again. */
export async function openDiff(left: vscode.Uri, right: vscode.Uri, title: string): Promise<() => Promise<void>> {
  await foreignCommand('vscode.diff', left, right, title, { preview: true });
  return async () => {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter(
      (t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.toString() === left.toString() && t.input.modified.toString() === right.toString(),
    );
    if (tabs.length) await vscode.window.tabGroups.close(tabs);
  };
}
