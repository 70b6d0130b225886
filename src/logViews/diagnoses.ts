// The diagnosis of a failed deploy, shown as rendered Markdown beside its log: a read-only
// `apphost-diagnosis:` document (keyed like every AppHost document: it tells what the log
// says) that VS Code's Markdown preview renders to the side. A language model's answer
// streams into the same document; the preview follows its changes.
import * as vscode from 'vscode';
import type { AppRef } from '../model';
import { DIAGNOSIS_SCHEME } from '../schemes';
import { documentKeys, type DocumentKeys } from '../editors/documentKeys';
import { withService } from './deployLogs';
import { foreignCommand } from '../commandCalls';

/** Diagnoses kept for their previews at most (a preview re-reads its document when shown again). */
const KEPT = 20;

/** One diagnosis being shown: its text can still change (a model's answer streaming in). */
export interface DiagnosisView {
  readonly uri: vscode.Uri;
  /** Replaces the Markdown shown (the preview follows). */
  update(markdown: string): void;
  /**
   * The text is final: the preview renders it whole. The preview follows a change by sending
   * its webview the new body, which a webview still loading drops: a model that answered
   * while the preview opened left it at "Asking…" with the answer in the document. Resolves
   * once VS Code's copy of the document holds the final text and the preview was re-rendered.
   */
  done(): Promise<void>;
}

export class DiagnosisDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly keys: DocumentKeys;

  constructor(context: vscode.ExtensionContext, private readonly serviceName: (service: string) => string | undefined) {
    this.keys = documentKeys(context);
  }

  /**
   * Shows `markdown` as the diagnosis of the app's deploy `label` (a commit or an id), in a
   * Markdown preview beside the active editor (the log, when the command came from it).
   */
  async show(app: AppRef, deployId: string, label: string, markdown: string): Promise<DiagnosisView> {
    const name = this.serviceName(app.service);
    const query = new URLSearchParams({ app: app.id, deploy: deployId, ...(app.workspace ? { workspace: app.workspace } : {}), service: app.service, ...(name ? { name: app.name } : {}) });
    const uri = this.keys.lock(vscode.Uri.from({ scheme: DIAGNOSIS_SCHEME, path: `/${withService(app.name, name)}/diagnosis ${label}.md`, query: query.toString() }));
    const view: DiagnosisView = { uri, update: (text) => this.set(uri, text), done: () => this.caughtUp(uri).then(afterPreviewUpdate).then(refreshPreviews) };
    this.set(uri, markdown);
    try {
      await foreignCommand('markdown.showPreviewToSide', uri);
    } catch {
      // A VS Code without its Markdown extension (disabled): the Markdown itself, beside the log.
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    }
    // VS Code re-reads a document on a change only once it knows the document: a change fired
    // while the preview was still loading it is lost (a fast model's whole answer stayed
    // "Asking…"). Opened here, every later update reaches it; one that came meanwhile is shown now.
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.getText() !== this.contents.get(uri.toString())) this.changed.fire(uri);
    return view;
  }

  /**
   * Resolves once VS Code's copy of the document holds what was last set (or is closed: a
   * preview re-reads it then). A re-render forced before the last change arrived reloads the
   * webview, and the change that follows is sent to the page while it loads, and lost: on a
   * busy machine the preview stayed on the answer's first lines. At most `ms`, then anyway.
   */
  private caughtUp(uri: vscode.Uri, ms = 10_000): Promise<void> {
    const key = uri.toString();
    const holdsLast = () => {
      const copy = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
      return !copy || copy.getText().replace(/\r\n/g, '\n') === this.contents.get(key);
    };
    if (holdsLast()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        for (const d of listeners) d.dispose();
        resolve();
      };
      const check = () => holdsLast() && finish();
      const timer = setTimeout(finish, ms);
      const listeners = [vscode.workspace.onDidChangeTextDocument(check), vscode.workspace.onDidCloseTextDocument(check)];
    });
  }

  /** Test hook: the Markdown shown at `uri`. */
  textOf(uri: vscode.Uri): string | undefined {
    return this.contents.get(uri.toString());
  }

  private set(uri: vscode.Uri, markdown: string): void {
    const key = uri.toString();
    this.contents.delete(key);
    this.contents.set(key, markdown);
    for (const old of [...this.contents.keys()].slice(0, Math.max(0, this.contents.size - KEPT))) this.contents.delete(old);
    this.changed.fire(uri);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    // Read after the check: an update made meanwhile is the content (its change event may come too early to be heard).
    const content = (await this.keys.admits(uri)) ? this.contents.get(uri.toString()) : undefined;
    if (content !== undefined) return content;
    return `${vscode.l10n.t('This diagnosis was shown once and is gone: run Diagnose Failure on the failed deploy again.')}\n`;
  }

  dispose(): void {
    this.changed.dispose();
    this.contents.clear();
  }
}

/**
 * VS Code's Markdown preview follows a change after 300 ms, and drops a re-render asked for
 * while that is pending: this waits that delay out, so that the forced re-render comes
 * after the preview's own update, and is the last.
 */
const PREVIEW_UPDATE_MS = 300;

function afterPreviewUpdate(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PREVIEW_UPDATE_MS + 50));
}

/** Renders every Markdown preview whole (none without VS Code's Markdown extension: nothing to do). */
async function refreshPreviews(): Promise<void> {
  try {
    await foreignCommand('markdown.preview.refresh');
  } catch {
    // No Markdown extension: the document itself is shown, and follows every change.
  }
}
