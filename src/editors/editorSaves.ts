// Which writes of an `apphost:` document are the editor's saves. Any extension reads an open
// tab's address from `workspace.textDocuments` and can `workspace.fs.writeFile` it: the file
// system provider sees the same call either way. VS Code's editor announces each save first
// (`onWillSaveTextDocument`, for every reason the user chose: a manual save, auto-save after a
// delay or on focus change) and then writes that document's text. So a write is the editor's
// only when a save of that exact address was announced just before and its bytes are what the
// document held since. Another extension can still start a save itself (`document.save()`,
// `workspace.save()`): VS Code announces those the same way, and gives no way to tell them apart.
// A save that skips the announcement (Save without Formatting, a chat edit's auto-save) is
// refused like any other write; its message says to save from the editor.
import * as vscode from 'vscode';
import { SCHEME } from '../schemes';

/** How long after a save is announced its write may come (save participants: formatters, code actions). */
const WINDOW_MS = 30_000;
/** Texts kept per announced save: the document's as announced, then as participants or typing change it. */
const MAX_TEXTS = 20;

interface Announced {
  /** The document's texts since the announcement: the write carries one of them. */
  texts: string[];
  /** Saves announced and not yet written (a save queued behind another). */
  count: number;
  until: number;
}

/** What the file system asks before it sends a write to the service. */
export interface SaveOrigins {
  /** Whether this write is the one a save in the editor announced; a true answer uses that announcement up. */
  take(uri: vscode.Uri, content: Uint8Array): boolean;
}

export class EditorSaves implements SaveOrigins, vscode.Disposable {
  /** Exact address (key included) → its announced save. Private at run time too (`#`): only a save in the editor adds one. */
  readonly #announced = new Map<string, Announced>();
  private readonly listeners: vscode.Disposable[];

  constructor() {
    this.listeners = [
      vscode.workspace.onWillSaveTextDocument(({ document }) => {
        if (document.uri.scheme === SCHEME) this.#announce(document);
      }),
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        const save = this.#pending(document.uri.toString());
        if (save) save.texts = [...save.texts, document.getText()].slice(-MAX_TEXTS);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.#announced.delete(document.uri.toString())),
    ];
  }

  take(uri: vscode.Uri, content: Uint8Array): boolean {
    const key = uri.toString();
    const save = this.#pending(key);
    // The editor writes the document as UTF-8 text (a BOM, if any, is not part of the text).
    if (!save || !save.texts.includes(new TextDecoder().decode(content))) return false;
    if (--save.count === 0) this.#announced.delete(key);
    return true;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.#announced.clear();
  }

  #announce(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const text = document.getText();
    const save = this.#pending(key);
    const texts = save ? [...save.texts.filter((t) => t !== text), text].slice(-MAX_TEXTS) : [text];
    this.#announced.set(key, { texts, count: (save?.count ?? 0) + 1, until: Date.now() + WINDOW_MS });
  }

  /** The announced save of this address, unless its time is over. */
  #pending(key: string): Announced | undefined {
    const save = this.#announced.get(key);
    if (!save || save.until >= Date.now()) return save;
    this.#announced.delete(key);
    return undefined;
  }
}

/** One per window, listening from activation on: a tab restored after a reload can be saved before anything else ran. */
const byWindow = new WeakMap<vscode.ExtensionContext, EditorSaves>();

export function editorSaves(context: vscode.ExtensionContext): EditorSaves {
  let saves = byWindow.get(context);
  if (!saves) {
    saves = new EditorSaves();
    byWindow.set(context, saves);
    context.subscriptions.push(saves);
  }
  return saves;
}
