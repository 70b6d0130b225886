// Everything checked before a push, each asked at most once and only when it matters:
// the repository, the app's remote (added after asking), which branch goes out as the
// app's deploy branch, uncommitted changes and unpushed commits, and for SSH remotes
// whether one of the user's public keys is registered with the service.
// Costs one request (the app's details), plus /ssh_keys for SSH remotes once a session.
// A task's deploy asks nothing (nobody may be watching): what needs a decision fails
// with what to do, and warnings about the shared repository or SSH keys are only shown.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { inform, warn } from '../kit/notices';
import type { App } from '../api';
import { publicKeyFiles } from './sshKeyFiles';
import type { ServiceCore } from '../core';
import type { DeployTarget } from './deployTarget';
import type { GitBranch, GitRepository } from './gitApi';
import { gitOutput, pushTransportProblems, type PushCredential } from './gitProcess';
import type { DeployArea } from './';
import { apiProxyFor, transportMessage } from './pushTransport';
import { isSshUrl, newRemoteName, parseRemoteUrl } from './remotes';
import { settings } from '../settings';
import { registeredKey } from './sshFingerprints';
import { type AppRef, UserCancelled } from '../model';
import { ask } from '../notices';

/** The Git extension's status of a file git does not track yet (its API's Status.UNTRACKED). */
const UNTRACKED = 7;

export interface PushPlan {
  folder: vscode.WorkspaceFolder;
  repo: GitRepository;
  gitPath: string;
  /** The app, with the id its details gave. */
  app: AppRef;
  details: App;
  deployBranch: string;
  remote: string;
  /** The URL git pushes to (the remote's, after git's insteadOf rules). */
  pushUrl: string;
  /** What is pushed: `HEAD` or a local branch name. */
  source: string;
  commit: { hash: string; subject: string };
  /** The API token for the service's own HTTP gateway. */
  credential?: PushCredential;
}

/** A deploy nobody is asked about (a task): `warn` shows what the command would have asked. */
export interface Unattended {
  warn(text: string): void;
}

export interface PreflightOptions {
  /** What the user already accepted elsewhere (the agent tool's confirmation): not asked again. */
  confirmedWarnings?: readonly string[];
  /** A task's deploy: no question is asked. */
  unattended?: Unattended;
}

export async function preflight(s: ServiceCore, area: DeployArea, target: DeployTarget, options: PreflightOptions = {}): Promise<PushPlan> {
  const { unattended } = options;
  const { folder } = target;
  const { links } = area;
  await links.ready;
  const gitPath = links.gitPath;
  if (!links.gitAvailable || !gitPath) throw new Error(vscode.l10n.t('The Git extension of VS Code is disabled or missing: AppHost deploys through it. Enable it (setting git.enabled) and try again.'));
  const repo = links.repoOf(folder);
  if (!repo) {
    throw new Error(vscode.l10n.t('Folder {0} is not a git repository. AppHost deploys with git push: initialize a repository (Source Control view), commit your code, and deploy again.', folder.name));
  }
  const details = await s.connections.of(target.app.service).api().apps.get(target.app.id, { workspace: target.app.workspace, priority: 'user' });
  await links.learn(target.app.service, details);
  const app: AppRef = { service: target.app.service, workspace: target.app.workspace, id: details.id || target.app.id, name: details.name || target.app.name };
  const deployBranch = deployBranchOf(details);

  const remote = await ensureRemote(links.remoteFor(folder, app, details.gitRemote)?.remote, repo, folder, app, details, links.preferredRemoteName(app.service), unattended);
  await repo.status().catch(() => undefined);
  const head = repo.state.HEAD;
  if (!head?.commit) throw new Error(vscode.l10n.t('Nothing to deploy yet: folder {0} has no commit. Commit your code, then deploy.', folder.name));
  const source = await chooseSource(repo, head, deployBranch, app, unattended);
  if (unattended) refuseUncommitted(repo, head, source, folder, app);
  await confirmWarnings(await deployWarnings(repo, head, source, remote), folder, app, options);

  const pushUrl = (await gitOutput(gitPath, repo.rootUri.fsPath, ['remote', 'get-url', '--push', remote])) ?? '';
  const session = await s.connections.of(app.service).session();
  const credential = session && tokenCredentialFor(pushUrl, session.apiRoot, details.gitRemote, session.token);
  if (credential) {
    // Asked before the pre-deploy task and the build: the token's way there is the repository's to change.
    const problems = await pushTransportProblems(gitPath, repo.rootUri.fsPath, credential, remote);
    if (problems.length) throw new Error(transportMessage(problems, pushUrl));
  }
  if (!credential && isSshUrl(pushUrl)) await checkSshKey(s, area, session?.apiRoot ?? '', unattended);
  const commit = await repo.getCommit(source === 'HEAD' ? head.commit : source).catch(() => ({ hash: head.commit!, message: '' }));
  return { folder, repo, gitPath, app, details, deployBranch, remote, pushUrl, source, commit: { hash: commit.hash, subject: commit.message.split('\n')[0] }, credential };
}

