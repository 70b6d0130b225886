// A deploy's build log, read-only in an editor tab (`apphost-deploy-log:` documents
// in the `apphost-log` language). While the deploy is pending or building the tab
// follows it: the deploy details are re-read at a slowing, budget-friendly pace
// (background priority, below the user's own actions) and the document changes
// when the log grew. Following ends by itself when the deploy finishes, and when
// the tab is closed.
//
// A deploy by `git push` (src/deploy) has its own kind of tab, fed by the push: the
// platform streams the build to the pushing client while its deploy record gets the
// log only when the build ends, so the push's `remote:` lines are the live log, and
// the record (attached once found) tells how it ended.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { ApiError, deployFailed, deployFinished, sleep, splitLines, systemClock, type Deploy } from '../api';
import { AdaptiveInterval, alignWindows, MARKER_PREFIX, type IntervalOptions } from '../logs';
import type { Core } from '../core';
import { showLogDocument } from './logChannel';
import type { AppRef } from '../model';

import { DEPLOY_LOG_SCHEME } from '../schemes';
import { documentKeys, type DocumentKeys } from '../editors/documentKeys';
import { foreignCommand } from '../commandCalls';


interface DocState {
  readonly uri: vscode.Uri;
  readonly app: AppRef;
  /** Empty in a push's tab until the push's deploy is found. */
  deployId: string;
  deploy?: Deploy;
  lines: string[];
  /** The last read failed (shown in the tab; polling goes on unless `fatal`). */
  error?: string;
  fatal?: boolean;
  following?: AbortController;
  /** The follow loop: ends when the deploy finished, its tab closed, or it cannot be read. */
  followed?: Promise<void>;
  /** A tab fed by a running git push (openPush). */
  push?: { title: string; status: string; live: boolean };
}

/** What a deploy by git push does with its tab (DeployLogs.openPush). */
export interface PushLog {
  readonly uri: vscode.Uri;
  /** Build lines as the push receives them. */
  append(lines: readonly string[]): void;
  /** Where the push stands, shown as the tab's last line while it runs. */
  status(text: string): void;
  /** The deploy record the push started. */
  attach(deploy: Deploy): void;
  /** The push ended: the tab shows the record's outcome (and follows it if it has not finished). */
  finish(deploy: Deploy | undefined, status: string): void;
  /** Shows the tab again; false when it was closed. */
  reveal(): Promise<boolean>;
}

