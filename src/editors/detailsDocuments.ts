// The read-only documents of "Show Details" (scheme apphost-details): what a command put
// there, kept while the tab is open. The command (commands/details.ts) decides the content.
import * as vscode from 'vscode';
import { DETAILS_SCHEME } from '../schemes';


/** Documents of the `apphost-details` scheme: read-only by nature (no file system behind them). */
export class DetailsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly closing = vscode.workspace.onDidCloseTextDocument((doc) => {
    if (doc.uri.scheme === DETAILS_SCHEME) this.contents.delete(doc.uri.toString());
  });

  /** Stores the content; an open tab of the same resource is updated (resolves once it is). */
  async set(uri: vscode.Uri, content: string): Promise<void> {
    this.contents.set(uri.toString(), content);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!open || open.getText() === content) return;
    const updated = new Promise<void>((resolve) => {
      const done = () => {
        listener.dispose();
        clearTimeout(timer);
        resolve();
      };
      const listener = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === open && open.getText() === content) done();
      });
      const timer = setTimeout(done, 2000);
    });
    this.changed.fire(uri);
    await updated;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '{}\n';
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
    this.contents.clear();
  }
}
