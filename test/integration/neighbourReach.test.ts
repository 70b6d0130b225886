// What another extension reaches through VS Code's API once the user has used AppHost: a
// Run Command… terminal left open, an `apphost` task run and one still running, config.env
// and app.json open, the folder linked. Every object VS Code hands any extension (terminals
// and their creation options, task executions, the tasks AppHost provides and the terminal
// their execution makes, documents, tabs, editors, diagnostics) is walked as a neighbour
// would (test/support/walk.ts): none may lead to AppHost's Core, a connection, an API client,
// the extension's context, SecretStorage, a session, or the token. The Run Command…
// terminal's pseudoterminal, opened again by a neighbour, runs nothing.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import { DEMO_USER, type RunningServer } from '../server';
import { walk, type Finding } from '../support/walk';
import { closeAll, openDocument } from './support/configDocs';
import { extensionApi, signInWithIssuedToken, sleep, stopSignedIn, until, useServer } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { nodeAt, runScripted, withScript } from './support/resourceTree';
import { scriptUi, type ScriptedUi } from './support/scriptedUi';

const TASK_ASKS = /^A task asks AppHost to /;
const USERS_COMMAND = 'echo the user ran this';
const HOLDING = 'sleep 3600000';
const TASKS = {
  version: '2.0.0',
  tasks: [{ label: 'hold', type: 'apphost', app: 'storefront', command: HOLDING, problemMatcher: [] }],
};

/** The pseudoterminal a terminal was created with, as any extension reads it. */
const ptyOf = (terminal: vscode.Terminal) => (terminal.creationOptions as vscode.ExtensionTerminalOptions).pty;

