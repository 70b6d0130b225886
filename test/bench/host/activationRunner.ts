// Loaded by VS Code as extensionTestsPath in a fresh extension host, once per run.
// For AppHost and the empty baseline (order alternating between runs, so neither
// always pays for warming the host up) it times, with performance.now():
//   load:     require() of the extension's main file — the module's code loading;
//   activate: getExtension(id).activate() — VS Code building the extension's context
//             and calling activate() (the module is already in Node's cache, shared
//             with the extension host's loader, so it is not loaded twice);
//   firstUse: for AppHost, after both, building what activation left for first use: a
//             command that does nothing else (Load More without a row) pays what the
//             first command, or the first look at the view, pays. AppHost is installed
//             from its .vsix, so it exports nothing: the runner goes through a command.
// The runner lives outside both extension folders, so it uses neither's API object.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { APPHOST_ID, BASELINE_ID, type ActivationSample } from './ids';

/** Lets the host's own start-up work (built-in extensions activating) settle first. */
const SETTLE_MS = 1500;

export async function run(): Promise<void> {
  const out = process.env.APPHOST_BENCH_ACTIVATION;
  if (!out) throw new Error('APPHOST_BENCH_ACTIVATION is not set');
  try {
    await measure(out);
  } catch (error) {
    // The extension host's output is invisible: the driver reads the reason here.
    appendFileSync(`${out}.errors`, `${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ")}\n`);
    throw error;
  }
}

async function measure(out: string): Promise<void> {
  const runIndex = existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const ids = runIndex % 2 ? [BASELINE_ID, APPHOST_ID] : [APPHOST_ID, BASELINE_ID];
  const times: ActivationSample['times'] = {};
  for (const id of ids) {
    const ext = vscode.extensions.getExtension(id);
    if (!ext) throw new Error(`${id} is not loaded (loaded: ${vscode.extensions.all.filter((e) => !e.id.startsWith('vscode.')).map((e) => e.id).join(', ')})`);
    if (ext.isActive) throw new Error(`${id} was activated before the bench (an activation event fired)`);
    const main = require.resolve(join(ext.extensionPath, String(ext.packageJSON.main)));
    const t0 = performance.now();
    // A plain require: the same call VS Code's loader makes, into the same module cache.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(main);
    const t1 = performance.now();
    await ext.activate();
    const t2 = performance.now();
    times[id] = { load: t1 - t0, activate: t2 - t1, total: t2 - t0 };
  }
  if (vscode.extensions.getExtension(APPHOST_ID)!.exports !== undefined) throw new Error('AppHost installed from its .vsix exported something');
  const t3 = performance.now();
  await vscode.commands.executeCommand('apphost.loadMore');
  const firstUse = performance.now() - t3;
  const sample: ActivationSample = {
    run: runIndex,
    firstUse,
    order: ids,
    vscode: vscode.version,
    node: process.version,
    baselineLoads: (globalThis as { __benchBaselineLoads?: number }).__benchBaselineLoads ?? 0,
    times,
  };
  appendFileSync(out, `${JSON.stringify(sample)}\n`);
}
