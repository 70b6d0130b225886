// The running tails, one per app: each writes into its own output channel and
// shows in the tree (`:tailing` contextValue flag, "tailing logs" description).
// A tail belongs to the account and service it was started with: signing out,
// another account, another service URL, removing its workspace (or the workspace
// leaving the account's list) stops it, and so does deactivation. A new session
// of the same account changes nothing (each read looks the token up). The engine
// stops a tail by itself on 401/403/404; a 401 has already raised the one
// "session expired" prompt through the API client, so nothing here prompts again,
// and signing in again as the same account resumes the tail in its channel.
import * as vscode from 'vscode';
import { ApiError, workspaceHeader } from '../api';
import type { StoredSession } from '../sessionStore';
import type { WorkspaceListing } from '../auth/workspaces';
import {
  LogTail, PollCoordinator, TailView, apiLogSource, describeFilter, type LogSource, type LogTailOptions, type StopReason, type TailFilter, type TailStateChange,
} from '../logs';
import type { Connection } from '../connection';
import { serviceNotice } from '../connections';
import type { Core } from '../core';
import { LogChannel } from './logChannel';
import { localizedMarkers, localizedMarkerTexts } from './markerTexts';
import { appKey, sameApp, type AppRef } from '../model';
import { settings } from '../settings';
import { notify } from '../notices';
import { foreignCommand } from '../commandCalls';

/** Engine timings; the integration tests shorten them, users get the defaults. */
export type TailTuning = Pick<LogTailOptions, 'interval' | 'retry' | 'streamIdleMs' | 'resyncMs' | 'window' | 'batch'>;

interface Entry {
  readonly app: AppRef;
  readonly channel: LogChannel;
  /** What the channel shows of the tail: every line or a filter's, with or without timestamps. */
  readonly view: TailView;
  tail?: LogTail;
  /** The service and account the tail was started with. */
  apiRoot: string;
  accountId: string;
  /** The session of the tail's latest read (the one a 401 refused). */
  sessionId: string;
  /** The workspace was added by hand (removing it stops the tail). */
  manualWorkspace: boolean;
  /** Stopped by a 401: resumes when the same account signs in again. */
  resumable: boolean;
  /** The tail waits for the app's first deploy (shown on its row). */
  waiting?: boolean;
}

export class LogTails implements vscode.Disposable {
  /** Test hook: channels keep a readable copy of their output (see LogChannel). */
  capture = false;
  /** Test hook: engine timings. */
  tuning: TailTuning = {};
  private readonly entries = new Map<string, Entry>();
  // One per service's budget: every polling tail of a service shares its slice fairly.
  private readonly coordinators = new Map<Connection, PollCoordinator>();
  private readonly changed = new vscode.EventEmitter<AppRef>();
  /** A tail started or stopped. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly s: Core) {
    this.disposables.push(
      this.changed,
      s.tree.addAppFlag((ref) => (this.isTailing(ref) ? 'tailing' : undefined)),
      s.tree.addAppFlag((ref) => (this.latest(ref)?.tail?.state === 'waiting' ? 'awaitingDeploy' : undefined)),
      s.tree.addAppFlag((ref) => (this.isTailing(ref) && this.filterOf(ref) ? 'filtered' : undefined)),
      s.tree.addAppNote((ref) => {
        const filter = this.isTailing(ref) ? this.filterOf(ref) : undefined;
        return filter && vscode.l10n.t('filtered: {0}', describeFilter(filter));
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('apphost.logs.showTimestamps')) return;
        for (const entry of this.entries.values()) entry.view.setTimestampsHidden(!settings.showLogTimestamps());
      }),
      // A deleted app's tail ends now: a streaming one would see no 404 until it reconnects.
      s.events.onDidDeleteApp((e) => e.waitUntil(this.stop(e.app, 'notFound'))),
      s.connections.onDidChange(() => void this.checkConnection()),
      s.workspaces.onDidChange(() => void this.checkWorkspaces()),
      s.workspaces.onDidList((listing) => this.workspacesListed(listing)),
      // A tail waiting for the app's first deploy looks again as soon as one is seen.
      s.tree.onDeploysSeen((app) => {
        for (const e of this.entries.values()) if (sameApp(e.app, app) && e.tail?.state === 'waiting') e.tail.checkNow();
      }),
    );
  }

  /** Starts tailing the app, or shows its channel when it is already tailed. */
  async tail(app: AppRef): Promise<'started' | 'shown'> {
    // The app's own service: its session, its client, its budget.
    const connection = this.s.connections.of(app.service);
    const { session } = await connection.signedIn();
    const key = keyOf(session.apiRoot, app);
    const existing = this.entries.get(key);
    if (existing && this.running(existing)) {
      existing.channel.show();
      return 'shown';
    }
    const entry: Entry = existing ?? newEntry(app, session, this.s.connections.nameWhenSeveral(app.service));
    this.entries.set(key, entry);
    entry.accountId = session.account.id;
    entry.sessionId = session.id;
    entry.resumable = false;
    entry.manualWorkspace = !!app.workspace && this.s.workspaces.manualSlugs(session.apiRoot).includes(app.workspace) && !session.account.workspaces?.includes(app.workspace);
    // A new tail prints the last lines again: start from an empty channel so no line shows twice.
    entry.channel.capture = this.capture;
    entry.view.clear();
    entry.view.setTimestampsHidden(!settings.showLogTimestamps());
    const logSettings = settings.logs();
    // The client is looked up on every request: a proxy or timeout change rebuilds it.
    const client = { get logs() { return connection.api().logs; } };
    const tail = new LogTail({
      ...this.tuning,
      source: this.sessionBound(entry, apiLogSource(client, app.id, app.workspace)),
      sink: entry.view,
      coordinator: this.coordinatorOf(connection),
      initialLines: logSettings.initialLines,
      mode: logSettings.stream ? 'auto' : 'poll',
      markerTexts: localizedMarkerTexts(),
    });
    entry.tail = tail;
    tail.onDidChangeState((change) => this.stateChanged(entry, tail, change));
    tail.start();
    entry.channel.show();
    this.updated(entry);
    return 'started';
  }

