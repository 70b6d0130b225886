import * as vscode from 'vscode';
import { AppHostAuthProvider } from './auth/authProvider';
import { SessionStore } from './auth/sessionStore';
import { createToken, manageTokens } from './auth/tokenCommands';
import { Workspaces } from './auth/workspaces';
import { registerCommands } from './commands';
import { setServiceUrl } from './commands/serviceUrl';
import { addWorkspace, removeWorkspace, switchWorkspace } from './commands/workspaces';
import { Connection } from './connection';
import { AccountStatusBar } from './statusBar';
import { ResourcesProvider, type TreeNode } from './tree/resourcesProvider';
import { resourceRoots } from './tree/roots';
import type { WorkspaceNode } from './tree/workspaceNode';

/** What integration tests can reach through `extension.exports`. */
export interface AppHostTestApi {
  readonly resources: ResourcesProvider;
  readonly connection: Connection;
  readonly auth: AppHostAuthProvider;
  readonly log: vscode.LogOutputChannel;
  readonly logUri: vscode.Uri;
  readonly globalStorageUri: vscode.Uri;
}

// Activation does no network I/O: views fetch their data only when shown.
export function activate(context: vscode.ExtensionContext): AppHostTestApi {
  const log = vscode.window.createOutputChannel('AppHost', { log: true });
  const userAgent = `apphost-vscode/${context.extension.packageJSON.version} VSCode/${vscode.version}`;
  const sessions = new SessionStore(context.secrets);
  const connection = new Connection(sessions, { debug: (m) => log.debug(m), info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) }, userAgent);
  const auth = new AppHostAuthProvider(connection, sessions, log);
  const workspaces = new Workspaces(context.globalState);
  const resources = new ResourcesProvider(resourceRoots(connection, auth, workspaces));
  const view = vscode.window.createTreeView('apphost.resources', { treeDataProvider: resources, showCollapseAll: true });
  context.subscriptions.push(
    log, sessions, connection, auth, workspaces, resources, view,
    new AccountStatusBar(connection, workspaces),
    connection.onDidChange(() => resources.refresh()),
    workspaces.onDidChange(() => resources.refresh()),
  );

  registerCommands(context, log, {
    'apphost.setServiceUrl': setServiceUrl,
    'apphost.signIn': () => auth.signIn(),
    'apphost.signOut': () => auth.signOut(),
    'apphost.tokens.manage': () => manageTokens(connection, sessions),
    'apphost.tokens.create': () => createToken(connection, sessions),
    'apphost.workspace.add': () => addWorkspace(connection, workspaces),
    'apphost.workspace.remove': (node?: WorkspaceNode) => removeWorkspace(connection, workspaces, node),
    'apphost.workspace.switch': () => switchWorkspace(connection, workspaces),
    'apphost.refresh': (node?: TreeNode) => resources.refresh(node),
    'apphost.showLog': () => log.show(),
  });

  return { resources, connection, auth, log, logUri: context.logUri, globalStorageUri: context.globalStorageUri };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
