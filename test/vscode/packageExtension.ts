// Packages the extension as users get it: a production build inside a .vsix.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { REPO_ROOT } from './tools';

/**
 * `baseImagesUrl`: where the README's pictures are served over https (VS Code's details
 * page shows only https images); without it the links stay relative, as in the repository.
 */
export function packageExtension(outFile: string, baseImagesUrl?: string): string {
  mkdirSync(dirname(outFile), { recursive: true });
  // `vscode:prepublish` runs the production build first.
  const images = baseImagesUrl ? ['--baseImagesUrl', baseImagesUrl] : ['--no-rewrite-relative-links'];
  execFileSync('npx', ['vsce', 'package', '--no-dependencies', ...images, '--out', outFile], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return outFile;
}
