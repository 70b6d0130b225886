// The part of VS Code's built-in Git extension API (`vscode.git`, version 1) that
// AppHost uses: repositories, their remotes, HEAD and changes, adding a remote, and
// the path of the git binary. (Its full typings are extensions/git/src/api/git.d.ts
// in the VS Code repository; these are a subset of them.) The push itself runs git
// directly: the API's push() neither streams the platform's output nor can be cancelled.
import * as vscode from 'vscode';

export interface GitRef {
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

export interface GitBranch extends GitRef {
  readonly upstream?: { readonly name: string; readonly remote: string };
  readonly ahead?: number;
  readonly behind?: number;
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
  readonly isReadOnly: boolean;
}

export interface GitChange {
  readonly uri: vscode.Uri;
  /** The API's Status enum (7: untracked). */
  readonly status?: number;
}

export interface GitRepositoryState {
  readonly HEAD: GitBranch | undefined;
  readonly remotes: GitRemote[];
  readonly mergeChanges: GitChange[];
  readonly indexChanges: GitChange[];
  readonly workingTreeChanges: GitChange[];
  /** Newer VS Code versions list untracked files apart (setting git.untrackedChanges). */
  readonly untrackedChanges?: GitChange[];
  readonly onDidChange: vscode.Event<void>;
}

export interface GitCommit {
  readonly hash: string;
  readonly message: string;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: GitRepositoryState;
  addRemote(name: string, url: string): Promise<void>;
  getBranch(name: string): Promise<GitBranch>;
  getCommit(ref: string): Promise<GitCommit>;
  status(): Promise<void>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly git: { readonly path: string };
  readonly repositories: GitRepository[];
  readonly onDidOpenRepository: vscode.Event<GitRepository>;
  readonly onDidCloseRepository: vscode.Event<GitRepository>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: vscode.Event<boolean>;
  getAPI(version: 1): GitApi;
}

/**
 * The Git extension's API once it is enabled, or undefined when it is missing (e.g. a
 * web host without it) or disabled (`git.enabled: false`); `onEnabled` fires if it is
 * turned on later.
 */
export async function gitApi(onEnabled?: () => void): Promise<GitApi | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate().then(undefined, () => undefined);
  if (!exports) return undefined;
  if (!exports.enabled) {
    if (onEnabled) {
      const sub = exports.onDidChangeEnablement((on) => {
        if (!on) return;
        sub.dispose();
        onEnabled();
      });
    }
    return undefined;
  }
  return exports.getAPI(1);
}
