// Runs one soak: the reference server and its traffic here, a real VS Code (code-server
// in headless Chromium) with the extension and the soak's runner in its extension host,
// then the accounting of what the channels showed against what the containers wrote.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USER } from '../server';
import { bundleRunner, runInHost } from '../bench/hostRun';
import { launchBrowser } from '../vscode/browser';
import { startCodeServer } from '../vscode/codeServer';
import { REPO_ROOT } from '../vscode/tools';
import { accountApp } from './accounting';
import { budgetWindows } from './budget';
import { LogRecord, SOAK_APPS, scheduleRestarts, startTraffic } from './load';
import { soakPlan } from './plan';
import { buildReport, type SoakReport } from './report';
import { files, type HostReport, type SoakSetup } from './shared';
import { linkedRepo, registeredSshDir, startSoakServer } from './world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, probe: () => boolean, timeoutMs: number, failed?: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    const why = failed?.();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

const channelLines = (dir: string, app: string) => {
  const file = join(dir, files.channel(app));
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
};

export interface SoakOptions {
  /** Minutes at which to write heap snapshots (and one at the end), into `snapshotDir`. */
  heapSnapshots: number[];
  snapshotAtEnd: boolean;
  snapshotDir: string;
}

export async function runSoak(minutes: number, log: (line: string) => void, options: SoakOptions): Promise<{ report?: SoakReport; error?: string; workDir: string }> {
  const plan = soakPlan(minutes);
  const dir = mkdtempSync(join(tmpdir(), 'apphost-soak-'));
  const server = await startSoakServer();
  const { control } = server;
  const names = [SOAK_APPS.busy, SOAK_APPS.idle, SOAK_APPS.restarted];
  const record = new LogRecord(control, names);
  // Fresh containers: every line they write is recorded.
  for (const app of names) control.restartContainers(app);
  const id = (name: string) => ({ id: control.findApp(name)!.id, name });
  const setup: SoakSetup = {
    serverUrl: server.url,
    token: control.issueToken(DEMO_USER.email, 'soak'),
    apps: { busy: id(SOAK_APPS.busy), idle: id(SOAK_APPS.idle), restarted: id(SOAK_APPS.restarted) },
    plan,
    repoDir: linkedRepo(server, join(dir, 'shop'), SOAK_APPS.busy),
    sshDir: registeredSshDir(server, join(dir, 'ssh')),
    heapSnapshots: options.heapSnapshots,
    snapshotAtEnd: options.snapshotAtEnd,
    snapshotDir: options.snapshotDir,
  };
  writeFileSync(join(dir, files.setup), JSON.stringify(setup));
  const runner = await bundleRunner(join(__dirname, 'host', 'runner.ts'), join(REPO_ROOT, 'out', 'soak', 'runner.js'));
  const codeServer = await startCodeServer({
    smokeTestDriver: true,
    workspaceFolder: setup.repoDir,
    env: { APPHOST_SOAK_DIR: dir },
    // Auto-refresh on, at its shortest interval; the request budget is the users' default (60/min).
    settings: { 'apphost.baseUrl': server.url, 'apphost.autoRefreshSeconds': 15 },
  });
  const browser = await launchBrowser();
  let traffic: ReturnType<typeof startTraffic> | undefined;
  let cancelRestarts = () => {};
  let restarts = 0;
  try {
    let exit: number | undefined;
    // A workbench that never loads ends the run through the same path (and the finally below), not as an unhandled rejection.
    const host = runInHost({ codeServer, browser, devPaths: [REPO_ROOT], runner, timeoutMs: (minutes + 20) * 60_000 }).then((r) => {
      exit = r.code;
      return r;
    }, (e: unknown) => {
      exit = -2;
      return { code: -2, errors: [e instanceof Error ? e.message : String(e)] };
    });
    const hostFailed = () => (exit !== undefined ? `the extension host runner ended early (exit ${exit}): ${readHost(dir)?.error ?? 'no report'}` : undefined);
    await waitFor('the runner to start the tails', () => existsSync(join(dir, files.ready)), 5 * 60_000, hostFailed);
    const ready = JSON.parse(readFileSync(join(dir, files.ready), 'utf8')) as { t0: number; windowFocused: boolean };
    log(`working files in ${dir}`);
    log(`tails live; running ${minutes} min (window focused: ${ready.windowFocused}) — ${plan.restarts.length} restarts, ${plan.configEdits.length} config edits, ${plan.deploys.length} deploys`);
    control.clearRequestLog();
    traffic = startTraffic(control, SOAK_APPS);
    cancelRestarts = scheduleRestarts(control, SOAK_APPS.restarted, ready.t0, plan.restarts, () => void restarts++);
    const progress = setInterval(() => log(`${((Date.now() - ready.t0) / 60_000).toFixed(1)} min: ${traffic!.lines()} lines written, ${restarts} restarts`), 5 * 60_000);
    await waitFor('the runner to finish its actions', () => existsSync(join(dir, files.actionsDone)), (minutes + 15) * 60_000, hostFailed).finally(() => clearInterval(progress));
    traffic.stop();
    cancelRestarts();
    // Caught up: every channel shows the last line of each of its running containers.
    const caughtUp = () => names.every((app) => {
      const shown = new Set(channelLines(dir, app));
      return record.lastLines(app).every((l) => shown.has(l));
    });
    await waitFor('every channel to show the last lines', caughtUp, 120_000, hostFailed).catch((e) => log(`${e.message}: counting what was shown`));
    writeFileSync(join(dir, files.finish), '');
    const { code, errors } = await host;
    if (errors.length) log(`workbench console errors:\n${errors.slice(0, 20).join('\n')}`);
    const hostReport = readHost(dir);
    if (!hostReport?.final) return { error: `the extension host runner failed (exit ${code}): ${hostReport?.error ?? 'no report'}`, workDir: dir };
    const requests = control.requestLog.filter((e) => e.path.startsWith('/api/') && e.at >= hostReport.t0 && e.at <= hostReport.end);
    // Kept with the working files for a failed run: what was asked, when.
    writeFileSync(join(dir, 'requests.log'), requests.map((e) => `${e.at - hostReport.t0} ${e.status} ${e.method} ${e.path}`).join('\n'));
    const windows = budgetWindows(requests.map((e) => e.at), hostReport.t0, hostReport.end);
    const report = buildReport({
      minutes,
      accounts: names.map((app, i) => ({ app, role: ['3 containers, 20 lines/s', 'idle', 'restarted every 5 min'][i], account: accountApp(channelLines(dir, app), record.logsOf(app)) })),
      host: hostReport,
      budget: {
        ...windows,
        total: requests.length,
        limited429: requests.filter((e) => e.status === 429).length,
        treeRefreshes: requests.filter((e) => e.method === 'GET' && (e.path === '/api/v1/apps' || e.path === '/api/v1/teams')).length,
        byEndpoint: byEndpoint(requests),
      },
      restarts,
      configOnServer: control.getConfig(SOAK_APPS.busy).SOAK_EDIT,
    });
    if (code !== 0) report.failures.push(`the extension host runner exited with ${code}`);
    return { report, workDir: dir };
  } finally {
    traffic?.stop();
    cancelRestarts();
    record.stop();
    await browser.close();
    await codeServer.close();
    await server.close();
  }
}

/** "GET /apps/:id/logs" → count, most frequent first. */
function byEndpoint(requests: { method: string; path: string }[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const e of requests) {
    const key = `${e.method} ${e.path.replace('/api/v1', '').replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}/g, '/:id')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

function readHost(dir: string): HostReport | undefined {
  const file = join(dir, files.host);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HostReport) : undefined;
}

export function removeWorkDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
