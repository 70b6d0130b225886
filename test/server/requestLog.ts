// Every request the server saw, for tests that count calls. Token values are never
// recorded: only method, path, query, workspace header and the final status.

export interface RequestLogEntry {
  method: string;
  /** Full path without the query, e.g. '/api/v1/apps/shop/logs'. */
  path: string;
  query: Record<string, string>;
  /** Value of X-Service-Workspace, or null when absent (personal workspace). */
  workspace: string | null;
  /** Final status; 0 when the connection was reset or closed before a response. */
  status: number;
  /** Epoch milliseconds when the request arrived. */
  at: number;
}

const MAX_ENTRIES = 20_000;

export class RequestLog {
  private readonly list: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.list.push(entry);
    if (this.list.length > MAX_ENTRIES) this.list.splice(0, this.list.length - MAX_ENTRIES);
  }

  /** A snapshot: later requests do not change an array already handed out. */
  entries(): RequestLogEntry[] {
    return this.list.map((e) => ({ ...e, query: { ...e.query } }));
  }

  clear(): void {
    this.list.length = 0;
  }
}
