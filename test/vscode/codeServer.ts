// Starts an isolated code-server (a real VS Code: server + web workbench) for tests
// and the demo. Everything it writes goes to a fresh temporary folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_SERVER_ENTRY, CODE_SERVER_FLAVOR, NODE, assertToolsInstalled, pinned } from './tools';
import { patient } from '../support/patience';

export interface CodeServerOptions {
  /** Folder opened in the workbench. Defaults to an empty temporary folder. */
  workspaceFolder?: string;
  /** User settings written before start (merged over quiet defaults). */
  settings?: Record<string, unknown>;
  /** Remote machine settings: where `machine`-scoped settings count (and only they), code-server being a remote window. */
  machineSettings?: Record<string, unknown>;
  /** Extra environment for code-server; it reaches the extension host. */
  env?: Record<string, string>;
  /** Lets the workbench run extension tests from a URL payload (integration tests). */
  smokeTestDriver?: boolean;
  /** Installs this .vsix (or these) into the isolated extensions folder before starting. */
  vsix?: string | string[];
  port?: number;
  host?: string;
  /** Where code-server's own output goes (default: kept in memory for error reports). */
  logFile?: string;
}

export interface RunningCodeServer {
  url: string;
  /** host:port as the browser sees it (the authority of vscode-remote:// URIs). */
  authority: string;
  workspaceFolder: string;
  dataDir: string;
  /** code-server's recent output, for diagnosing a failed start. */
  output(): string;
  close(): Promise<void>;
}

const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'window.restoreWindows': 'none',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(...pinned(NODE, [CODE_SERVER_ENTRY, ...args]), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`code-server ${args[0]} failed (${code}):\n${out}`))));
  });
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = patient(60_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not become healthy within ${timeoutMs / 1000}s:\n${output()}`);
}

export async function startCodeServer(options: CodeServerOptions = {}): Promise<RunningCodeServer> {
  assertToolsInstalled();
  const dataDir = mkdtempSync(join(tmpdir(), 'apphost-cs-'));
  const userDataDir = join(dataDir, 'user-data');
  const extensionsDir = join(dataDir, 'extensions');
  const workspaceFolder = options.workspaceFolder ?? join(dataDir, 'workspace');
  for (const dir of [join(userDataDir, 'User'), extensionsDir, workspaceFolder, join(dataDir, 'xdg-config'), join(dataDir, 'xdg-data'), join(dataDir, 'xdg-cache')]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...options.settings }, null, 2));
  // code-server is a remote window: `settings` are the user's own, `machineSettings` the remote
  // machine's, where only a `machine`-scoped setting (a local file's path) counts.
  if (options.machineSettings) {
    mkdirSync(join(userDataDir, 'Machine'), { recursive: true });
    writeFileSync(join(userDataDir, 'Machine', 'settings.json'), JSON.stringify(options.machineSettings, null, 2));
  }
  const configFile = join(dataDir, 'config.yaml');
  writeFileSync(configFile, 'auth: none\n');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_CONFIG_HOME: join(dataDir, 'xdg-config'),
    XDG_DATA_HOME: join(dataDir, 'xdg-data'),
    // No cache outlives the workbench: every start is as cold as a new user's.
    XDG_CACHE_HOME: join(dataDir, 'xdg-cache'),
    ...options.env,
  };
  // The npm_config_* variables of an `npm run` would confuse code-server's own tooling.
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];

  const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  await installExtensions([options.vsix ?? []].flat(), extensionsDir, env);

  const host = options.host ?? '127.0.0.1';
  // A free port is only free until someone binds it: when another process takes it between
  // freePort() and code-server's bind, start again on another one.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const started = launch(host, port, dataDir, configFile, common, options, env);
    try {
      await waitHealthy(started.url, started.child, started.output);
      return { url: started.url, authority: started.authority, workspaceFolder, dataDir, output: started.output, close: () => started.close() };
    } catch (error) {
      const portTaken = !options.port && attempt < 3 && /EADDRINUSE/.test(started.output());
      await started.close(!portTaken);
      if (!portTaken) throw error;
    }
  }
}

/**
 * Extensions installed once per set of .vsix files (and their times): each start copies
 * them instead of running code-server's installer again, a second of Node and unzip per
 * workbench, of which the e2e suite opens about forty. What a start finds is the same.
 */
const installed = new Map<string, string>();

async function installExtensions(vsix: string[], extensionsDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  if (!vsix.length) return;
  const key = vsix.map((file) => `${file}@${statSync(file).mtimeMs}`).join('|');
  let template = installed.get(key);
  if (!template) {
    const dir = mkdtempSync(join(tmpdir(), 'apphost-ext-'));
    template = join(dir, 'extensions');
    for (const file of vsix) await run(['--install-extension', file, '--user-data-dir', join(dir, 'user-data'), '--extensions-dir', template], env);
    installed.set(key, template);
  }
  cpSync(template, extensionsDir, { recursive: true });
  // The list of installed extensions names the folder they were installed into.
  const list = join(extensionsDir, 'extensions.json');
  writeFileSync(list, readFileSync(list, 'utf8').split(template).join(extensionsDir));
}

// code-server runs in a process group of its own, so nothing ends it with the test process:
// a journey whose `before` hook timed out still opens its workbench later, after mocha gave up
// on it, and mocha --exit would leave that code-server behind. Whatever is still open goes too.
const open = new Map<number, string>();
process.once('exit', () => {
  for (const [pid, dataDir] of open) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const template of installed.values()) rmSync(join(template, '..'), { recursive: true, force: true });
});

function launch(host: string, port: number, dataDir: string, configFile: string, common: string[], options: CodeServerOptions, env: NodeJS.ProcessEnv) {
  const args = [
    CODE_SERVER_ENTRY,
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `${host}:${port}`,
    ...common,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
  ];
  // code-server 4.90 (the oldest) has no --vscode-option, and its VS Code (1.90) reads the
  // test payload without the smoke-test driver.
  if (options.smokeTestDriver && CODE_SERVER_FLAVOR !== 'oldest') args.push('--vscode-option', 'enable-smoke-test-driver');

  // taskset (APPHOST_PIN_CPU) execs code-server: the child's pid stays the process group's.
  const child = spawn(...pinned(NODE, args), { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  open.set(child.pid!, dataDir);
  child.once('exit', () => open.delete(child.pid!));
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const authority = `${host}:${port}`;
  const url = `http://${authority}`;
  let closed = false;
  /** Stops code-server (the whole process group); removes the data folder unless told to keep it for another attempt. */
  const close = async (removeData = true) => {
    if (closed) return;
    closed = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGTERM'); // the whole process group: server + extension hosts
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 3000);
      await exited;
      clearTimeout(timer);
    }
    if (removeData) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  return { child, url, authority, output: () => output, close };
}
