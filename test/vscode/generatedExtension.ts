// Extensions generated at test time (the bench's baselines, the e2e's spy, the test model): this writes
// one (its manifest, its files and what vsce asks for) and packages it as a .vsix.
import { execFileSync } from 'node:child_process';
import * as esbuild from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './tools';

export interface GeneratedManifest {
  /** publisher.name */
  id: string;
  displayName: string;
  description: string;
  activationEvents: string[];
  contributes?: Record<string, unknown>;
}

/** Writes the extension into `dir` (main file: extension.js, among `files`) and packages it as `vsix`. */
export function packageGeneratedExtension(dir: string, manifest: GeneratedManifest, files: Record<string, string>, vsix: string): void {
  mkdirSync(dir, { recursive: true });
  const { id, ...rest } = manifest;
  const [publisher, name] = id.split('.');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name, publisher, version: '0.0.1', license: 'MIT', engines: { vscode: '^1.90.0' }, main: './extension.js', ...rest,
  }, null, 2));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, 'README.md'), `# ${manifest.displayName}\n\n${manifest.description}\n`);
  writeFileSync(join(dir, 'LICENSE'), 'MIT\n');
  writeFileSync(join(dir, '.vscodeignore'), '.vscodeignore\n');
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** An extension's entry (`extension.ts` and what it imports) bundled as `extension.js`, for packageGeneratedExtension. */
export function bundledEntry(entry: string): Record<string, string> {
  const out = esbuild.buildSync({
    entryPoints: [entry], bundle: true, write: false, format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], logLevel: 'silent',
  });
  return { 'extension.js': out.outputFiles[0].text };
}
