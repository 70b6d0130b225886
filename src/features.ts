// The part of the extension loaded on first use (src/lazyFeatures.ts): the tree's nodes,
// command implementations, config editing, log views, deploys, the API client and the
// sign-in flows. Built as dist/features.js; the modules it shares with activation come
// from dist/extension.js, so there is one of each class and one state (esbuild.mjs).
import * as vscode from 'vscode';
import { agentTools, type AgentTools } from './agent';
import { registerActivityView } from './activity/activityView';
import { AppEvents } from './appEvents';
import { commandTable, runCommand } from './commands';
import type { CommandTable } from './commands/commandTypes';
import { ServiceRouting } from './commands/serviceRouting';
import { registerDeploy, type DeployArea } from './deploy';
import { DeployTaskProvider } from './deploy/deployTask';
import type { ConfigFileSystem } from './editors/configFileSystem';
import { registerConfigEditing } from './editors/registerConfigEditing';
import type { DeployLogs } from './logViews/deployLogs';
import type { RecentLines } from './logViews/recentLines';
import { registerLogs, type LogsArea } from './logViews/registerLogs';
import type { Services } from './services';
import { AutoRefresh } from './tree/autoRefresh';
import { ResourcesDragAndDrop } from './tree/dragAndDrop';
import { ListNode } from './tree/listNode';
import { ResourcesProvider } from './tree/resourcesProvider';
import type { TreeNode } from './tree/commandTarget';
import { ResourceRoots } from './tree/roots';
import { ROOTS, ThrottleHealer } from './tree/throttleHealer';
import { TreeService } from './tree/treeService';
import { TreeState } from './tree/treeState';
import { ThrottleStatusBar } from './throttleStatus';

export { ApiClient } from './api/apiClient';
export { RequestBudget } from './api/requestBudget';
export * as signInFlows from './auth/signIn';

/** What activation built, handed to the features. */
export type ActivationParts = Pick<Services, 'context' | 'log' | 'sessions' | 'connection' | 'connections' | 'auth' | 'workspaces' | 'view'> & {
  readonly activityView: vscode.TreeView<vscode.TreeItem>;
};

export interface Features {
  readonly services: Services;
  /** Runs a command of the table, reporting its failure like every command. */
  invoke(id: string, args: unknown[]): Promise<unknown>;
  readonly commandIds: readonly string[];
  readonly resources: vscode.TreeDataProvider<TreeNode>;
  readonly dragAndDrop: vscode.TreeDragAndDropController<TreeNode>;
  readonly activity: vscode.TreeDataProvider<vscode.TreeItem>;
  readonly logs: LogsArea;
  readonly deploy: DeployArea;
  /** The `apphost` tasks: "Deploy <app>" for each linked folder. */
  readonly deployTasks: vscode.TaskProvider;
  readonly fileSystem: ConfigFileSystem;
  readonly deployLogs: DeployLogs;
  readonly recentLines: RecentLines;
  /** The tools of the chat's agent mode (registered at activation, src/agent/registration.ts). */
  readonly agentTools: AgentTools;
}

export function activateFeatures(parts: ActivationParts): Features {
  const { context, connection, connections, workspaces, view } = parts;
  const tree = new TreeState();
  const roots = new ResourceRoots(connections, parts.auth, workspaces, tree);
  const resources = new ResourcesProvider(roots);
  // Lists a service throttled keep their rows and refresh themselves once it allows.
  const healer = new ThrottleHealer(connections.anyBudget(), (node) => (node === ROOTS ? resources.refresh(undefined, { refetch: false }) : resources.refresh(node)));
  ListNode.healer = healer;
  const events = new AppEvents();
  // Each app's reads go to its own service.
  const treeService = new TreeService(resources, tree, (service) => connections.of(service).api());
  context.subscriptions.push(
    resources, healer, events,
    new AutoRefresh(view, () => roots.refreshers((node) => resources.refresh(node))),
    new ThrottleStatusBar(connection.budget),
    connections.onDidChange(() => {
      tree.clearWorkspaceNodes(); // another session or service: the workspaces it shows are not this one's
      resources.refresh();
    }),
    // The user expands an app: its process report (one request) says whether it really runs.
    view.onDidExpandElement(({ element }) => {
      treeService.expanded(element);
    }),
    // A new process report: the rows of that app show the state it gives.
    tree.onStateChanged((app) => treeService.rerenderApp(app)),
    workspaces.onDidChange(() => resources.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('apphost.maskSecrets')) resources.refresh(undefined, { refetch: false });
    }),
  );
  const services: Services = { ...parts, resources, tree, treeService, events, healer };
  const editing = registerConfigEditing(services);
  const deploy = registerDeploy(services);
  // Stack frames in logs lead to the folders linked to the app.
  const logs = registerLogs(services, (app) => deploy.links.linksOf(app).map((l) => l.folder.uri));
  const activity = registerActivityView(services, parts.activityView);
  // Each service gets its own table (its Services' connection is its connection): a command acts on its row's service.
  const routing = new ServiceRouting(services, (view): CommandTable => ({
    ...commandTable(view),
    'apphost.activity.refresh': () => activity.refresh(),
    'apphost.activity.loadMore': () => activity.loadMore(),
  }));
  return {
    services,
    invoke: (id, args) => runCommand(parts.log, id, args, (command, given) => routing.route(command, given)),
    commandIds: routing.ids(),
    resources,
    dragAndDrop: new ResourcesDragAndDrop(),
    activity,
    logs,
    deploy,
    deployTasks: new DeployTaskProvider(services, deploy),
    fileSystem: editing.fileSystem,
    deployLogs: logs.deployLogs,
    recentLines: logs.recentLines,
    agentTools: agentTools(services),
  };
}
