// Activation: only what must exist before anything is used (sign-in state, status bars,
// the views and every command as stand-ins). The rest, the tree's nodes included, loads
// on first use from dist/features.js (src/features.ts, src/lazyFeatures.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { handUri, vouch } from './callers';
import type { AgentTools } from './agent';
import { registerAgentTools, type AgentToolRegistration } from './agent/registration';
import { AppHostAuthProvider } from './auth/authProvider';
import { SessionStore } from './sessionStore';
import { Workspaces } from './auth/workspaces';
import { Connection } from './connection';
import { Connections } from './connections';
import type { DeployArea } from './deploy';
import type { ConfigFileSystem } from './editors/configFileSystem';
import { LazyFeatures, LazyTreeProvider, registerStandIns } from './lazyFeatures';
import type { LogsArea } from './logViews/registerLogs';
import type { Core } from './core';
import type { Features, TreeInsides } from './features';
import type { ServiceDecorations } from './serviceDecorations';
import { AccountStatusBar } from './statusBar';
import type { TreeNode } from './tree/commandTarget';

/**
 * What the extension's own tests reach through `extension.exports`: only when VS Code runs
 * it in test mode (see activate). Installed, AppHost exports nothing, since any extension can
 * read `exports` and these objects hold the signed-in token.
 */
export interface AppHostTestApi extends Core {
  /** The first service's connection (`connections.first`), what most tests speak to. */
  readonly connection: Connection;
  /** The tree's insides (the provider, the view, TreeState): tests look behind `tree`, the door. */
  readonly treeInsides: TreeInsides;
  readonly logUri: vscode.Uri;
  readonly globalStorageUri: vscode.Uri;
  readonly logs: LogsArea;
  readonly deploy: DeployArea;
  /** The one-off command terminals (what each wrote). */
  readonly runs: Features['runs'];
  /** The apphost: file system (config.env, checks.json, app.json) and its gate. */
  readonly fileSystem: ConfigFileSystem;
  /** The commands the features handle (each one package.json contributes). */
  readonly commandIds: readonly string[];
  /** The action descriptors the commands, tools and tasks are built from. */
  readonly actions: Features['actions'];
  readonly appActions: Features['appActions'];
  /** What the rate-limit status bar item shows (undefined while hidden). */
  readonly throttleStatus: Features['throttleStatus'];
  /** The agent tools' implementations (prepare and invoke, as VS Code calls them). */
  readonly agentTools: AgentTools;
  /** The agent tools registered with VS Code now (none before 1.95, or while turned off). */
  readonly agentToolRegistration: AgentToolRegistration;
  /** The editor tabs' service decorations (registered at activation). */
  readonly serviceDecorations: ServiceDecorations;
  /**
   * Makes an argument AppHost's own (a status bar item's, a button's): tests play those doors.
   * A Uri is handed over as AppHost hands one (a fresh wrapper, callers.ts), never vouched itself.
   */
  readonly vouch: <T>(value: T) => T;
}

// Activation does no network I/O: views fetch their data only when shown.
export function activate(context: vscode.ExtensionContext): AppHostTestApi | undefined {
  // The pure modules (api/, configText/) speak through @vscode/l10n: the same strings as VS Code's.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const log = vscode.window.createOutputChannel('AppHost', { log: true });
  const userAgent = `apphost-vscode/${context.extension.packageJSON.version} VSCode/${vscode.version}`;
  const sessions = new SessionStore(context.secrets);
  const features = new LazyFeatures();
  const connection = new Connection(sessions, log, userAgent, () => features.module());
  // One connection per known service (its own client, budget and session); `connection` is the first's (`connections.first`).
  const connections = new Connections(connection, (url) => new Connection(sessions, log, userAgent, () => features.module(), () => url));
  const auth = new AppHostAuthProvider(connections, sessions, log, () => features.module().signInFlows);
  const workspaces = new Workspaces(context.globalState);
  // The views exist from the start; their rows come from the features, on first look.
  const resources = new LazyTreeProvider<TreeNode>(() => features.get().resources);
  const view = vscode.window.createTreeView('apphost.resources', {
    treeDataProvider: resources, showCollapseAll: true, canSelectMany: true, dragAndDropController: resources.dragAndDrop(() => features.get().dragAndDrop),
  });
  const activity = new LazyTreeProvider<vscode.TreeItem>(() => features.get().activity);
  const activityView = vscode.window.createTreeView('apphost.activity', { treeDataProvider: activity });
  context.subscriptions.push(
    log, sessions, connection, connections, auth, workspaces, resources, view, activity, activityView,
    new AccountStatusBar(connections, workspaces),
  );
  features.init({ context, log, sessions, connections, auth, workspaces, view, activityView });
  const decorations = registerStandIns(context, features, connections);
  const tools = registerAgentTools(context, features);
  context.subscriptions.push(tools);
  // An open git folder may be linked to an app: its status bar item shows at once, so the
  // features load right after activation (not during it).
  if (vscode.workspace.workspaceFolders?.some((f) => f.uri.scheme === 'file' && existsSync(join(f.uri.fsPath, '.git')))) setTimeout(() => features.get(), 0);
  // ExtensionMode.Test is set by VS Code itself, only for an extension under development
  // run with extensionTestsPath: an installed extension is always in Production mode.
  return context.extensionMode === vscode.ExtensionMode.Test ? testApi(context, features, tools, decorations) : undefined;
}

/** The core objects, built on first access (tests reach them right after activation). */
function testApi(context: vscode.ExtensionContext, features: LazyFeatures, agentToolRegistration: AgentToolRegistration, serviceDecorations: ServiceDecorations): AppHostTestApi {
  const asAppHost = <T>(value: T): T => (value instanceof vscode.Uri ? (handUri(value) as T) : vouch(value));
  const api = { logUri: context.logUri, globalStorageUri: context.globalStorageUri, agentToolRegistration, serviceDecorations, vouch: asAppHost } as AppHostTestApi;
  const fields = ['context', 'log', 'sessions', 'connections', 'auth', 'workspaces', 'tree', 'events'] as const;
  for (const field of fields) Object.defineProperty(api, field, { enumerable: true, get: () => features.get().core[field] });
  Object.defineProperty(api, 'connection', { enumerable: true, get: () => features.get().core.connections.first });
  Object.defineProperty(api, 'treeInsides', { enumerable: true, get: () => features.get().treeInsides });
  Object.defineProperty(api, 'logs', { enumerable: true, get: () => features.get().logs });
  Object.defineProperty(api, 'deploy', { enumerable: true, get: () => features.get().deploy });
  Object.defineProperty(api, 'runs', { enumerable: true, get: () => features.get().runs });
  Object.defineProperty(api, 'fileSystem', { enumerable: true, get: () => features.get().fileSystem });
  Object.defineProperty(api, 'commandIds', { enumerable: true, get: () => features.get().commandIds });
  Object.defineProperty(api, 'actions', { enumerable: true, get: () => features.get().actions });
  Object.defineProperty(api, 'appActions', { enumerable: true, get: () => features.get().appActions });
  Object.defineProperty(api, 'throttleStatus', { enumerable: true, get: () => features.get().throttleStatus });
  Object.defineProperty(api, 'agentTools', { enumerable: true, get: () => features.get().agentTools });
  return api;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
