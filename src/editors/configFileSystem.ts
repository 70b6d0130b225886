// The `apphost:` file system: config.env, checks.json, app.json and buildpacks of each app as
// editor tabs. Reading renders the server's state and remembers it as the base of
// the three-way merge; saving validates, re-reads the server, merges and sends only
// the changes (see README.md). Every failure throws a FileSystemError, which makes
// VS Code keep the buffer dirty, so the user's edit is never lost and "save again"
// retries. Only the editor's saves are sent (editorSaves.ts): a write from elsewhere is refused.
import * as vscode from 'vscode';
import type { App, CallOptions } from '../api';
import { errorMessage, type Connection } from '../connection';
import { serviceNotice, type Connections } from '../connections';
import { parseDocumentUri, type DocumentAddress } from './apphostUri';
import {
  applyChangeSet, diffMaps, isEmptyChangeSet, NO_CHANGES, remainingChanges, touchedKeys, type ChangeSet, type FlatMap,
} from '../configText/configDiff';
import { sendChanges, ReadBackFailed, type SendOutcome } from '../configText/configSend';
import { documentKind, FILE_NAMES, type DocumentKindSpec, type ParsedDocument } from '../configText/documentKinds';
import type { EditBases } from './editBases';
import type { DocumentKeys } from './documentKeys';
import type { SaveOrigins } from './editorSaves';
import { messageOf, notFromEditor, partialMessage, refusal, waitNotice, withStop } from './fileSystemTexts';
import type { SavePrompts } from './savePrompts';
import { describeProblem, type TextProblem } from '../configText/textProblem';
import { resolveMerge, threeWayMerge } from '../configText/threeWayMerge';
import { appKey, type AppRef, sameApp } from '../model';
import { notify } from '../notices';

interface OpenDocument {
  /** Values the buffer was opened with (or last saved as): the merge base. Unset until read. */
  base?: Record<string, string>;
  /**
   * Changes only on save or when we ask VS Code to reload: a newer mtime would make VS
   * Code refuse the save, a changed etag (mtime and size) would make it read again.
   */
  mtime: number;
  /** Text to serve on the next read instead of fetching (the merged state right after a save). */
  next?: string;
}

export interface SavedChange {
  address: DocumentAddress;
  /** What was sent (empty when the save sent nothing). */
  changes: ChangeSet;
  /**
   * The server's state after the save: as re-read before writing, plus `changes`. The tree
   * shows it without reading again.
   */
  state: Record<string, string>;
  /** app.json: the app as the PUT returned it. */
  app?: App;
  /** The app's new name after a rename through app.json. */
  renamedTo?: string;
}

/** Conflict resolution reads the server again; after this many changes in between, give up. */
const MAX_MERGE_ROUNDS = 3;

