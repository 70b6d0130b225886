// The neighbour: the spy's second command, "Spy: After Use", for the journey
// test/e2e/neighbour.e2e.ts. It waits until the user has used AppHost (a Run Command…
// terminal left open, config.env, app.json and checks.json left open, the folder linked and
// deployed), then tries what issue #43 names, as any extension can:
//   a. walks what VS Code hands every extension: each terminal's creationOptions (a
//      pseudoterminal), each task execution, and the `apphost` tasks (also the terminal their
//      execution builds), looking for the token, SecretStorage, a session, AppHost's Core or a
//      connection (by shape);
//   b. registers `workbench.action.openWalkthrough` (a command only VS Code's main thread
//      knows, so the extension host takes another's), has AppHost run it (its walkthrough
//      command), and from inside the handler, and from a timer the handler starts, stops and
//      restarts the app with a made-up target;
//   c. deploys the linked folder with no argument, and with the folder's own Uri;
//   d. writes a changed line into every open `apphost:` document by its keyed address;
//   e. calls the read tools (logs, config) without a chat's invocation token;
//   f. points the repository's git at a proxy (`http.proxy`, `http.sslVerify=false`), for
//      the user's next deploy.
// Each try's outcome and its time window go to $APPHOST_NEIGHBOUR_REPORT as JSON: the journey
// declines every question AppHost asks meanwhile and matches them, and the service's request
// log, to the windows.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { TRIES, type NeighbourReport, type Try } from './neighbourTries';
import { walk } from '../../support/walk';

export const NEIGHBOUR_COMMAND = 'apphostSpy.afterUse';

/** How long a try may wait for its command (a deploy's command waits for the notice it shows). */
const TRY_MS = Number(process.env.APPHOST_NEIGHBOUR_TRY_MS) || 25_000;

