// Diagnose Failure: the service's diagnosis of a failed deploy (POST /ai/diagnose, beyond
// the specification) as Markdown beside its log; without an AI key the plain reason and
// the offer of a language model of VS Code; nothing for a deploy that did not fail; the
// deploy log tool's answer; an older wokku that lacks the endpoint (404); the language
// model asked instead (the test model, test/vscode/testModel/): what it gets, its answer,
// and each way it fails, in words.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Deploy } from '../../src/api';
import type { AppHostTestApi } from '../../src/extension';
import type { AppRef } from '../../src/model';
import type { TreeNode } from '../../src/tree/commandTarget';
import type { RunningServer } from '../server';
import { asAppHost, extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import { nodeAt, runScripted } from './support/resourceTree';
import { answerFor, behaviourFile, MODEL_DIR_ENV, MODEL_NAME, promptFile, VENDOR, WAITING_WORDS, type Behaviour } from '../vscode/testModel/protocol';

const DIAGNOSIS = 'apphost-diagnosis';
/** `METHOD /path` (without /api/v1) of the requests since the log was cleared. */
const calls = (server: RunningServer) => server.control.requestLog.map((e) => `${e.method} ${e.path.replace(/^\/api\/v1/, '')}`);
const never = new vscode.CancellationTokenSource().token;

/** The `when` of Diagnose Failure on a Deploys row, as the manifest says it. */
function rowWhen(): string {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
  return manifest.contributes.menus['view/item/context'].find((m) => m.command === 'apphost.deploy.diagnose')!.when!;
}

/** Whether a row with this contextValue shows Diagnose Failure (the `when`'s two regular expressions, evaluated). */
function showsDiagnose(contextValue: string): boolean {
  const when = rowWhen();
  assert.equal(when, 'view == apphost.resources && viewItem =~ /^deploy:(failed|timed_out)(:|$)/ && !(viewItem =~ /:lacks-diagnose\\b/)');
  return /^deploy:(failed|timed_out)(:|$)/.test(contextValue) && !/:lacks-diagnose\b/.test(contextValue);
}

async function deployRows(api: AppHostTestApi): Promise<{ row: TreeNode; contextValue: string; deploy: Deploy }[]> {
  const group = await nodeAt('Personal', 'Apps', 'storefront', 'Deploys');
  await api.treeInsides.resources.getChildren(group);
  const rows = await api.treeInsides.resources.getChildren(group);
  return Promise.all(rows.map(async (row) => ({ row, contextValue: (await row.getTreeItem()).contextValue ?? '', deploy: (row.commandTarget() as { data: Deploy }).data })));
}

const diagnosisDoc = () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === DIAGNOSIS);
const previewTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.filter((t) => t.input instanceof vscode.TabInputWebview && /markdown/i.test((t.input as vscode.TabInputWebview).viewType)).map((t) => ({ tab: t, column: g.viewColumn })));