export class DeployLogs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** Poll pace while following: 2 s while the log grows, slowing to 10 s when it does not. Tests shorten it. */
  interval: IntervalOptions = { activeMs: 2_000, quietMs: 10_000 };
  private readonly docs = new Map<string, DocState>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Documents whose editors were scrolled to the end before a change: they keep following it. */
  private readonly revealEnd = new Set<string>();
  /** Documents between the close and the reopen of setTextDocumentLanguage. */
  private readonly switchingLanguage = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  /** Addresses AppHost made: a deploy's log is read only for a tab the user opened. */
  private readonly keys: DocumentKeys;
  /** The tabs of failed deploys as last told to VS Code (context key FAILED_LOGS_KEY). */
  private failedShown = '[]';

  constructor(private readonly s: Core) {
    this.keys = documentKeys(s.context);
    this.disposables.push(
      this.changed,
      this.keys.onDidForget((uri) => this.forget(uri.toString())),
      // A service found to lack diagnoses hides the title bar's entry.
      s.connections.onDidChangeOffers(() => this.publishFailed()),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        for (const tab of e.closed) if (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === DEPLOY_LOG_SCHEME) this.closedTab(tab.input.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        const key = doc.uri.toString();
        if (doc.uri.scheme === DEPLOY_LOG_SCHEME && !this.switchingLanguage.has(key)) this.forget(key);
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => this.switchingLanguage.delete(doc.uri.toString())),
      vscode.workspace.onDidChangeTextDocument((e) => this.followEnd(e.document)),
    );
  }

  /** Opens the deploy's log in a tab (reads the deploy first unless given). */
  async open(app: AppRef, deployId: string, known?: Deploy): Promise<vscode.TextEditor> {
    const deploy = known?.log !== undefined ? known : await this.s.connections.of(app.service).api().deploys.get(app.id, deployId, { workspace: app.workspace, priority: 'user' });
    const uri = this.keys.lock(deployLogUri(app, deploy, this.s.connections.nameWhenSeveral(app.service)));
    const key = uri.toString();
    let state = this.docs.get(key);
    if (state) this.accept(state, deploy);
    else this.docs.set(key, (state = { uri, app, deployId: deploy.id, deploy, lines: splitLines(deploy.log ?? '') }));
    this.publishFailed();
    // The document may still be loaded from an earlier tab: make it re-read what was just fetched.
    this.changed.fire(uri);
    if (!state.following) state.followed = this.follow(state);
    return this.show(uri);
  }

  /** How the deploy of the tab at `uri` ended: its record once finished; undefined when its tab closed first or it could not be read. */
  async outcome(uri: vscode.Uri): Promise<Deploy | undefined> {
    const state = this.docs.get(uri.toString());
    await state?.followed;
    const deploy = state?.deploy;
    return deploy && deployFinished(deploy.status) ? deploy : undefined;
  }

  /**
   * Opens a tab for a git push of the app, fed by the caller (see PushLog); `label` names the
   * tab (e.g. the commit). The handle takes lines at once; the tab shows them when it is open.
   */
  openPush(app: AppRef, label: string, title: string, status: string): PushLog {
    const serviceName = this.s.connections.nameWhenSeveral(app.service);
    const query = new URLSearchParams({ app: app.id, push: randomBytes(6).toString('hex'), ...(app.workspace ? { workspace: app.workspace } : {}), service: app.service, ...(serviceName ? { name: app.name } : {}) });
    const uri = this.keys.lock(vscode.Uri.from({ scheme: DEPLOY_LOG_SCHEME, path: `/${withService(app.name, serviceName)}/deploy ${label}.log`, query: query.toString() }));
    const key = uri.toString();
    const state: DocState = { uri, app, deployId: '', lines: [], push: { title, status, live: true } };
    this.docs.set(key, state);
    void this.show(uri).then(undefined, () => undefined);
    let timer: NodeJS.Timeout | undefined;
    // Build lines can come every few milliseconds: the tab re-renders at most ten times a second.
    const soon = () => (timer ??= setTimeout(() => ((timer = undefined), this.update(state)), 100));
    return {
      uri,
      append: (lines) => {
        state.lines.push(...lines);
        soon();
      },
      status: (text) => {
        state.push!.status = text;
        soon();
      },
      attach: (deploy) => {
        state.deployId = deploy.id;
        state.deploy = deploy;
        soon();
      },
      finish: (deploy, text) => {
        if (timer) clearTimeout(timer);
        timer = undefined;
        state.push!.live = false;
        state.push!.status = text;
        if (deploy) {
          state.deployId = deploy.id;
          this.accept(state, deploy);
        }
        this.update(state);
        void this.follow(state);
      },
      reveal: async () => {
        if (!this.docs.has(key)) return false;
        await this.show(uri);
        return true;
      },
    };
  }

  private show(uri: vscode.Uri): Promise<vscode.TextEditor> {
    return showLogDocument(uri, this.switchingLanguage);
  }

  /** Test hook: whether the tab of this deploy is being kept up to date. */
  isFollowing(uri: vscode.Uri): boolean {
    return !!this.docs.get(uri.toString())?.following;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const key = uri.toString();
    let state = this.docs.get(key);
    if (!state && !(await this.keys.admits(uri))) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('AppHost shows a deploy log only in a tab it opened: open the deploy under Deploys in the AppHost view'));
    }
    if (!state && new URLSearchParams(uri.query).has('push')) {
      // A push's tab restored after a reload: the push is gone, its deploy is in the Deploys group.
      return `${MARKER_PREFIX}${vscode.l10n.t('This tab showed a git push that has ended. Its deploy is listed under Deploys in the AppHost view.')}\n`;
    }
    if (!state) {
      // Reopened (or restored) without going through open(): read it now.
      state = { uri, ...parseDeployLogUri(uri, this.s.connections.firstId()), lines: [] };
      this.docs.set(key, state);
      await this.load(state, 'user');
    }
    void this.follow(state);
    return render(state);
  }

  private async load(state: DocState, priority: 'user' | 'background'): Promise<void> {
    try {
      const deploy = await this.s.connections.of(state.app.service).api().deploys.get(state.app.id, state.deployId, { workspace: state.app.workspace, priority, signal: state.following?.signal });
      this.accept(state, deploy);
    } catch (error) {
      state.error = error instanceof Error ? error.message : String(error);
      // Gone, or no longer ours to read: polling again cannot help.
      state.fatal = error instanceof ApiError && [401, 403, 404].includes(error.status);
    }
  }

  private accept(state: DocState, deploy: Deploy): void {
    state.deploy = deploy;
    // A push's tab keeps the lines it received until the record has its log (written when the build ends).
    if (!state.push || deploy.log) state.lines = splitLines(deploy.log ?? '');
    state.error = undefined;
    this.publishFailed();
  }

  /** Test hook: the tabs listed in the context key of failed deploy logs. */
  failedLogTabs(): string[] {
    return JSON.parse(this.failedShown) as string[];
  }

  /** The deploy a log tab shows (its app, and the record once read): Diagnose Failure in the tab's title bar reads it. */
  deployOf(uri: vscode.Uri): { app: AppRef; deploy?: Deploy } | undefined {
    const state = this.docs.get(uri.toString());
    return state && { app: state.app, deploy: state.deploy };
  }

  /**
   * Tells VS Code which tabs show a failed deploy of a service that can diagnose it: the
   * `when` of Diagnose Failure in the editor title is `resource in apphost.failedDeployLogs`.
   */
  private publishFailed(): void {
    const failed = [...this.docs.values()].filter((d) => {
      if (!d.deploy || !deployFailed(d.deploy.status)) return false;
      let offers;
      try {
        offers = this.s.connections.of(d.app.service).offers;
      } catch {
        return false; // its service was removed meanwhile
      }
      return !offers.lacks('diagnose');
    }).map((d) => d.uri.toString());
    const value = JSON.stringify(failed);
    if (value === this.failedShown) return;
    this.failedShown = value;
    void foreignCommand('setContext', FAILED_LOGS_KEY, failed);
  }

  /** Re-reads an unfinished deploy until it finishes, fails for good, or its tab closes. */
  private async follow(state: DocState): Promise<void> {
    if (state.following || !isLive(state)) return;
    const abort = new AbortController();
    state.following = abort;
    const pace = new AdaptiveInterval(this.interval);
    try {
      while (!abort.signal.aborted && isLive(state)) {
        await sleep(systemClock, pace.desiredMs, abort.signal);
        if (abort.signal.aborted) break;
        const before = { lines: state.lines, status: state.deploy?.status, error: state.error };
        await this.load(state, 'background');
        if (abort.signal.aborted) break;
        // The whole log comes each time: the alignment gives exactly what was appended.
        const { fresh } = alignWindows({ lines: before.lines, end: before.lines.length }, { lines: state.lines, complete: true });
        pace.record(fresh.length);
        if (fresh.length || before.status !== state.deploy?.status || before.error !== state.error || before.lines.length !== state.lines.length) this.update(state);
        if (before.status !== state.deploy?.status) this.refreshDeploysGroup(state.app);
        if (before.status !== state.deploy?.status && state.deploy?.status === 'succeeded') this.s.tree.deploysSeen(state.app);
      }
    } finally {
      if (state.following === abort) state.following = undefined;
    }
  }

  private update(state: DocState): void {
    const key = state.uri.toString();
    const atEnd = vscode.window.visibleTextEditors.some((ed) => ed.document.uri.toString() === key && (ed.visibleRanges.at(-1)?.end.line ?? 0) >= ed.document.lineCount - 3);
    if (atEnd) this.revealEnd.add(key);
    this.changed.fire(state.uri);
  }

  /** The Deploys rows of the app show the new status (only re-read where the group is open). */
  private refreshDeploysGroup(app: AppRef): void {
    this.s.tree.reloadPart(app, 'deploys');
  }

  private followEnd(doc: vscode.TextDocument): void {
    const key = doc.uri.toString();
    if (doc.uri.scheme !== DEPLOY_LOG_SCHEME || !this.revealEnd.delete(key)) return;
    const end = new vscode.Range(doc.lineCount - 1, 0, doc.lineCount - 1, 0);
    for (const ed of vscode.window.visibleTextEditors) if (ed.document === doc) ed.revealRange(end, vscode.TextEditorRevealType.Default);
  }

  private closedTab(uri: vscode.Uri): void {
    const key = uri.toString();
    const stillShown = vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key));
    if (!stillShown) this.forget(key);
  }

  /** Stops following and drops the copy: reopening reads the deploy afresh. */
  private forget(key: string): void {
    this.docs.get(key)?.following?.abort();
    this.docs.delete(key);
    this.revealEnd.delete(key);
    this.publishFailed();
  }

  dispose(): void {
    for (const key of [...this.docs.keys()]) this.forget(key);
    for (const d of this.disposables) d.dispose();
  }
}

