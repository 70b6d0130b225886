// Activation loads only what must exist before anything is used. Everything else lives in
// dist/features.js (src/features.ts) and is loaded on first use: the first look at a view,
// the first command, the first apphost: file, deploy log or recent lines tab, the first request. Until then
// the stand-ins below take their place.
import * as vscode from 'vscode';
import type { Connections } from './connections';
import { editorSaves } from './editors/editorSaves';
import type { ActivationParts, Features } from './features';
import { APPS_MIME, DEPLOY_LOG_SCHEME, DETAILS_SCHEME, DIAGNOSIS_SCHEME, RECENT_LOG_SCHEME, SCHEME, SNAPSHOT_SCHEME, TASK_TYPE } from './schemes';
import { ServiceDecorations } from './serviceDecorations';

export class LazyFeatures {
  private parts: ActivationParts | undefined;
  private loaded: Features | undefined;
  private code: typeof import('./features') | undefined;

  /** What activation built; the features are built from it when first needed. */
  init(parts: ActivationParts): void {
    this.parts = parts;
  }

  /** The features' code (one require, on first call), without building them. */
  module(): typeof import('./features') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
    this.code ??= require('./features') as typeof import('./features');
    return this.code;
  }

  /** The features, built on the first call (synchronously). */
  get(): Features {
    if (!this.parts) throw new Error('AppHost is not activated');
    this.loaded ??= this.module().activateFeatures(this.parts);
    return this.loaded;
  }
}

/** A view's data provider until its real one (in the features) is needed: the first look builds it. */
export class LazyTreeProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.TreeDataProvider<T>) {}

  private get real(): vscode.TreeDataProvider<T> {
    const provider = this.load();
    this.forwarding ??= provider.onDidChangeTreeData?.((e) => this.changed.fire(e));
    return provider;
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.real.getTreeItem(element);
  }
  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.real.getChildren(element);
  }
  getParent(element: T): vscode.ProviderResult<T> {
    return this.real.getParent?.(element);
  }
  resolveTreeItem(item: vscode.TreeItem, element: T, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem> {
    const real = this.real;
    return real.resolveTreeItem ? real.resolveTreeItem(item, element, token) : item;
  }

  /** Drag and drop in this view, handled by the real controller once there is something to drag. */
  dragAndDrop(load: () => vscode.TreeDragAndDropController<T>): vscode.TreeDragAndDropController<T> {
    return {
      dragMimeTypes: [APPS_MIME],
      dropMimeTypes: [APPS_MIME],
      handleDrag: (source, data, token) => load().handleDrag?.(source, data, token),
      handleDrop: (target, data, token) => load().handleDrop?.(target, data, token),
    };
  }

  dispose(): void {
    this.changed.dispose();
    this.forwarding?.dispose();
  }
}

/**
 * Every command the extension contributes, each building the features when first run.
 * package.json lists them all (an integration test checks the features handle exactly those).
 * What a command returns reaches whoever ran it, another extension included: only the
 * extension's own tests (ExtensionMode.Test) get it.
 */
function registerCommandStubs(context: vscode.ExtensionContext, features: LazyFeatures): void {
  const listed = (context.extension.packageJSON.contributes?.commands ?? []) as { command: string }[];
  const answers = context.extensionMode === vscode.ExtensionMode.Test;
  for (const { command } of listed) {
    context.subscriptions.push(vscode.commands.registerCommand(command, async (...args: unknown[]) => {
      const result = await features.get().invoke(command, args);
      return answers ? result : undefined;
    }));
  }
}

