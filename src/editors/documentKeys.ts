// Every AppHost document that holds secrets or logs (config.env and its siblings, server
// snapshots, Show Details, recent lines, deploy logs) is served only at an address AppHost
// made when it opened the document for the user: the address carries a random key. VS Code
// lets every extension read any URI (`workspace.fs.readFile`, `openTextDocument`), and app
// ids are guessable (wokku takes an app's name for its id); a key is not. Another extension
// can still read what an open tab shows (`workspace.textDocuments`): the key only stops
// reads of what the user has not opened.
//
// A key lives while a tab shows its address: closing the last such tab forgets it, and the
// providers drop what they kept for it. Keys of open tabs are kept in the extension's
// SecretStorage, so tabs VS Code restores after a reload (hot exit included) read again; a
// restored tab whose key is unknown is refused and says how to reopen it.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { DEPLOY_LOG_SCHEME, DETAILS_SCHEME, DIAGNOSIS_SCHEME, RECENT_LOG_SCHEME, SCHEME, SNAPSHOT_SCHEME } from '../schemes';

const KEYED_SCHEMES = new Set([SCHEME, SNAPSHOT_SCHEME, DEPLOY_LOG_SCHEME, RECENT_LOG_SCHEME, DETAILS_SCHEME, DIAGNOSIS_SCHEME]);
/** The query parameter holding the key. */
const KEY_PARAM = 'key';
const STORE_KEY = 'apphost.documentKeys';
/** Keys kept across reloads at most (tabs left open when a window closed without restoring them stay until pushed out). */
const MAX_KEPT = 200;

export class DocumentKeys implements vscode.Disposable {
  /** Address without its key → key. */
  private readonly keys = new Map<string, string>();
  private readonly forgotten = new vscode.EventEmitter<vscode.Uri>();
  /** A keyed address no tab shows any more: what was kept for it should go. */
  readonly onDidForget = this.forgotten.event;
  private readonly loaded: Thenable<void>;
  private readonly tabs: vscode.Disposable;

  constructor(private readonly store: vscode.SecretStorage) {
    this.loaded = Promise.resolve(store.get(STORE_KEY)).then((saved) => {
      // Keys minted meanwhile (a command ran before the store answered) win.
      for (const [address, key] of Object.entries(parse(saved))) if (!this.keys.has(address)) this.keys.set(address, key);
    }, () => undefined);
    this.tabs = vscode.window.tabGroups.onDidChangeTabs((e) => {
      const shown = new Set(vscode.window.tabGroups.all.flatMap((g) => g.tabs.flatMap(tabUris)).map((u) => u.toString()));
      const closed = e.closed.flatMap(tabUris).filter((u) => KEYED_SCHEMES.has(u.scheme) && !shown.has(u.toString()) && this.holds(u));
      for (const uri of closed) this.keys.delete(address(uri));
      if (closed.length) void this.save();
      for (const uri of closed) this.forgotten.fire(uri);
    });
  }

  /** The address with its key (the one given before while a tab shows it, else a new one). */
  lock(uri: vscode.Uri): vscode.Uri {
    const bare = withoutKey(uri);
    const at = bare.toString();
    let key = this.keys.get(at);
    if (!key) {
      key = randomBytes(16).toString('base64url');
      this.keys.delete(at);
      this.keys.set(at, key);
      void this.save();
    }
    const query = new URLSearchParams(bare.query);
    query.set(KEY_PARAM, key);
    return bare.with({ query: query.toString() });
  }

  /** Whether AppHost made this address for the user (after the keys kept across a reload are read). */
  async admits(uri: vscode.Uri): Promise<boolean> {
    if (this.holds(uri)) return true;
    await this.loaded;
    return this.holds(uri);
  }

  /** Throws unless AppHost made this address: `NoPermissions`, with how to open the document. */
  async check(uri: vscode.Uri, howToOpen: string): Promise<void> {
    if (!(await this.admits(uri))) throw vscode.FileSystemError.NoPermissions(howToOpen);
  }

  dispose(): void {
    this.tabs.dispose();
    this.forgotten.dispose();
  }

  private holds(uri: vscode.Uri): boolean {
    const key = new URLSearchParams(uri.query).get(KEY_PARAM);
    return !!key && this.keys.get(address(uri)) === key;
  }

  /** Resolves once the keys minted so far are kept (a reload right now would find them). */
  flushed(): Promise<void> {
    return this.saving;
  }

  /** Writes the keys, one write after the other (each writes the keys as they are when it runs). */
  private save(): Promise<void> {
    this.saving = this.saving.then(async () => {
      try {
        await this.store.store(STORE_KEY, JSON.stringify(Object.fromEntries([...this.keys].slice(-MAX_KEPT))));
      } catch {
        // No keyring: restored tabs ask to be reopened, nothing else changes.
      }
    });
    return this.saving;
  }

  private saving: Promise<void> = Promise.resolve();
}

/** How the documents of AppHost's own windows get their keys (one set per window, shared by every area). */
const byWindow = new WeakMap<vscode.ExtensionContext, DocumentKeys>();

export function documentKeys(context: vscode.ExtensionContext): DocumentKeys {
  let keys = byWindow.get(context);
  if (!keys) {
    keys = new DocumentKeys(context.secrets);
    byWindow.set(context, keys);
    context.subscriptions.push(keys);
  }
  return keys;
}

/** The address without its key: what names the document. */
export function withoutKey(uri: vscode.Uri): vscode.Uri {
  const query = new URLSearchParams(uri.query);
  query.delete(KEY_PARAM);
  return uri.with({ query: query.toString() });
}

function address(uri: vscode.Uri): string {
  return withoutKey(uri).toString();
}

function tabUris(tab: vscode.Tab): vscode.Uri[] {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return [input.uri];
  if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
  return [];
}

function parse(saved: string | undefined): Record<string, string> {
  try {
    const value: unknown = saved ? JSON.parse(saved) : {};
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}