/** The context key listing the log tabs of failed deploys (see DeployLogs.publishFailed). */
export const FAILED_LOGS_KEY = 'apphost.failedDeployLogs';

function isLive(state: DocState): boolean {
  // A running push feeds its tab itself; reading the record would only show an empty log.
  return !state.fatal && !state.push?.live && !!state.deploy && !deployFinished(state.deploy.status);
}

/** The tab's text: a header line, the build log, and a last line saying where the deploy stands. */
function render(state: DocState): string {
  const d = state.deploy;
  const m = MARKER_PREFIX;
  if (state.push) {
    const body = state.lines.length ? `${state.lines.join('\n')}\n` : '';
    // Once the push ended, the record tells how the deploy ended (and when).
    const ended = !state.push.live && d && deployFinished(d.status) && d.finishedAt;
    const status = ended ? vscode.l10n.t('{0} at {1}', d.status, new Date(d.finishedAt!).toLocaleString()) : state.push.status;
    return `${m}${vscode.l10n.t('Deploy of {0}: {1}', state.app.name, state.push.title)}\n${body}${m}${status}\n`;
  }
  if (!d) return `${m}${vscode.l10n.t('Could not read deploy {0} of {1}: {2}', state.deployId, state.app.name, state.error ?? '?')}\n`;
  const title = [d.commitSha?.slice(0, 7), d.description].filter(Boolean).join(' ');
  const header = `${m}${vscode.l10n.t('Deploy of {0}: {1}', state.app.name, title || d.id)}`;
  const status = !deployFinished(d.status)
    ? state.error
      ? vscode.l10n.t('{0}; could not refresh ({1}), retrying…', d.status, state.error)
      : state.fatal
        ? d.status
        : d.status === 'pending'
          ? vscode.l10n.t('pending: the build has not started yet; this tab updates live')
          // wokku writes a deploy's log when its build ends (the live lines go to its dashboard only).
          : state.lines.length ? vscode.l10n.t('building: this tab updates live') : vscode.l10n.t('building: the service writes the build\'s log when it ends; this tab shows it then')
    : d.finishedAt
      ? vscode.l10n.t('{0} at {1}', d.status, new Date(d.finishedAt).toLocaleString())
      : d.status;
  const stopped = state.fatal && state.error ? `${m}${vscode.l10n.t('no longer following: {0}', state.error)}\n` : '';
  const body = state.lines.length ? `${state.lines.join('\n')}\n` : '';
  return `${header}\n${body}${stopped}${m}${status}\n`;
}

