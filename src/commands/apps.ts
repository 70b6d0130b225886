import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { ownCommand } from '../commandCalls';
import { isNameTaken, teamOfWorkspace } from '../api';
import { domainUrl } from '../format';
import type { ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { isGone, writeOrReadBack } from '../kit/outcome';
import { explained } from '../kit/apiErrors';
import { runAction, confirmByTypingName } from '../kit/prompts';
import { pickApp, pickServer, resolveApp, resolveWorkspace, serverOf, targetOf } from '../kit/targets';
import { isAppName, UserCancelled } from '../model';
import type { Action } from '../kit/action';

const BRANCH = /^(?!\/|.*(?:\.\.|\/\/|@\{|\.lock$|\/$))[A-Za-z0-9._/-]+$/;

export function validateAppName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return vscode.l10n.t('Enter a name');
  if (!isAppName(name)) {
    return vscode.l10n.t('Use lowercase letters, digits and dashes, starting with a letter (e.g. "shop-api").');
  }
  return undefined;
}

function validateBranch(value: string): string | undefined {
  return BRANCH.test(value.trim()) ? undefined : vscode.l10n.t('Not a valid git branch name');
}

/** Create, update, delete and links of apps (start, stop, restart, rebuild: src/actions/, one file each). */
export const appsActions: readonly Action[] = [
  { command: 'apphost.app.create', run: createApp },
  { command: 'apphost.app.update', run: updateApp },
  { command: 'apphost.app.delete', run: deleteApp },
  { command: 'apphost.app.reveal', consent: 'harmless', run: revealApp },
  { command: 'apphost.app.openInBrowser', run: openInBrowser },
  { command: 'apphost.app.copyGitRemote', run: (s: ServiceCore, target?: CommandTarget) => copyFromDetails(s, target, 'gitRemote', (n) => vscode.l10n.t('Git remote of {0} copied.', n)) },
  { command: 'apphost.app.copyPushInstructions', run: (s: ServiceCore, target?: CommandTarget) => copyFromDetails(s, target, 'pushInstructions', (n) => vscode.l10n.t('Push instructions for {0} copied.', n)) },
];

async function createApp(s: ServiceCore, target?: CommandTarget): Promise<void> {
  // From a workspace, its Apps group or a server (not from its Servers or Databases group).
  const { slug: workspace } = await resolveWorkspace(s, target, { from: ['workspace', 'apps', 'server'] });
  const title = vscode.l10n.t('Create an AppHost app');
  const onServer = serverOf(target);
  const server = onServer ? onServer.server : await pickServer(s, workspace, title);
  // A service without workspaces (wokku) puts new apps in the user's own team, whatever is selected.
  const landsInPersonal = !!teamOfWorkspace(workspace);
  const name = await vscode.window.showInputBox({
    title,
    prompt: landsInPersonal
      ? vscode.l10n.t('Name of the new app on {0} (the service puts new apps in your personal workspace, whichever team is selected)', server.name)
      : vscode.l10n.t('Name of the new app on {0}', server.name),
    placeHolder: 'shop-api',
    ignoreFocusOut: true,
    validateInput: validateAppName,
  });
  if (name === undefined) throw new UserCancelled();
  const branch = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Branch that deploys to {0}', name.trim()),
    value: 'main',
    ignoreFocusOut: true,
    validateInput: validateBranch,
  });
  if (branch === undefined) throw new UserCancelled();
  // A 422 is the platform refusing (Dokku's own words, e.g. a name it does not allow) or a validation.
  const action = vscode.l10n.t('Cannot create {0} on {1}', name.trim(), server.name);
  const created = await runAction(s, undefined, vscode.l10n.t('Creating {0}…', name.trim()), () =>
    explained(action, () =>
      s.connections.of(s.service).api().apps.create({ name: name.trim(), serverId: server.id, deployBranch: branch.trim() }, { workspace })
        .catch((error: unknown) => { throw explainTakenName(error, action, name.trim()); })),
  );
  const group = s.tree.listOf(s.service, landsInPersonal ? undefined : workspace, 'apps');
  if (landsInPersonal) void inform(s, vscode.l10n.t('{0} was created in your personal workspace: the service puts new apps there.', created.name));
  if (onServer) s.tree.refresh(onServer.row);
  if (!group) return;
  s.tree.refresh(group);
  const row = await s.tree.appRowIn(group, created.id);
  if (row) await s.tree.reveal(row, { select: true, focus: false, expand: false });
}

/**
 * A taken name, whichever way the service says it (Dokku's "Name is already taken" or the
 * model's "Name has already been taken"): names are unique per server across every team,
 * so the app holding it may be one the user cannot see.
 */
