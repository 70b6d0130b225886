// Request economy: scripted journeys inside the extension host, each counted through
// the reference server's request log, next to the fewest requests it needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startCodeServer } from '../vscode/codeServer';
import type { Extensions } from './extensions';
import { bundleRunner, runInHost } from './hostRun';
import type { JourneyResult } from './host/journeys';
import type { Section } from './report';
import { ratio } from './stats';

/** "GET /api/v1/teams ×2, PUT /api/v1/apps/:id/config" */
function summarizeRequests(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.replace('/api/v1', ''), (counts.get(r.replace('/api/v1', '')) ?? 0) + 1);
  return [...counts].map(([r, n]) => (n > 1 ? `${r} ×${n}` : r)).join(', ');
}

export async function measureEconomy(ext: Extensions, browser: Browser, workDir: string): Promise<Section> {
  const out = join(workDir, 'economy.json');
  const runner = await bundleRunner(join(__dirname, 'host', 'economyRunner.ts'), join(ext.apphostDir, 'bench', 'economyRunner.js'));
  const codeServer = await startCodeServer({ smokeTestDriver: true, env: { APPHOST_BENCH_ECONOMY: out } });
  let code: number;
  try {
    ({ code } = await runInHost({ codeServer, browser, devPaths: [ext.apphostDir], runner, timeoutMs: 240_000 }));
  } finally {
    await codeServer.close();
  }
  const result = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { journeys?: JourneyResult[]; error?: string }) : {};
  const section: Section = {
    title: 'Request economy',
    intro:
      'Journeys scripted inside the extension host (code-server) with the Resources view open, so the real workbench decides what to render; requests counted in the reference server\'s log until it has been quiet for 1 s. ' +
      'Default settings (60 requests/min budget). Baseline: the fewest requests the journey needs; ratio 1.00 is optimal.',
    rows: [],
  };
  if (!result.journeys) {
    section.error = `the journey runner failed (exit ${code}): ${(result.error ?? 'no output').split('\n')[0]}`;
    return section;
  }
  for (const j of result.journeys) {
    if (j.skipped) {
      section.rows.push({ figure: j.name, value: 'not run', baseline: String(j.min), ratio: '—', how: `${j.skipped}; minimum: ${j.why}` });
      continue;
    }
    if (j.min < 0) {
      section.rows.push({ figure: j.name, value: String(j.requests.length), baseline: '—', ratio: '—', how: `${summarizeRequests(j.requests) || 'none'} — ${j.why}` });
      continue;
    }
    section.rows.push({
      figure: j.name,
      value: String(j.requests.length),
      baseline: String(j.min),
      ratio: j.min === 0 ? (j.requests.length === 0 ? '×1.00' : `+${j.requests.length}`) : ratio(j.requests.length, j.min),
      how: `${summarizeRequests(j.requests) || 'none'} — minimum: ${j.why}`,
    });
  }
  return section;
}
