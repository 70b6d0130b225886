// One-off commands (wokku's POST /apps/:id/run) from every door, against the reference
// server: Run Command… from an app's row (its terminal tab: running…, output, stderr, exit
// code and duration; the service's refusals in words; closing the tab stops the wait), the
// app's recent command lines (never a secret-looking one), the agent tool with its
// confirmation, the `apphost` task with a "command" (asked for on its first run: VS Code
// does not say who started it; its exit code, after a deploy), and a
// service that lacks the endpoint (an older wokku: said once, then hidden).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { TreeNode } from '../../src/tree/commandTarget';
import { DEMO_USER, type RunningServer } from '../server';
import { extensionApi, startSignedIn, stopSignedIn, until, useServer, signInWithIssuedToken } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { nodeAt, runScripted, withScript } from './support/resourceTree';
import { scriptUi, type ScriptedUi } from './support/scriptedUi';

interface LmApi {
  registerTool?: unknown;
  invokeTool?(name: string, options: { input: object; toolInvocationToken: undefined }, token?: vscode.CancellationToken): Thenable<{ content: { value?: unknown }[] }>;
}
const lm = (vscode as unknown as { lm?: LmApi }).lm;
const hasToolsApi = typeof lm?.registerTool === 'function';
const ASKED = /^Another extension or tool asked AppHost to: /;
const NGINX_504 = '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('one-off commands: Run Command…, its terminal, the tool and the task', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  const transcript = (name: string) => api.runs.transcripts.get(name) ?? '';
  const runPosts = (app: string) => server.control.requestLog.filter((e) => e.method === 'POST' && e.path === `/api/v1/apps/${server.control.findApp(app)!.id}/run`);

  /** Run Command… from the app's row, the command line typed (or picked) in its box; resolves when the command has ended. */
  const runFromRow = async (app: string, line: string) => runScripted('apphost.app.runCommand', { picks: [line] }, await nodeAt('Personal', 'Apps', app));

  before(async () => {
    // A simulated second lasts 1 ms: `rails db:migrate` (3 s) answers at once, `sleep 3600000` holds the request for an hour.
    server = await startSignedIn(DEMO_USER.email, { runSecondMs: 1 });
    api = await extensionApi();
  });
  afterEach(async () => {
    server.control.clearFaults();
    for (const terminal of vscode.window.terminals) terminal.dispose();
  });
  after(() => stopSignedIn(server));

  it('runs a command typed in its box in a terminal tab named after app and command: running…, the output, exit code 0 and the duration', async () => {
    const ui = await runFromRow('storefront', 'rails db:migrate');
    const box = ui.shown.find((m) => m.kind === 'quickPick');
    assert.equal(box?.text, 'Run a command on storefront');
    assert.ok(vscode.window.terminals.some((t) => t.name === 'storefront: rails db:migrate'), vscode.window.terminals.map((t) => t.name).join(', '));
    const text = transcript('storefront: rails db:migrate');
    assert.match(text, /^\$ rails db:migrate\nApp storefront in workspace Personal, on .*127\.0\.0\.1:\d+\/api\/v1\)?\. A new container runs the command; the service answers when it ends\.\nrunning…\n/);
    assert.match(text, /== 20260301120000 CreateOrders: migrating =+\n-- create_table\(:orders\)\n/);
    assert.match(text, /\nExit code 0 · \d+\.\d s\n$/);
    assert.deepEqual(server.control.runLog.at(-1), { app: 'storefront', command: 'rails db:migrate', exitCode: 0 });
    assert.equal(runPosts('storefront').length, 1, 'one POST');
  });

  it('a failing command: its exit code, stderr apart, and the note that wokku keeps no output of a failing command', async () => {
    await runFromRow('storefront', 'ls /nope');
    const text = transcript('storefront: ls /nope');
    assert.match(text, /running…\n\(The service returns no standard output for a command that fails, only its standard error\.\)\nls: cannot access '\/nope': No such file or directory\nExit code 2 · \d+\.\d s\n$/);
    assert.ok(!text.includes('Dokku command failed'), 'wokku\'s error message is not shown as if it were the output');
    await runFromRow('blog', 'echo hi');
    assert.match(transcript('blog: echo hi'), /App blog has not been deployed\nExit code 1 · /);
  });

  it('the 503: the server of the app cannot be reached, said in words, with no exit code', async () => {
    await runFromRow('legacy-crm', 'rails db:migrate');
    const text = transcript('legacy-crm: rails db:migrate');
    assert.match(text, /The service cannot reach the server of legacy-crm, so the command did not run \(Cannot connect to server: ssh: connect to host 203\.0\.113\.50 port 22: Connection timed out\)\. Try again when the server is back\.\nNo exit code · /);
  });

  it('the 504 of a proxy in front of the service: how long it waited, that the command may still run, and the POST is not sent again', async () => {
    server.control.clearRequestLog();
    server.control.failNext({ method: 'POST', path: /\/run$/, status: 504, body: NGINX_504 });
    await runFromRow('storefront', 'rake reports:yearly');
    const text = transcript('storefront: rake reports:yearly');
    assert.match(text, /`rake reports:yearly` on storefront: no answer after \d+\.\d s: the proxy in front of the service stopped waiting for it \(504 Gateway Timeout\)\. The service may still be doing it, and it reports nothing back when it ends\. Its output and exit code are lost: look for its effects in the app's logs \(Tail Logs\) or its data\./);
    assert.ok(!/60 s/.test(text), 'no limit AppHost cannot know');
    assert.equal(runPosts('storefront').length, 1, 'a POST is never sent twice');
  });

  it('closing the terminal while the command runs stops the wait: the request is aborted', async () => {
    server.control.clearRequestLog();
    const name = 'storefront: sleep 3600000';
    const ran = runFromRow('storefront', 'sleep 3600000');
    await until('the terminal says running…', () => transcript(name).includes('running…\n'), 20_000);
    await until('the command runs on the service', () => server.control.runsInFlight === 1, 20_000);
    vscode.window.terminals.find((t) => t.name === name)!.dispose();
    await ran;
    assert.match(transcript(name), /Stopped waiting for the answer\. The command may still be running in its container; its output is lost\.\nNo exit code · /);
    // The service saw the connection close before it answered (status 0: no answer sent).
    await until('the service saw the request end unanswered', () => runPosts('storefront').some((e) => e.status === 0), 20_000);
  });

  it('offers the app\'s recent command lines, most recent first; a line holding a secret-looking value is not kept', async () => {
    await runFromRow('storefront', 'API_TOKEN=abc123def456 printenv API_TOKEN');
    const ui = await runFromRow('storefront', 'rails db:migrate');
    const offered = ui.shown.find((m) => m.kind === 'quickPick')?.items ?? [];
    assert.deepEqual(offered.slice(0, 5), ['--- recent', 'sleep 3600000', 'rake reports:yearly', 'ls /nope', 'rails db:migrate'], offered.join(', '));
    assert.ok(!offered.some((l) => l.includes('abc123def456')), 'the secret-looking line is not offered');
    assert.ok(!JSON.stringify(api.context.globalState.get('apphost.recentCommands')).includes('abc123def456'), 'nor stored');
    // Picked again, a recent line moves to the top; other apps have their own.
    const again = await runFromRow('storefront', 'echo again');
    assert.deepEqual(again.shown.find((m) => m.kind === 'quickPick')?.items?.slice(0, 3), ['--- recent', 'rails db:migrate', 'sleep 3600000']);
    const blog = await runFromRow('blog', 'true');
    assert.deepEqual(blog.shown.find((m) => m.kind === 'quickPick')?.items, ['--- recent', 'echo hi']);
  });

  it('asks another extension\'s call first, naming the app as the service names it; declined, nothing runs', async () => {
    server.control.clearRequestLog();
    const madeUp = { service: api.connection.apiRoot(), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'not-its-name' };
    const ui = await runScripted('apphost.app.runCommand', { picks: ['echo hi'] }, madeUp);
    const question = ui.shown.find((m) => ASKED.test(m.text));
    assert.match(question?.text ?? '', /Run Command…$/, JSON.stringify(ui.shown));
    assert.match(question?.detail ?? '', /^App storefront in workspace Personal, on /);
    assert.deepEqual(runPosts('storefront'), []);
  });

  (hasToolsApi ? describe : describe.skip)('the agent tool apphost_run_command', () => {
    const never = new vscode.CancellationTokenSource().token;
    let sessionToken = '';
    before(async () => {
      sessionToken = (await api.connection.session())!.token;
      await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', true, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('setContext', 'vscode.chat.tools.global.autoApprove.testMode', true);
    });
    after(() => vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', undefined, vscode.ConfigurationTarget.Global));

    /** A call outside a chat (no token), as vscode.lm.invokeTool makes it; `allow`: the user's answer to AppHost's question. */
    const invoke = async (input: object, allow = true) => {
      let text = '';
      const ui = await withScript({ buttons: [[ASKED, allow ? '*' : undefined]] }, async () => {
        const result = await lm!.invokeTool!('apphost_run_command', { input, toolInvocationToken: undefined }, never);
        text = result.content.map((p) => String(p.value ?? '')).join('');
      });
      assert.ok(!text.includes(sessionToken), 'no answer carries the token');
      return { text, ui };
    };

    it('confirms the exact command with the app, its workspace and the service', async () => {
      const prepared = await api.agentTools.prepare('apphost_run_command', { app: 'storefront', command: 'rails db:migrate && echo `date`' }, never);
      const message = prepared?.confirmationMessages?.message;
      const text = typeof message === 'string' ? message : message?.value ?? '';
      assert.equal(prepared?.confirmationMessages?.title, 'Run a command on storefront?');
      assert.match(text, new RegExp(`^App \\*\\*storefront\\*\\* in workspace Personal, on ${escape(server.url)}/api/v1\\.\n\n\`\`\`\nrails db:migrate && echo \`date\`\n\`\`\`\n\nIt runs in a new container of storefront`));
    });

    it('a tokenless call asks AppHost\'s question showing the command; declined, nothing runs', async () => {
      server.control.clearRequestLog();
      const { text, ui } = await invoke({ app: 'storefront', command: 'rails db:migrate' }, false);
      const question = ui.shown.find((m) => ASKED.test(m.text));
      assert.match(question?.text ?? '', /Run a command on storefront\?$/, JSON.stringify(ui.shown));
      assert.match(question?.detail ?? '', /App storefront in workspace Personal, on .*\n\nrails db:migrate\n\nIt runs in a new container/);
      assert.match(text, /^Not done: the user declined\./);
      assert.deepEqual(runPosts('storefront'), []);
    });

    it('answers with the exit code and the output, the app\'s secrets masked; a failure with its stderr; the service\'s refusals in words', async () => {
      const ok = await invoke({ app: 'storefront', command: 'printenv SESSION_SECRET' });
      assert.match(ok.text, /^Command `printenv SESSION_SECRET` on storefront exited with code 0 after \d+\.\d s\.\n\nOutput:\n\[masked SESSION_SECRET\]\n\nStandard error: none\.$/);
      assert.ok(!ok.text.includes(server.control.getConfig('storefront').SESSION_SECRET));
      const failed = await invoke({ app: 'storefront', command: 'frobnicate --now' });
      assert.match(failed.text, /exited with code 127 after .*\n\nOutput: not available \(the service returns no standard output for a command that fails, only its standard error\)\.\n\nStandard error:\nbash: line 1: frobnicate: command not found$/);
      const missing = await invoke({ app: 'storefront', command: '  ' });
      assert.match(missing.text, /The service needs a command line to run \(it answered "Missing command"\)\. Nothing ran\.$/);
      const down = await invoke({ app: 'legacy-crm', command: 'echo hi' });
      assert.match(down.text, /The service cannot reach the server of legacy-crm, so the command did not run/);
    });
  });

  describe('the apphost task with a "command"', () => {
    let shop: TestRepo;
    const TASKS = {
      version: '2.0.0',
      tasks: [
        { label: 'migrate', type: 'apphost', app: 'storefront', command: 'rails db:migrate', problemMatcher: [] },
        { label: 'failing check', type: 'apphost', app: 'storefront', command: 'exit 3', problemMatcher: [] },
        { label: 'empty command', type: 'apphost', app: 'storefront', command: ' ', problemMatcher: [] },
        { label: 'unknown app', type: 'apphost', app: 'no-such-app', command: 'echo hi', problemMatcher: [] },
        { label: 'Deploy and migrate', dependsOrder: 'sequence', dependsOn: ['apphost: Deploy storefront', 'migrate'], problemMatcher: [] },
      ],
    };

    /** AppHost's question before a task runs: what each test has shown, and the answer it gives from now on (undefined: Cancel). */
    const TASK_ASKS = /^A task asks AppHost to /;
    let ui: ScriptedUi;
    const asked = () => ui.shown.filter((m) => TASK_ASKS.test(m.text));
    const answer = (button: 'Always for This Task' | undefined) => (ui.buttons = [[TASK_ASKS, button]]);

    /**
     * Runs a task of the shop folder (or the task given) through VS Code's task system, as any
     * extension can (fetchTasks, executeTask); the exit codes of what ran, by task name.
     */
    async function runTask(name: string, given?: vscode.Task): Promise<{ exits: Map<string, number | undefined>; started: string[] }> {
      let found = given;
      if (!found) {
        const all = await vscode.tasks.fetchTasks();
        found = all.find((t) => t.name === name && typeof t.scope === 'object' && t.scope.name === 'shop');
        assert.ok(found, `task "${name}" among ${all.map((t) => t.name).join(', ')}`);
      }
      const task = found;
      const exits = new Map<string, number | undefined>();
      const started: string[] = [];
      await new Promise<void>((resolve, reject) => {
        const subs = [
          vscode.tasks.onDidStartTask((e) => started.push(e.execution.task.name)),
          vscode.tasks.onDidEndTaskProcess((e) => exits.set(e.execution.task.name, e.exitCode)),
          vscode.tasks.onDidEndTask((e) => {
            const ended = given ? e.execution.task.definition.type === 'apphost' : e.execution.task.name === name;
            if (!ended) return;
            subs.forEach((s) => s.dispose());
            resolve();
          }),
        ];
        vscode.tasks.executeTask(task).then(undefined, reject);
      });
      return { exits, started };
    }

    /** The tasks.json of the shop folder, with `migrate` running `command`; resolves once VS Code reads it. */
    async function writeTasks(command: string): Promise<void> {
      const tasks = { ...TASKS, tasks: TASKS.tasks.map((task) => (task.label === 'migrate' ? { ...task, command } : task)) };
      shop.write('.vscode/tasks.json', `${JSON.stringify(tasks, null, 2)}\n`);
      await until(`migrate runs ${command}`, async () => (await vscode.tasks.fetchTasks()).some((t) => t.name === 'migrate' && t.definition.command === command), 20_000);
    }

    before(async () => {
      shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
      mkdirSync(join(shop.dir, '.vscode'));
      shop.commit('Tasks: deploy, then migrate', { '.vscode/tasks.json': `${JSON.stringify(TASKS, null, 2)}\n` });
      await openFolders(shop);
      await until('the folder is linked', () => api.deploy.links.linkOf(shop.uri), 20_000);
      api.deploy.settleDelaysMs = [50, 100, 200];
      // No task allowed "always" by an earlier suite in this workspace.
      await vscode.commands.executeCommand('apphost.tasks.forgetPermissions');
    });
    beforeEach(() => (ui = scriptUi()));
    afterEach(() => ui.restore());
    after(() => closeFolders());

    it('the first run asks what runs where, and says a task started it; declined, nothing is sent and the task ends with 1', async () => {
      answer(undefined);
      server.control.clearRequestLog();
      const declined = await runTask('migrate');
      assert.equal(declined.exits.get('migrate'), 1);
      const [question, ...more] = asked();
      assert.equal(more.length, 0, JSON.stringify(ui.shown));
      assert.equal(question.kind, 'warning');
      assert.equal(question.text, 'A task asks AppHost to run "rails db:migrate" on storefront.');
      assert.match(question.detail ?? '', /^App storefront in workspace Personal, on .*127\.0\.0\.1:\d+.*\.\n\nIt runs in a new container of storefront/);
      assert.match(question.detail ?? '', /It was started as a task of folder shop: from a tasks\.json, a compound task, Run Task, or another extension/);
      assert.deepEqual(question.items, ['Run', 'Always for This Task']);
      assert.match(transcript('storefront: rails db:migrate'), /^Not run: the task was not allowed, so nothing was sent to the service\.\n$/);
      assert.deepEqual(runPosts('storefront'), [], 'no POST /apps/:id/run');
      assert.deepEqual(server.control.requestLog.filter((e) => e.method !== 'GET'), []);
    });

    it('"Always for This Task" runs it, then it runs without asking; a changed command asks again, and so does every task once forgotten', async () => {
      answer('Always for This Task');
      const first = await runTask('migrate');
      assert.equal(first.exits.get('migrate'), 0, transcript('storefront: rails db:migrate'));
      assert.equal(asked().length, 1);
      assert.equal(runPosts('storefront').length, 1);

      answer(undefined);
      const again = await runTask('migrate');
      assert.equal(again.exits.get('migrate'), 0, transcript('storefront: rails db:migrate'));
      assert.equal(asked().length, 1, 'not asked again');
      assert.equal(runPosts('storefront').length, 2);

      await writeTasks('rails db:migrate:reset');
      try {
        const changed = await runTask('migrate');
        assert.equal(changed.exits.get('migrate'), 1);
        assert.equal(asked().at(-1)?.text, 'A task asks AppHost to run "rails db:migrate:reset" on storefront.');
        assert.equal(asked().length, 2);
        assert.equal(runPosts('storefront').length, 2, 'declined: not run');
      } finally {
        await writeTasks('rails db:migrate');
      }

      // Forget Remembered Task Permissions: migrate asks again.
      await vscode.commands.executeCommand('apphost.tasks.forgetPermissions');
      const forgotten = await runTask('migrate');
      assert.equal(forgotten.exits.get('migrate'), 1);
      assert.equal(asked().length, 3);
      assert.equal(runPosts('storefront').length, 2);
    });

    it('another extension running AppHost\'s task asks about what the task runs, whatever definition it claims', async () => {
      answer(undefined);
      server.control.clearRequestLog();
      // A neighbour fetches AppHost's tasks (as the Run Task picker does) and runs "failing check" (not allowed yet: migrate is)…
      const check = (await vscode.tasks.fetchTasks({ type: 'apphost' })).find((t) => t.name === 'failing check')!;
      const plain = await runTask('failing check', check);
      assert.deepEqual([...plain.exits.values()], [1]);
      assert.deepEqual(asked().map((m) => m.text), ['A task asks AppHost to run "exit 3" on storefront.'], JSON.stringify(ui.shown));
      // …or dresses AppHost's execution in a definition of its own: what runs, and is asked about, is AppHost's task.
      const dressed = new vscode.Task({ type: 'apphost', app: 'storefront', command: 'rails db:drop' }, check.scope as vscode.WorkspaceFolder, 'Tidy up', 'a neighbour', check.execution);
      const forged = await runTask('Tidy up', dressed);
      assert.deepEqual([...forged.exits.values()], [1]);
      assert.deepEqual(asked().map((m) => m.text).at(-1), 'A task asks AppHost to run "exit 3" on storefront.', JSON.stringify(ui.shown));
      assert.deepEqual(runPosts('storefront'), []);
    });

    it('runs the command in the task\'s terminal and ends with its exit code (0, 3); a blank command and an unknown app fail it (1)', async () => {
      answer('Always for This Task');
      const ok = await runTask('migrate');
      assert.equal(ok.exits.get('migrate'), 0, transcript('storefront: rails db:migrate'));
      assert.match(transcript('storefront: rails db:migrate'), /CreateOrders: migrated[\s\S]*\nExit code 0 · /);
      const failing = await runTask('failing check');
      assert.equal(failing.exits.get('failing check'), 3);
      assert.match(transcript('storefront: exit 3'), /\nExit code 3 · /);
      const empty = await runTask('empty command');
      assert.equal(empty.exits.get('empty command'), 1);
      assert.match(transcript('storefront: '), /The service needs a command line to run \(it answered "Missing command"\)\. Nothing ran\./);
      const unknown = await runTask('unknown app');
      assert.equal(unknown.exits.get('unknown app'), 1);
      assert.match(transcript('no-such-app: echo hi'), /^No app named no-such-app in the active workspace, and no open folder is linked to it\./);
    });

    it('a compound task deploys, then migrates', async () => {
      answer('Always for This Task');
      shop.commit('Add the orders table');
      const before = server.control.deploysOf('storefront').length;
      const runs = await runTask('Deploy and migrate');
      assert.deepEqual(runs.started.filter((n) => n !== 'Deploy and migrate'), ['Deploy storefront', 'migrate']);
      assert.equal(runs.exits.get('Deploy storefront'), 0, api.deploy.taskTranscripts.get('storefront'));
      assert.equal(runs.exits.get('migrate'), 0);
      assert.equal(server.control.deploysOf('storefront').length, before + 1);
      assert.deepEqual(server.control.runLog.at(-1), { app: 'storefront', command: 'rails db:migrate', exitCode: 0 });
    });
  });
});

