// Tree latency through the real UI: with 50 ms of injected server latency and 2,000
// apps, the time from the click that expands a node to its children being painted
// (Playwright clicks; the page itself timestamps the mousedown and the first frame
// after the child rows appear). Baseline: the smallest extension doing the same job in
// the same workbench (treeBaseline.ts: one view, one GET /apps, its rows), measured
// in the same run, sample for sample; and, to show what any expansion costs, the bare
// round trip: one request for the same list from this process.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { Workbench } from '../e2e/workbench';
import { startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import type { Extensions } from './extensions';
import { TREE_BASELINE } from './treeBaseline';
import { RESULTS_DIR, type Section } from './report';
import { formatMs, ratio, summarize } from './stats';

const APPS = 2000;
const LARGE = 10_000;
const LATENCY_MS = 50;
const RUNS = 9;

/** Adds `n` running apps to the demo user's personal workspace, cloned from a demo app. */
function addApps(server: RunningServer, n: number, from = 1): void {
  const template = server.control.findApp('storefront');
  if (!template) throw new Error('the demo seed has no storefront app');
  for (let i = from; i < from + n; i++) {
    const id = randomUUID();
    const name = `bench-${String(i).padStart(5, '0')}`;
    server.control.state.store.apps.set(id, { ...template, id, name, status: 'running', config: {}, scaling: { web: 1 }, checks: { ...template.checks } });
  }
}

/**
 * The e2e Workbench's helpers (sign in through the UI, rows by label, palette) on a
 * code-server the bench started itself: its constructor is private because journeys
 * normally go through open(), which installs the e2e suite's own .vsix path.
 */
function attachWorkbench(page: Page, browser: Browser, codeServer: RunningCodeServer): Workbench {
  return Reflect.construct(Workbench as unknown as new (...a: unknown[]) => Workbench, [page, browser, codeServer]);
}

/**
 * Runs in the page (a string: the bench is type-checked without DOM types). Stamps the
 * next mousedown, then the first animation frame after a row at LEVEL has a label in
 * the tree that holds the row labelled LABEL (other views' rows stay in the DOM).
 */
const WATCH_EXPANSION = `(() => {
  const bench = (window.__bench = { start: 0, end: 0 });
  const row = [...document.querySelectorAll('.sidebar .monaco-list-row[role=treeitem]')]
    .find((r) => r.querySelector('.label-name')?.textContent === LABEL);
  const tree = row.closest('.monaco-list-rows');
  document.addEventListener('mousedown', () => (bench.start = performance.now()), { capture: true, once: true });
  const selector = '.monaco-list-row[role=treeitem][aria-level="LEVEL"] .label-name';
  const observer = new MutationObserver(() => {
    if (!bench.start || !tree.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => (bench.end = performance.now()));
  });
  observer.observe(tree, { childList: true, subtree: true, characterData: true });
})()`;

/**
 * Clicks `row` and returns the ms from the page's mousedown to the first animation
 * frame after a row at `childLevel` exists in the row's tree.
 */
async function timeExpand(page: Page, rowLabel: string, workbench: Workbench, childLevel: number): Promise<number> {
  await page.evaluate(WATCH_EXPANSION.replace('LEVEL', String(childLevel)).replace('LABEL', JSON.stringify(rowLabel)));
  await workbench.treeRow(rowLabel).click();
  await page.waitForFunction('window.__bench.end > 0', undefined, { timeout: 30_000 });
  return page.evaluate('window.__bench.end - window.__bench.start');
}

/** Shows the view container whose activity bar tab is labelled `title`. */
async function showContainer(page: Page, title: string): Promise<void> {
  const tab = page.locator(`.activitybar [role=tab]:has(a.action-label[aria-label^="${title}"])`);
  if (!((await tab.getAttribute('class')) ?? '').includes('checked')) await tab.click();
  await page.locator('.sidebar .title-label', { hasText: title }).waitFor();
}

async function collapse(workbench: Workbench, label: string): Promise<void> {
  const row = workbench.treeRow(label);
  if ((await row.getAttribute('aria-expanded')) === 'true') await row.click();
  await workbench.page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'false', await row.elementHandle());
}

