// Request-economy journeys, run inside the extension host with the Resources view
// really open (the workbench renders the tree, so VS Code itself decides which
// children to ask for), against the reference server's request log.
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../../src/extension';
import type { AppNode } from '../../../src/tree/appNode';
import type { TreeNode } from '../../../src/tree/commandTarget';
import type { WorkspaceNode } from '../../../src/tree/workspaceNode';
import { DEMO_USER, type RunningServer } from '../../server';
import { closeAll, editEnv, openDocument, save, skipRestartPrompt } from '../../integration/support/configDocs';
import { sleep, until } from '../../support/wait';
import { twoServiceJourneys } from './servicesJourneys';

export interface JourneyResult {
  name: string;
  /** The fewest requests the journey can be done with, and why (-1: informational, no minimum). */
  min: number;
  why: string;
  /** `METHOD /path` of each request counted (ids shown as :id). */
  requests: string[];
  /** Set when the journey could not run. */
  skipped?: string;
}

/** A journey's requests are over once none arrived for this long. */
const QUIET_MS = 1000;
export const TAIL_SECONDS = 60;
/** Busy app: this many lines every 250 ms (20 lines/s). */
const BUSY_LINES = 5;

const show = (e: { method: string; path: string }) => `${e.method} ${e.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

/** Runs `action`, waits until the server has been quiet for QUIET_MS, returns the requests it caused. */
async function count(server: RunningServer, action: () => unknown): Promise<string[]> {
  server.control.clearRequestLog();
  await action();
  let seen = -1;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const n = server.control.requestLog.length;
    if (n === seen) break;
    seen = n;
    await sleep(QUIET_MS);
  }
  return server.control.requestLog.map(show);
}

async function childNamed<T extends TreeNode>(api: AppHostTestApi, parent: TreeNode, label: string): Promise<T> {
  for (const c of await api.treeInsides.resources.getChildren(parent)) if (String((await c.getTreeItem()).label) === label) return c as T;
  throw new Error(`no "${label}" under ${parent.id}`);
}

/** Expands a node in the real tree view (as a click on its twistie would). */
const expand = (api: AppHostTestApi, node: TreeNode) => api.treeInsides.view.reveal(node, { expand: true, select: false, focus: false });

export async function runJourneys(api: AppHostTestApi, server: RunningServer): Promise<JourneyResult[]> {
  const results: JourneyResult[] = [];
  const journey = async (name: string, min: number, why: string, action: () => unknown) => {
    results.push({ name, min, why, requests: await count(server, action) });
  };

  await journey('open the view', 1, 'the workspace list (GET /teams); the personal workspace opens with its groups, which cost nothing', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.apphost');
    await until('the Resources view visible', () => api.treeInsides.view.visible, 10_000);
  });
  const personal = api.treeInsides.state.workspaceNode(api.connection.apiRoot(), undefined) as WorkspaceNode | undefined;
  if (!personal) throw new Error('the personal workspace did not show');

  await journey('expand a workspace (its Apps group)', 1, 'one list of apps', () => expand(api, personal.apps));
  const app = await childNamed<AppNode>(api, personal.apps, 'storefront');
  await journey('expand an app', 1, 'its process report, the app\'s real state (its parts, Config, Domains…, are static rows)', () => expand(api, app));
  const config = await childNamed(api, app, 'Config');
  await journey("expand an app's Config", 1, 'one read of the config', () => expand(api, config));

  await skipRestartPrompt(true);
  await journey('open and save config with one change', 3, 'read to open, re-read at save to catch a concurrent change (the API has no version or ETag), write the one change', async () => {
    const doc = await openDocument(server, 'storefront', 'config');
    await editEnv(doc, { BENCH_CHANGED: 'yes' });
    const { saved } = await save(doc);
    if (!saved) throw new Error('config.env was not saved');
  });
  await closeAll();

  results.push(...(await tailJourneys(api, server, personal)));

  await journey('refresh', 3, 'every expanded list once: the workspace list, the Apps list and the Config (the open view shows them)', () =>
    vscode.commands.executeCommand('apphost.refresh'),
  );
  results.push(...(await twoServiceJourneys(api, server)));
  return results;
}

/**
 * Tails one idle app (no new lines), then one busy app, TAIL_SECONDS each, one at a
 * time: a tail's poll rate depends on how many tails share the request budget, and
 * each journey is one user tailing one app. The minimum follows the tail's promise:
 * a new line shows within 15 s when quiet and within 2 s while lines arrive; the
 * canonical API has no push, so that is one poll per 15 s, and one per 2 s.
 */
async function tailJourneys(api: AppHostTestApi, server: RunningServer, personal: WorkspaceNode): Promise<JourneyResult[]> {
  const journeys = [
    { name: `tail logs ${TAIL_SECONDS} s while idle`, app: 'admin-panel', busy: false, min: TAIL_SECONDS / 15, why: 'a new line shows within 15 s: one poll per 15 s (the API has no push)' },
    { name: `tail logs ${TAIL_SECONDS} s while busy`, app: 'api-gateway', busy: true, min: TAIL_SECONDS / 2, why: `lines show within 2 s: one poll per 2 s (${BUSY_LINES * 4} lines/s arriving)` },
  ];
  const commands = await vscode.commands.getCommands(true);
  if (!commands.includes('apphost.logs.tail')) {
    return journeys.map((j) => ({ name: j.name, min: j.min, why: j.why, requests: [], skipped: 'the command apphost.logs.tail does not exist in this build' }));
  }
  const results: JourneyResult[] = [];
  const others: string[] = [];
  for (const j of journeys) {
    const node = await childNamed<AppNode>(api, personal.apps, j.app);
    const id = server.control.findApp(j.app)!.id;
    server.control.clearRequestLog();
    const start = Date.now();
    let seq = 0;
    const writer = j.busy
      ? setInterval(() => server.control.appendLogs(j.app, Array.from({ length: BUSY_LINES }, () => `bench line ${++seq}`)), 250)
      : undefined;
    try {
      await vscode.commands.executeCommand('apphost.logs.tail', node);
      await sleep(TAIL_SECONDS * 1000 - (Date.now() - start));
    } finally {
      clearInterval(writer);
      if (commands.includes('apphost.logs.stop')) await vscode.commands.executeCommand('apphost.logs.stop', node);
    }
    // Only requests within the window count (a last poll may be in flight at the stop).
    const log = server.control.requestLog.filter((e) => e.at < start + TAIL_SECONDS * 1000);
    results.push({ name: j.name, min: j.min, why: j.why, requests: log.filter((e) => e.path.includes(id)).map(show) });
    others.push(...log.filter((e) => !e.path.includes(id)).map(show));
    await sleep(QUIET_MS);
  }
  // Not a journey: what else ran meanwhile (the open view's auto-refresh, every 60 s by default).
  results.push({ name: `other requests during the ${journeys.length * TAIL_SECONDS} s of tails`, min: -1, why: 'the open view refreshes itself every 60 s (apphost.autoRefreshSeconds), reading its expanded lists', requests: others });
  return results;
}

export const BENCH_USER = DEMO_USER.email;
