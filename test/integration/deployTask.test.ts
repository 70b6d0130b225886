// Deploys wired into tasks: the `apphost` task type ("Deploy <app>" for each linked folder,
// and tasks written by hand), chained with dependsOn in a folder's tasks.json and run by
// VS Code's task system against the reference server's git gateway; and the setting
// apphost.deploy.preDeployTask before every deploy (the command's and the task's). VS Code
// does not say who started a task, so its first run in a workspace asks (taskConsent.ts).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DeployResult } from '../../src/deploy/deployRun';
import type { AppHostTestApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { DEMO_USER } from '../server';
import { asAppHost, extensionApi, stopSignedIn, until, useServer } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { withScript } from './support/resourceTree';
import type { ScriptedUi } from './support/scriptedUi';

const TASKS = {
  version: '2.0.0',
  tasks: [
    { label: 'build', type: 'shell', command: 'echo building the shop', problemMatcher: [] },
    { label: 'broken build', type: 'shell', command: "echo \"src/cart.ts(12,3): error TS2304: Cannot find name 'totl'.\" && exit 2", problemMatcher: [] },
    { label: 'Build and deploy', dependsOrder: 'sequence', dependsOn: ['build', 'apphost: Deploy storefront'], problemMatcher: [] },
    { label: 'Deploy the shop', type: 'apphost', app: 'storefront', folder: 'shop', dependsOn: ['build'], problemMatcher: [] },
  ],
};
const PACKAGE = { name: 'shop', version: '1.0.0', scripts: { build: "node -e \"console.log('npm build of the shop')\"" } };

interface TaskRun {
  /** Exit codes of the processes that ended while it ran, by task name. */
  exits: Map<string, number | undefined>;
  /** Tasks in the order they started. */
  started: string[];
}

describe('deploy tasks: the apphost task type and the pre-deploy task', function () {
  this.timeout(120_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let shop: TestRepo;
  const transcript = () => api.deploy.taskTranscripts.get('storefront') ?? '';
  const deploys = () => server.control.deploysOf('storefront');

  async function task(name: string): Promise<vscode.Task> {
    const all = await vscode.tasks.fetchTasks();
    const found = all.find((t) => t.name === name && typeof t.scope === 'object' && t.scope.name === 'shop');
    assert.ok(found, `task "${name}" among ${all.map((t) => `${t.source}: ${t.name}`).join(', ')}`);
    return found;
  }

  /** Runs a task through VS Code's task system and waits for its end. */
  async function run(name: string): Promise<TaskRun> {
    const t = await task(name);
    const result: TaskRun = { exits: new Map(), started: [] };
    await new Promise<void>((resolve) => {
      const subs = [
        vscode.tasks.onDidStartTask((e) => result.started.push(e.execution.task.name)),
        vscode.tasks.onDidEndTaskProcess((e) => result.exits.set(e.execution.task.name, e.exitCode)),
        vscode.tasks.onDidEndTask((e) => {
          if (e.execution.task.name !== name) return;
          subs.forEach((s) => s.dispose());
          resolve();
        }),
      ];
      void vscode.tasks.executeTask(t);
    });
    return result;
  }

  /** The command's deploy (the status bar's), with scripted answers. */
  async function deployCommand(script: Parameters<typeof withScript>[0] = {}): Promise<{ result: DeployResult | undefined; ui: ScriptedUi }> {
    let result: DeployResult | undefined;
    const storefront = asAppHost({ workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
    const ui = await withScript(script, async () => {
      result = await vscode.commands.executeCommand<DeployResult | undefined>('apphost.app.deploy', storefront);
    });
    return { result, ui };
  }
  const setPreDeployTask = (name: string | undefined) =>
    vscode.workspace.getConfiguration('apphost.deploy', shop.uri).update('preDeployTask', name, vscode.ConfigurationTarget.WorkspaceFolder);
  const shownError = (ui: ScriptedUi) => ui.shown.find((m) => m.kind === 'error');
  /** AppHost's question before a task runs. */
  const TASK_ASKS = /^A task asks AppHost to /;
  const asked = (ui: ScriptedUi) => ui.shown.filter((m) => TASK_ASKS.test(m.text));
  /** What reached the service besides reads of its API: writes and git (a push starts with a read of /git/…/info/refs). */
  const sent = () => server.control.requestLog.filter((e) => e.method !== 'GET' || e.path.startsWith('/git/')).map((e) => `${e.method} ${e.path}`);

  /** Runs a task with scripted answers to AppHost's question. */
  async function runAnswering(name: string, answer: 'Run' | 'Always for This Task' | undefined): Promise<{ runs: TaskRun; ui: ScriptedUi }> {
    let runs: TaskRun | undefined;
    const ui = await withScript({ buttons: [[TASK_ASKS, answer]] }, async () => (runs = await run(name)));
    return { runs: runs!, ui };
  }

  before(async () => {
    server = await useServer({ actionDelayMs: 160 });
    api = await extensionApi();
    await withScript({ picks: ['Paste an API token'], inputs: [server.control.issueToken(DEMO_USER.email, 'integration test')] }, () => vscode.commands.executeCommand('apphost.signIn'));
    assert.ok(await api.connection.session(), 'signed in');
    api.deploy.settleDelaysMs = [50, 100, 200];
    shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
    // The team's tasks are in the repository; the folder's own settings are not.
    mkdirSync(join(shop.dir, '.vscode'));
    shop.commit('Tasks: build, then deploy', {
      '.vscode/tasks.json': `${JSON.stringify(TASKS, null, 2)}\n`,
      'package.json': `${JSON.stringify(PACKAGE, null, 2)}\n`,
      '.gitignore': '.vscode/settings.json\n',
    });
    await openFolders(shop);
    await until('the folder is linked', () => api.deploy.links.linkOf(shop.uri), 20_000);
    // No task allowed "always" by an earlier suite in this workspace.
    await vscode.commands.executeCommand('apphost.tasks.forgetPermissions');
  });
  afterEach(async () => {
    await setPreDeployTask(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await closeFolders();
    await stopSignedIn(server);
  });

  it('provides "Deploy storefront" for the linked folder, and resolves a task written by hand', async () => {
    const tasks = await vscode.tasks.fetchTasks({ type: 'apphost' });
    const provided = tasks.find((t) => t.name === 'Deploy storefront');
    assert.ok(provided, tasks.map((t) => t.name).join(', '));
    assert.equal(provided.source, 'apphost');
    assert.equal((provided.scope as vscode.WorkspaceFolder).name, 'shop');
    assert.deepEqual({ ...provided.definition }, { type: 'apphost', app: 'storefront' });
    assert.ok(provided.execution instanceof vscode.CustomExecution);
    const byHand = tasks.find((t) => t.name === 'Deploy the shop');
    assert.ok(byHand, 'the tasks.json task is an apphost task');
    assert.equal(byHand.definition.folder, 'shop');
  });

  it('the first run of a task asks what it deploys where, and says a task started it; declined, the task ends with 1 and nothing is sent', async () => {
    shop.commit('Add a price filter');
    const before = deploys().length;
    server.control.clearRequestLog();
    const { runs, ui } = await runAnswering('Deploy storefront', undefined);
    assert.equal(runs.exits.get('Deploy storefront'), 1, transcript());
    const [question, ...more] = asked(ui);
    assert.equal(more.length, 0, JSON.stringify(ui.shown));
    assert.equal(question.kind, 'warning');
    assert.equal(question.text, 'A task asks AppHost to deploy folder shop to storefront.');
    assert.match(question.detail ?? '', /^App storefront in workspace Personal, on .*127\.0\.0\.1:\d+.*\.\n\n/);
    assert.match(question.detail ?? '', /It was started as a task of folder shop: from a tasks\.json, a compound task, Run Task, or another extension/);
    assert.deepEqual(question.items, ['Run', 'Always for This Task']);
    assert.match(transcript(), /\nNot run: the task was not allowed, so nothing was sent to the service\.\n$/);
    assert.deepEqual(sent(), [], 'no push, no write');
    assert.equal(deploys().length, before);
  });

  it('another extension starting AppHost\'s task (fetchTasks, then executeTask) is asked about like any; a definition without AppHost\'s execution is refused by VS Code', async () => {
    server.control.clearRequestLog();
    const before = deploys().length;
    // What a neighbour can do: VS Code refuses a task that brings no execution (it does not resolve it through AppHost)…
    const madeUp = new vscode.Task({ type: 'apphost', app: 'storefront' }, vscode.TaskScope.Workspace, 'Tidy up', 'a neighbour');
    await assert.rejects(Promise.resolve(vscode.tasks.executeTask(madeUp)), /must include an execution/);
    // …so it runs one AppHost provides or a tasks.json defines, as the Run Task picker does.
    const provided = (await vscode.tasks.fetchTasks({ type: 'apphost' })).find((t) => t.name === 'Deploy storefront')!;
    let exit: number | undefined;
    const ui = await withScript({ buttons: [[TASK_ASKS, undefined]] }, async () => {
      const ended = new Promise<number | undefined>((resolve) => {
        const sub = vscode.tasks.onDidEndTaskProcess((e) => {
          if (e.execution.task.definition.type !== 'apphost') return;
          sub.dispose();
          resolve(e.exitCode);
        });
      });
      await vscode.tasks.executeTask(provided);
      exit = await ended;
    });
    assert.deepEqual(asked(ui).map((m) => m.text), ['A task asks AppHost to deploy folder shop to storefront.'], JSON.stringify(ui.shown));
    assert.equal(exit, 1);
    assert.deepEqual(sent(), []);
    assert.equal(deploys().length, before);
  });

  it('"Run" deploys this once (the next run asks again); "Always for This Task" deploys, and then the task runs without asking', async () => {
    const once = await runAnswering('Deploy storefront', 'Run');
    assert.equal(once.runs.exits.get('Deploy storefront'), 0, transcript());
    assert.equal(deploys()[0].status, 'succeeded');
    assert.equal(asked(once.ui).length, 1);

    shop.commit('Sort prices');
    const always = await runAnswering('Deploy storefront', 'Always for This Task');
    assert.equal(asked(always.ui).length, 1, 'asked again: "Run" was for once');
    assert.equal(always.runs.exits.get('Deploy storefront'), 0, transcript());
    assert.match(transcript(), /storefront deployed: [0-9a-f]{7} "Sort prices"\./);

    shop.commit('Sort prices, descending too');
    const again = await runAnswering('Deploy storefront', undefined);
    assert.deepEqual(again.ui.shown, [], 'not asked');
    assert.equal(again.runs.exits.get('Deploy storefront'), 0, transcript());
    assert.match(transcript(), /storefront deployed: [0-9a-f]{7} "Sort prices, descending too"\./);
  });

  it('"Build and deploy" (dependsOn the provided task) builds, then deploys against the git gateway: exit code 0, the build in the terminal', async () => {
    const sha = shop.commit('Fix the checkout total');
    const before = deploys().length;
    const runs = await run('Build and deploy');
    assert.deepEqual(runs.started.filter((n) => n !== 'Build and deploy'), ['build', 'Deploy storefront'], 'the build first');
    assert.equal(runs.exits.get('build'), 0);
    assert.equal(runs.exits.get('Deploy storefront'), 0, `exit code of the deploy task; terminal:\n${transcript()}`);
    assert.equal(deploys().length, before + 1);
    assert.equal(deploys()[0].status, 'succeeded');
    const text = transcript();
    assert.match(text, new RegExp(`git push wokku HEAD:main \\(${sha.slice(0, 7)} Fix the checkout total\\)`));
    assert.ok(text.includes('-----> Installing dependencies'), text);
    assert.ok(text.includes('=====> Application deployed:'), text);
    assert.match(text.trimEnd().split('\n').at(-1)!, new RegExp(`^storefront deployed: ${sha.slice(0, 7)} "Fix the checkout total"\\.$`));
  });

  it('a failing build fails the task: exit code 1, the reason in the terminal, no question asked', async () => {
    shop.commit('Use the new cart API', { FAIL_BUILD: "src/cart.ts(12,3): error TS2304: Cannot find name 'totl'.\n" });
    let runs: TaskRun | undefined;
    const ui = await withScript({}, async () => (runs = await run('Deploy storefront')));
    assert.equal(runs!.exits.get('Deploy storefront'), 1, transcript());
    assert.equal(deploys()[0].status, 'failed');
    const text = transcript();
    assert.ok(text.includes("Cannot find name 'totl'"), text);
    assert.match(text, /The deploy of storefront failed: Failure during app build of storefront/);
    assert.deepEqual(ui.shown, [], 'a task shows no message');
    shop.git('rm', '-q', 'FAIL_BUILD');
    shop.commit('Fix the cart');
  });

  it('a task written by hand (resolved) runs its dependsOn; an uncommitted change fails it with what to do instead of asking', async () => {
    shop.write('server.js', '// work in progress\n');
    const before = deploys().length;
    let runs: TaskRun | undefined;
    const ui = await withScript({}, async () => (runs = await run('Deploy the shop')));
    assert.equal(runs!.exits.get('Deploy the shop'), 1);
    assert.match(transcript(), /Folder shop was not deployed to storefront: 1 file\(s\) have uncommitted changes, e\.g\. server\.js, and a deploy pushes commits only\. Commit or stash them, then run the task again\./);
    assert.deepEqual(ui.shown, []);
    assert.equal(deploys().length, before, 'nothing pushed');

    shop.git('checkout', '--', 'server.js');
    runs = await run('Deploy the shop');
    assert.deepEqual(runs.started, ['build', 'Deploy the shop']);
    assert.equal(runs.exits.get('Deploy the shop'), 0, transcript());
    assert.equal(deploys()[0].status, 'succeeded');
  });

  it('preDeployTask: a failing task stops every deploy (the command\'s and the task\'s) with a message naming it', async () => {
    await setPreDeployTask('broken build');
    shop.commit('Show prices with two decimals');
    const before = deploys().length;
    const { result, ui } = await deployCommand();
    assert.equal(result, undefined);
    assert.equal(shownError(ui)?.text, 'The pre-deploy task "broken build" failed with exit code 2. The deploy did not start; the task\'s terminal shows why.', JSON.stringify(ui.shown));
    assert.equal(deploys().length, before, 'nothing pushed');

    const runs = await run('Deploy storefront');
    assert.equal(runs.exits.get('broken build'), 2);
    assert.equal(runs.exits.get('Deploy storefront'), 1);
    assert.match(transcript(), /Running the pre-deploy task "broken build" \(setting apphost\.deploy\.preDeployTask\)…\n/);
    assert.match(transcript(), /The pre-deploy task "broken build" failed with exit code 2\. The deploy did not start/);
    assert.equal(deploys().length, before, 'nothing pushed');
  });

  it('preDeployTask: a provided task named as Run Task shows it ("npm: build") runs first, then the deploy', async () => {
    await setPreDeployTask('npm: build');
    const started: string[] = [];
    const sub = vscode.tasks.onDidStartTask((e) => started.push(`${e.execution.task.source}: ${e.execution.task.name}`));
    try {
      const { result, ui } = await deployCommand();
      assert.equal(result?.deploy?.status, 'succeeded', JSON.stringify(ui.shown));
    } finally {
      sub.dispose();
    }
    assert.deepEqual(started, ['npm: build']);
  });

  it('preDeployTask: a name no task has says so, lists the folder\'s tasks, and offers the setting', async () => {
    await setPreDeployTask('npm: biuld');
    const before = deploys().length;
    const { ui } = await deployCommand({ buttons: [[/^No task named/, 'Open Settings']] });
    const error = shownError(ui);
    assert.match(error?.text ?? '', /^No task named "npm: biuld" was found for folder shop \(setting apphost\.deploy\.preDeployTask\), so the deploy did not start\. Its tasks: [^.]*\. Set the setting to a name as Terminal > Run Task shows it \(e\.g\. "build" or "npm: build"\), or clear it to deploy without a task\.$/, JSON.stringify(ui.shown));
    const listed = /Its tasks: ([^.]*)\./.exec(error!.text)![1].split(', ');
    for (const name of ['"build"', '"broken build"', '"npm: build"']) assert.ok(listed.includes(name), `${name} in ${listed.join(', ')}`);
    // "Open Settings" opened the Settings editor.
    await until('the Settings editor', () => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings', 10_000);
    assert.ok(!/Deploy storefront/.test(error!.text), 'AppHost deploys are not offered');
    assert.equal(deploys().length, before);

    const runs = await run('Deploy storefront');
    assert.equal(runs.exits.get('Deploy storefront'), 1);
    assert.match(transcript(), /No task named "npm: biuld" was found for folder shop/);
  });

  it('preDeployTask: naming an AppHost deploy, or a task that deploys through dependsOn, is refused instead of looping', async () => {
    await setPreDeployTask('apphost: Deploy storefront');
    const before = deploys().length;
    const direct = await deployCommand();
    assert.match(shownError(direct.ui)?.text ?? '', /^The pre-deploy task "apphost: Deploy storefront" is an AppHost deploy: it would start a deploy before every deploy, forever\./);

    await setPreDeployTask('Build and deploy');
    const chained = await deployCommand();
    assert.match(shownError(chained.ui)?.text ?? '', /^The pre-deploy task "Build and deploy" starts a deploy of storefront itself \(through dependsOn\)/, JSON.stringify(chained.ui.shown));
    assert.equal(deploys().length, before, 'nothing pushed');
    await until('no task left running', () => vscode.tasks.taskExecutions.length === 0, 20_000);
    assert.equal(api.deploy.running.size, 0);
  });
});
