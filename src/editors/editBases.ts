// The merge base of each open document (the values it was opened or last saved with),
// kept across window reloads: VS Code restores a dirty editor from its backup (hot
// exit) without reading the file again, and a save merged against the server's values
// of *that* moment would revert or delete changes others made since. Kept in secret
// storage, since config values are secrets; forgotten when the document closes.
import type * as vscode from 'vscode';

const PREFIX = 'apphost.editBase:';
/**
 * Where the keys of stored bases are listed when secret storage cannot list its keys
 * (`SecretStorage.keys()` came in VS Code 1.105; the extension supports 1.90): pruning
 * then walks this list. Not under PREFIX, so never taken for a base.
 */
const INDEX = 'apphost.editBaseIndex';

/** SecretStorage as VS Code 1.105+ has it; older versions lack `keys`. */
type ListableStorage = vscode.SecretStorage & { keys?: () => Thenable<string[]> };
/** Bases of documents never closed properly (a crash) are dropped after this long. */
const MAX_AGE_MS = 14 * 24 * 3600 * 1000;

interface StoredBase {
  values: Record<string, string>;
  at: number;
}

export class EditBases {
  private pruned = false;
  /** Serialises updates of the INDEX list (read, change, write). */
  private indexUpdates: Promise<void> = Promise.resolve();

  constructor(private readonly storage: ListableStorage) {}

  async remember(uri: vscode.Uri, values: Record<string, string>): Promise<void> {
    await this.prune();
    const stored: StoredBase = { values, at: Date.now() };
    await this.storage.store(PREFIX + uri.toString(), JSON.stringify(stored));
    await this.updateIndex(PREFIX + uri.toString(), true);
  }

  /** The base remembered for the document, or undefined (never read here, or unreadable). */
  async recall(uri: vscode.Uri): Promise<Record<string, string> | undefined> {
    try {
      const text = await this.storage.get(PREFIX + uri.toString());
      if (!text) return undefined;
      const stored = JSON.parse(text) as Partial<StoredBase>;
      const values = stored.values;
      if (!values || typeof values !== 'object' || Object.values(values).some((v) => typeof v !== 'string')) return undefined;
      return values;
    } catch {
      return undefined;
    }
  }

  async forget(uri: vscode.Uri): Promise<void> {
    await this.storage.delete(PREFIX + uri.toString());
    await this.updateIndex(PREFIX + uri.toString(), false);
  }

  /** Keys of the stored bases: listed by secret storage, or by INDEX where it cannot list. */
  private async storedKeys(): Promise<string[]> {
    if (this.storage.keys) return (await this.storage.keys()).filter((k) => k.startsWith(PREFIX));
    return this.readIndex();
  }

  private async readIndex(): Promise<string[]> {
    try {
      const list: unknown = JSON.parse((await this.storage.get(INDEX)) ?? '[]');
      return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string' && k.startsWith(PREFIX)) : [];
    } catch {
      return [];
    }
  }

  /** Adds or removes a key of INDEX; nothing to do where secret storage lists its keys. */
  private updateIndex(key: string, present: boolean): Promise<void> {
    if (this.storage.keys) return Promise.resolve();
    const update = async () => {
      const keys = await this.readIndex();
      if (keys.includes(key) === present) return;
      const next = present ? [...keys, key] : keys.filter((k) => k !== key);
      if (next.length) await this.storage.store(INDEX, JSON.stringify(next));
      else await this.storage.delete(INDEX);
    };
    // A failed update only leaves a base for a later prune, or a key that names nothing.
    this.indexUpdates = this.indexUpdates.then(update).catch(() => undefined);
    return this.indexUpdates;
  }

  /** Once per session: drops bases left behind by documents that were never closed. */
  private async prune(): Promise<void> {
    if (this.pruned) return;
    this.pruned = true;
    for (const key of await this.storedKeys()) {
      const text = await this.storage.get(key);
      let when: number;
      try {
        when = Number((JSON.parse(text ?? '{}') as Partial<StoredBase>).at) || 0;
      } catch {
        when = 0;
      }
      if (Date.now() - when > MAX_AGE_MS) {
        await this.storage.delete(key);
        await this.updateIndex(key, false);
      }
    }
  }
}
