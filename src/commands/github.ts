// GitHub connections of apps (wokku, beyond the specification): connect (the open folders'
// GitHub remotes and their branches offered first), disconnect (asked first, naming the
// repository), and a preview app's pull request in the browser. The actions are written
// once in actions/github.ts; these are the doors.
import * as vscode from 'vscode';
import type { App } from '../api';
import { connectGithub, disconnectGithub, GITHUB_TEXTS, readGithub } from '../actions/github';
import { branchNameProblem } from '../configText/appFile';
import type { ServiceCore } from '../core';
import { gitApi } from '../deploy/gitApi';
import { githubRepoOfRemote } from '../deploy/remotes';
import { isGithubRepo, pullRequestUrl } from '../format';
import { UserCancelled, type AppRef } from '../model';
import type { CommandTarget } from '../tree/commandTarget';
import { explained } from '../kit/apiErrors';
import { inform } from '../kit/notices';
import { noticeNotOffered } from '../kit/offered';
import { confirm, withProgress } from '../kit/prompts';
import { appOf, inWorkspace, resolveApp, targetOf } from '../kit/targets';
import type { Action } from '../kit/action';

export const githubActions: readonly Action[] = [
  { command: 'apphost.github.connect', run: connect },
  { command: 'apphost.github.disconnect', run: disconnect },
  { command: 'apphost.github.openPullRequest', consent: 'harmless', run: openPullRequest },
];

export function validateGithubRepo(value: string): string | undefined {
  return isGithubRepo(value.trim()) ? undefined : vscode.l10n.t('Enter the repository as owner/name, e.g. "octo-org/storefront"');
}

/** A GitHub repository an open folder pushes to, with the branch checked out there. */
export interface FolderRepo {
  repo: string;
  branch?: string;
  folder: string;
  remote: string;
}

/** The GitHub remotes of the open folders' repositories (`origin` first), one per repository. */
async function folderRepos(): Promise<FolderRepo[]> {
  const git = await gitApi();
  const found: FolderRepo[] = [];
  for (const repository of git?.repositories ?? []) {
    const folder = repository.rootUri.path.split('/').filter(Boolean).pop() ?? repository.rootUri.path;
    const remotes = [...repository.state.remotes].sort((a, b) => Number(b.name === 'origin') - Number(a.name === 'origin'));
    for (const remote of remotes) {
      const repo = githubRepoOfRemote(remote.fetchUrl ?? remote.pushUrl ?? '');
      if (repo && !found.some((f) => f.repo === repo)) found.push({ repo, branch: repository.state.HEAD?.name, folder, remote: remote.name });
    }
  }
  return found;
}

/** The repository and branch to connect: a folder's remote first, else typed. */
async function askRepository(app: AppRef): Promise<{ repo: string; branch?: string }> {
  const title = vscode.l10n.t('Connect {0} to a GitHub repository', app.name);
  const candidates = await folderRepos();
  let chosen: { repo: string; branch?: string } | undefined;
  if (candidates.length) {
    const typed = { label: vscode.l10n.t('$(edit) Enter a repository…'), description: vscode.l10n.t('owner/name') };
    const items = [
      ...candidates.map((c) => ({ label: `$(github) ${c.repo}`, description: vscode.l10n.t('{0} · remote {1}', c.folder, c.remote), detail: c.branch && vscode.l10n.t('Current branch: {0}', c.branch), candidate: c })),
      typed,
    ];
    const picked = await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('The repository whose pushes deploy {0}', app.name) });
    if (!picked) throw new UserCancelled();
    chosen = (picked as { candidate?: FolderRepo }).candidate;
  }
  if (!chosen) {
    const repo = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('GitHub repository (owner/name) whose pushes deploy {0}', app.name),
      placeHolder: 'octo-org/storefront',
      ignoreFocusOut: true,
      validateInput: validateGithubRepo,
    });
    if (repo === undefined) throw new UserCancelled();
    chosen = { repo: repo.trim(), branch: candidates[0]?.branch };
  }
  return chosen;
}