/** The branch that deploys the app: its details say, or its push instructions, else main. */
export function deployBranchOf(details: Pick<App, 'deployBranch' | 'pushInstructions'>): string {
  return details.deployBranch || /git push \S+ (\S+)\s*$/.exec(details.pushInstructions ?? '')?.[1] || 'main';
}

/** The folder's remote for the app, added after asking when it has none. */
async function ensureRemote(
  existing: string | undefined, repo: GitRepository, folder: vscode.WorkspaceFolder, app: AppRef, details: App, preferred: string, unattended?: Unattended,
): Promise<string> {
  if (existing) return existing;
  if (!details.gitRemote) throw new Error(vscode.l10n.t('The service gives no git remote for {0}: it cannot be deployed by git push.', app.name));
  const name = newRemoteName(repo.state.remotes, preferred, app.name);
  if (unattended) {
    throw new Error(vscode.l10n.t(
      'Folder {0} has no git remote for {1} yet. Deploy once with AppHost: Deploy (it adds the remote after asking), or add it yourself: git remote add {2} {3}',
      folder.name, app.name, name, details.gitRemote,
    ));
  }
  const add = vscode.l10n.t('Add Remote and Deploy');
  const choice = await ask('info',
    vscode.l10n.t('Folder {0} has no git remote for {1} yet.', folder.name, app.name), vscode.l10n.t('AppHost will add the remote "{0}" ({1}) to the repository, then push to it.', name, details.gitRemote),
    add);
  if (choice !== add) throw new UserCancelled();
  await repo.addRemote(name, details.gitRemote);
  return name;
}

/** What goes out as the deploy branch: the checked-out branch, or (asked) the local deploy branch. */
async function chooseSource(repo: GitRepository, head: GitBranch, deployBranch: string, app: AppRef, unattended?: Unattended): Promise<string> {
  if (!head.name || head.name === deployBranch) return 'HEAD';
  if (unattended) {
    throw new Error(vscode.l10n.t(
      'You are on branch "{0}", but {1} deploys branch "{2}". Check out {2} and run the task again, or deploy with AppHost: Deploy to choose which branch goes out.',
      head.name, app.name, deployBranch,
    ));
  }
  const local = await repo.getBranch(deployBranch).catch(() => undefined);
  const current = vscode.l10n.t('Deploy "{0}"', head.name);
  const theirs = vscode.l10n.t('Deploy "{0}"', deployBranch);
  const choice = await ask('warning',
    vscode.l10n.t('You are on branch "{0}", but {1} deploys branch "{2}".', head.name, app.name, deployBranch), local
        ? vscode.l10n.t('"{0}" pushes your branch {1} as the app\'s {2}. "{3}" pushes your local {2} instead.', current, head.name, deployBranch, theirs)
        : vscode.l10n.t('"{0}" pushes your branch {1} as the app\'s {2}.', current, head.name, deployBranch),
    ...[current, ...(local ? [theirs] : [])]);
  if (!choice) throw new UserCancelled();
  return choice === current ? 'HEAD' : deployBranch;
}

/** What the user may not mean to deploy: uncommitted changes, commits not on the branch's upstream. */
export async function deployWarnings(repo: GitRepository, head: GitBranch, source: string, remote: string): Promise<string[]> {
  const warnings: string[] = [];
  if (source === 'HEAD' || source === head.name) {
    const { workingTreeChanges, indexChanges, mergeChanges, untrackedChanges } = repo.state;
    const changed = new Set([...workingTreeChanges, ...indexChanges, ...mergeChanges, ...(untrackedChanges ?? [])].map((c) => c.uri.toString()));
    if (changed.size) {
      const example = basename(vscode.Uri.parse([...changed][0]).fsPath);
      warnings.push(vscode.l10n.t('{0} uncommitted change(s), e.g. {1}, will not be deployed: a deploy pushes commits only.', changed.size, example));
    }
  }
  const branch = source === 'HEAD' ? head : await repo.getBranch(source).catch(() => undefined);
  const shared = repo.state.remotes.filter((r) => r.name !== remote);
  if (branch?.name && branch.upstream && branch.upstream.remote !== remote && (branch.ahead ?? 0) > 0) {
    warnings.push(vscode.l10n.t('Branch {0} has {1} commit(s) not pushed to {2}/{3}: the app would run code your shared repository does not have.', branch.name, branch.ahead ?? 0, branch.upstream.remote, branch.upstream.name));
  } else if (branch?.name && !branch.upstream && shared.length) {
    warnings.push(vscode.l10n.t('Branch {0} was never pushed to {1}: the app would run code your shared repository does not have.', branch.name, shared.map((r) => r.name).join(', ')));
  }
  return warnings;
}

/**
 * Unattended, a changed tracked file fails the deploy: the app would not run what the folder
 * has (nor what a build or test run before it checked). New files are often not the app's.
 */
