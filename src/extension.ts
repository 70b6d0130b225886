import * as vscode from 'vscode';
import { registerActivityView } from './activity/activityView';
import { AppHostAuthProvider } from './auth/authProvider';
import { SessionStore } from './auth/sessionStore';
import { Workspaces } from './auth/workspaces';
import { commandTable, registerCommands } from './commands';
import { Connection } from './connection';
import { registerDeploy, type DeployArea } from './deploy';
import { registerConfigEditing } from './editors/registerConfigEditing';
import { registerLogs, type LogsArea } from './logViews/registerLogs';
import type { Services } from './services';
import { AppEvents } from './appEvents';
import { AccountStatusBar } from './statusBar';
import { ThrottleStatusBar } from './throttleStatus';
import { AppNode } from './tree/appNode';
import { ListNode } from './tree/listNode';
import { ResourcesProvider, type TreeNode } from './tree/resourcesProvider';
import { ROOTS, ThrottleHealer } from './tree/throttleHealer';
import { TreeService } from './tree/treeService';
import { AutoRefresh } from './tree/autoRefresh';
import { ResourcesDragAndDrop } from './tree/dragAndDrop';
import { ResourceRoots } from './tree/roots';
import { TreeState } from './tree/treeState';

/** What integration tests can reach through `extension.exports`. */
export interface AppHostTestApi extends Services {
  readonly logUri: vscode.Uri;
  readonly globalStorageUri: vscode.Uri;
  readonly logs: LogsArea;
  readonly deploy: DeployArea;
}

// Activation does no network I/O: views fetch their data only when shown.
export function activate(context: vscode.ExtensionContext): AppHostTestApi {
  const log = vscode.window.createOutputChannel('AppHost', { log: true });
  const userAgent = `apphost-vscode/${context.extension.packageJSON.version} VSCode/${vscode.version}`;
  const sessions = new SessionStore(context.secrets);
  const apiLog = { debug: (m: string) => log.debug(m), info: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  const connection = new Connection(sessions, apiLog, userAgent);
  const auth = new AppHostAuthProvider(connection, sessions, log);
  const workspaces = new Workspaces(context.globalState);
  const tree = new TreeState();
  const resources = new ResourcesProvider(new ResourceRoots(connection, auth, workspaces, tree));
  // Several rows may be selected: lifecycle and log commands act on every selected app.
  const view = vscode.window.createTreeView('apphost.resources', {
    treeDataProvider: resources, showCollapseAll: true, canSelectMany: true, dragAndDropController: new ResourcesDragAndDrop(),
  });
  // Lists the service throttled keep their rows and refresh themselves once it allows.
  const healer = new ThrottleHealer(connection.budget, (node) => (node === ROOTS ? resources.refresh(undefined, { refetch: false }) : resources.refresh(node)));
  ListNode.healer = healer;
  context.subscriptions.push(
    log, sessions, connection, auth, workspaces, resources, view, healer,
    new AccountStatusBar(connection, workspaces),
    new ThrottleStatusBar(connection.budget),
    new AutoRefresh(view, resources, connection.budget),
    connection.onDidChange(() => {
      tree.workspaceNodes.clear(); // another session: the workspaces it shows are not this one's
      resources.refresh();
    }),
    // The user expands an app: its process report (one request) says whether it really runs.
    view.onDidExpandElement(({ element }) => {
      if (element instanceof AppNode) void element.readState().catch(() => undefined); // a failure shows in its Processes group
    }),
    // A new process report: the rows of that app show the state it gives.
    tree.onStateChanged((app) => {
      for (const row of tree.rowsOf(app)) resources.refresh(row as unknown as TreeNode, { refetch: false });
    }),
    workspaces.onDidChange(() => resources.refresh()),
  );
  const treeService = new TreeService(resources, tree, () => connection.api());
  const events = new AppEvents();
  context.subscriptions.push(events);
  const services: Services = { context, log, sessions, connection, auth, workspaces, resources, view, tree, treeService, events, healer };
  registerConfigEditing(services);
  const logs = registerLogs(services);
  const deploy = registerDeploy(services);
  registerCommands(context, log, commandTable(services));
  registerActivityView(services);

  return { ...services, logs, deploy, logUri: context.logUri, globalStorageUri: context.globalStorageUri };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