describe('one-off commands on an older service (no POST /apps/:id/run)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  const rowFlags = async (row: TreeNode) => String((await row.getTreeItem()).contextValue);

  before(async () => {
    server = await useServer({ olderWokku: true, runSecondMs: 1 });
    await signInWithIssuedToken(server, DEMO_USER.email);
    api = await extensionApi();
  });
  after(async () => {
    for (const terminal of vscode.window.terminals) terminal.dispose();
    await stopSignedIn(server);
  });

  it('says once that the service does not offer one-off commands, then the app rows carry lacks-run (the menu hides it)', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    assert.ok(!(await rowFlags(row)).includes('lacks-run'));
    const ui = await runScripted('apphost.app.runCommand', { picks: ['rails db:migrate'] }, row);
    const notices = ui.shown.filter((m) => m.kind === 'info' && /does not offer one-off commands/.test(m.text));
    assert.equal(notices.length, 1, JSON.stringify(ui.shown));
    assert.match(notices[0].text, /^This service does not offer one-off commands \(it answers 404: an older wokku, or a service that follows only the specification\)\. AppHost hides them for this service\.$/);
    await until('no terminal left open', () => !vscode.window.terminals.some((t) => t.name === 'storefront: rails db:migrate'), 10_000);
    assert.ok(api.connection.offers.lacks('run'));
    await until('the rows carry lacks-run', async () => (await rowFlags(await nodeAt('Personal', 'Apps', 'storefront'))).includes(':lacks-run'), 10_000);
    // Asked again (the palette), nothing is sent: the service is known not to offer it.
    server.control.clearRequestLog();
    await runScripted('apphost.app.runCommand', { picks: ['rails db:migrate'] }, await nodeAt('Personal', 'Apps', 'storefront'));
    assert.deepEqual(server.control.requestLog.filter((e) => e.method === 'POST'), []);
    // The rest of the app works as before.
    assert.ok((await nodeAt('Personal', 'Apps', 'storefront', 'Config', 'NODE_ENV')));
  });
});