export class ConfigFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly docs = new Map<string, OpenDocument>();
  /** Current names of renamed apps (URIs keep the name they were opened with). */
  private readonly names = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly saved = new vscode.EventEmitter<SavedChange>();
  /** After every successful save, with the server's new state (tree rows, rename). */
  readonly onDidSave = this.saved.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    /** Each document's requests go to its app's service. */
    private readonly connections: Pick<Connections, 'of' | 'firstId' | 'nameWhenSeveral'>,
    private readonly prompts: SavePrompts,
    /** Merge bases kept across window reloads (hot exit). */
    private readonly bases: EditBases,
    /** Only addresses AppHost opened for the user are served: another extension cannot read or write an app's config. */
    readonly keys: DocumentKeys,
    /** Which writes are the editor's saves: the only ones sent to the service. */
    private readonly saves: SaveOrigins,
  ) {
    this.disposables.push(
      // A merged save brought in remote changes: once VS Code has marked the buffer saved, reload it.
      vscode.workspace.onDidSaveTextDocument((doc) => {
        const open = this.docs.get(doc.uri.toString());
        if (open?.next !== undefined) this.touch(doc.uri, open);
      }),
      // A closed document has no edit to protect: its base goes (and is read afresh next time).
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.scheme !== 'apphost' || !this.parse(doc.uri)) return;
        this.docs.delete(doc.uri.toString());
        void this.bases.forget(doc.uri);
      }),
    );
  }

  // ---- reading ----

  watch(): vscode.Disposable {
    // Changes are announced by this provider itself (after saves and tree edits).
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    if (!this.parse(uri)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const open = this.open(uri);
    // Size 0 always: the size is only known after a read, and a stat that changes with it
    // would make VS Code read again (and reset the merge base) behind the user's back.
    return { type: vscode.FileType.File, ctime: 0, mtime: open.mtime, size: 0 };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const address = this.address(uri);
    await this.keys.check(uri, refusal(uri));
    const open = this.open(uri);
    if (open.next !== undefined) {
      const text = open.next;
      open.next = undefined;
      return new TextEncoder().encode(text);
    }
    const rendered = await this.call(address, 'read', (spec, api, opts) => spec.read(api, address.app.id, opts));
    open.base = rendered.values;
    await this.bases.remember(uri, rendered.values);
    return new TextEncoder().encode(rendered.text);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  // ---- validating ----

  /** The buffer's problems, for diagnostics as the user types (undefined: not one of ours). */
  check(uri: vscode.Uri, text: string): TextProblem[] | undefined {
    const address = this.parse(uri);
    if (!address) return undefined;
    return this.spec(address).parse(text, this.docs.get(uri.toString())?.base ?? {}).problems;
  }

  // ---- saving ----

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const address = this.address(uri);
    await this.keys.check(uri, refusal(uri));
    // Another extension's write of an open tab's address (it can read it) asks nothing of the user: refused.
    if (!this.saves.take(uri, content)) throw vscode.FileSystemError.NoPermissions(notFromEditor(address, this.current(address.app).name));
    const open = this.open(uri);
    const spec = this.spec(address);
    const file = FILE_NAMES[address.kind];
    // An editor restored after a reload (hot exit) was not read in this session: its base was kept.
    open.base ??= await this.bases.recall(uri);
    const mine = spec.parse(new TextDecoder().decode(content), open.base ?? {});
    refuseProblems(mine);
    // Same values as read (only comments or order changed): nothing to send, so nothing to read either.
    if (open.base && isEmptyChangeSet(diffMaps(open.base, mine.values))) {
      open.mtime = nextTime(open.mtime);
      return;
    }
    // Asked before reading the server, so no remote change can slip in while the user decides.
    if (address.kind === 'config' && !isEmptyChangeSet(diffMaps(open.base ?? {}, mine.values))
      && !(await this.prompts.confirmRestart(this.current(address.app)))) {
      throw new vscode.FileSystemError(vscode.l10n.t('Not saved: you cancelled. Your edits are kept.'));
    }
    const result = await this.call(address, 'save', async (_, api, opts) => {
      for (let round = 1; ; round++) {
        const theirs = await spec.read(api, address.app.id, opts);
        // No base at all (a restored editor whose base was lost): what the user started from is
        // unknown, so every value that differs from the server's is a conflict to look at first.
        const unknownBase = !open.base;
        const base = open.base ?? theirs.values;
        const merge = unknownBase ? unknownBaseMerge(mine.values, theirs.values) : threeWayMerge(base, mine.values, theirs.values);
        if (merge.kind === 'merged') return { ...merge, state: theirs.state };
        const winner = await this.prompts.resolveConflict(uri, this.current(address.app), address.kind, merge.conflicts, theirs.text, unknownBase);
        if (!winner) {
          throw new vscode.FileSystemError(vscode.l10n.t('Not saved: {0} changed on the server since you opened {1}. Your edits are kept.', merge.conflicts.join(', '), file));
        }
        // The answer may have taken a while: decide on what the server holds now.
        const now = await spec.read(api, address.app.id, opts);
        if (sameMap(now.values, theirs.values) || round >= MAX_MERGE_ROUNDS) {
          return { ...resolveMerge(base, mine.values, now.values, winner), state: now.state };
        }
      }
    });
    let sent: { renamedTo?: string; app?: App } = {};
    if (!isEmptyChangeSet(result.changes)) {
      const outcome = await this.send(address, spec, result.changes);
      if (!outcome.complete) {
        // Part of it went through: that part is the new base (the tree shows it), the rest
        // stays in the editor, dirty, for the next save. The mtime stays: saving again works.
        const state = applyChangeSet(result.state, outcome.applied);
        open.base = spec.render(state).values;
        await this.bases.remember(uri, open.base);
        this.saved.fire({ address, changes: outcome.applied, state });
        throw new vscode.FileSystemError(partialMessage(outcome.applied, remainingChanges(result.changes, outcome.applied), outcome.reason));
      }
      sent = outcome.sent;
      if (sent.renamedTo) this.names.set(appKey(address.app), sent.renamedTo);
    }
    // The server now holds what we read plus what we sent: no need to read it again. Rendered
    // from the whole state (not result.merged), the file keeps naming vars it cannot show.
    const state = applyChangeSet(result.state, result.changes);
    const saved = spec.render(state);
    open.base = saved.values;
    await this.bases.remember(uri, saved.values);
    open.mtime = nextTime(open.mtime);
    // Remote changes were merged in: show them once the save completes.
    if (!sameMap(saved.values, mine.values)) open.next = saved.text;
    this.saved.fire({ address, changes: result.changes, state, app: sent.app, renamedTo: sent.renamedTo });
  }

  /**
   * Sends the changes. When a request fails after the server may have acted on it (the
   * connection dropped) nothing is sent again: the server's state is read back to learn
   * what was applied. Throws (nothing applied) or returns what was, and why the rest was not.
   */
  private async send(address: DocumentAddress, spec: DocumentKindSpec, changes: ChangeSet): Promise<
    { complete: true; sent: { renamedTo?: string; app?: App } } | { complete: false; applied: ChangeSet; reason: string }
  > {
    const api = this.connections.of(address.app.service).api();
    const opts = { workspace: address.app.workspace, priority: 'user' as const, onBudgetWait: waitNotice(address, 'save') };
    let outcome: SendOutcome<{ renamedTo?: string; app?: App }>;
    try {
      outcome = await sendChanges(changes, () => spec.send(api, address.app.id, changes, opts), async () => (await spec.read(api, address.app.id, opts)).state);
    } catch (error) {
      if (error instanceof ReadBackFailed) {
        throw new vscode.FileSystemError(vscode.l10n.t(
          'Not known whether {0} was saved: {1} Reading it back failed too ({2}). Your edits are kept: reopen the file to see what the server holds before saving again.',
          FILE_NAMES[address.kind], withStop(messageOf(error.cause)), messageOf(error.readError),
        ));
      }
      throw new vscode.FileSystemError(vscode.l10n.t('Not saved: {0} Your edits are kept: save again to retry.', withStop(messageOf(error)), ''));
    }
    if (outcome.complete) {
      if (outcome.readBack) {
        void notify('info', serviceNotice(
          this.connections.nameWhenSeveral(address.app.service),
          vscode.l10n.t('{0} was saved: the connection dropped, but reading it back shows your changes on the server.', FILE_NAMES[address.kind]),
        ));
      }
      return { complete: true, sent: outcome.sent ?? {} };
    }
    const reason = messageOf(outcome.cause);
    if (isEmptyChangeSet(outcome.applied)) {
      const checked = outcome.readBack ? ` ${vscode.l10n.t('(Read back: the server did not apply it.)')}` : '';
      throw new vscode.FileSystemError(vscode.l10n.t('Not saved: {0}{1} Your edits are kept: save again to retry.', withStop(reason), checked));
    }
    return { complete: false, applied: outcome.applied, reason };
  }

  /**
   * The server changed (a tree action): reload open documents of the app that have no
   * unsaved edits. Dirty ones keep their base; their next save merges.
   */
  serverChanged(app: AppRef, kind: DocumentAddress['kind']): void {
    const dirty = new Set(vscode.workspace.textDocuments.filter((d) => d.isDirty).map((d) => d.uri.toString()));
    for (const [key, open] of this.docs) {
      const address = this.parse(vscode.Uri.parse(key));
      if (!address || address.kind !== kind || !sameApp(address.app, app) || dirty.has(key)) continue;
      open.next = undefined;
      this.touch(vscode.Uri.parse(key), open);
    }
  }

  /** The app of a URI with its current name. */
  current(app: AppRef): AppRef {
    return { ...app, name: this.names.get(appKey(app)) ?? app.name };
  }

  dispose(): void {
    this.changed.dispose();
    this.saved.dispose();
    for (const d of this.disposables) d.dispose();
  }

  // ---- helpers ----

  private touch(uri: vscode.Uri, open: OpenDocument): void {
    open.mtime = nextTime(open.mtime);
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  private open(uri: vscode.Uri): OpenDocument {
    const key = uri.toString();
    let open = this.docs.get(key);
    if (!open) {
      open = { mtime: Date.now() };
      this.docs.set(key, open);
    }
    return open;
  }

  /** The app and document of one of our URIs (a URI from before several services: the first service's). */
  private parse(uri: vscode.Uri): DocumentAddress | undefined {
    return parseDocumentUri(uri, this.connections.firstId());
  }

  private address(uri: vscode.Uri): DocumentAddress {
    const address = this.parse(uri);
    if (!address) throw vscode.FileSystemError.FileNotFound(uri);
    return address;
  }

  private spec(address: DocumentAddress): DocumentKindSpec {
    const app = this.current(address.app);
    return documentKind(address.kind, address.kind === 'buildpacks'
      ? [
        vscode.l10n.t('Buildpacks of {0}, one URL per line, in the order the build runs them (none: the build detects one).', app.name),
        vscode.l10n.t('Saving sends the whole list; the next deploy uses it.'),
      ]
      : [vscode.l10n.t('Config vars of {0}. Saving sends only what you changed, and restarts the app.', app.name)]);
  }

  /** Runs API calls, turning every failure into a FileSystemError that says the edit is kept. */
  private async call<T>(
    address: DocumentAddress,
    phase: 'read' | 'save',
    run: (spec: DocumentKindSpec, api: ReturnType<Connection['api']>, opts: CallOptions) => Promise<T>,
  ): Promise<T> {
    const file = FILE_NAMES[address.kind];
    try {
      const { api } = await this.connections.of(address.app.service).signedIn();
      return await run(this.spec(address), api, { workspace: address.app.workspace, priority: 'user', onBudgetWait: waitNotice(address, phase) });
    } catch (error) {
      if (error instanceof vscode.FileSystemError) throw error;
      const reason = errorMessage(error);
      throw new vscode.FileSystemError(phase === 'read'
        ? vscode.l10n.t('Cannot open {0} of {1}: {2}', file, this.current(address.app).name, reason)
        : vscode.l10n.t('Not saved: {0} Your edits are kept: save again to retry.', withStop(reason)));
    }
  }
}

/** With no base, every key whose value differs from the server's needs the user's decision. */
function unknownBaseMerge(mine: FlatMap, theirs: FlatMap) {
  const differing = diffMaps(theirs, mine);
  const conflicts = touchedKeys(differing);
  if (!conflicts.length) return { kind: 'merged' as const, changes: NO_CHANGES, merged: { ...theirs } };
  return { kind: 'conflict' as const, conflicts };
}

function refuseProblems(parsed: ParsedDocument): void {
  const errors = parsed.problems.filter((p) => p.severity === 'error');
  if (!errors.length) return;
  const more = errors.length > 1 ? ` ${vscode.l10n.t('({0} more in the Problems panel)', errors.length - 1)}` : '';
  throw new vscode.FileSystemError(`${describeProblem(errors[0])}${more}`);
}

function sameMap(a: FlatMap, b: FlatMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

/** A strictly later mtime even within the same millisecond (VS Code compares them). */
function nextTime(previous: number): number {
  return Math.max(Date.now(), previous + 1);
}

