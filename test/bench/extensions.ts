// The extensions the bench compares: AppHost as users get it (the .vsix, built for
// production and unpacked, so a concurrent `npm run build` in the repo cannot change
// what is measured) and baseline extensions generated at bench time (an empty one for
// activation, a one-request tree for tree latency).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packageExtension } from '../vscode/packageExtension';
import { REPO_ROOT } from '../vscode/tools';
import { packageGeneratedExtension } from '../vscode/generatedExtension';
import { BASELINE_ID } from './host/ids';
import { packageTreeBaseline } from './treeBaseline';

export interface Extensions {
  /** AppHost's .vsix (production build). */
  vsix: string;
  /** The .vsix unpacked: a folder usable as extensionDevelopmentPath. */
  apphostDir: string;
  /** dist/meta.json of the production build that went into the .vsix. */
  metafile: string;
  baselineDir: string;
  baselineVsix: string;
  /** The tree latency section's baseline: one view, one GET /apps, its rows (treeBaseline.ts). */
  treeBaselineVsix: string;
}

/**
 * The smallest real extension: it imports the API like every extension does, so both
 * sides pay for VS Code creating their API object, and its activate() does nothing.
 * It counts its module loads, which tells the runner whether VS Code reused the
 * module the runner had already required (it shares Node's module cache).
 */
const EMPTY_EXTENSION_JS = [
  "'use strict';",
  "require('vscode');",
  'globalThis.__benchBaselineLoads = (globalThis.__benchBaselineLoads || 0) + 1;',
  'exports.activate = function activate() {};',
  'exports.deactivate = function deactivate() {};',
  '',
].join('\n');

function unzip(vsix: string, into: string): string {
  execFileSync('unzip', ['-q', '-o', vsix, 'extension/*', '-d', into]);
  return join(into, 'extension');
}

/** Packages AppHost (production build, ~10 s) and generates the baselines, under `workDir`. */
export function prepareExtensions(workDir: string): Extensions {
  const vsix = packageExtension(join(workDir, 'apphost.vsix'));
  const baselineDir = join(workDir, 'baseline');
  const baselineVsix = join(workDir, 'baseline.vsix');
  packageGeneratedExtension(baselineDir, {
    id: BASELINE_ID, displayName: 'Empty baseline', description: 'Bench baseline: an extension that does nothing.', activationEvents: [],
  }, { 'extension.js': EMPTY_EXTENSION_JS }, baselineVsix);
  return {
    vsix,
    apphostDir: unzip(vsix, join(workDir, 'apphost')),
    metafile: join(REPO_ROOT, 'dist', 'meta.json'),
    baselineDir,
    baselineVsix,
    treeBaselineVsix: packageTreeBaseline(workDir),
  };
}