describe('what a neighbour reaches through VS Code\'s API after the user used AppHost', function () {
  this.timeout(180_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let token: string;
  let shop: TestRepo;
  const runPosts = () => server.control.requestLog.filter((e) => e.method === 'POST' && e.path === `/api/v1/apps/${server.control.findApp('storefront')!.id}/run`);
  const usersTerminal = () => vscode.window.terminals.find((t) => t.name === `storefront: ${USERS_COMMAND}`);

  /** Starts a task through VS Code's task system, answering AppHost's question with Run, and waits until `started` holds. */
  async function startTask(name: string, started: () => unknown): Promise<void> {
    const task = (await vscode.tasks.fetchTasks({ type: 'apphost' })).find((t) => t.name === name);
    assert.ok(task, `task "${name}"`);
    await withScript({ buttons: [[TASK_ASKS, 'Run']] }, async () => {
      await vscode.tasks.executeTask(task);
      await until(`task ${name} under way`, started, 60_000);
    });
  }

  /** The terminal a task's execution makes when called, as a neighbour can call it (not opened). */
  async function ptyFrom(task: vscode.Task): Promise<vscode.Pseudoterminal> {
    const execution = task.execution as vscode.CustomExecution & { callback: (definition: vscode.TaskDefinition) => Thenable<vscode.Pseudoterminal> };
    assert.equal(typeof execution.callback, 'function', `${task.name}: a custom execution`);
    return execution.callback(task.definition);
  }

  before(async () => {
    server = await useServer({ runSecondMs: 1, actionDelayMs: 40 });
    token = await signInWithIssuedToken(server, DEMO_USER.email);
    api = await extensionApi();
    api.deploy.settleDelaysMs = [50, 100, 200];
    shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
    mkdirSync(join(shop.dir, '.vscode'));
    shop.commit('Tasks', { '.vscode/tasks.json': `${JSON.stringify(TASKS, null, 2)}\n` });
    await openFolders(shop);
    await until('the folder is linked (its status bar item shows)', () => api.deploy.links.linkOf(shop.uri), 20_000);
    await vscode.commands.executeCommand('apphost.tasks.forgetPermissions');

    // The user runs a command from the app's row and leaves its terminal open…
    await runScripted('apphost.app.runCommand', { picks: [USERS_COMMAND] }, await nodeAt('Personal', 'Apps', 'storefront'));
    assert.ok(usersTerminal(), vscode.window.terminals.map((t) => t.name).join(', '));
    // …deploys the folder with its task, starts a long one-off command as a task…
    const deploys = server.control.deploysOf('storefront').length;
    await startTask('Deploy storefront', () => server.control.deploysOf('storefront').length > deploys);
    await until('the deploy task ended', () => !vscode.tasks.taskExecutions.some((e) => e.task.name === 'Deploy storefront'), 60_000);
    await startTask('hold', () => server.control.runsInFlight === 1);
    // …and opens config.env and app.json.
    await openDocument(server, 'storefront', 'config');
    await openDocument(server, 'storefront', 'app');
  });

  after(async () => {
    for (const execution of vscode.tasks.taskExecutions) execution.terminate();
    for (const terminal of vscode.window.terminals) terminal.dispose();
    await closeAll();
    await closeFolders();
    await stopSignedIn(server);
  });

  it('walks every terminal, task, document, tab, editor and diagnostic: no AppHost internal, no token', async () => {
    const apphostTasks = await vscode.tasks.fetchTasks({ type: 'apphost' });
    const roots: Record<string, unknown> = {
      'window.terminals': vscode.window.terminals,
      'window.activeTerminal': vscode.window.activeTerminal,
      'tasks.taskExecutions': vscode.tasks.taskExecutions,
      'tasks.fetchTasks({ type: "apphost" })': apphostTasks,
      'tasks.fetchTasks()': await vscode.tasks.fetchTasks(),
      'workspace.textDocuments': vscode.workspace.textDocuments,
      'window.tabGroups.all': vscode.window.tabGroups.all,
      'window.visibleTextEditors': vscode.window.visibleTextEditors,
      'languages.getDiagnostics()': vscode.languages.getDiagnostics(),
      'workspace.workspaceFolders': vscode.workspace.workspaceFolders,
    };
    // What the neighbour sees is what the user left behind.
    assert.ok(usersTerminal() && ptyOf(usersTerminal()!), 'the Run Command… terminal and its pseudoterminal');
    assert.ok(vscode.tasks.taskExecutions.some((e) => e.task.name === 'hold'), 'the task still running');
    assert.deepEqual(apphostTasks.map((t) => t.name).sort(), ['Deploy storefront', 'hold']);
    const files = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'apphost').map((d) => d.uri.path.split('/').at(-1));
    assert.ok(files.includes('config.env') && files.includes('app.json'), files.join(', '));

    // The task executions, called as any extension can call them: the terminals they make (not opened).
    for (const [i, task] of [...apphostTasks, ...vscode.tasks.taskExecutions.map((e) => e.task)].entries()) {
      roots[`(await ${task.name}.execution.callback(definition)) #${i}`] = await ptyFrom(task);
    }

    const findings: Finding[] = [];
    let reached = 0;
    for (const [name, root] of Object.entries(roots)) {
      const report = await walk(root, name, { secret: token, call: false, timeLimitMs: 30_000 });
      findings.push(...report.findings);
      reached += report.reached;
      assert.ok(!report.truncated, `the walk of ${name} saw everything`);
    }
    assert.deepEqual(findings.slice(0, 20), [], `${findings.length} findings, of kinds ${[...new Set(findings.map((f) => f.kind))].join(', ')}`);
    assert.ok(reached > 100, `objects reached: ${reached}`);
  });

  describe('the pseudoterminals a neighbour can open', () => {
    let ui: ScriptedUi;
    beforeEach(() => (ui = scriptUi({ buttons: [[TASK_ASKS, undefined]] })));
    afterEach(() => ui.restore());

    it('the Run Command… terminal, opened again or after close, runs nothing and asks nothing', async () => {
      const pty = ptyOf(usersTerminal()!);
      const transcript = api.runs.transcripts.get(`storefront: ${USERS_COMMAND}`);
      assert.match(transcript ?? '', /\nExit code 0 · /);
      server.control.clearRequestLog();
      const ranNothing = async (when: string) => {
        // A run would POST at once: give it the time a round trip takes.
        await sleep(1000);
        assert.deepEqual(runPosts(), [], `no run ${when}`);
        assert.deepEqual(ui.shown, [], `nothing asked ${when}`);
        assert.equal(api.runs.transcripts.get(`storefront: ${USERS_COMMAND}`), transcript, `nothing written ${when}`);
      };
      pty.open(undefined);
      await ranNothing('opened again');
      pty.close();
      pty.open(undefined);
      await ranNothing('opened after close');
    });

    it('a task\'s terminal made by its execution asks once when opened; declined, opened again, it neither runs nor asks again', async () => {
      const hold = (await vscode.tasks.fetchTasks({ type: 'apphost' })).find((t) => t.name === 'hold')!;
      const pty = await ptyFrom(hold);
      let closedWith: number | undefined;
      pty.onDidClose?.((code) => (closedWith = typeof code === 'number' ? code : undefined));
      server.control.clearRequestLog();
      pty.open(undefined);
      await until('the task\'s question', () => ui.shown.some((m) => TASK_ASKS.test(m.text)), 20_000);
      await until('the terminal ends', () => closedWith !== undefined, 20_000);
      assert.equal(closedWith, 1);
      pty.open(undefined);
      pty.close();
      pty.open(undefined);
      await sleep(1000);
      assert.equal(ui.shown.filter((m) => TASK_ASKS.test(m.text)).length, 1, JSON.stringify(ui.shown));
      assert.deepEqual(runPosts(), []);
    });
  });
});
