// Activation: AppHost's code loading and activate() against the empty baseline, in
// the same code-server, each run in a fresh extension host (a fresh window), so
// every run is a cold start of both extensions.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startCodeServer } from '../vscode/codeServer';
import type { Extensions } from './extensions';
import { bundleRunner, runInHost } from './hostRun';
import { APPHOST_ID, BASELINE_ID, type ActivationSample } from './host/ids';
import type { Section } from './report';
import { formatMs, ratio, summarize } from './stats';

export interface ActivationResult {
  section: Section;
  /** Versions seen inside the extension host. */
  vscode?: string;
  node?: string;
}

export async function measureActivation(ext: Extensions, browser: Browser, workDir: string, runs: number): Promise<ActivationResult> {
  const results = join(workDir, 'activation.jsonl');
  const runner = await bundleRunner(join(__dirname, 'host', 'activationRunner.ts'), join(workDir, 'runners', 'activationRunner.js'));
  // The payload takes a single development extension: AppHost is installed from its
  // .vsix (as users get it), the baseline is the development extension.
  // APPHOST_BENCH_TWO_SERVICES=1: activation with two services configured (#28; addresses only, activation makes no request).
  const settings = process.env.APPHOST_BENCH_TWO_SERVICES ? { 'apphost.baseUrl': 'https://first.example', 'apphost.services': [{ url: 'https://second.example', name: 'Second' }] } : undefined;
  const codeServer = await startCodeServer({ vsix: ext.vsix, smokeTestDriver: true, settings, env: { APPHOST_BENCH_ACTIVATION: results } });
  const failures: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = Date.now();
      const { code, errors } = await runInHost({ codeServer, browser, devPaths: [ext.baselineDir], runner, timeoutMs: 60_000 });
      process.stderr.write(`[bench]   activation run ${i + 1}/${runs}: ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
      if (code !== 0) {
        const reason = existsSync(`${results}.errors`) ? readFileSync(`${results}.errors`, 'utf8').trim().split('\n').pop() : errors.find((e) => !/404/.test(e));
        failures.push(`run ${i + 1}: exit ${code}${reason ? ` (${reason})` : ''}`);
        // A runner that cannot measure fails the same way every time: do not wait for the rest.
        if (failures.length >= 3 && !existsSync(results)) break;
      }
    }
  } finally {
    await codeServer.close();
  }
  const samples: ActivationSample[] = existsSync(results)
    ? readFileSync(results, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ActivationSample)
    : [];
  const section: Section = {
    title: 'Activation',
    intro:
      `Inside code-server's extension host, ${samples.length} runs, each in a fresh extension host (a new window), AppHost installed from its .vsix, the empty baseline loaded as the development extension, order alternating per run. ` +
      'A runner (extensionTestsPath) times with `performance.now()` the `require()` of each main file (code loading), then `vscode.extensions.getExtension(id).activate()` (VS Code builds the context and calls `activate()`; the module comes from the shared Node module cache). Median, inter-quartile range, min–max.',
    rows: [],
  };
  if (failures.length) section.error = `${failures.length} of ${runs} runs failed: ${failures.slice(0, 3).join('; ')}`;
  if (samples.length < 3) {
    section.error ??= 'fewer than 3 runs completed';
    return { section };
  }
  if (samples.some((s) => s.baselineLoads !== 1)) {
    section.intro += ' **Warning:** VS Code loaded the baseline module twice in some runs, so `activate()` includes a second load.';
  }
  const pick = (id: string, k: 'load' | 'activate' | 'total') => summarize(samples.map((s) => s.times[id][k]));
  const rows: [string, 'load' | 'activate' | 'total', string][] = [
    ['**code load + activate() (headline)**', 'total', 'sum of the two below, per run'],
    ['code load (`require` of the main file)', 'load', 'minified bundle from the .vsix'],
    ['`activate()` through VS Code', 'activate', 'no network I/O during activation'],
  ];
  for (const [figure, k, how] of rows) {
    const ours = pick(APPHOST_ID, k);
    const base = pick(BASELINE_ID, k);
    section.rows.push({ figure, value: formatMs(ours), baseline: formatMs(base, 2), ratio: ratio(ours.median, base.median), how });
  }
  const firstUse = samples.map((s) => s.firstUse).filter((v): v is number => v !== undefined);
  if (firstUse.length) {
    section.rows.push({
      figure: 'first use: the rest built (after activation)',
      value: formatMs(summarize(firstUse)),
      baseline: '—',
      ratio: '—',
      how: 'dist/features.js loaded and the tree, commands, editors, log views and deploys built (timed around `apphost.loadMore` without a row, a command that does nothing else): what the first look at the view, or the first command, pays once',
    });
  }
  return { section, vscode: samples[0].vscode, node: samples[0].node };
}
