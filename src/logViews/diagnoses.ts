// The diagnosis of a failed deploy, shown as rendered Markdown beside its log: a read-only
// `apphost-diagnosis:` document (keyed like every AppHost document: it tells what the log
// says) that VS Code's Markdown preview renders to the side. A language model's answer
// streams into the same document; the preview follows its changes.
import * as vscode from 'vscode';
import type { AppRef } from '../model';
import { DIAGNOSIS_SCHEME } from '../schemes';
import { documentKeys, type DocumentKeys } from '../editors/documentKeys';
import { withService } from './deployLogs';

/** Diagnoses kept for their previews at most (a preview re-reads its document when shown again). */
const KEPT = 20;

/** One diagnosis being shown: its text can still change (a model's answer streaming in). */
export interface DiagnosisView {
  readonly uri: vscode.Uri;
  /** Replaces the Markdown shown (the preview follows). */
  update(markdown: string): void;
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
    const view: DiagnosisView = { uri, update: (text) => this.set(uri, text) };
    this.set(uri, markdown);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
    } catch {
      // A VS Code without its Markdown extension (disabled): the Markdown itself, beside the log.
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    }
    return view;
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
    const content = this.contents.get(uri.toString());
    if (content !== undefined && (await this.keys.admits(uri))) return content;
    return `${vscode.l10n.t('This diagnosis was shown once and is gone: run Diagnose Failure on the failed deploy again.')}\n`;
  }

  dispose(): void {
    this.changed.dispose();
    this.contents.clear();
  }
}
