// Is a pulled .env file kept out of git? `git check-ignore` knows every rule (nested
// .gitignore files, global excludes); without git or outside a repository, a simple
// reading of the folder's .gitignore decides.
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';

/** true/false when known; the fallback treats a folder without .gitignore as "not ignored". */
export async function isGitIgnored(folder: vscode.Uri, file: vscode.Uri): Promise<boolean> {
  const relative = vscode.workspace.asRelativePath(file, false);
  if (folder.scheme === 'file') {
    const answer = await checkIgnore(folder.fsPath, relative);
    if (answer !== undefined) return answer;
  }
  return matchesGitIgnore(await readText(vscode.Uri.joinPath(folder, '.gitignore')), relative);
}

function checkIgnore(cwd: string, relative: string): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['check-ignore', '-q', '--', relative], { cwd, timeout: 5000 }, (error) => {
      if (!error) return resolve(true);
      // 1 = not ignored; anything else (128: not a repository, ENOENT: no git) = unknown.
      resolve((error as { code?: unknown }).code === 1 ? false : undefined);
    });
  });
}

async function readText(uri: vscode.Uri): Promise<string> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return '';
  }
}

/** The usual .gitignore forms: `name`, `/name`, `dir/name`, `*` and `?` globs, `!` exceptions. */
export function matchesGitIgnore(gitignore: string, relative: string): boolean {
  const path = relative.replace(/\\/g, '/');
  const base = path.split('/').pop() ?? path;
  let ignored = false;
  for (const raw of gitignore.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    const pattern = (negated ? line.slice(1) : line).replace(/\/$/, '');
    const anchored = pattern.includes('/');
    const regex = new RegExp(`^${pattern.replace(/^\//, '').split('').map(globChar).join('')}$`);
    if (anchored ? regex.test(path) : regex.test(base)) ignored = !negated;
  }
  return ignored;
}

function globChar(c: string): string {
  if (c === '*') return '[^/]*';
  if (c === '?') return '[^/]';
  return c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
}