function refuseUncommitted(repo: GitRepository, head: GitBranch, source: string, folder: vscode.WorkspaceFolder, app: AppRef): void {
  if (source !== 'HEAD' && source !== head.name) return;
  const { workingTreeChanges, indexChanges, mergeChanges } = repo.state;
  const edited = [...workingTreeChanges, ...indexChanges, ...mergeChanges].filter((c) => c.status !== UNTRACKED);
  if (!edited.length) return;
  throw new Error(vscode.l10n.t(
    'Folder {0} was not deployed to {1}: {2} file(s) have uncommitted changes, e.g. {3}, and a deploy pushes commits only. Commit or stash them, then run the task again.',
    folder.name, app.name, new Set(edited.map((c) => c.uri.toString())).size, basename(edited[0].uri.fsPath),
  ));
}

/** One question for the warnings, unless the user already accepted each of them; a task only shows them. */
async function confirmWarnings(warnings: string[], folder: vscode.WorkspaceFolder, app: AppRef, options: PreflightOptions): Promise<void> {
  if (warnings.every((w) => options.confirmedWarnings?.includes(w))) return;
  if (options.unattended) return warnings.forEach((w) => options.unattended?.warn(w));
  const go = vscode.l10n.t('Deploy Anyway');
  const choice = await ask('warning',
    vscode.l10n.t('Deploy folder {0} to {1}?', folder.name, app.name), warnings.map((w) => `• ${w}`).join('\n'),
    go);
  if (choice !== go) throw new UserCancelled();
}

/**
 * The API token for a push to the service's own HTTP gateway only: the API's origin, or the
 * origin of the app's `git_remote` when the service gives an HTTP one. (SSH remotes get no
 * token: the user's key and agent authenticate them.)
 */
function tokenCredentialFor(pushUrl: string, apiRoot: string, gitRemote: string | undefined, token: string): PushCredential | undefined {
  const parsed = parseRemoteUrl(pushUrl);
  if (!parsed || (parsed.protocol !== 'http' && parsed.protocol !== 'https')) return undefined;
  const origin = new URL(pushUrl).origin;
  const trusted = [new URL(apiRoot).origin, ...(gitRemote && /^https?:\/\//i.test(gitRemote) ? [new URL(gitRemote).origin] : [])];
  // The push may take the way AppHost's own requests take (a company proxy), and no other.
  return trusted.includes(origin) ? { origin, token, url: pushUrl, proxy: apiProxyFor(pushUrl, settings.proxy(), process.env) } : undefined;
}

/** For SSH remotes: is one of ~/.ssh/*.pub registered with the service? If not, offer to add one. */
async function checkSshKey(s: ServiceCore, area: DeployArea, apiRoot: string, unattended?: Unattended): Promise<void> {
  if (area.keysChecked.has(apiRoot)) return;
  const local = await publicKeyFiles(area.sshDir);
  const keys = await s.connections.of(s.service).api().sshKeys.list({ priority: 'user' });
  if (registeredKey(local, keys.map((k) => k.fingerprint))) {
    area.keysChecked.add(apiRoot);
    return;
  }
  // The key may be in an SSH agent only: the push tells, and its refusal is explained.
  if (unattended) return unattended.warn(vscode.l10n.t('None of your SSH keys in {0} is registered with AppHost: the push may be refused. Register one with AppHost: Manage SSH Keys….', area.sshDir));
  const anyway = vscode.l10n.t('Push Anyway');
  if (!local.length) {
    const choice = await warn(s,
      vscode.l10n.t('You have no SSH public key in {0}: a push over SSH needs one registered with AppHost.', area.sshDir),
      { modal: true, detail: vscode.l10n.t('Create one in a terminal with "ssh-keygen -t ed25519", then deploy again: AppHost offers to register it.') },
      anyway,
    );
    if (choice !== anyway) throw new UserCancelled();
    return;
  }
  const addButtons = local.slice(0, 2).map((k) => vscode.l10n.t('Add {0}', basename(k.path)));
  const choice = await warn(s,
    vscode.l10n.t('None of your SSH keys is registered with AppHost: the git service would refuse the push.'),
    { modal: true, detail: vscode.l10n.t('The remote is reached over SSH, with a key of {0}. Register a public key with your AppHost account now?', area.sshDir) },
    ...addButtons,
    anyway,
  );
  if (!choice) throw new UserCancelled();
  if (choice === anyway) return;
  const file = local[addButtons.indexOf(choice)];
  const name = file.key.split(/\s+/).slice(2).join(' ') || basename(file.path, '.pub');
  const key = await s.connections.of(s.service).api().sshKeys.add({ name, publicKey: file.key }, { priority: 'user' });
  area.keysChecked.add(apiRoot);
  void inform(s, vscode.l10n.t('SSH key "{0}" added ({1}).', key.name || name, key.fingerprint ?? ''));
}
