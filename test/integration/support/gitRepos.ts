// Git repositories for the deploy suites: created in a temporary folder, opened as
// extra folders of the workspace (a multi-root workspace), pushed to the reference
// server's git gateway. Their wokku-style SSH remotes reach the gateway through git's
// insteadOf, set in each repository (the test machine has no SSH server).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RunningServer } from '../../server';
import { until } from './env';

export interface TestRepo {
  readonly dir: string;
  readonly uri: vscode.Uri;
  readonly name: string;
  git(...args: string[]): string;
  /** Writes the files and commits them all; returns the new commit. */
  commit(message: string, files?: Record<string, string>): string;
  write(file: string, text: string): void;
}

const roots: string[] = [];

/**
 * A repository named `name` with one commit; `remote` (e.g. `git@git.apphost.example:storefront`)
 * becomes its `wokku` remote. `viaGateway: false` leaves SSH remotes as they are.
 */
export function makeRepo(server: RunningServer, name: string, opts: { remote?: string; viaGateway?: boolean } = {}): TestRepo {
  const root = mkdtempSync(join(tmpdir(), 'apphost-ws-'));
  roots.push(root);
  const dir = join(root, name);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } }).trim();
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  git('config', 'user.email', 'dana@apphost.dev');
  git('config', 'user.name', 'Dana Demo');
  if (opts.viaGateway !== false) {
    const rewrite = server.control.gitInsteadOf();
    git('config', rewrite.key, rewrite.value);
  }
  if (opts.remote) git('remote', 'add', 'wokku', opts.remote);
  const write = (file: string, text: string) => writeFileSync(join(dir, file), text);
  const commit = (message: string, files: Record<string, string> = { 'CHANGES.md': `${message}\n` }) => {
    for (const [file, text] of Object.entries(files)) write(file, text);
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  commit('Initial commit', { 'README.md': `# ${name}\n`, 'server.js': "require('node:http').createServer((q, s) => s.end('hi')).listen(process.env.PORT);\n" });
  return { dir, uri: vscode.Uri.file(dir), name, git, commit, write };
}

/** Adds the repositories as workspace folders (after the first, so the extension host stays up). */
export async function openFolders(...repos: TestRepo[]): Promise<void> {
  const count = vscode.workspace.workspaceFolders?.length ?? 0;
  const added = new Promise<void>((resolve) => {
    const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => {
      sub.dispose();
      resolve();
    });
  });
  if (!vscode.workspace.updateWorkspaceFolders(count, 0, ...repos.map((r) => ({ uri: r.uri, name: r.name })))) throw new Error('could not add workspace folders');
  await added;
}

/** Removes every folder but the first, and deletes the repositories. */
export async function closeFolders(): Promise<void> {
  const count = vscode.workspace.workspaceFolders?.length ?? 0;
  if (count > 1) {
    vscode.workspace.updateWorkspaceFolders(1, count - 1);
    await until('extra folders removed', () => (vscode.workspace.workspaceFolders?.length ?? 0) === 1, 10_000);
  }
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}
