// Loaded by VS Code as extensionTestsPath (bundled into the extension's folder, so
// scriptUi patches the extension's own `vscode` object). Signs in to the driver's
// reference server, tails three apps with the Resources view open at the busy app's row
// (auto-refresh on),
// edits config and deploys on the plan's schedule, copies what each tail's channel shows
// to a file, and measures the extension host at the start and the end.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import * as vscode from 'vscode';
import { resolveBaseUrl } from '../../../src/api/baseUrl';
import type { AppHostTestApi } from '../../../src/extension';
import type { AppRef } from '../../../src/model';
import type { TreeNode } from '../../../src/tree/commandTarget';
import { scriptUi } from '../../integration/support/scriptedUi';
import { files, type ActionResult, type AppId, type HostReport, type HostSample, type SoakSetup } from '../shared';
import { deploy, editConfig } from './actions';
import { gcMethod, sample } from './measure';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The soak's server is the first service (apphost.baseUrl).
const ref = (a: AppId): AppRef => ({ service: resolveBaseUrl(vscode.workspace.getConfiguration('apphost').get<string>('baseUrl', '')).apiRoot, workspace: undefined, id: a.id, name: a.name });

async function waitFor(what: string, probe: () => unknown, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Expands the tree down to the app's row (Personal › Apps › name), as a user looking at it. */
async function revealApp(api: AppHostTestApi, name: string): Promise<void> {
  let node: TreeNode | undefined;
  for (const label of ['Personal', 'Apps', name]) {
    const children = await api.treeInsides.resources.getChildren(node);
    const labels = await Promise.all(children.map(async (c) => String((await c.getTreeItem()).label)));
    node = children[labels.indexOf(label)];
    if (!node) throw new Error(`no "${label}" in the Resources view (${labels.join(', ')})`);
  }
  await api.treeInsides.view.reveal(node!, { select: false, focus: false, expand: false });
}

async function signIn(token: string): Promise<void> {
  const ui = scriptUi({ picks: ['Paste an API token'], inputs: [token] });
  try {
    await vscode.commands.executeCommand('apphost.signIn');
  } finally {
    ui.restore();
  }
}

export async function run(): Promise<void> {
  const dir = process.env.APPHOST_SOAK_DIR;
  if (!dir) throw new Error('APPHOST_SOAK_DIR is not set');
  const setup = JSON.parse(readFileSync(join(dir, files.setup), 'utf8')) as SoakSetup;
  const apps = [setup.apps.busy, setup.apps.idle, setup.apps.restarted];
  const report: Partial<HostReport> = { actions: [], samples: [] };
  const timers: NodeJS.Timeout[] = [];
  try {
    const api = await vscode.extensions.getExtension<AppHostTestApi>('apphost.apphost')!.activate();
    report.extensionMode = vscode.ExtensionMode[api.context.extensionMode];
    if (api.context.extensionMode !== vscode.ExtensionMode.Test) throw new Error(`the extension runs in ${report.extensionMode} mode, not Test`);
    await api.context.globalState.update('apphost.config.skipRestartPrompt', true);
    api.deploy.sshDir = setup.sshDir;
    await signIn(setup.token);
    if (!(await api.connection.session())) throw new Error('the sign-in with the issued token failed');
    // The Resources view open, as a user tailing logs beside it: auto-refresh runs only then.
    await vscode.commands.executeCommand('workbench.view.extension.apphost');
    await waitFor('the Resources view to show', () => api.treeInsides.view.visible, 30_000);
    await revealApp(api, setup.apps.busy.name);

    const tails = api.logs.tails;
    tails.capture = true;
    // As the row hands it (the test API's vouch): a tail of another caller's ref asks first.
    for (const app of apps) await vscode.commands.executeCommand('apphost.logs.tail', api.vouch(ref(app)));
    await waitFor('the three tails to be live', () => apps.every((a) => tails.tailOf(ref(a))?.state === 'live'), 60_000).catch((e) => {
      throw new Error(`${e.message}: ${apps.map((a) => `${a.name} ${tails.tailOf(ref(a))?.state ?? 'not tailed'}`).join(', ')}`);
    });
    const drain = () => {
      for (const app of apps) {
        const text = tails.takeText(ref(app));
        if (text) appendFileSync(join(dir, files.channel(app.name)), text);
      }
    };
    drain();

    const start = await sample(Date.now());
    const t0 = Date.now();
    start.at = 0;
    const cpu0 = process.cpuUsage();
    report.t0 = t0;
    report.start = start;
    report.gc = gcMethod();
    writeFileSync(join(dir, files.ready), JSON.stringify({ t0, windowFocused: vscode.window.state.focused }));

    timers.push(setInterval(drain, 1000));
    // Right after a sample's forced GC: what the heap holds, to compare retainers between minutes.
    const snapshot = (name: string) => writeHeapSnapshot(join(setup.snapshotDir, `heap-${name}.heapsnapshot`));
    let minute = 0;
    timers.push(setInterval(() => void sample(t0).then((s: HostSample) => {
      report.samples!.push(s);
      appendFileSync(join(dir, 'samples.log'), `${JSON.stringify(s)}\n`); // to watch a long run
      minute++;
      if (setup.heapSnapshots.includes(minute)) snapshot(`${minute}min`);
    }), 60_000));

    const { plan } = setup;
    const todo = [
      ...plan.configEdits.map((t, i) => ({ t, run: () => editConfig(ref(setup.apps.busy), i + 1, t0) })),
      ...plan.deploys.map((t, i) => ({ t, run: () => deploy(ref(setup.apps.busy), setup.repoDir, i + 1, t0) })),
    ].sort((a, b) => a.t - b.t);
    for (const action of todo) {
      await sleep(t0 + action.t - Date.now());
      const result: ActionResult = await action.run();
      report.actions!.push(result);
      appendFileSync(join(dir, 'actions.log'), `${JSON.stringify(result)}\n`);
    }
    await sleep(t0 + plan.minutes * 60_000 - Date.now());
    writeFileSync(join(dir, files.actionsDone), String(Date.now()));
    // The driver stops the traffic and waits until every channel shows the last lines.
    await waitFor('the driver to see every channel caught up', () => existsSync(join(dir, files.finish)), 10 * 60_000);
    drain();
    const cpu = process.cpuUsage(cpu0);
    report.end = Date.now();
    report.cpuPercent = ((cpu.user + cpu.system) / 1000 / (report.end - t0)) * 100;
    report.final = await sample(t0);
    timers.forEach(clearInterval);
    if (setup.snapshotAtEnd) snapshot('end');
    writeFileSync(join(dir, files.host), JSON.stringify(report));
  } catch (error) {
    timers.forEach(clearInterval);
    report.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    writeFileSync(join(dir, files.host), JSON.stringify(report));
    throw error;
  }
}
