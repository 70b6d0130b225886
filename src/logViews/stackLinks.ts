// Stack frames in AppHost's logs (tail channels, deploy log tabs, recent lines tabs) as
// links to the code: `/app/src/routes/orders.js:42:17` opens src/routes/orders.js at
// line 42 of the folder linked to the app. Only files that exist there are links.
//
// Cost: VS Code asks a DocumentLinkProvider only for documents an editor shows (the
// Output panel showing the channel), after their text changed, debounced; the tail's
// pipeline never sees it. Lines without a digit after `:`, `(` or `line ` are skipped by
// one test, and each distinct file is looked up once per CACHE_MS (a stat, or a bounded
// search for JVM frames, which name a class's file but not its folder).
import * as vscode from 'vscode';
import { settings } from '../settings';
import { findFrames, folderPathOf, readSourceRoots, type SourceRoots, type StackFrame } from '../logs';
import type { AppRef } from '../model';
import { DEPLOY_LOG_SCHEME, RECENT_LOG_SCHEME } from '../schemes';
import { LOG_LANGUAGE } from './logChannel';

/** Where a frame's file was found (or not) recently. */
interface Lookup {
  readonly at: number;
  readonly found: Promise<unknown>;
}

const CACHE_MS = 10_000;
const CACHE_ENTRIES = 5_000;
/** Distinct files looked up for one document at most (a log of frames from thousands of files is not a stack trace). */
const LOOKUPS_PER_DOCUMENT = 500;
/** JVM frames: matches a search may return (the first wins; more would only cost). */
const SEARCH_LIMIT = 2;
const SEARCH_EXCLUDE = '**/{node_modules,.git,build,target,out,dist,.gradle}/**';

export interface StackLinkSources {
  /** The app whose log this document shows (a tail's channel, a deploy log, recent lines). */
  appOf(uri: vscode.Uri): AppRef | undefined;
  /** The workspace folders linked to the app (src/deploy's folder links). */
  foldersOf(app: AppRef): readonly vscode.Uri[];
}

export class StackLinks implements vscode.DocumentLinkProvider {
  private readonly cache = new Map<string, Lookup>();

  constructor(private readonly sources: StackLinkSources) {}

  async provideDocumentLinks(doc: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.DocumentLink[]> {
    const app = this.sources.appOf(doc.uri);
    const folders = app ? this.sources.foldersOf(app) : [];
    if (folders.length === 0) return [];
    const found: { line: number; frame: StackFrame }[] = [];
    for (let line = 0; line < doc.lineCount && !token.isCancellationRequested; line++) {
      for (const frame of findFrames(doc.lineAt(line).text)) found.push({ line, frame });
    }
    // The mapping of each folder, read once per call: a change of the setting applies at once.
    const roots = folders.map((folder) => ({ folder, roots: readSourceRoots(settings.sourceRoots(folder)) }));
    const targets = new Map<string, Promise<vscode.Uri | undefined>>();
    const keyOf = (frame: StackFrame) => `${frame.search ? '?' : ''}${frame.path}`;
    for (const { frame } of found) {
      if (!targets.has(keyOf(frame)) && targets.size < LOOKUPS_PER_DOCUMENT) targets.set(keyOf(frame), this.locate(frame, roots));
    }
    const links: vscode.DocumentLink[] = [];
    for (const { line, frame } of found) {
      const file = await targets.get(keyOf(frame));
      if (!file || token.isCancellationRequested) continue;
      const link = new vscode.DocumentLink(new vscode.Range(line, frame.start, line, frame.end), file.with({ fragment: `L${frame.line}${frame.column ? `,${frame.column}` : ''}` }));
      link.tooltip = vscode.l10n.t('Open {0} at line {1}', vscode.workspace.asRelativePath(file), frame.line);
      links.push(link);
    }
    return links;
  }

  /** The frame's file in the first linked folder that has it. */
  private async locate(frame: StackFrame, folders: readonly { folder: vscode.Uri; roots: SourceRoots }[]): Promise<vscode.Uri | undefined> {
    for (const { folder, roots } of folders) {
      if (frame.search) {
        const file = await this.cached(`?${folder.toString()}|${frame.path}`, () => search(folder, frame.path));
        if (file) return file;
        continue;
      }
      const relative = folderPathOf(frame.path, roots);
      if (!relative) continue;
      const candidate = vscode.Uri.joinPath(folder, ...relative.split('/'));
      if (await this.cached(candidate.toString(), () => isFile(candidate))) return candidate;
    }
    return undefined;
  }

  /** A lookup's answer, reused for CACHE_MS. */
  private cached<T>(key: string, look: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.found as Promise<T>;
    if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
    const found = look();
    this.cache.set(key, { at: Date.now(), found });
    return found;
  }
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}

/** A JVM frame's file (`com/shop/OrderService.java`) anywhere in the folder: by its package's folders, else by its name alone when only one file has it. */
async function search(folder: vscode.Uri, packagePath: string): Promise<vscode.Uri | undefined> {
  const [byPackage] = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `**/${packagePath}`), SEARCH_EXCLUDE, SEARCH_LIMIT);
  if (byPackage) return byPackage;
  const name = packagePath.split('/').at(-1)!;
  if (name === packagePath) return undefined;
  const byName = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `**/${name}`), SEARCH_EXCLUDE, SEARCH_LIMIT);
  return byName.length === 1 ? byName[0] : undefined;
}

/** The documents whose stack frames are links: tail channels, deploy log tabs, recent lines tabs. */
export const STACK_LINK_DOCUMENTS: vscode.DocumentSelector = [
  { scheme: 'output', language: LOG_LANGUAGE },
  { scheme: DEPLOY_LOG_SCHEME },
  { scheme: RECENT_LOG_SCHEME },
];

export function registerStackLinks(context: vscode.ExtensionContext, sources: StackLinkSources): StackLinks {
  const provider = new StackLinks(sources);
  context.subscriptions.push(vscode.languages.registerDocumentLinkProvider(STACK_LINK_DOCUMENTS, provider));
  return provider;
}
