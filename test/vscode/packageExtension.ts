// Packages the extension as users get it: a production build inside a .vsix.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { REPO_ROOT } from './tools';

export function packageExtension(outFile: string): string {
  mkdirSync(dirname(outFile), { recursive: true });
  // `vscode:prepublish` runs the production build first.
  execFileSync('npx', ['vsce', 'package', '--no-dependencies', '--out', outFile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return outFile;
}
