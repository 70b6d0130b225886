// Deploy, link, unlink and the status bar's actions.
import * as vscode from 'vscode';
import { signedIn } from '../kit/targets';
import { inform, serviceNoticeOf } from '../kit/notices';
import { serviceNotice, type Connections } from '../connections';
import { onService, type Core, type ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { folderOf, pickAndLink, pickFolder, pickLink, refOf, resolveTarget } from './deployTarget';
import { deployFlow } from './deployFlow';
import { report, type DeployResult } from './deployRun';
import type { FolderLink } from './folderLinks';
import { deployArea, type DeployArea } from './';
import { PRE_DEPLOY_SETTING, PreDeployTaskError } from './preDeployTask';
import { type AppRef, UserCancelled } from '../model';
import { notify } from '../notices';
import { forgetAllowedTasks } from '../actions/taskConsent';
import { foreignCommand, ownCommand } from '../commandCalls';
import type { Action } from '../kit/action';

export const deployActions: readonly Action[] = [
  { command: 'apphost.app.deploy', run: (s: ServiceCore, target?: CommandTarget) => deploy(s, deployArea(s), target) },
  { command: 'apphost.folder.deploy', needs: 'folder', run: (s: ServiceCore, uri?: vscode.Uri) => deploy(s, deployArea(s), uri) },
  { command: 'apphost.folder.link', consent: 'harmless', needs: 'folder', run: (s: ServiceCore, uri?: vscode.Uri) => linkFolder(s, deployArea(s), uri) },
  { command: 'apphost.folder.unlink', consent: 'harmless', needs: 'folder', run: (s: ServiceCore, uri?: vscode.Uri) => unlinkFolder(s.connections, deployArea(s), uri) },
  { command: 'apphost.folder.actions', consent: 'harmless', needs: 'folder', run: (s: ServiceCore, uri?: vscode.Uri) => linkedAppActions(s, deployArea(s), uri) },
  { command: 'apphost.tasks.forgetPermissions', consent: 'harmless', needs: 'none', run: forgetTaskPermissions },
];

/** Deploys a folder to its app (see deployTarget.ts for where each comes from). Resolves with the result (tests read it). */
async function deploy(s: ServiceCore, area: DeployArea, target: CommandTarget | vscode.Uri | undefined): Promise<DeployResult | undefined> {
  const t = await resolveTarget(s, area.links, target);
  await signedIn(onService(s, t.app.service));
  try {
    const done = await deployFlow(s, area, t);
    if (!done) {
      void notify('info', serviceNoticeOf(s, vscode.l10n.t('A deploy of {0} is already running.', t.app.name), t.app.service));
      return undefined;
    }
    // The report waits for the user's answer: another deploy may start meanwhile.
    await report(onService(s, t.app.service), area, done.plan, done.result);
    return done.result;
  } catch (error) {
    if (!(error instanceof PreDeployTaskError)) throw error;
    await showPreDeployError(s, error);
    return undefined;
  }
}

/** Every `apphost` task allowed "always" in this workspace asks again on its next run. */
async function forgetTaskPermissions(s: Core): Promise<void> {
  const count = await forgetAllowedTasks(s);
  void notify('info', count
    ? vscode.l10n.t('AppHost forgot {0} task(s) allowed "always" in this workspace: each asks again before it runs.', count)
    : vscode.l10n.t('No AppHost task is allowed "always" in this workspace: each asks before it runs.'));
}

/** Why the pre-deploy task kept the deploy from starting; the setting is one click away when it is the fix. */
async function showPreDeployError(s: ServiceCore, error: PreDeployTaskError): Promise<void> {
  s.log.warn(`[deploy] ${error.message}`);
  const open = vscode.l10n.t('Open Settings');
  const choice = await notify('error', error.message, ...(error.fix === 'setting' ? [open] : []));
  if (choice === open) await foreignCommand('workbench.action.openSettings', PRE_DEPLOY_SETTING);
}

async function linkFolder(s: ServiceCore, area: DeployArea, uri?: vscode.Uri): Promise<AppRef> {
  await signedIn(s);
  const folder = uri ? folderOf(uri) : await pickFolder(vscode.l10n.t('Link which folder to an app?'));
  const app = await pickAndLink(s, area.links, folder);
  const hasRemote = area.links.remoteFor(folder, app) !== undefined;
  void inform(
    onService(s, app.service),
    hasRemote
      ? vscode.l10n.t('Folder {0} is linked to {1}.', folder.name, app.name)
      : vscode.l10n.t('Folder {0} is linked to {1}. Its git remote is added (after asking) when you first deploy.', folder.name, app.name),
  );
  return app;
}

async function unlinkFolder(services: Connections, area: DeployArea, uri?: vscode.Uri): Promise<void> {
  const links = area.links.links();
  const link = uri ? area.links.linkOf(folderOf(uri)) : links.length === 1 ? links[0] : links.length ? await pickLink(services, links, vscode.l10n.t('Unlink which folder?')) : undefined;
  if (!link) {
    void notify('info', vscode.l10n.t('No open folder is linked to an AppHost app.'));
    return;
  }
  await area.links.unlink(link.folder);
  const note = link.how === 'remote' ? ` ${vscode.l10n.t('Its git remote "{0}" stays; AppHost ignores it until you link the folder again.', link.remote ?? '')}` : '';
  void notify('info', serviceNotice(services.nameWhenSeveral(link.service), `${vscode.l10n.t('Folder {0} is no longer linked to {1}.', link.folder.name, link.app.name)}${note}`));
}

type ActionItem = vscode.QuickPickItem & { run?: () => Thenable<unknown> };

/** The status bar item's menu: the linked app's everyday actions. */
async function linkedAppActions(s: ServiceCore, area: DeployArea, uri?: vscode.Uri): Promise<void> {
  const link: FolderLink | undefined = uri ? area.links.linkOf(folderOf(uri)) : area.statusBar.shown();
  if (!link) {
    await linkFolder(s, area, uri);
    return;
  }
  const app = await refOf(s, link);
  // Each action runs for the user with its own capability (a fresh one per call: commandCalls.ts).
  const cmd = (id: `apphost.${string}`, target: unknown) => () => ownCommand(id, target);
  const items: ActionItem[] = [
    { label: `$(cloud-upload) ${vscode.l10n.t('Deploy')}`, description: vscode.l10n.t('git push, then the build live in a tab'), run: cmd('apphost.app.deploy', app) },
    ...(s.connections.of(app.service).offers.lacks('rebuild') ? [] : [{ label: `$(sync) ${vscode.l10n.t('Rebuild App')}`, description: vscode.l10n.t('built again from its last push; nothing pushed'), run: cmd('apphost.app.rebuild', app) }]),
    ...(s.connections.of(app.service).offers.lacks('run') ? [] : [{ label: `$(run) ${vscode.l10n.t('Run Command…')}`, description: vscode.l10n.t('a one-off command in a new container'), run: cmd('apphost.app.runCommand', app) }]),
    { label: `$(output) ${vscode.l10n.t('Tail Logs')}`, run: cmd('apphost.logs.tail', app) },
    { label: `$(edit) ${vscode.l10n.t('Open Config')}`, run: cmd('apphost.config.edit', app) },
    { label: `$(globe) ${vscode.l10n.t('Open in Browser')}`, run: cmd('apphost.app.openInBrowser', app) },
    { label: `$(list-tree) ${vscode.l10n.t('Reveal in AppHost View')}`, run: cmd('apphost.app.reveal', app) },
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(link) ${vscode.l10n.t('Link Folder to Another App…')}`, run: cmd('apphost.folder.link', link.folder.uri) },
    { label: `$(debug-disconnect) ${vscode.l10n.t('Unlink Folder')}`, run: cmd('apphost.folder.unlink', link.folder.uri) },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('{0} (folder {1})', link.app.name, link.folder.name),
    placeHolder: vscode.l10n.t('What to do with {0}', link.app.name),
  });
  if (!picked?.run) throw new UserCancelled();
  await picked.run();
}

