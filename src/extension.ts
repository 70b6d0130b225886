import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { setServiceUrl } from './commands/serviceUrl';
import { ResourcesProvider } from './tree/resourcesProvider';

/** What integration tests can reach through `extension.exports`. */
export interface AppHostTestApi {
  readonly resources: ResourcesProvider;
}

// Activation does no network I/O: views fetch their data only when shown.
export function activate(context: vscode.ExtensionContext): AppHostTestApi {
  const log = vscode.window.createOutputChannel('AppHost', { log: true });
  const resources = new ResourcesProvider(() => []);
  const view = vscode.window.createTreeView('apphost.resources', { treeDataProvider: resources, showCollapseAll: true });
  context.subscriptions.push(log, resources, view);

  registerCommands(context, log, {
    'apphost.setServiceUrl': setServiceUrl,
    'apphost.refresh': () => resources.refresh(),
    'apphost.showLog': () => log.show(),
  });
  void vscode.commands.executeCommand('setContext', 'apphost.signedIn', false);

  return { resources };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