/** Resolves once the server saw no request for `quietMs`. */
async function quiet(server: RunningServer, quietMs = 500): Promise<void> {
  let seen = -1;
  while (server.control.requestLog.length !== seen) {
    seen = server.control.requestLog.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

/** Refresh from the palette (forgets cached lists), then waits for the open view's re-reads. */
async function refresh(workbench: Workbench, server: RunningServer): Promise<void> {
  await workbench.runCommand('AppHost: Refresh');
  await quiet(server);
}

export async function measureTreeLatency(ext: Extensions, browser: Browser): Promise<Section> {
  const server = await startServer({ seed: 'demo', actionDelayMs: 20, logIntervalMs: 0, rateLimit: false, latencyMs: LATENCY_MS });
  let codeServer: RunningCodeServer | undefined;
  let page: Page | undefined;
  let step = 'setup';
  try {
    addApps(server, APPS);
    const token = server.control.issueToken(DEMO_USER.email, 'bench');
    codeServer = await startCodeServer({
      vsix: [ext.vsix, ext.treeBaselineVsix],
      // No auto-refresh mid-measurement, and a budget that never delays a click: the
      // figure is latency, not the budget (the economy section runs with defaults).
      settings: { 'apphost.baseUrl': server.url, 'apphost.autoRefreshSeconds': 0, 'apphost.requestsPerMinute': 6000 },
      env: { APPHOST_SERVICE_REQUESTS_PER_MINUTE: '6000', [TREE_BASELINE.urlVariable]: server.url, [TREE_BASELINE.tokenVariable]: token },
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(codeServer.workspaceFolder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const workbench = attachWorkbench(page, browser, codeServer);
    await workbench.signInWithToken(server.control.issueToken(DEMO_USER.email, 'bench ui'));
    await workbench.collapseSection('Activity');

    // Under load a step can time out (a row re-rendered mid-click): such a sample is
    // dropped, not the whole section, as long as enough samples remain.
    const failures: string[] = [];
    const sample = async (what: string, fn: () => Promise<void>) => {
      step = what;
      try {
        await fn();
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        await page!.keyboard.press('Escape').catch(() => undefined);
      }
    };
    const appsRequests: number[] = [];
    const baselineRequests: number[] = [];
    /**
     * Expands AppHost's Apps RUNS times, each after a refresh (so it fetches), each time
     * followed by the tree baseline's expansion of its own Apps row; then measures the
     * bare round trip at this size.
     */
    const expandApps = async (size: number) => {
      const times: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await sample(`expand Apps (${size}) #${i + 1}`, async () => {
          await showContainer(page!, 'AppHost');
          await collapse(workbench, 'Apps');
          await refresh(workbench, server);
          server.control.clearRequestLog();
          const ms = await timeExpand(page!, 'Apps', workbench, 3);
          await quiet(server);
          times.push(ms);
          appsRequests.push(server.control.requestLog.filter((e) => e.path === '/api/v1/apps').length);
        });
        await sample(`baseline: expand Apps (${size}) #${i + 1}`, async () => {
          await showContainer(page!, TREE_BASELINE.title);
          await collapse(workbench, TREE_BASELINE.root);
          await quiet(server);
          server.control.clearRequestLog();
          const ms = await timeExpand(page!, TREE_BASELINE.root, workbench, 2);
          await quiet(server);
          baseline.push(ms);
          baselineRequests.push(server.control.requestLog.filter((e) => e.path === '/api/v1/apps').length);
        });
      }
      await showContainer(page!, 'AppHost');
      const floor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
        const list = (await res.json()) as unknown[];
        floor.push(performance.now() - t0);
        if (list.length < size) throw new Error(`the floor request got ${list.length} apps`);
      }
      return { times, baseline, floor };
    };
    const apps = await expandApps(APPS);
    const app: number[] = [];
    const partsRequests: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await sample(`expand an app #${i + 1}`, async () => {
        await collapse(workbench, 'admin-panel');
        await refresh(workbench, server); // re-reads the expanded Apps list; the app's parts are new rows
        server.control.clearRequestLog();
        const ms = await timeExpand(page!, 'admin-panel', workbench, 4);
        await quiet(server);
        app.push(ms);
        partsRequests.push(server.control.requestLog.length);
      });
    }
    // The same expansion with five times as many apps.
    addApps(server, LARGE - APPS, APPS + 1);
    const large = await expandApps(LARGE);
    const enough = [apps.times, apps.baseline, large.times, large.baseline, app].every((s) => s.length >= 3);
    if (!enough) throw new Error(`too few samples: ${failures.slice(0, 2).join('; ')}`);

    const a = summarize(apps.times);
    const b = summarize(apps.baseline);
    const f = summarize(apps.floor);
    const l = summarize(large.times);
    const lb = summarize(large.baseline);
    const lf = summarize(large.floor);
    const p = summarize(app);
    const counts = (list: number[]) => [...new Set(list)].join('/');
    return {
      title: 'Tree latency',
      intro:
        `Real UI: code-server with the .vsix installed, headless Chromium, ${APPS.toLocaleString('en')} extra apps in the personal workspace, ${LATENCY_MS} ms added to every response by the reference server. ` +
        'Playwright clicks the row; the page timestamps the mousedown and the first animation frame after a child row is in the tree. Before each click: collapse, then AppHost: Refresh, so every expansion fetches again. ' +
        (failures.length ? `Dropped samples: ${failures.join('; ')}. ` : '') +
        'Baseline: the smallest extension doing the same job, installed next to AppHost in the same workbench and measured after each AppHost sample: ' +
        `a view with one collapsed row whose children are one GET /apps (global fetch) shown as its first 200 apps (name, status, icon) and a "Load more" row; collapsing it makes the next expansion fetch again. ` +
        `Below it, that extension against the bare round trip — one GET /apps (same ${LATENCY_MS} ms, same apps, JSON parsed) from the bench process — is what any extension pays on top of the request: the click reaching the extension host, the rows going back, the workbench drawing them. ` +
        'Auto-refresh off, request budget lifted (latency, not budget).',
      rows: [
        {
          figure: `expand Apps (${APPS.toLocaleString('en')} apps, 1 request)`,
          value: formatMs(a),
          baseline: formatMs(b),
          ratio: ratio(a.median, b.median),
          how: `requests per expansion: ${counts(appsRequests)} GET /apps (baseline: ${counts(baselineRequests)}); the first 200 rows and "Load more"; against the bare round trip (${f.median.toFixed(1)} ms): ${ratio(a.median, f.median)}`,
        },
        {
          figure: `expand Apps (${LARGE.toLocaleString('en')} apps, 1 request)`,
          value: formatMs(l),
          baseline: formatMs(lb),
          ratio: ratio(l.median, lb.median),
          how: `the same with five times as many apps; against the bare round trip (${lf.median.toFixed(1)} ms): ${ratio(l.median, lf.median)}`,
        },
        {
          figure: `the baseline extension's expansion (${APPS.toLocaleString('en')} apps)`,
          value: formatMs(b),
          baseline: formatMs(f),
          ratio: ratio(b.median, f.median),
          how: `baseline column: the bare round trip; what the workbench adds to any request-backed expansion (${LARGE.toLocaleString('en')} apps: ${ratio(lb.median, lf.median)})`,
        },
        {
          figure: 'expand an app (its parts are static rows)',
          value: formatMs(p),
          baseline: 'no request',
          ratio: '—',
          how: `requests per expansion: ${[...new Set(partsRequests)].join('/')} (its process report, read in the background: the rows do not wait for it); this is the workbench's own cost (extension host → renderer) that comes on top of any request`,
        },
      ],
    };
  } catch (error) {
    if (error instanceof Error) error.message = `${step}: ${error.message}`;
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page?.screenshot({ path: join(RESULTS_DIR, 'tree-latency-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await page?.close();
    await codeServer?.close();
    await server.close();
  }
}
