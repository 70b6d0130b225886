// `npm run bench`: how fast and how frugal AppHost is, each figure next to a baseline
// measured in the same run. Sections: size, activation, economy (requests per
// journey), tree (latency through the real UI), logs (pipeline throughput and memory),
// import (a 200 MB database import streamed: the client's heap growth).
//   npm run bench                      everything (~4 min)
//   npm run bench -- logs size         only some sections
//   npm run bench -- --update-readme   also rewrite docs/performance.md and the README's summary
// Exits non-zero only when a figure could not be measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../vscode/browser';
import { assertToolsInstalled } from '../vscode/tools';
import { measureActivation } from './activation';
import { prepareExtensions, type Extensions } from './extensions';
import { machine, renderReport, renderSection, updateDocs, writeResults, type Section } from './report';
import { measureEconomy } from './economy';
import { measureImportStream } from './importStream';
import { measureLogPipeline } from './logPipeline';
import { measureSize } from './size';
import { measureTreeLatency } from './treeLatency';

const ALL = ['size', 'activation', 'economy', 'tree', 'logs', 'import'] as const;
type Name = (typeof ALL)[number];

const args = process.argv.slice(2);
const wanted = new Set<Name>(ALL.filter((n) => args.includes(n)));
const selected = wanted.size ? ALL.filter((n) => wanted.has(n)) : [...ALL];
const ACTIVATION_RUNS = Number(process.env.APPHOST_BENCH_RUNS ?? 12);

async function main(): Promise<number> {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), 'apphost-bench-'));
  const sections: Section[] = [];
  let browser: Browser | undefined;
  let extensions: Extensions | undefined;
  let hostNode: string | undefined;
  const needsVsCode = selected.some((n) => n === 'activation' || n === 'economy' || n === 'tree');

  /** Runs one section; a failure becomes a "not measured" section instead of ending the run. */
  const section = async (title: string, measure: () => Promise<Section> | Section) => {
    const t0 = Date.now();
    process.stderr.write(`[bench] ${title}…\n`);
    let result: Section;
    try {
      result = await measure();
    } catch (error) {
      result = { title, intro: '', rows: [], error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
    }
    sections.push(result);
    process.stderr.write(`[bench] ${title}: ${((Date.now() - t0) / 1000).toFixed(1)} s${result.error ? ` — NOT MEASURED: ${result.error}` : ''}\n`);
    process.stdout.write(`\n${renderSection(result)}\n`);
  };

  try {
    if (needsVsCode) assertToolsInstalled();
    if (selected.some((n) => n !== 'logs' && n !== 'import')) {
      process.stderr.write('[bench] packaging AppHost (production build) and the baselines…\n');
      extensions = prepareExtensions(workDir);
    }
    if (needsVsCode) browser = await launchBrowser();
    for (const name of selected) {
      if (name === 'size') await section('Size', () => measureSize(extensions!));
      if (name === 'economy') await section('Request economy', () => measureEconomy(extensions!, browser!, workDir));
      if (name === 'tree') await section('Tree latency', () => measureTreeLatency(extensions!, browser!));
      if (name === 'logs') await section('Log pipeline', () => measureLogPipeline(workDir));
      if (name === 'import') await section('Database import', () => measureImportStream(workDir));
      if (name === 'activation') {
        await section('Activation', async () => {
          const r = await measureActivation(extensions!, browser!, workDir, ACTIVATION_RUNS);
          hostNode = r.node;
          return r.section;
        });
      }
    }
  } finally {
    await browser?.close();
    rmSync(workDir, { recursive: true, force: true });
  }

  const seconds = (Date.now() - started) / 1000;
  const markdown = renderReport(sections, machine(hostNode), seconds);
  const file = writeResults(markdown);
  process.stdout.write(`\n${markdown.split('\n')[0]}\nResults: ${file}\n`);
  if (args.includes('--update-readme')) {
    const updated = updateDocs(markdown);
    process.stdout.write(updated.length ? `Updated: ${updated.join(', ')}.\n` : 'No bench markers found in docs/performance.md or README.md; nothing updated.\n');
  }
  return sections.some((s) => s.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
