// The read-only documents of "Show Details" (scheme apphost-details): what a command put
// there, kept while the tab is open, at an address with its key (./documentKeys.ts). The
// command (commands/details.ts) decides the content; the full body (for Reveal) goes with the tab.
import * as vscode from 'vscode';
import { DETAILS_SCHEME } from '../schemes';
import type { DocumentKeys } from './documentKeys';


/** Documents of the `apphost-details` scheme: read-only by nature (no file system behind them). */
export class DetailsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** The unmasked JSON of each shown document, for an explicit Reveal. */
  private readonly bodies = new Map<string, unknown>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly forgetting: vscode.Disposable;

  constructor(private readonly keys: DocumentKeys) {
    this.forgetting = keys.onDidForget((uri) => {
      if (uri.scheme !== DETAILS_SCHEME) return;
      this.contents.delete(uri.toString());
      this.bodies.delete(uri.toString());
    });
  }

  /** The address of a details document, with its key. */
  lock(uri: vscode.Uri): vscode.Uri {
    return this.keys.lock(uri);
  }

  /** The full body shown (masked) at `uri`, while its tab is open. */
  bodyOf(uri: vscode.Uri): unknown {
    return this.bodies.get(uri.toString());
  }

  /** Stores the content (and the full body it shows); an open tab of the same resource is updated (resolves once it is). */
  async set(uri: vscode.Uri, content: string, body?: unknown): Promise<void> {
    this.contents.set(uri.toString(), content);
    if (body !== undefined) this.bodies.set(uri.toString(), body);
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

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const content = this.contents.get(uri.toString());
    if (content === undefined || !(await this.keys.admits(uri))) {
      throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('These details were shown once and are gone: run Show Details on the row again.'));
    }
    return content;
  }

  dispose(): void {
    this.forgetting.dispose();
    this.changed.dispose();
    this.contents.clear();
    this.bodies.clear();
  }
}