/**
 * `apphost-deploy-log:/storefront/deploy a1b2c3d.log?workspace=…&app=…&deploy=…` (the path is
 * the tab title); with several services, `/storefront (Staging)/…` (the app's name in the query).
 */
export function deployLogUri(app: AppRef, deploy: Pick<Deploy, 'id' | 'commitSha'>, serviceName?: string): vscode.Uri {
  const label = deploy.commitSha?.slice(0, 7) || deploy.id.slice(0, 8);
  const query = new URLSearchParams({ app: app.id, deploy: deploy.id, ...(app.workspace ? { workspace: app.workspace } : {}), service: app.service, ...(serviceName ? { name: app.name } : {}) });
  return vscode.Uri.from({ scheme: DEPLOY_LOG_SCHEME, path: `/${withService(app.name, serviceName)}/deploy ${label}.log`, query: query.toString() });
}

/** The folder part of a log tab's path: the app, and its service while several are known. */
export function withService(name: string, serviceName: string | undefined): string {
  return serviceName ? `${name} (${serviceName})` : name;
}

/** What a deploy log's URI names; one without a service (restored from before several services) is the first service's. */
export function parseDeployLogUri(uri: vscode.Uri, firstService: string): { app: AppRef; deployId: string } {
  const q = new URLSearchParams(uri.query);
  const name = q.get('name') ?? uri.path.split('/')[1] ?? '';
  return { app: { service: q.get('service') ?? firstService, workspace: q.get('workspace') ?? undefined, id: q.get('app') ?? name, name }, deployId: q.get('deploy') ?? '' };
}
