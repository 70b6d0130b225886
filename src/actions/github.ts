// Connecting an app to a GitHub repository and disconnecting it: written once. The
// commands (menus, palette) are doors onto these: the texts, the busy rows, the call (a
// service that lacks GitHub connections says so once, offered.ts) and what the rows show
// after it (the tooltip's repository, its previews' "Open Pull Request").
import * as vscode from 'vscode';
import type { ApiClient, CallOptions, GithubConnection } from '../api';
import { offered } from '../kit/offered';
import type { Core } from '../core';
import type { AppRef } from '../model';
import type { Row } from '../tree/commandTarget';

export const GITHUB_TEXTS = {
  connectBusy: (app: string, repo: string) => vscode.l10n.t('Connecting {0} to {1}…', app, repo),
  // wokku stores the repository's name only: pushes reach it through its GitHub App's webhook, and it fetches without credentials.
  connected: (app: string, repo: string, branch: string) => vscode.l10n.t('{0} is connected to {1}. The service deploys pushes to {2} and makes a preview app for each pull request once its GitHub App is installed on {1}; a private repository needs that too.', app, repo, branch),
  installApp: () => vscode.l10n.t('Install the GitHub App'),
  cannotConnect: (app: string) => vscode.l10n.t('Cannot connect {0} to GitHub', app),
  disconnectTitle: (app: string, repo: string) => vscode.l10n.t('Disconnect {0} from {1}?', app, repo),
  disconnectEffect: (repo: string) => vscode.l10n.t('Pushes to {0} no longer deploy the app, and its pull requests get no preview apps. The app, its preview apps and its deploy branch stay.', repo),
  disconnectBusy: (app: string) => vscode.l10n.t('Disconnecting {0} from GitHub…', app),
  disconnected: (app: string, repo: string) => vscode.l10n.t('{0} is no longer connected to {1}.', app, repo),
  notConnected: (app: string) => vscode.l10n.t('{0} is not connected to a GitHub repository.', app),
};

interface RunOptions {
  clicked?: Row;
  around?: <T>(call: () => Promise<T>) => Promise<T>;
  options?: CallOptions;
}

function githubCall<T>(s: Core, app: AppRef, call: (api: ApiClient, opts: CallOptions) => Promise<T>, options: CallOptions = {}): Promise<T> {
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, ...options };
  return offered(s, app.service, 'github', () => call(api, opts), () => api.apps.get(app.id, opts));
}

const rowsOf = (s: Core, app: AppRef, clicked?: Row) => [...new Set([...(clicked ? [clicked] : []), ...s.tree.appRows(app)])];

/** The app's GitHub connection now (one read of its details), also shown on its rows. */
export async function readGithub(s: Core, app: AppRef, options: CallOptions = {}): Promise<{ repo?: string; branch?: string }> {
  const details = await s.connections.of(app.service).api().apps.get(app.id, { workspace: app.workspace, ...options });
  s.tree.showApp(app, { githubRepo: details.githubRepo, deployBranch: details.deployBranch, gitRemote: details.gitRemote });
  return { repo: details.githubRepo, branch: details.deployBranch };
}

/** Connects the app to `repo` (`owner/name`), deploying `branch`. */
export async function connectGithub(s: Core, app: AppRef, repo: string, branch: string, { clicked, around = (call) => call(), options }: RunOptions = {}): Promise<GithubConnection> {
  const result = await s.tree.busyWhile(rowsOf(s, app, clicked), GITHUB_TEXTS.connectBusy(app.name, repo), () =>
    around(() => githubCall(s, app, (api, opts) => api.apps.githubConnect(app.id, { repo, branch }, opts), options)));
  s.tree.showApp(app, { githubRepo: result.githubRepo ?? repo, deployBranch: result.deployBranch ?? branch });
  return result;
}

/** Disconnects the app from its repository (the service keeps the app's deploy branch). */
export async function disconnectGithub(s: Core, app: AppRef, { clicked, around = (call) => call(), options }: RunOptions = {}): Promise<void> {
  await s.tree.busyWhile(rowsOf(s, app, clicked), GITHUB_TEXTS.disconnectBusy(app.name), () =>
    around(() => githubCall(s, app, (api, opts) => api.apps.githubDisconnect(app.id, opts), options)));
  s.tree.showApp(app, { githubRepo: undefined });
}
