// One output channel per tailed app ("AppHost: storefront"), in the `apphost-log`
// language so the grammar in media/ colours it. Output channels cannot be read
// back through the API, so the channel can also keep a copy of what it was given
// (`capture`, switched on by the integration tests only: it would otherwise grow
// with the log).
import * as vscode from 'vscode';
import type { RedrawableSink } from '../logs';

export const LOG_LANGUAGE = 'apphost-log';

/** Copies beyond this are trimmed from the front (tests read the recent part). */
const CAPTURE_LIMIT = 64 * 1024 * 1024;

export class LogChannel implements RedrawableSink, vscode.Disposable {
  private readonly channel: vscode.OutputChannel;
  private captured: string | undefined;
  private disposed = false;

  constructor(readonly name: string) {
    this.channel = vscode.window.createOutputChannel(name, LOG_LANGUAGE);
  }

  /** Starts (from empty) or stops keeping a copy of the output. */
  set capture(on: boolean) {
    if (on !== (this.captured !== undefined)) this.captured = on ? '' : undefined;
  }

  /** What was appended since the channel was created or cleared (only while capturing). */
  get text(): string | undefined {
    return this.captured;
  }

  /** What was appended since the last take (only while capturing), and forget it: a long run stays small. */
  takeCaptured(): string | undefined {
    const text = this.captured;
    if (text !== undefined) this.captured = '';
    return text;
  }

  append(text: string): void {
    // Throwing tells the batcher the output is gone, so it stops writing.
    if (this.disposed) throw new Error('the output channel was closed');
    this.channel.append(text);
    if (this.captured !== undefined) {
      this.captured += text;
      if (this.captured.length > CAPTURE_LIMIT) this.captured = this.captured.slice(this.captured.length - CAPTURE_LIMIT / 2);
    }
  }

  /** Shows this text instead of everything before (a filter's redraw). */
  replace(text: string): void {
    if (this.disposed) throw new Error('the output channel was closed');
    this.channel.replace(text);
    if (this.captured !== undefined) this.captured = text;
  }

  /** Drops the oldest lines (TailView keeps the output bounded): nothing new, so the copy is left as it is. */
  trim(text: string): void {
    if (this.disposed) throw new Error('the output channel was closed');
    this.channel.replace(text);
  }

  show(): void {
    // Keep the focus in the editor: the log runs beside the code.
    this.channel.show(true);
  }

  dispose(): void {
    this.disposed = true;
    this.channel.dispose();
  }
}

/**
 * Opens a read-only log document in a tab, in the log language. A language change
 * closes and reopens the document: its key is in `switching` meanwhile, so that the
 * owner can tell that close from the user's (and keep what it holds for the tab).
 */
export async function showLogDocument(uri: vscode.Uri, switching: Set<string>): Promise<vscode.TextEditor> {
  const key = uri.toString();
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== LOG_LANGUAGE) {
    switching.add(key);
    await vscode.languages.setTextDocumentLanguage(doc, LOG_LANGUAGE).then(undefined, () => switching.delete(key));
  }
  return vscode.window.showTextDocument(doc, { preview: false });
}