  /** Stops the app's tail (its channel stays, with a closing line). False when it was not tailed. */
  async stop(app: AppRef, reason: StopReason = 'user', why?: string): Promise<boolean> {
    // A tail waiting for a sign-in stays stopped too.
    for (const e of this.entries.values()) if (sameApp(e.app, app)) e.resumable = false;
    const matching = [...this.entries.values()].filter((e) => sameApp(e.app, app) && this.running(e));
    await Promise.all(matching.map((e) => e.tail!.stop(reason, why === undefined ? undefined : new Error(why))));
    return matching.length > 0;
  }

  async stopAll(reason: StopReason = 'user', why?: string): Promise<number> {
    for (const e of this.entries.values()) e.resumable = false;
    const running = [...this.entries.values()].filter((e) => this.running(e));
    await Promise.all(running.map((e) => e.tail!.stop(reason, why === undefined ? undefined : new Error(why))));
    return running.length;
  }

  isTailing(app: AppRef): boolean {
    return [...this.entries.values()].some((e) => sameApp(e.app, app) && this.running(e));
  }

  /** The apps tailed now. */
  tailed(): AppRef[] {
    return [...this.entries.values()].filter((e) => this.running(e)).map((e) => e.app);
  }

  /** The filter of the app's tail (undefined: it shows every line). */
  filterOf(app: AppRef): TailFilter | undefined {
    return this.latest(app)?.view.filter;
  }

  /** The tailed apps whose channel is filtered now. */
  filtered(): AppRef[] {
    return [...this.entries.values()].filter((e) => e.view.filter).map((e) => e.app);
  }

  /**
   * Shows only what the filter keeps in the app's channel (undefined: every line again,
   * including those that arrived meanwhile), and names it on the app's rows.
   */
  setFilter(app: AppRef, filter: TailFilter | undefined): void {
    const entry = this.latest(app);
    if (!entry) return;
    entry.view.setFilter(filter);
    entry.channel.show();
    this.updated(entry);
  }

  /** The app whose tail writes into this output channel document (`output:` scheme), if any. */
  appOfOutput(uri: vscode.Uri): AppRef | undefined {
    const label = outputChannelLabel(uri, this.s.context.extension.id);
    if (label === undefined) return undefined;
    // Two tails can share a name (the same app name on another service): the running one, else the newest.
    const named = [...this.entries.values()].filter((e) => e.channel.name === label).reverse();
    return (named.find((e) => this.running(e)) ?? named[0])?.app;
  }

