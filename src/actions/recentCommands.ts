// The command lines run on each app (one-off commands), most recent first, offered again by
// Run Command…. Kept in the global state (every window of this machine sees them), per app
// of a service and workspace; a line that holds a secret-looking value is never kept.
import type * as vscode from 'vscode';
import { commandHoldsSecret } from '../configText/secrets';
import { appKey, type AppRef } from '../model';

const KEY = 'apphost.recentCommands';
/** Lines kept per app. */
export const RECENT_PER_APP = 8;
/** Apps remembered; the one used longest ago is forgotten first. */
const MAX_APPS = 100;

type Stored = Record<string, string[]>;

export class RecentCommands {
  constructor(private readonly state: vscode.Memento) {}

  /** The app's lines, most recent first. */
  of(app: AppRef): string[] {
    const lines = this.all()[appKey(app)];
    return Array.isArray(lines) ? lines.filter((l) => typeof l === 'string') : [];
  }

  /** Remembers a line run on the app (first, once); false when it was not kept (blank, or holding a secret). */
  async add(app: AppRef, line: string): Promise<boolean> {
    const command = line.trim();
    if (!command || commandHoldsSecret(command)) return false;
    const key = appKey(app);
    const { [key]: _previous, ...others } = this.all();
    const lines = [command, ...this.of(app).filter((l) => l !== command)].slice(0, RECENT_PER_APP);
    // Insertion order is recency: the app used now goes last, the oldest ones drop off the front.
    const kept = Object.entries(others).slice(-(MAX_APPS - 1));
    await this.state.update(KEY, Object.fromEntries([...kept, [key, lines]]));
    return true;
  }

  private all(): Stored {
    const stored = this.state.get<unknown>(KEY);
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Stored) : {};
  }
}