async function connect(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to connect to GitHub'));
  const { repo, branch: current } = await askRepository(app);
  const branch = (await vscode.window.showInputBox({
    title: vscode.l10n.t('Connect {0} to {1}', app.name, repo),
    prompt: vscode.l10n.t('Branch of {0} whose pushes deploy {1}', repo, app.name),
    value: current ?? 'main',
    ignoreFocusOut: true,
    validateInput: (v) => {
      const problem = branchNameProblem(v.trim());
      return problem && vscode.l10n.t('The branch name {0}', problem);
    },
  }))?.trim();
  if (branch === undefined) throw new UserCancelled();
  const result = await noticeNotOffered(s, app.service, () => connectGithub(s, app, repo, branch, {
    clicked: targetOf(target, 'app')?.row,
    around: (call) => withProgress(s, GITHUB_TEXTS.connectBusy(app.name, repo), () => explained(GITHUB_TEXTS.cannotConnect(app.name), call)),
  }));
  const install = result.githubAppUrl && GITHUB_TEXTS.installApp();
  const text = GITHUB_TEXTS.connected(app.name, result.githubRepo ?? repo, result.deployBranch ?? branch);
  void inform(s, text, ...(install ? [install] : [])).then((choice) => {
    if (choice && choice === install) void vscode.env.openExternal(vscode.Uri.parse(result.githubAppUrl!));
  });
}

async function disconnect(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to disconnect from GitHub'));
  // The question names the repository as the service has it now (one read).
  const { repo } = await readGithub(s, app, { priority: 'user' });
  if (!repo) {
    void inform(s, GITHUB_TEXTS.notConnected(app.name));
    return;
  }
  await confirm(s, GITHUB_TEXTS.disconnectTitle(app.name, repo), GITHUB_TEXTS.disconnectEffect(repo), vscode.l10n.t('Disconnect'));
  await noticeNotOffered(s, app.service, () => disconnectGithub(s, app, {
    clicked: targetOf(target, 'app')?.row,
    around: (call) => withProgress(s, GITHUB_TEXTS.disconnectBusy(app.name), call),
  }));
  void inform(s, GITHUB_TEXTS.disconnected(app.name, repo));
}

/** A preview app's pull request: its number and its parent's repository, from the row, else read. */
async function openPullRequest(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const given = appOf(target);
  const { app, data: picked } = given ? { app: given, data: targetOf(target, 'app')?.data } : await pickPreview(s);
  const api = s.connections.of(app.service).api();
  const data = picked ?? await api.apps.get(app.id, { workspace: app.workspace, priority: 'user' });
  if (!data.isPreview || data.prNumber === undefined || !data.parentAppId) {
    void inform(s, vscode.l10n.t('{0} is not the preview app of a pull request.', app.name));
    return;
  }
  const parent: AppRef = { service: app.service, workspace: app.workspace, id: data.parentAppId, name: data.parentAppId };
  const repo = s.tree.githubOf(parent)?.repo ?? (await readGithub(s, parent, { priority: 'user' })).repo;
  if (!repo) {
    void inform(s, vscode.l10n.t('The app {0} is a preview of is not connected to GitHub (any more): its pull request cannot be found.', app.name));
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(pullRequestUrl(repo, data.prNumber)));
}

/** From the palette: one of the workspace's preview apps (the app picker lists main apps only). */
async function pickPreview(s: ServiceCore): Promise<{ app: AppRef; data: App }> {
  const { session, api } = await s.connections.of(s.service).signedIn();
  const workspace = s.workspaces.active(session.apiRoot);
  const items = api.apps.list({ includePreviews: true }, { workspace, priority: 'user' }).then(async (list) => {
    const previews = (await inWorkspace(s, workspace, list)).filter((a) => a.isPreview && a.prNumber !== undefined);
    if (!previews.length) throw new Error(vscode.l10n.t('No preview apps here: one is made for each pull request of an app connected to GitHub.'));
    return previews.map((a) => ({ label: a.name, description: vscode.l10n.t('PR #{0}', a.prNumber ?? ''), app: a }));
  });
  const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Select the preview app whose pull request to open'), matchOnDescription: true });
  if (!picked) throw new UserCancelled();
  return { app: { service: session.apiRoot, workspace, id: picked.app.id, name: picked.app.name }, data: picked.app };
}