  /** Test hook: the engine of an app's latest tail. */
  tailOf(app: AppRef): LogTail | undefined {
    return this.latest(app)?.tail;
  }

  /** Test hook: the app's channel text since the tail started (when `capture` was on). */
  textOf(app: AppRef): string | undefined {
    return this.latest(app)?.channel.text;
  }

  /** Test hook: the app's channel text since the last take (when `capture` was on), then forgotten (the soak reads hours of it). */
  takeText(app: AppRef): string | undefined {
    return this.latest(app)?.channel.takeCaptured();
  }

  private latest(app: AppRef): Entry | undefined {
    return [...this.entries.values()].reverse().find((e) => sameApp(e.app, app));
  }

  private running(e: Entry): boolean {
    return !!e.tail && e.tail.state !== 'stopped';
  }

  /**
   * Notes the session of each read, so that a 401 is known to be for the current
   * session (stop; resume after signing in again) or for one a new sign-in just
   * replaced and revoked (read again at once, with the new token).
   */
  private sessionBound(entry: Entry, inner: LogSource): LogSource {
    const read = async <T>(call: () => Promise<T>): Promise<T> => {
      const connection = this.connectionOf(entry);
      const before = await connection?.session();
      if (before) entry.sessionId = before.id;
      try {
        return await call();
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401) || !before) throw e;
        const now = await connection?.session();
        if (!now || now.id === before.id || !this.sameAccount(entry, now)) throw e;
        entry.sessionId = now.id;
        return call();
      }
    };
    return {
      window: (lines, signal) => read(() => inner.window(lines, signal)),
      follow: (lines, idleMs, signal) => read(() => inner.follow(lines, idleMs, signal)),
    };
  }

  /** The connection of the tail's service; undefined once the service is no longer known. */
  private connectionOf(entry: Entry): Connection | undefined {
    try {
      return this.s.connections.of(entry.apiRoot);
    } catch {
      return undefined;
    }
  }

  private coordinatorOf(connection: Connection): PollCoordinator {
    let coordinator = this.coordinators.get(connection);
    if (!coordinator) this.coordinators.set(connection, (coordinator = new PollCoordinator(connection.budget)));
    return coordinator;
  }

  private sameAccount(entry: Entry, session: StoredSession): boolean {
    return session.apiRoot === entry.apiRoot && session.account.id === entry.accountId;
  }

  private stateChanged(entry: Entry, tail: LogTail, change: TailStateChange): void {
    if (entry.tail !== tail) return;
    // The row says when a tail waits for the app's first deploy, and when it no longer does.
    if (change.state === 'waiting' || entry.waiting) {
      entry.waiting = change.state === 'waiting';
      this.updated(entry);
    }
    if (change.state !== 'stopped') return;
    this.updated(entry);
    if (change.reason === 'unauthorized') {
      entry.resumable = true;
      // Signed in again while this read was refused: no need to wait for the next sign-in.
      void this.connectionOf(entry)?.session().then((session) => this.resumeIfSignedInAgain(entry, session));
    } else if (change.reason === 'notFound') {
      // Deleted behind our back: the lists that showed it are out of date.
      this.s.tree.reloadListsShowing(entry.app);
    } else if (change.reason === 'forbidden') {
      void notify('warning', serviceNotice(this.s.connections.nameWhenSeveral(entry.app.service), vscode.l10n.t('Stopped tailing {0}: this account may not read its logs.', entry.app.name)));
    }
  }

  /** The tree rows and the palette's when-clauses follow the set of tails. */
  private updated(entry: Entry): void {
    this.s.tree.rerenderApp(entry.app);
    void foreignCommand('setContext', 'apphost.logs.tailing', this.tailed().length > 0);
    void foreignCommand('setContext', 'apphost.logs.filtered', this.filtered().length > 0);
    this.changed.fire(entry.app);
  }

  /**
   * Sign-out, another account or another service URL: the tails of the old connection
   * end, and those waiting for a sign-in no longer wait. The same account signing in
   * again resumes them; running ones just carry on.
   */
  private async checkConnection(): Promise<void> {
    for (const e of this.entries.values()) {
      const connection = this.connectionOf(e);
      // The service was removed, or the first one's URL changed: its tails end.
      if (!connection) {
        if (this.running(e)) void e.tail!.stop('disposed', new Error(vscode.l10n.t('the service URL changed or the service was removed')));
        e.resumable = false;
        continue;
      }
      const session = await connection.session();
      if (!this.running(e)) {
        this.resumeIfSignedInAgain(e, session);
        continue;
      }
      if (!session) void e.tail!.stop('disposed', new Error(vscode.l10n.t('signed out')));
      else if (session.apiRoot !== e.apiRoot) void e.tail!.stop('disposed', new Error(vscode.l10n.t('the service URL changed')));
      else if (session.account.id !== e.accountId) void e.tail!.stop('disposed', new Error(vscode.l10n.t('signed in as another account ({0})', session.account.email)));
    }
  }

  /** A tail stopped by a 401 resumes in a newer session of its account; any other session ends the wait. */
  private resumeIfSignedInAgain(e: Entry, session: StoredSession | undefined): void {
    if (!e.resumable || this.running(e)) return;
    if (!session || !this.sameAccount(e, session)) {
      e.resumable = false;
      return;
    }
    if (session.id === e.sessionId) return; // still the refused session
    e.resumable = false;
    e.sessionId = session.id;
    if (e.tail?.resume(localizedMarkers().signedInAgain())) this.updated(e);
  }

  /** A workspace added by hand was removed: its tails end. */
  private async checkWorkspaces(): Promise<void> {
    for (const e of this.entries.values()) {
      if (!this.running(e) || !e.manualWorkspace) continue;
      if (!this.s.workspaces.manualSlugs(e.apiRoot).includes(e.app.workspace!)) {
        void e.tail!.stop('disposed', new Error(vscode.l10n.t('the workspace {0} was removed', e.app.workspace!)));
      }
    }
  }

  /** A fresh workspace list without a tail's workspace: the account left or was removed from that team. */
  private workspacesListed(listing: WorkspaceListing): void {
    for (const e of this.entries.values()) {
      const slug = e.app.workspace;
      if (!slug || e.apiRoot !== listing.apiRoot || e.accountId !== listing.accountId || listing.slugs.includes(slug)) continue;
      e.resumable = false;
      const why = workspaceHeader(slug) ? vscode.l10n.t('the workspace {0} is no longer available', slug) : vscode.l10n.t('its team is no longer one of yours');
      if (this.running(e)) void e.tail!.stop('disposed', new Error(why));
    }
  }

  dispose(): void {
    for (const e of this.entries.values()) {
      void e.tail?.stop('disposed');
      e.channel.dispose();
    }
    this.entries.clear();
    for (const d of this.disposables) d.dispose();
  }
}

