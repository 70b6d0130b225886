// Request economy with two services (#28): a second reference server is added (user
// settings, signed in by pasting a token while the view is hidden); then opening the view
// and an idle tail on each service at once are counted, per service.
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../../src/extension';
import type { AppNode } from '../../../src/tree/appNode';
import type { TreeNode } from '../../../src/tree/commandTarget';
import { startServer, type RunningServer } from '../../server';
import { scriptUi } from '../../integration/support/scriptedUi';
import { sleep, until } from '../../support/wait';
import { BENCH_USER, TAIL_SECONDS, type JourneyResult } from './journeys';

const QUIET_MS = 1000;
const show = (e: { method: string; path: string }) => `${e.method} ${e.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

/** Waits until neither server has had a request for QUIET_MS. */
async function quiet(servers: RunningServer[]): Promise<void> {
  let seen = -1;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const n = servers.reduce((sum, s) => sum + s.control.requestLog.length, 0);
    if (n === seen) return;
    seen = n;
    await sleep(QUIET_MS);
  }
}

async function labelled(api: AppHostTestApi, parent: TreeNode | undefined, label: string): Promise<TreeNode> {
  for (const c of await api.treeInsides.resources.getChildren(parent)) if (String((await c.getTreeItem()).label) === label) return c;
  throw new Error(`no "${label}" under ${parent?.id ?? 'the roots'}`);
}

export async function twoServiceJourneys(api: AppHostTestApi, a: RunningServer): Promise<JourneyResult[]> {
  const b = await startServer({ logIntervalMs: 0 });
  const config = vscode.workspace.getConfiguration('apphost');
  try {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await config.update('services', [{ url: b.url, name: 'Second' }], vscode.ConfigurationTarget.Global);
    const ui = scriptUi({ picks: ['Second', 'Paste an API token'], inputs: [b.control.issueToken(BENCH_USER, 'bench')] });
    try {
      await vscode.commands.executeCommand('apphost.signIn');
    } finally {
      ui.restore();
    }
    await until('signed in to the second service', async () => !!(await api.connections.of(api.connections.services()[1].id).session()), 10_000);
    await quiet([a, b]);
    const results: JourneyResult[] = [];
    for (const s of [a, b]) s.control.clearRequestLog();
    await vscode.commands.executeCommand('workbench.view.extension.apphost');
    await until('the Resources view visible', () => api.treeInsides.view.visible, 10_000);
    await quiet([a, b]);
    for (const [name, s] of [['first', a], ['second', b]] as const) {
      results.push({ name: `open the view with two services: the ${name} service`, min: 1, why: 'its workspace list (GET /teams) under its row', requests: s.control.requestLog.map(show) });
    }

    // An idle tail on each service at once: each service's budget is its own.
    const [rowA, rowB] = await api.treeInsides.resources.getChildren();
    const apps = await Promise.all([rowA, rowB].map(async (row) => labelled(api, await labelled(api, row, 'Personal'), 'Apps')));
    const nodes = (await Promise.all(apps.map((group) => labelled(api, group, 'admin-panel')))) as AppNode[];
    const ids = [a, b].map((s) => s.control.findApp('admin-panel')!.id);
    await quiet([a, b]);
    for (const s of [a, b]) s.control.clearRequestLog();
    const start = Date.now();
    try {
      for (const node of nodes) await vscode.commands.executeCommand('apphost.logs.tail', node);
      await sleep(TAIL_SECONDS * 1000 - (Date.now() - start));
    } finally {
      for (const node of nodes) await vscode.commands.executeCommand('apphost.logs.stop', node);
    }
    for (const [i, [name, s]] of ([['first', a], ['second', b]] as const).entries()) {
      const log = s.control.requestLog.filter((e) => e.at < start + TAIL_SECONDS * 1000 && e.path.includes(ids[i]));
      results.push({ name: `tail logs ${TAIL_SECONDS} s while idle, both services at once: the ${name}`, min: TAIL_SECONDS / 15, why: 'one poll per 15 s on each service (its own budget)', requests: log.map(show) });
    }
    return results;
  } finally {
    await config.update('services', undefined, vscode.ConfigurationTarget.Global);
    await b.close();
  }
}
