// Drag and drop in the Resources view: drop an app onto a database to link them.
// Rows are recognised by their contextValue (the same grammar the menus use), and the
// drop runs the `apphost.database.link` command, which confirms and reports errors.
import * as vscode from 'vscode';
import type { TreeNode } from './commandTarget';
import { sameApp, type AppRef } from '../model';

/** Our own mime type: the apps being dragged, as plain refs. */
import { APPS_MIME } from '../schemes';
import { ownCommand } from '../commandCalls';


async function contextValueOf(node: TreeNode): Promise<string> {
  return (await node.getTreeItem()).contextValue ?? '';
}

function appRefOf(node: TreeNode): AppRef | undefined {
  const withRef = node as TreeNode & { appRef?(): AppRef };
  return typeof withRef.appRef === 'function' ? withRef.appRef() : undefined;
}

/** A database accepts an app, and so do its Linked Apps group and rows (where links show). */
const DROP_TARGET = /^(database(:|$)|databaseGroup:linkedApps(:|$)|linkedApp(:|$))/;

export class ResourcesDragAndDrop implements vscode.TreeDragAndDropController<TreeNode> {
  readonly dragMimeTypes = [APPS_MIME];
  readonly dropMimeTypes = [APPS_MIME];

  async handleDrag(source: readonly TreeNode[], dataTransfer: vscode.DataTransfer): Promise<void> {
    const apps: AppRef[] = [];
    for (const node of source) {
      if (!/^app(:|$)/.test(await contextValueOf(node))) continue;
      const ref = appRefOf(node);
      // An app selected both under Apps and under its server is dragged once.
      if (ref && !apps.some((a) => sameApp(a, ref))) apps.push({ service: ref.service, workspace: ref.workspace, id: ref.id, name: ref.name });
    }
    if (apps.length) dataTransfer.set(APPS_MIME, new vscode.DataTransferItem(apps));
  }

  async handleDrop(target: TreeNode | undefined, dataTransfer: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    if (!target || !DROP_TARGET.test(await contextValueOf(target))) return;
    // Each app carries its service: the link command refuses an app of another service than the database's.
    const apps = await droppedApps(dataTransfer);
    for (const app of apps) {
      if (token.isCancellationRequested) return;
      await ownCommand('apphost.database.link', target, app);
    }
  }
}

/** The refs set by handleDrag; the value may come back as the objects or as JSON text. */
async function droppedApps(dataTransfer: vscode.DataTransfer): Promise<AppRef[]> {
  const item = dataTransfer.get(APPS_MIME);
  if (!item) return [];
  let value: unknown = item.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter((r): r is AppRef => !!r && typeof r.service === 'string' && typeof r.id === 'string' && typeof r.name === 'string');
}