function newEntry(app: AppRef, session: StoredSession, serviceName: string | undefined): Entry {
  const channel = new LogChannel(channelName(app, serviceName));
  return {
    app, channel, view: new TailView(channel), apiRoot: session.apiRoot, accountId: session.account.id, sessionId: session.id, manualWorkspace: false, resumable: false,
  };
}

/**
 * The label of an output channel of this extension from its document's URI:
 * VS Code names the document `output:extension-output-<extension id>-#<n>-<label>`.
 */
export function outputChannelLabel(uri: vscode.Uri, extensionId: string): string | undefined {
  if (uri.scheme !== 'output') return undefined;
  const prefix = `extension-output-${extensionId.toLowerCase()}-#`;
  const path = uri.path.replace(/^\//, '');
  if (!path.toLowerCase().startsWith(prefix)) return undefined;
  return /^\d+-(.*)$/s.exec(path.slice(prefix.length))?.[1];
}

function keyOf(apiRoot: string, app: AppRef): string {
  return `${apiRoot}|${appKey(app)}`;
}

/** "AppHost: shop-api", "AppHost: shop-api (acme)"; with several services "AppHost: shop-api (Staging)", "AppHost: shop-api (acme, Staging)". */
function channelName(app: AppRef, serviceName: string | undefined): string {
  const qualifiers = [workspaceHeader(app.workspace), serviceName].filter(Boolean);
  return qualifiers.length ? `AppHost: ${app.name} (${qualifiers.join(', ')})` : `AppHost: ${app.name}`;
}
