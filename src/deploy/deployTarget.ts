// Which folder goes to which app, from wherever Deploy (or Link) was started: a folder
// in the Explorer (a Uri), an app in the tree or the status bar (an app), or the
// palette (nothing). What the user picks on the way is remembered as the folder's link.
import * as vscode from 'vscode';
import { activeWorkspace, pickApp, resolveApp } from '../kit/targets';
import type { Connections } from '../connections';
import { onService, type Core, type ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { askService } from '../servicePick';
import type { FolderLink, FolderLinks } from './folderLinks';
import { type AppRef, UserCancelled } from '../model';
import { ask } from '../notices';
import { whereText } from '../actions/consent';

export interface DeployTarget {
  folder: vscode.WorkspaceFolder;
  app: AppRef;
}

/**
 * An AppRef for a linked app of the link's service; by name (the API accepts names as ids)
 * while the tree has not shown its id.
 */
export async function refOf(s: Core, link: Pick<FolderLink, 'app' | 'service'>): Promise<AppRef> {
  const { app, service } = link;
  return app.id ? { service, workspace: app.workspace, id: app.id, name: app.name } : { service, workspace: (await activeWorkspace(onService(s, service))).slug, id: app.name, name: app.name };
}

export function folderOf(uri: vscode.Uri): vscode.WorkspaceFolder {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) throw new Error(vscode.l10n.t('{0} is not in an open workspace folder.', uri.fsPath));
  return folder;
}

export async function resolveTarget(s: ServiceCore, links: FolderLinks, arg: CommandTarget | vscode.Uri | undefined): Promise<DeployTarget> {
  if (arg instanceof vscode.Uri) {
    const folder = folderOf(arg);
    const link = links.linkOf(folder);
    return { folder, app: link ? await refOf(s, link) : await pickAndLink(s, links, folder) };
  }
  if (arg !== undefined) {
    const app = await resolveApp(s, arg);
    const folder = links.linksOf(app)[0]?.folder ?? (await chooseFolderFor(links, app));
    return { folder, app };
  }
  const all = links.links();
  if (all.length === 1) return confirmBareDeploy(s, { folder: all[0].folder, app: await refOf(s, all[0]) });
  if (all.length > 1) {
    const picked = await pickLink(s.connections, all, vscode.l10n.t('Deploy which folder?'));
    return { folder: picked.folder, app: await refOf(s, picked) };
  }
  const folder = await pickFolder(vscode.l10n.t('Deploy which folder?'));
  return { folder, app: await pickAndLink(s, links, folder) };
}

/**
 * Nothing named and nothing picked (the palette, or anyone's call with no argument: both
 * look the same): one question naming the app, the folder and the service before a push.
 */
async function confirmBareDeploy(s: ServiceCore, target: DeployTarget): Promise<DeployTarget> {
  const { app, folder } = target;
  const deploy = vscode.l10n.t('Deploy');
  const question = vscode.l10n.t('Deploy {0} from folder {1}?', app.name, folder.name);
  const what = vscode.l10n.t('git push of the folder\'s commits to the app, which is then built and released.');
  if ((await ask('warning', question, `${whereText(s, app)}\n\n${what}`, deploy)) !== deploy) throw new UserCancelled();
  return target;
}

/** Asks for the folder's app (of the service asked first when several are signed in) and remembers the choice. */
export async function pickAndLink(s: ServiceCore, links: FolderLinks, folder: vscode.WorkspaceFolder): Promise<AppRef> {
  const service = await askService(s.connections);
  const app = await pickApp(service ? onService(s, service) : s, vscode.l10n.t('Select the app of folder {0}', folder.name));
  await links.link(folder, app);
  return app;
}

/** The folder to deploy an app from that no folder is linked to yet: asked (and confirmed when it is the only one). */
async function chooseFolderFor(links: FolderLinks, app: AppRef): Promise<vscode.WorkspaceFolder> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) throw new Error(vscode.l10n.t('Open the folder of {0}\'s code first: AppHost deploys it with git push.', app.name));
  let folder: vscode.WorkspaceFolder;
  if (folders.length === 1) {
    const deploy = vscode.l10n.t('Link and Deploy');
    const choice = await ask('info',
      vscode.l10n.t('Deploy folder {0} to {1}?', folders[0].name, app.name), vscode.l10n.t('No open folder is linked to {0} yet. AppHost will remember that folder {1} is its code.', app.name, folders[0].name),
      deploy);
    if (choice !== deploy) throw new UserCancelled();
    folder = folders[0];
  } else {
    folder = await pickFolder(vscode.l10n.t('Deploy which folder to {0}?', app.name));
  }
  await links.link(folder, app);
  return folder;
}

export async function pickFolder(title: string): Promise<vscode.WorkspaceFolder> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (!folders.length) throw new Error(vscode.l10n.t('Open a folder first: AppHost deploys a folder\'s git repository.'));
  if (folders.length === 1) return folders[0];
  const picked = await vscode.window.showWorkspaceFolderPick({ placeHolder: title });
  if (!picked) throw new UserCancelled();
  return picked;
}

export async function pickLink(services: Connections, all: readonly FolderLink[], title: string): Promise<FolderLink> {
  const picked = await vscode.window.showQuickPick(
    all.map((l) => ({ label: l.app.name, description: vscode.l10n.t('folder {0}', l.folder.name), detail: services.nameWhenSeveral(l.service), link: l })),
    { title, placeHolder: vscode.l10n.t('Select a linked folder') },
  );
  if (!picked) throw new UserCancelled();
  return picked.link;
}