export function registerNeighbour(context: vscode.ExtensionContext, output: vscode.OutputChannel): void {
  context.subscriptions.push(vscode.commands.registerCommand(NEIGHBOUR_COMMAND, async () => {
    const report = await tryEverything();
    const target = process.env.APPHOST_NEIGHBOUR_REPORT;
    if (target) writeFileSync(target, JSON.stringify(report, null, 2));
    output.clear();
    for (const line of describe(report)) output.appendLine(line);
    output.show(true);
    void vscode.window.showInformationMessage(`Spy: after use, ${report.findings.length} AppHost objects found; ${report.tries.length} tries made (see the AppHost Spy output).`);
  }));
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs `work` as one try: its window and outcome, or "no answer" once it has waited TRY_MS. */
async function attempt(id: string, work: () => Thenable<string> | Promise<string>): Promise<Try> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer within ${TRY_MS / 1000} s`), TRY_MS)));
  const outcome = await Promise.race([Promise.resolve().then(work).then((v) => v, (e: unknown) => `refused: ${message(e)}`), late]);
  clearTimeout(timer);
  return { id, start, end: Date.now(), outcome };
}

/** What a command gave back, without its content. */
function returned(value: unknown): string {
  return `returned ${value === null ? 'null' : typeof value}${value && typeof value === 'object' ? ` {${Object.keys(value).join(', ')}}` : ''}`;
}

async function tryEverything(): Promise<NeighbourReport> {
  const file = process.env.APPHOST_SPY_SECRET_FILE;
  const secret = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (!secret) throw new Error('The neighbour has no token to hunt for ($APPHOST_SPY_SECRET_FILE).');
  const started = Date.now();
  const walked = await walkWhatVsCodeHands(secret);
  const tries: Try[] = [];
  const inside = await fromInsideAppHost();
  tries.push(...inside.tries);
  const folder = vscode.workspace.workspaceFolders?.[0];
  tries.push(await attempt(TRIES.deployBare, async () => returned(await vscode.commands.executeCommand('apphost.folder.deploy'))));
  tries.push(await attempt(TRIES.deployUri, async () => returned(await vscode.commands.executeCommand('apphost.folder.deploy', folder?.uri))));
  tries.push(...(await writeOpenTabs()));
  tries.push(...(await readTools()));
  tries.push(await attempt(TRIES.gitProxy, async () => {
    const proxy = process.env.APPHOST_NEIGHBOUR_PROXY;
    if (!folder || !proxy) throw new Error('no folder or no proxy to point it at');
    await git(folder.uri.fsPath, 'config', 'http.proxy', proxy);
    await git(folder.uri.fsPath, 'config', 'http.sslVerify', 'false');
    return "set in the folder's .git/config";
  }));
  return { started, ended: Date.now(), ...walked, handlerRan: inside.handlerRan, tries };
}

/** a. Terminals, task executions and the `apphost` tasks, walked as deep as JavaScript allows. */
async function walkWhatVsCodeHands(secret: string): Promise<Pick<NeighbourReport, 'terminals' | 'taskExecutions' | 'tasks' | 'reached' | 'truncated' | 'findings'>> {
  const roots: [unknown, string][] = [];
  vscode.window.terminals.forEach((t, i) => roots.push([t.creationOptions, `terminals[${i}] "${t.name}".creationOptions`]));
  vscode.tasks.taskExecutions.forEach((e, i) => roots.push([e, `taskExecutions[${i}]`]));
  const tasks = await Promise.resolve(vscode.tasks.fetchTasks({ type: 'apphost' })).then((t) => t, () => [] as vscode.Task[]);
  for (const [i, task] of tasks.entries()) {
    roots.push([task, `fetchTasks()[${i}] "${task.name}"`]);
    // A custom execution builds the task's terminal: anyone holding the task can build it (and not open it).
    const callback = (task.execution as { callback?: unknown } | undefined)?.callback;
    if (typeof callback === 'function') {
      const pty = await Promise.resolve((callback as (d: vscode.TaskDefinition) => unknown)(task.definition)).then((p) => p, (e: unknown) => e);
      roots.push([pty, `fetchTasks()[${i}].execution.callback()`]);
    }
  }
  // Read, not called: calling a terminal's open() would run what it runs.
  const walks = await Promise.all(roots.map(([root, path]) => walk(root, path, { secret, call: false, timeLimitMs: 15_000 })));
  return {
    terminals: vscode.window.terminals.map((t) => t.name),
    taskExecutions: vscode.tasks.taskExecutions.length,
    tasks: tasks.map((t) => t.name),
    reached: walks.reduce((n, w) => n + w.reached, 0),
    truncated: walks.some((w) => w.truncated),
    findings: walks.flatMap((w) => w.findings),
  };
}

/**
 * b. A command id AppHost runs and only the main thread knows, registered here: AppHost's
 * walkthrough command then runs this handler, inside AppHost's own run. The target is made
 * up (any extension can read the service's address from the settings).
 */
async function fromInsideAppHost(): Promise<{ tries: Try[]; handlerRan: boolean }> {
  const baseUrl = vscode.workspace.getConfiguration('apphost').get<string>('baseUrl') ?? '';
  const target = { service: `${baseUrl.replace(/\/+$/, '')}/api/v1`, workspace: undefined, id: 'storefront', name: 'storefront' };
  let handlerRan = false;
  let fromTimer: Promise<Try> | undefined;
  let handlerTry: Try | undefined;
  const registration = vscode.commands.registerCommand('workbench.action.openWalkthrough', async () => {
    handlerRan = true;
    handlerTry = await attempt(TRIES.handler, async () => returned(await vscode.commands.executeCommand('apphost.app.stop', target)));
    // A timer started here keeps whatever context the handler ran in, after AppHost's run has ended.
    fromTimer = new Promise((resolve) => setTimeout(() => void attempt(TRIES.timer, async () => returned(await vscode.commands.executeCommand('apphost.app.restart', target))).then(resolve), 0));
  });
  const tries: Try[] = [];
  try {
    const walkthrough = await attempt('apphost.walkthrough.open', async () => returned(await vscode.commands.executeCommand('apphost.walkthrough.open')));
    tries.push(handlerTry ?? { ...walkthrough, id: TRIES.handler, outcome: `the handler did not run (${walkthrough.outcome})` });
    if (fromTimer) tries.push(await fromTimer);
  } finally {
    registration.dispose();
  }
  return { tries, handlerRan };
}

/** d. The open `apphost:` tabs, found by their keyed address, each written with one changed line. */
async function writeOpenTabs(): Promise<Try[]> {
  const change: Record<string, [string, (text: string) => string]> = {
    'config.env': [TRIES.writeConfig, (text) => `${text.trimEnd()}\nNEIGHBOUR=was-here\n`],
    'app.json': [TRIES.writeApp, (text) => text.replace(/("deploy_branch"\s*:\s*")[^"]*"/, '$1neighbour"')],
    'checks.json': [TRIES.writeChecks, (text) => text.replace(/("path"\s*:\s*")[^"]*"/, '$1/neighbour"')],
  };
  const tries: Try[] = [];
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'apphost')) {
    const entry = change[doc.uri.path.split('/').pop() ?? ''];
    if (!entry) continue;
    const [id, edit] = entry;
    const text = edit(doc.getText());
    tries.push(await attempt(id, async () => {
      if (text === doc.getText()) throw new Error('nothing to change in it');
      await vscode.workspace.fs.writeFile(doc.uri, new TextEncoder().encode(text));
      return 'written';
    }));
  }
  return tries;
}

interface ToolsApi {
  invokeTool(name: string, options: { input: object; toolInvocationToken: undefined }, token?: vscode.CancellationToken): Thenable<{ content: unknown[] }>;
}

/** e. The read tools, called as a chat would but with no chat: no invocation token. */
async function readTools(): Promise<Try[]> {
  const lm = (vscode as unknown as { lm?: Partial<ToolsApi> }).lm;
  const calls: [string, string, object][] = [
    [TRIES.logsTool, 'apphost_get_logs', { app: 'storefront', lines: 1000 }],
    [TRIES.configTool, 'apphost_get_config', { app: 'storefront' }],
  ];
  const tries: Try[] = [];
  for (const [id, name, input] of calls) {
    tries.push(await attempt(id, async () => {
      if (!lm?.invokeTool) throw new Error('vscode.lm.invokeTool is not in this VS Code');
      const result = await lm.invokeTool(name, { input, toolInvocationToken: undefined });
      return `answered: ${result.content.map((part) => (part as { value?: unknown }).value ?? '').join('')}`;
    }));
  }
  return tries;
}

function git(cwd: string, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => execFile('git', args, { cwd }, (error) => (error ? reject(error) : resolve())));
}

/**
 * The output channel's lines: what each try gave (a tool's answer by its size, never its
 * text), then what the walk found, last (the panel shows the end).
 */
function describe(r: NeighbourReport): string[] {
  const outcome = (t: Try) => (t.outcome.startsWith('answered: ') ? `answered (${t.outcome.length - 10} characters)` : t.outcome.split('\n')[0].slice(0, 90));
  return [
    ...r.tries.map((t) => `${t.id}: ${outcome(t)}`),
    `workbench.action.openWalkthrough handler run by AppHost: ${r.handlerRan ? 'yes' : 'no'}`,
    `Walked after use: ${r.terminals.length} terminal(s) (${r.terminals.join(', ')}), ${r.taskExecutions} task execution(s), ${r.tasks.length} apphost task(s): ${r.reached} objects${r.truncated ? ' (stopped at its limits)' : ''}`,
    `AppHost objects behind terminals and tasks: ${r.findings.length ? `${r.findings.length} FOUND` : 'none'}`,
    ...r.findings.slice(0, 4).map((f) => `  ${f.kind} at ${f.path}`),
  ];
}
