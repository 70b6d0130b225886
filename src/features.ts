// The part of the extension loaded on first use (src/lazyFeatures.ts): the tree's nodes,
// command implementations, config editing, log views, deploys, the API client and the
// sign-in flows. Built as dist/features.js; the modules it shares with activation come
// from dist/extension.js, so there is one of each class and one state (esbuild.mjs).
import * as vscode from 'vscode';
import { agentTools, type AgentTools } from './agent';
import { registerActivityView } from './activity/activityView';
import type { RequestBudget } from './api/requestBudget';
import { AppEvents } from './appEvents';
import { ACTIONS } from './commands';
import { APP_ACTIONS } from './actions';
import type { Action } from './kit/action';
import type { AppAction } from './kit/appAction';
import { runCommand } from './kit/running';
import { asksOthers, consentToCommand } from './actions/consent';
import { ServiceRouting } from './commands/serviceRouting';
import { registerDeploy, type DeployArea } from './deploy';
import { registerRunTerminals, type RunTerminals } from './actions/runTerminal';
import { DeployTaskProvider } from './deploy/deployTask';
import type { ConfigFileSystem } from './editors/configFileSystem';
import type { DetailsDocuments } from './editors/detailsDocuments';
import type { ServerSnapshots } from './editors/serverSnapshots';
import { registerConfigEditing } from './editors/registerConfigEditing';
import type { DeployLogs } from './logViews/deployLogs';
import type { RecentLines } from './logViews/recentLines';
import type { DiagnosisDocuments } from './logViews/diagnoses';
import { registerLogs, type LogsArea } from './logViews/registerLogs';
import type { Connections } from './connections';
import { errorMessage } from './connection';
import type { Core } from './core';
import { AutoRefresh } from './tree/autoRefresh';
import { QuietRefresh } from './tree/quietRefresh';
import { ResourcesDragAndDrop } from './tree/dragAndDrop';
import { ListNode } from './tree/listNode';
import { ResourcesProvider } from './tree/resourcesProvider';
import { serviceOfTarget, type TreeNode } from './tree/commandTarget';
import { ResourceRoots } from './tree/roots';
import { ROOTS, ThrottleHealer } from './tree/throttleHealer';
import { TreeControl } from './tree/treeControl';
import { TreeState } from './tree/treeState';
import { showOffers } from './kit/offered';
import { ThrottleStatusBar } from './throttleStatus';
import { offerMachineSettings } from './machineSettingsOffer';

export { ApiClient } from './api/apiClient';
export { RequestBudget } from './api/requestBudget';
export * as signInFlows from './auth/signIn';

/** What activation built, handed to the features. */
export type ActivationParts = Pick<Core, 'context' | 'log' | 'sessions' | 'connections' | 'auth' | 'workspaces'> & {
  readonly view: vscode.TreeView<TreeNode>;
  readonly activityView: vscode.TreeView<vscode.TreeItem>;
};

/** The tree's insides, for the extension's own tests only: commands and areas go through `Core.tree`. */
export interface TreeInsides {
  readonly resources: ResourcesProvider;
  readonly view: vscode.TreeView<TreeNode>;
  readonly state: TreeState;
  /** One round of the auto-refresh now, every part whatever its budget. */
  autoRefreshNow(): Promise<void>;
}

export interface Features {
  readonly core: Core;
  /** The rate-limit status bar item (what it shows, for the extension's own tests). */
  readonly throttleStatus: Pick<ThrottleStatusBar, 'shown'>;
  /** What only the extension's own tests reach (AppHostTestApi): the tree's insides. */
  readonly treeInsides: TreeInsides;
  /** Runs a command of the table, reporting its failure like every command. */
  invoke(id: string, args: unknown[]): Promise<unknown>;
  readonly commandIds: readonly string[];
  /** Every action (its command), and the actions on one app that also make a tool or a task. */
  readonly actions: readonly Action[];
  readonly appActions: readonly AppAction[];
  readonly resources: vscode.TreeDataProvider<TreeNode>;
  readonly dragAndDrop: vscode.TreeDragAndDropController<TreeNode>;
  readonly activity: vscode.TreeDataProvider<vscode.TreeItem>;
  readonly logs: LogsArea;
  readonly deploy: DeployArea;
  /** The terminals of one-off commands (Run Command…, `apphost` tasks with a command). */
  readonly runs: RunTerminals;
  /** The `apphost` tasks: "Deploy <app>" for each linked folder. */
  readonly deployTasks: vscode.TaskProvider;
  readonly fileSystem: ConfigFileSystem;
  readonly deployLogs: DeployLogs;
  readonly recentLines: RecentLines;
  readonly diagnoses: DiagnosisDocuments;
  readonly snapshots: ServerSnapshots;
  readonly details: DetailsDocuments;
  /** The tools of the chat's agent mode (registered at activation, src/agent/registration.ts). */
  readonly agentTools: AgentTools;
}

