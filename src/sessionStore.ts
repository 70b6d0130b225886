import * as vscode from 'vscode';

/** How the stored token was obtained; decides what sign-out revokes. */
export type SignInMethod = 'browser' | 'password' | 'token';

/** One signed-in account for one service origin. Lives only in SecretStorage. */
export interface StoredSession {
  id: string;
  /** API root of the service the token belongs to, e.g. https://apphost.example.com/api/v1 */
  apiRoot: string;
  /** API token value. */
  token: string;
  /** Server id of the API token, used to revoke it on sign-out (absent for pasted tokens). */
  tokenId?: string;
  account: { id: string; email: string; role?: string; workspaces?: string[] };
  method: SignInMethod;
  createdAt: string;
}

const KEY = 'apphost.sessions';

/**
 * What is stored: the sessions plus who wrote them. SecretStorage change events can
 * arrive late and a read may return an older value, so every window tags its writes and
 * ignores events that carry its own tag or an older write of another window.
 */
interface Stored {
  writer: string;
  seq: number;
  sessions: Record<string, StoredSession>;
}

/** Sessions keyed by the service's API root, persisted as one SecretStorage entry. */
export class SessionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  // Tells this window's writes from other windows'; not a secret (node:crypto would cost activation ~5 ms).
  private readonly writer = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  private seq = 0;
  /** Latest sequence number seen from each other window. */
  private readonly seen = new Map<string, number>();
  private cache: Record<string, StoredSession> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(async (e) => {
      if (e.key !== KEY) return;
      const stored = parse(await this.secrets.get(KEY));
      if (!stored || stored.writer === this.writer) return; // our own write (maybe a stale read of it)
      if ((this.seen.get(stored.writer) ?? -1) >= stored.seq) return; // an older write of another window
      this.seen.set(stored.writer, stored.seq);
      this.cache = stored.sessions;
      this.changed.fire();
    });
  }

  async get(apiRoot: string): Promise<StoredSession | undefined> {
    return (await this.all())[apiRoot];
  }

  async put(session: StoredSession): Promise<void> {
    await this.write({ ...(await this.all()), [session.apiRoot]: session });
  }

  async remove(apiRoot: string): Promise<StoredSession | undefined> {
    const all = { ...(await this.all()) };
    const removed = all[apiRoot];
    if (!removed) return undefined;
    delete all[apiRoot];
    await this.write(all);
    return removed;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async all(): Promise<Record<string, StoredSession>> {
    if (!this.cache) {
      const read = parse(await this.secrets.get(KEY))?.sessions ?? {};
      this.cache ??= read; // a write made while this read was pending wins
    }
    return this.cache;
  }

  private async write(sessions: Record<string, StoredSession>): Promise<void> {
    this.cache = sessions;
    const stored: Stored = { writer: this.writer, seq: ++this.seq, sessions };
    await this.secrets.store(KEY, JSON.stringify(stored));
    this.changed.fire();
  }
}

/** An unreadable entry means signed out, not an extension that fails forever. */
function parse(text: string | undefined): Stored | undefined {
  try {
    const value = text ? (JSON.parse(text) as Stored) : undefined;
    return value && typeof value.sessions === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