describe('diagnose: a failed deploy diagnosed by the service', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let storefront: AppRef;
  let failed: Deploy;
  const diagnoseCalls = () => calls(server).filter((r) => r === 'POST /ai/diagnose');

  before(async () => {
    server = await startSignedIn(undefined, { aiKey: true });
    api = await extensionApi();
    storefront = asAppHost({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
  });
  beforeEach(() => {
    server.control.setAiKey(true);
    server.control.clearRequestLog();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await stopSignedIn(server);
  });

  it('offers Diagnose Failure on a failed deploy\'s row only, not on a succeeded or running one', async () => {
    server.control.setActionDelay(60_000); // a deploy that stays building
    server.control.startDeploy('storefront', { description: 'Still building' });
    try {
      const rows = await deployRows(api);
      const failedRow = rows.find((r) => r.deploy.status === 'failed');
      assert.ok(failedRow, 'the demo data has a failed deploy of storefront');
      failed = failedRow.deploy;
      assert.ok(showsDiagnose(failedRow.contextValue), failedRow.contextValue);
      const others = rows.filter((r) => r.deploy.status !== 'failed' && r.deploy.status !== 'timed_out');
      assert.ok(others.some((r) => r.deploy.status === 'succeeded') && others.some((r) => /pending|building/.test(r.deploy.status)), others.map((r) => r.contextValue).join(', '));
      for (const other of others) assert.ok(!showsDiagnose(other.contextValue), other.contextValue);
      // Run anyway (the palette with a ref and an id): it refuses before asking the service.
      const succeeded = others.find((r) => r.deploy.status === 'succeeded')!;
      const ui = await runScripted('apphost.deploy.diagnose', {}, storefront, succeeded.deploy.id);
      assert.ok(ui.shown.some((m) => m.kind === 'error' && /did not fail \(succeeded\): there is nothing to diagnose/.test(m.text)), JSON.stringify(ui.shown));
      assert.deepEqual(diagnoseCalls(), []);
    } finally {
      server.control.setActionDelay(20);
    }
  });

  it('shows the service\'s diagnosis as Markdown beside the log, naming the app and the deploy (from the log tab\'s title bar)', async () => {
    const { row } = (await deployRows(api)).find((r) => r.deploy.id === failed.id)!;
    await vscode.commands.executeCommand('apphost.deploy.showLog', row);
    const log = vscode.window.activeTextEditor!;
    assert.equal(log.document.uri.scheme, 'apphost-deploy-log');
    // The title bar's `when` (resource in apphost.failedDeployLogs) lists this tab.
    assert.deepEqual(api.logs.deployLogs.failedLogTabs(), [log.document.uri.toString()]);
    // The title bar passes the tab's Uri, as any extension could: the tab in front needs no question.
    const ui = await runScripted('apphost.deploy.diagnose', {}, log.document.uri);
    assert.deepEqual(ui.shown.filter((m) => m.text.startsWith('Diagnose Failure')), [], 'no question for the tab in front');
    const doc = (await until('the diagnosis document', diagnosisDoc, 30_000))!;
    const label = failed.commitSha?.slice(0, 7) ?? failed.id.slice(0, 8);
    assert.match(doc.uri.path, new RegExp(`^/storefront/diagnosis ${label}\\.md$`));
    assert.equal(doc.languageId, 'markdown');
    const text = doc.getText();
    assert.ok(text.startsWith(`# Why the deploy ${label} of storefront failed\n`), text);
    assert.match(text, /Diagnosis by the service's AI, from the last 3,000 characters of the build log\./);
    assert.match(text, /\*\*Diagnosis:\*\* .*Status: failed\./);
    assert.match(text, /\*\*Suggested fixes:\*\*\n- /);
    const [preview] = (await until('a Markdown preview', () => (previewTabs().length > 0 ? previewTabs() : undefined), 30_000))!;
    assert.ok(preview.column !== vscode.window.tabGroups.all.find((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === log.document.uri.toString()))?.viewColumn, 'beside the log, in another group');
    assert.deepEqual(diagnoseCalls(), ['POST /ai/diagnose'], 'one request');
  });

  it('a diagnosis whose answer the proxy in front cut: may still be running, not a failure, not asked again', async () => {
    server.control.failNext({ method: 'POST', path: /\/ai\/diagnose$/, status: 504, body: '<html><head><title>504 Gateway Time-out</title></head></html>' });
    const ui = await runScripted('apphost.deploy.diagnose', {}, storefront, failed.id);
    const notice = ui.shown.find((m) => m.kind === 'warning');
    assert.match(notice?.text ?? '', /^The diagnosis of the failed deploy of storefront: no answer after \d+\.\d s: the proxy in front of the service stopped waiting for it \(504 Gateway Timeout\)\. The service may still be doing it.*AppHost did not send it again\.$/, JSON.stringify(ui.shown));
    assert.ok(!ui.shown.some((m) => m.kind === 'error'), 'not a failure');
    assert.deepEqual(diagnoseCalls(), ['POST /ai/diagnose'], 'one request');
  });

  it('a deploy log\'s address that is not the tab in front: AppHost asks first, and declined sends nothing', async () => {
    const { row } = (await deployRows(api)).find((r) => r.deploy.id === failed.id)!;
    await vscode.commands.executeCommand('apphost.deploy.showLog', row);
    const uri = vscode.window.activeTextEditor!.document.uri;
    await vscode.commands.executeCommand('workbench.action.files.newUntitledFile');
    const ui = await runScripted('apphost.deploy.diagnose', { buttons: [[/Diagnose Failure/, undefined]] }, uri);
    const question = ui.shown.find((m) => /^Diagnose Failure: apphost-deploy-log:/.test(m.text));
    assert.ok(question, JSON.stringify(ui.shown));
    assert.ok(!question.text.includes('key='), 'the key of the address is not shown');
    assert.deepEqual(diagnoseCalls(), []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('without an AI key: says so plainly, and offers a language model of VS Code only where there is one', async () => {
    server.control.setAiKey(false);
    const { row } = (await deployRows(api)).find((r) => r.deploy.id === failed.id)!;
    const models = await vscode.lm.selectChatModels();
    const ui = await runScripted('apphost.deploy.diagnose', { buttons: [[/no AI key/, undefined]] }, row);
    const notice = ui.shown.find((m) => m.kind === 'warning' && /^The service has no AI key configured \(its operator sets none\), so it cannot diagnose the deploy of storefront\./.test(m.text));
    assert.ok(notice, JSON.stringify(ui.shown));
    if (models.length === 0) {
      assert.match(notice.text, /VS Code has no language model to ask instead/);
      assert.deepEqual(notice.items, []);
    } else {
      // The offer is the consent: declined, nothing leaves.
      assert.deepEqual(notice.items, [`Ask ${models[0].name}`]);
      assert.match(notice.text, /AppHost sends it the last 3,000 characters of the build log, with secrets masked/);
    }
    assert.deepEqual(previewTabs(), [], 'no diagnosis shown');
    assert.deepEqual(diagnoseCalls(), ['POST /ai/diagnose']);
    assert.deepEqual(calls(server).filter((r) => r.includes('/config')), [], 'no config read without consent');
  });

  it('the failed deploy\'s notice offers it: (app ref, deploy id) as the button passes them', async () => {
    await runScripted('apphost.deploy.diagnose', {}, storefront, failed.id);
    await until('a Markdown preview', () => previewTabs().length > 0, 30_000);
    assert.deepEqual(calls(server).filter((r) => r.startsWith('POST')), ['POST /ai/diagnose']);
  });

  it('the deploy log tool gives the diagnosis for a failed deploy, and asks for none for a succeeded one', async () => {
    const text = await api.agentTools.invoke('apphost_get_deploy_log', { app: 'storefront', deployId: failed.id }, never, 'chat');
    assert.match(text, /^Deploy of storefront: /);
    assert.match(text, /The service's AI diagnosis of this failed deploy \(from the log's last 3,000 characters\):\n\*\*Diagnosis:\*\*/);
    assert.deepEqual(diagnoseCalls(), ['POST /ai/diagnose']);
    server.control.clearRequestLog();
    const succeeded = server.control.deploysOf('storefront').find((d) => d.status === 'succeeded')!;
    const plain = await api.agentTools.invoke('apphost_get_deploy_log', { app: 'storefront', deployId: succeeded.id }, never, 'chat');
    assert.doesNotMatch(plain, /diagnos/i);
    assert.deepEqual(diagnoseCalls(), [], 'no request for a succeeded deploy');
    server.control.setAiKey(false);
    assert.match(await api.agentTools.invoke('apphost_get_deploy_log', { app: 'storefront', deployId: failed.id }, never, 'chat'), /The service has no AI key configured/);
  });
});

describe('diagnose: an older wokku without POST /ai/diagnose', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let api: AppHostTestApi;

  before(async () => {
    server = await startSignedIn(undefined, { olderWokku: true });
    api = await extensionApi();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopSignedIn(server);
  });

  it('says once that the service does not offer diagnoses, then hides Diagnose Failure (row flag, title bar) and asks no more', async () => {
    const failedRow = (await deployRows(api)).find((r) => r.deploy.status === 'failed')!;
    assert.ok(showsDiagnose(failedRow.contextValue), 'offered until the service says otherwise');
    await vscode.commands.executeCommand('apphost.deploy.showLog', failedRow.row);
    const log = vscode.window.activeTextEditor!.document.uri;
    assert.deepEqual(api.logs.deployLogs.failedLogTabs(), [log.toString()]);
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.deploy.diagnose', {}, failedRow.row);
    const notices = ui.shown.filter((m) => /does not offer deploy diagnoses/.test(m.text));
    assert.equal(notices.length, 1, JSON.stringify(ui.shown));
    assert.equal(notices[0].kind, 'info');
    assert.ok(!ui.shown.some((m) => m.kind === 'error'), JSON.stringify(ui.shown));
    assert.deepEqual(calls(server).filter((r) => r.startsWith('POST /ai') || r.includes('/deploys/')), ['POST /ai/diagnose', `GET /apps/${server.control.findApp('storefront')!.id}/deploys/${failedRow.deploy.id}`], 'the 404, then the deploy is still there');
    const again = (await until('the row flagged', async () => {
      const row = (await deployRows(api)).find((r) => r.deploy.id === failedRow.deploy.id)!;
      return /:lacks-diagnose\b/.test(row.contextValue) ? row : undefined;
    }))!;
    assert.ok(!showsDiagnose(again.contextValue), again.contextValue);
    assert.deepEqual(api.logs.deployLogs.failedLogTabs(), [], 'the title bar entry goes');
    server.control.clearRequestLog();
    const tool = await api.agentTools.invoke('apphost_get_deploy_log', { app: 'storefront', deployId: failedRow.deploy.id }, never, 'chat');
    assert.match(tool, /This service does not offer deploy diagnoses/);
    assert.ok(!calls(server).includes('POST /ai/diagnose'), 'known: not asked again');
    assert.deepEqual(previewTabs(), [], 'no diagnosis shown');
  });
});

describe('diagnose: without an AI key, the language model of VS Code is asked instead', function () {
  this.timeout(60_000);
  const dir = process.env[MODEL_DIR_ENV] ?? '';
  const SESSION_KEY = 'SESSION_SECRET';
  const HARDCODED_KEY = 'sk_live_9Tq2VbX7LmN4pR8sK1wZ3yHcA';
  let server: RunningServer | undefined;
  let storefront: AppRef;
  let deployId: string;
  let session: string;

  before(async function () {
    // The test model is loaded beside AppHost by test/vscode/runIntegration.ts (not in a desktop run).
    if (!dir || !(await vscode.lm.selectChatModels({ vendor: VENDOR })).length) this.skip();
    server = await startSignedIn(); // a fresh wokku: no AI key
    await extensionApi();
    storefront = asAppHost({ service: serviceOf(server), workspace: undefined, id: server.control.findApp('storefront')!.id, name: 'storefront' });
    session = server.control.getConfig('storefront')[SESSION_KEY];
    // A failed build that printed a config value of the app and a key that is not one.
    deployId = server.control.startDeploy('storefront', {
      fail: true, gitPush: false, description: 'Leaky build',
      failure: `settings: ${SESSION_KEY}=${session}\nError: Stripe rejected the key ${HARDCODED_KEY}`,
    });
    await until('the deploy to fail', () => server!.control.deploysOf('storefront').find((d) => d.id === deployId)?.status === 'failed', 30_000);
  });
  beforeEach(() => {
    for (const f of readdirSync(dir)) rmSync(join(dir, f));
    server!.control.clearRequestLog();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    if (dir && existsSync(behaviourFile(dir))) rmSync(behaviourFile(dir));
    if (server) await stopSignedIn(server);
  });

  /** The diagnosis document holding `text` (as VS Code has it): earlier tests' documents may still be open. */
  const diagnosisHolding = (text: string) => vscode.workspace.textDocuments.find((d) => d.uri.scheme === DIAGNOSIS && d.getText().includes(text));

  /** Diagnose Failure with the model behaving so, the offer accepted; what was shown, and the diagnosis once it holds `settled`. */
  async function askModel(behaviour: Behaviour, settled: string, whileAsking?: () => Promise<void>) {
    writeFileSync(behaviourFile(dir), behaviour);
    const asking = runScripted('apphost.deploy.diagnose', { buttons: [[/no AI key/, `Ask ${MODEL_NAME}`]] }, storefront, deployId);
    await whileAsking?.();
    const ui = await asking;
    // The document as VS Code has it (the preview renders that): the command ends once the
    // last update reached it, so that its last re-render of the preview shows the final text.
    const doc = diagnosisHolding(settled);
    assert.ok(doc, `when the command ends, VS Code's copy of the diagnosis says ${settled}`);
    return { ui, text: doc.getText() };
  }

  it('sends the model the end of the log with the app\'s config values and credential shapes masked, and shows its answer', async () => {
    const { ui, text } = await askModel('answer', '- Deploy again.');
    assert.ok(ui.shown.some((m) => m.kind === 'warning' && m.items?.includes(`Ask ${MODEL_NAME}`)), JSON.stringify(ui.shown));
    const prompt = readFileSync(promptFile(dir, 1), 'utf8');
    assert.ok(!existsSync(promptFile(dir, 2)), 'one request');
    assert.ok(prompt.includes(`settings: ${SESSION_KEY}=[masked ${SESSION_KEY}]`), prompt);
    assert.ok(!prompt.includes(session));
    assert.ok(prompt.includes('Error: Stripe rejected the key [masked]'), prompt);
    assert.ok(!prompt.includes(HARDCODED_KEY));
    assert.match(prompt, /^App: storefront$/m);
    assert.ok(text.includes(answerFor(prompt.length)), text);
    assert.match(text, /^\*Answer of Test Model \(a language model of VS Code\), from the last 3,000 characters of the build log with secrets masked\.\* Status: failed\./m);
    // The consent covers the config read that masks its values: once, after the click.
    assert.deepEqual(calls(server!).filter((r) => r.includes('/config')), [`GET /apps/${storefront.id}/config`]);
  });

  const failures: [Behaviour, string, string][] = [
    ['fail', 'an error', 'Test Model could not answer: the test model broke down'],
    ['blocked', 'a refusal (Blocked)', 'Test Model refused the request: the test model does not answer questions about deploys'],
    ['no-permissions', 'no permission', 'Test Model was not allowed to answer: VS Code asked whether AppHost may use it, and it was not allowed. Nothing was sent.'],
    ['not-found', 'a model that is gone', 'Test Model is no longer available.'],
  ];
  for (const [behaviour, what, words] of failures) {
    it(`puts ${what} of the model in words, in the diagnosis and a notice`, async () => {
      const { ui, text } = await askModel(behaviour, `*${words}*`);
      assert.ok(existsSync(promptFile(dir, 1)), 'the model was asked');
      assert.ok(ui.shown.some((m) => m.kind === 'warning' && m.text === words), JSON.stringify(ui.shown));
      assert.doesNotMatch(text, /Asking Test Model/);
    });
  }

  it('a request the user cancels says so, after what the model had sent', async () => {
    const win = vscode.window as { -readonly [K in keyof typeof vscode.window]: (typeof vscode.window)[K] };
    const withProgress = win.withProgress;
    const cancel = new vscode.CancellationTokenSource();
    // The Cancel button of the progress notice: the token VS Code would hand the task.
    win.withProgress = ((options, task) => withProgress(options, (progress) => task(progress, cancel.token))) as typeof win.withProgress;
    try {
      const { ui, text } = await askModel('wait', 'You cancelled', async () => {
        await until('the model\'s first words', () => diagnosisHolding(WAITING_WORDS), 30_000);
        cancel.cancel();
      });
      assert.ok(text.includes(`${WAITING_WORDS}\n\n---\n\n*You cancelled the request to Test Model.*`), text);
      assert.ok(ui.shown.some((m) => m.kind === 'warning' && m.text === 'You cancelled the request to Test Model.'), JSON.stringify(ui.shown));
    } finally {
      win.withProgress = withProgress;
      cancel.dispose();
    }
  });
});