function explainTakenName(error: unknown, action: string, name: string): unknown {
  if (!isNameTaken(error)) return error;
  return new Error(
    vscode.l10n.t('{0}: an app named {1} already exists on that server (names are unique per server, across every team, so it may be one you cannot see). Choose another name.', action, name),
    { cause: error },
  );
}

async function updateApp(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target);
  const current = targetOf(target, 'app')?.data ?? await s.connections.of(app.service).api().apps.get(app.id, { workspace: app.workspace });
  const rename = vscode.l10n.t('Rename…');
  const branch = vscode.l10n.t('Change Deploy Branch…');
  const what = await vscode.window.showQuickPick(
    [
      { label: `$(edit) ${rename}`, description: current.name, key: 'name' as const },
      { label: `$(git-branch) ${branch}`, description: current.deployBranch, key: 'deployBranch' as const },
    ],
    { title: vscode.l10n.t('Update {0}', app.name) },
  );
  if (!what) throw new UserCancelled();
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Update {0}', app.name),
    prompt: what.key === 'name' ? vscode.l10n.t('New name of {0}', app.name) : vscode.l10n.t('Branch that deploys to {0}', app.name),
    value: what.key === 'name' ? current.name : (current.deployBranch ?? 'main'),
    ignoreFocusOut: true,
    validateInput: what.key === 'name' ? validateAppName : validateBranch,
  });
  if (value === undefined) throw new UserCancelled();
  await runAction(s, targetOf(target, 'app')?.row, vscode.l10n.t('Updating {0}…', app.name), () =>
    s.connections.of(app.service).api().apps.update(app.id, { [what.key]: value.trim() }, { workspace: app.workspace }),
  );
  await s.tree.reloadApp(app);
}

async function deleteApp(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to delete'));
  await confirmByTypingName(s, app.name, vscode.l10n.t('This destroys {0}, its config, domains, releases and deploys. Type the app name to confirm.', app.name));
  const api = s.connections.of(app.service).api();
  await runAction(s, targetOf(target, 'app')?.row, vscode.l10n.t('Deleting {0}…', app.name), () =>
    writeOrReadBack(vscode.l10n.t('Deleting {0}', app.name), () => api.apps.delete(app.id, { workspace: app.workspace }),
      () => isGone(() => api.apps.get(app.id, { workspace: app.workspace }))),
  );
  // Its log tail (if any) ends now, not at its next read.
  await s.events.appDeleted(app);
  // Refresh the lists that showed it (the Apps group, the server's apps).
  const parents = new Set(s.tree.listsShowing(app));
  const group = s.tree.listOf(app.service, app.workspace, 'apps');
  if (group) parents.add(group);
  for (const parent of parents) s.tree.refresh(parent);
  void inform(s, vscode.l10n.t('{0} deleted.', app.name));
}

async function openInBrowser(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target);
  const domains = await s.connections.of(app.service).api().domains.list(app.id, { workspace: app.workspace });
  const domain = domains.find((d) => d.sslEnabled) ?? domains[0];
  if (!domain) {
    const add = vscode.l10n.t('Add Domain…');
    const choice = await inform(s, vscode.l10n.t('{0} has no domain yet.', app.name), add);
    if (choice === add) await ownCommand('apphost.domain.add', app);
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(domainUrl(domain)));
}

async function copyFromDetails(s: ServiceCore, target: CommandTarget | undefined, field: 'gitRemote' | 'pushInstructions', done: (name: string) => string): Promise<void> {
  const app = await resolveApp(s, target);
  const details = await s.connections.of(app.service).api().apps.get(app.id, { workspace: app.workspace });
  const value = details[field];
  if (!value) throw new Error(vscode.l10n.t('The service did not return this for {0}.', app.name));
  await vscode.env.clipboard.writeText(value);
  void inform(s, done(app.name));
}

/** Shows the app's row in the Resources view (fetching its workspace's app list if it was never shown). */
async function revealApp(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const app = target === undefined ? await pickApp(s) : await resolveApp(s, target);
  await ownCommand('apphost.resources.focus');
  let row = await s.tree.rowOfApp(app);
  if (!row) {
    // The view lists its workspaces when shown; then each Apps group costs one request, the app's workspace first.
    const deadline = Date.now() + 5000;
    while (!s.tree.showsWorkspaces() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    row = await s.tree.rowOfApp(app, true);
  }
  if (!row) {
    void inform(s, vscode.l10n.t('{0} is not in the AppHost view (is an app filter on?).', app.name));
    return;
  }
  await s.tree.reveal(row, { select: true, focus: true, expand: false });
}