/** The apphost: file system, forwarding to config editing (built when a file is first used). */
class LazyFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly features: LazyFeatures) {}

  private get real(): vscode.FileSystemProvider {
    const fs = this.features.get().fileSystem;
    this.forwarding ??= fs.onDidChangeFile((e) => this.changed.fire(e));
    return fs;
  }

  watch(uri: vscode.Uri, options: { readonly recursive: boolean; readonly excludes: readonly string[] }): vscode.Disposable {
    return this.real.watch(uri, options);
  }
  stat(uri: vscode.Uri): vscode.FileStat | Thenable<vscode.FileStat> {
    return this.real.stat(uri);
  }
  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] | Thenable<[string, vscode.FileType][]> {
    return this.real.readDirectory(uri);
  }
  createDirectory(uri: vscode.Uri): void | Thenable<void> {
    return this.real.createDirectory(uri);
  }
  readFile(uri: vscode.Uri): Uint8Array | Thenable<Uint8Array> {
    return this.real.readFile(uri);
  }
  writeFile(uri: vscode.Uri, content: Uint8Array, options: { readonly create: boolean; readonly overwrite: boolean }): void | Thenable<void> {
    return this.real.writeFile(uri, content, options);
  }
  delete(uri: vscode.Uri, options: { readonly recursive: boolean }): void | Thenable<void> {
    return this.real.delete(uri, options);
  }
  rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): void | Thenable<void> {
    return this.real.rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.changed.dispose();
    this.forwarding?.dispose();
  }
}

/** Read-only documents (deploy logs, recent lines, server snapshots, details), read when a tab asks (which builds the features). */
type ReadOnlyDocuments = vscode.TextDocumentContentProvider & { onDidChange: vscode.Event<vscode.Uri> };

class LazyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly real: () => ReadOnlyDocuments) {}

  provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): vscode.ProviderResult<string> {
    const logs = this.real();
    this.forwarding ??= logs.onDidChange((changed) => this.changed.fire(changed));
    return logs.provideTextDocumentContent(uri, token);
  }

  dispose(): void {
    this.changed.dispose();
    this.forwarding?.dispose();
  }
}

/** AppHost's tasks ("Deploy <app>"), built by the deploy area when VS Code first asks for tasks (Run Task, tasks.json). */
class LazyTaskProvider implements vscode.TaskProvider {
  constructor(private readonly features: LazyFeatures) {}

  provideTasks(token: vscode.CancellationToken): vscode.ProviderResult<vscode.Task[]> {
    return this.features.get().deployTasks.provideTasks(token);
  }
  resolveTask(task: vscode.Task, token: vscode.CancellationToken): vscode.ProviderResult<vscode.Task> {
    return this.features.get().deployTasks.resolveTask(task, token);
  }
}

/** What must be registered from activation on, standing in for the features until they load; returns the tabs' decorations (for tests). */
export function registerStandIns(context: vscode.ExtensionContext, features: LazyFeatures, connections: Connections): ServiceDecorations {
  const decorations = registerDocumentProviders(context, features, connections);
  context.subscriptions.push(vscode.tasks.registerTaskProvider(TASK_TYPE, new LazyTaskProvider(features)));
  registerCommandStubs(context, features);
  return decorations;
}

/**
 * Every document scheme of AppHost, registered one way: at activation, by a stand-in that
 * forwards to the features' provider (a restored tab can ask before anything else ran).
 * Their tabs' service decorations too (small, from the settings alone: no need to wait).
 */
function registerDocumentProviders(context: vscode.ExtensionContext, features: LazyFeatures, connections: Connections): ServiceDecorations {
  const decorations = new ServiceDecorations(connections);
  context.subscriptions.push(decorations, vscode.window.registerFileDecorationProvider(decorations));
  const fileSystem = new LazyFileSystem(features);
  context.subscriptions.push(fileSystem, vscode.workspace.registerFileSystemProvider(SCHEME, fileSystem, { isCaseSensitive: true }));
  // Saves are announced from now on: a restored tab may be saved before the features are built.
  editorSaves(context);
  const documents: Record<string, () => ReadOnlyDocuments> = {
    [DEPLOY_LOG_SCHEME]: () => features.get().deployLogs,
    [RECENT_LOG_SCHEME]: () => features.get().recentLines,
    [SNAPSHOT_SCHEME]: () => features.get().snapshots,
    [DETAILS_SCHEME]: () => features.get().details,
    [DIAGNOSIS_SCHEME]: () => features.get().diagnoses,
  };
  for (const [scheme, real] of Object.entries(documents)) {
    const provider = new LazyDocuments(real);
    context.subscriptions.push(provider, vscode.workspace.registerTextDocumentContentProvider(scheme, provider));
  }
  return decorations;
}
