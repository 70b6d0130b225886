// "Show Recent Lines…": the last N lines of each of an app's containers, read once (one
// request, not a tail) into a read-only editor tab (`apphost-recent-log:` documents in
// the log language), to search with the editor's find. The containers' blocks are merged
// by time as a tail merges them. Showing the app's recent lines again re-reads them into
// the same tab; a tab restored after a reload reads them once more.
import * as vscode from 'vscode';
import { settings } from '../settings';
import { ApiError } from '../api';
import { ContainerTracker, MARKER_PREFIX, withoutTimestamp } from '../logs';
import type { AppRef } from '../model';
import { RECENT_LOG_SCHEME } from '../schemes';
import { documentKeys, type DocumentKeys } from '../editors/documentKeys';
import type { Core } from '../core';
import { withService } from './deployLogs';
import { showLogDocument } from './logChannel';

/** The service's most: `docker logs --tail N` per container, N ≤ 1000. */
export const MAX_RECENT_LINES = 1000;

interface Recent {
  readonly app: AppRef;
  readonly count: number;
  lines: string[];
  readAt: Date;
  /** Why the last read failed (a restored tab shows it). */
  error?: string;
}

export class RecentLines implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly docs = new Map<string, Recent>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly switchingLanguage = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  /** Addresses AppHost made: an app's lines are read only for a tab the user opened. */
  private readonly keys: DocumentKeys;

  constructor(private readonly s: Core) {
    this.keys = documentKeys(s.context);
    this.disposables.push(
      this.changed,
      this.keys.onDidForget((uri) => this.docs.delete(uri.toString())),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        const key = doc.uri.toString();
        if (doc.uri.scheme === RECENT_LOG_SCHEME && !this.switchingLanguage.has(key)) this.docs.delete(key);
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.switchingLanguage.delete(doc.uri.toString())),
      // Timestamps shown or hidden: the open tabs redraw (no request).
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('apphost.logs.showTimestamps')) for (const recent of this.docs.keys()) this.changed.fire(vscode.Uri.parse(recent));
      }),
    );
  }

  /** Reads the app's last `count` lines per container (one request) and shows them in a tab. */
  async open(app: AppRef, count: number): Promise<vscode.TextEditor> {
    const uri = this.keys.lock(recentLinesUri(app, count, this.s.connections.nameWhenSeveral(app.service)));
    const recent: Recent = { app, count, lines: [], readAt: new Date() };
    await this.read(recent, true);
    this.docs.set(uri.toString(), recent);
    this.changed.fire(uri); // a tab already open shows the new read
    return showLogDocument(uri, this.switchingLanguage);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const key = uri.toString();
    let recent = this.docs.get(key);
    if (!recent && !(await this.keys.admits(uri))) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('AppHost shows recent lines only in a tab it opened: run Show Recent Lines… on the app in the AppHost view'));
    }
    if (!recent) {
      // A tab restored after a reload (its key kept): read again.
      recent = { ...parseRecentLinesUri(uri, this.s.connections.firstId()), lines: [], readAt: new Date() };
      this.docs.set(key, recent);
      await this.read(recent, false);
    }
    return render(recent);
  }

  private async read(recent: Recent, rethrow: boolean): Promise<void> {
    try {
      const { app, count } = recent;
      const { lines } = await this.s.connections.of(app.service).api().logs.get(app.id, { lines: count }, { workspace: app.workspace, priority: 'user' });
      recent.lines = new ContainerTracker({ minLines: count, maxLines: count }).accept(lines, count).fresh;
      recent.readAt = new Date();
      recent.error = undefined;
    } catch (e) {
      if (rethrow) throw e;
      recent.error = e instanceof ApiError ? `${e.status}: ${e.message}` : e instanceof Error ? e.message : String(e);
    }
  }

  dispose(): void {
    this.docs.clear();
    for (const d of this.disposables) d.dispose();
  }
}

function render(recent: Recent): string {
  const m = MARKER_PREFIX;
  const { app, count } = recent;
  if (recent.error) return `${m}${vscode.l10n.t('Could not read the recent lines of {0}: {1}. Run Show Recent Lines… again.', app.name, recent.error)}\n`;
  const time = recent.readAt.toLocaleTimeString();
  const header = recent.lines.length
    ? vscode.l10n.t('{0}: the last {1} lines of each container, read at {2}. Not live: Tail Logs follows the app.', app.name, count, time)
    : vscode.l10n.t('{0} had no log lines at {1}.', app.name, time);
  const hide = !settings.showLogTimestamps();
  const body = hide ? recent.lines.map(withoutTimestamp) : recent.lines;
  return `${m}${header}\n${body.map((l) => `${l}\n`).join('')}`;
}

/** `apphost-recent-log:/storefront/last 1000 lines.log?app=…&workspace=…&lines=1000` (the path is the tab's title). */
export function recentLinesUri(app: AppRef, count: number, serviceName?: string): vscode.Uri {
  const query = new URLSearchParams({ app: app.id, lines: String(count), ...(app.workspace ? { workspace: app.workspace } : {}), service: app.service, ...(serviceName ? { name: app.name } : {}) });
  return vscode.Uri.from({ scheme: RECENT_LOG_SCHEME, path: `/${withService(app.name, serviceName)}/${vscode.l10n.t('last {0} lines', count)}.log`, query: query.toString() });
}

/** What a recent-lines URI names; one without a service (restored from before several services) is the first service's. */
export function parseRecentLinesUri(uri: vscode.Uri, firstService: string): { app: AppRef; count: number } {
  const q = new URLSearchParams(uri.query);
  const name = q.get('name') ?? uri.path.split('/')[1] ?? '';
  const count = Math.min(MAX_RECENT_LINES, Math.max(1, Number(q.get('lines')) || MAX_RECENT_LINES));
  return { app: { service: q.get('service') ?? firstService, workspace: q.get('workspace') ?? undefined, id: q.get('app') ?? name, name }, count };
}
