// The merge base of each open document (the values it was opened or last saved with),
// kept across window reloads: VS Code restores a dirty editor from its backup (hot
// exit) without reading the file again, and a save merged against the server's values
// of *that* moment would revert or delete changes others made since. Kept in secret
// storage, since config values are secrets; forgotten when the document closes.
import type * as vscode from 'vscode';

const PREFIX = 'apphost.editBase:';
/** Bases of documents never closed properly (a crash) are dropped after this long. */
const MAX_AGE_MS = 14 * 24 * 3600 * 1000;

interface StoredBase {
  values: Record<string, string>;
  at: number;
}

export class EditBases {
  private pruned = false;

  constructor(private readonly storage: vscode.SecretStorage) {}

  async remember(uri: vscode.Uri, values: Record<string, string>): Promise<void> {
    await this.prune();
    const stored: StoredBase = { values, at: Date.now() };
    await this.storage.store(PREFIX + uri.toString(), JSON.stringify(stored));
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
  }

  /** Once per session: drops bases left behind by documents that were never closed. */
  private async prune(): Promise<void> {
    if (this.pruned) return;
    this.pruned = true;
    const keys = (await this.storage.keys()).filter((k) => k.startsWith(PREFIX));
    for (const key of keys) {
      const text = await this.storage.get(key);
      let when: number;
      try {
        when = Number((JSON.parse(text ?? '{}') as Partial<StoredBase>).at) || 0;
      } catch {
        when = 0;
      }
      if (Date.now() - when > MAX_AGE_MS) await this.storage.delete(key);
    }
  }
}