/** The request budget of a service (undefined: the first); undefined once the service is no longer known. */
function budgetOf(connections: Connections, service: string | undefined): RequestBudget | undefined {
  try {
    return connections.of(service).budget;
  } catch {
    return undefined; // removed meanwhile: nothing to heal
  }
}

export function activateFeatures(parts: ActivationParts): Features {
  const { context, connections, workspaces, view } = parts;
  const state = new TreeState();
  const roots = new ResourceRoots(connections, parts.auth, workspaces, state);
  const resources = new ResourcesProvider(roots);
  // Lists a service throttled keep their rows and refresh themselves once that service allows.
  const healer = new ThrottleHealer(
    (node) => budgetOf(connections, node === ROOTS ? undefined : serviceOfTarget(node.commandTarget())),
    (node) => (node === ROOTS ? resources.refresh(undefined, { refetch: false }) : resources.refresh(node)),
  );
  ListNode.healer = healer;
  const events = new AppEvents();
  // Each app's reads go to its own service.
  // Names the throttled services (every service's budget: a 429 on any of them shows).
  const throttleStatus = new ThrottleStatusBar(
    () => connections.all().map((c) => ({ name: connections.nameWhenSeveral(c.apiRoot()), budget: c.budget })),
    connections.onDidChange,
  );
  const tree = new TreeControl(resources, state, (service) => connections.of(service).api(), view, healer);
  // The auto-refresh re-renders only the lists that changed.
  const quiet = new QuietRefresh(view);
  const refreshers = () => roots.refreshers((shown) => quiet.run(shown, (node) => resources.refresh(node, { refetch: false })));
  context.subscriptions.push(
    resources, healer, events,
    quiet,
    new AutoRefresh(view, refreshers, parts.log),
    throttleStatus,
    connections.onDidChange(() => {
      state.clearWorkspaceNodes(); // another session or service: the workspaces it shows are not this one's
      resources.refresh();
    }),
    // The user expands an app: its process report (one request) says whether it really runs.
    view.onDidExpandElement(({ element }) => {
      tree.expanded(element);
    }),
    // A new process report: the rows of that app show the state it gives.
    state.onStateChanged((app) => tree.rerenderApp(app)),
    workspaces.onDidChange(() => resources.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('apphost.maskSecrets')) resources.refresh(undefined, { refetch: false });
    }),
  );
  const { log, sessions, auth } = parts;
  const core: Core = { context, log, sessions, connections, auth, workspaces, tree, events };
  // A service found lacking a capability (a 404), or offering it again: the view and the palette follow.
  context.subscriptions.push(showOffers(core));
  // A remote window: what the remote machine's settings hold from before application scope is offered once.
  void offerMachineSettings(context).catch((error: unknown) => log.warn(`The offer to move settings failed: ${errorMessage(error)}`));
  const editing = registerConfigEditing(core);
  const deploy = registerDeploy(core);
  const runs = registerRunTerminals(core);
  // Stack frames in logs lead to the folders linked to the app.
  const logs = registerLogs(core, (app) => deploy.links.linksOf(app).map((l) => l.folder.uri));
  const activity = registerActivityView(core, parts.activityView);
  // A command acts on its row's service: its run gets that service's ServiceCore.
  const routing = new ServiceRouting(core, ACTIONS);
  // What AppHost's question calls each command: its title, as the palette shows it.
  const titles = new Map(((context.extension.packageJSON.contributes?.commands ?? []) as { command: string; title: string }[]).map((c) => [c.command, c.title]));
  return {
    core,
    treeInsides: { resources, view, state, autoRefreshNow: async () => void (await Promise.all(refreshers().map((part) => part.refresh()))) },
    throttleStatus,
    invoke: (id, args) => runCommand(parts.log, id, args, (command, given) => routing.route(command, given),
      async (command, given) => {
        const action = routing.action(command);
        return action && asksOthers(action, given) ? consentToCommand(core, titles.get(command) ?? command, given) : undefined;
      }),
    commandIds: routing.ids(),
    actions: ACTIONS,
    appActions: APP_ACTIONS,
    resources,
    dragAndDrop: new ResourcesDragAndDrop(),
    activity,
    logs,
    deploy,
    runs,
    deployTasks: new DeployTaskProvider(core, deploy),
    fileSystem: editing.fileSystem,
    deployLogs: logs.deployLogs,
    recentLines: logs.recentLines,
    diagnoses: logs.diagnoses,
    snapshots: editing.snapshots,
    details: editing.details,
    agentTools: agentTools(core),
  };
}
