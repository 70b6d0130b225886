// One consent rule, by who asks (callers.ts, actions/consent.ts): the user's own
// rows act as the UI promises; anyone else (another extension running a command with a
// made-up argument, a tool call without a chat token) gets AppHost's own modal naming the
// action, the service's name of the app, the workspace and the service; declined, nothing
// reaches the service. Each named attack of issue 34 is one test here.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn } from './support/env';
import { nodeAt, requestsOf, runScripted, withScript } from './support/resourceTree';

interface LmApi {
  registerTool?: unknown;
  invokeTool?(name: string, options: { input: object; toolInvocationToken: undefined }, token?: vscode.CancellationToken): Thenable<{ content: { value?: unknown }[] }>;
}
const lm = (vscode as unknown as { lm?: LmApi }).lm;
const hasToolsApi = typeof lm?.registerTool === 'function';

describe('consent: who asks decides the question', function () {
  let server: RunningServer;
  let api: AppHostTestApi;
  const ASKED = /^Another extension or tool asked AppHost to: /;
  /** What a caller other than the user hands a command: a plain object of the right shape. */
  const madeUp = (name: string, shownAs = name) => ({ service: serviceOf(server), workspace: undefined, id: server.control.findApp(name)!.id, name: shownAs });
  const writes = () => requestsOf(server).filter((r) => !r.startsWith('GET'));
  const asked = (ui: { shown: { kind: string; text: string; detail?: string }[] }) => ui.shown.filter((m) => ASKED.test(m.text));

  before(async () => {
    server = await startSignedIn();
    api = await extensionApi();
  });
  afterEach(() => server.control.clearFaults());
  after(() => stopSignedIn(server));

  it('a genuine row acts as today: no question of AppHost\'s, one POST', async () => {
    const row = await nodeAt('Personal', 'Apps', 'storefront');
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.app.restart', {}, row);
    assert.deepEqual(asked(ui), [], JSON.stringify(ui.shown));
    assert.deepEqual(writes(), [`POST /api/v1/apps/${server.control.findApp('storefront')!.id}/restart`]);
  });

  it('lifecycle with a made-up {id, name}: AppHost asks, naming the service\'s app, workspace and service; declined, nothing is sent', async () => {
    for (const verb of ['stop', 'start', 'restart']) {
      server.control.clearRequestLog();
      const ui = await runScripted(`apphost.app.${verb}`, {}, madeUp('storefront', 'not-its-name'));
      const [question] = asked(ui);
      assert.ok(question, `${verb}: asked (${JSON.stringify(ui.shown)})`);
      assert.match(question.text, /(Stop|Start|Restart) App$/);
      assert.match(question.detail ?? '', /^App storefront in workspace Personal, on .*127\.0\.0\.1/, 'the service\'s name of the id, never the caller\'s');
      assert.ok(!(question.detail ?? '').includes('not-its-name'));
      assert.deepEqual(writes(), [], `${verb}: declined, nothing sent`);
    }
  });

  it('a made-up target the user allows acts on the app as the service names it', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.app.restart', { buttons: [[ASKED, 'Restart App']] }, madeUp('blog', 'scratch'));
    assert.equal(asked(ui).length, 1);
    assert.deepEqual(writes(), [`POST /api/v1/apps/${server.control.findApp('blog')!.id}/restart`]);
    assert.ok(ui.shown.some((m) => m.kind === 'info' && /^blog restarted\.$/.test(m.text)), JSON.stringify(ui.shown));
  });

  it('delete with {id: <blog>, name: "scratch"}: the typed name asked for is the service\'s; typing "scratch" deletes nothing', async () => {
    server.control.clearRequestLog();
    const ui = await runScripted('apphost.app.delete', { buttons: [[ASKED, 'Delete App…']], inputs: ['scratch'] }, madeUp('blog', 'scratch'));
    const box = ui.shown.find((m) => m.kind === 'inputBox');
    assert.match(box?.text ?? '', /This destroys blog,/, JSON.stringify(ui.shown));
    assert.ok(server.control.findApp('blog'), 'blog is still there');
    assert.deepEqual(writes(), []);
  });

  it('reveal with a made-up config row: asked; even allowed, nothing is revealed, and apphost_get_config masks a value revealed in the tree', async () => {
    const app = madeUp('storefront');
    const fake = { kind: 'item', item: 'configVar', key: 'SESSION_SECRET', data: 'x', app, row: { id: `x/${app.id}/config/SESSION_SECRET` } };
    const ui = await runScripted('apphost.config.reveal', { buttons: [[ASKED, 'Reveal Value']] }, fake);
    assert.equal(asked(ui).length, 1, JSON.stringify(ui.shown));
    // The user's own reveal, on the genuine row: for the user's eyes only.
    await vscode.commands.executeCommand('apphost.config.reveal', await nodeAt('Personal', 'Apps', 'storefront', 'Config', 'SESSION_SECRET'));
    const secret = server.control.getConfig('storefront').SESSION_SECRET;
    const text = await api.agentTools.invoke('apphost_get_config', { app: 'storefront' }, new vscode.CancellationTokenSource().token, 'chat');
    assert.match(text, /^SESSION_SECRET=\[masked\]$/m);
    assert.ok(!text.includes(secret), 'the model never gets a revealed value');
    await vscode.commands.executeCommand('apphost.config.hide', await nodeAt('Personal', 'Apps', 'storefront', 'Config', 'SESSION_SECRET'));
  });

  it('config.edit with a made-up app: asked; declined, no config.env opens', async () => {
    const app = madeUp('analytics');
    const ui = await runScripted('apphost.config.edit', {}, app);
    assert.equal(asked(ui).length, 1, JSON.stringify(ui.shown));
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'apphost' && d.uri.path.includes(`/${app.id}/`)), 'no document of analytics');
  });

  it('a made-up database row: asked, and the caller\'s data never reaches the command (the user picks in AppHost\'s own list)', async () => {
    server.control.clearRequestLog();
    const fake = { kind: 'database', database: { id: 'x', name: 'scratch' }, service: serviceOf(server), workspace: undefined };
    const ui = await runScripted('apphost.database.delete', { buttons: [[ASKED, 'Delete Database…']] }, fake);
    assert.equal(asked(ui).length, 1);
    assert.ok(ui.shown.some((m) => m.kind === 'quickPick'), `the user picks: ${JSON.stringify(ui.shown)}`);
    assert.deepEqual(writes(), []);
  });

  (hasToolsApi ? it : it.skip)('a tool call without a chat token: AppHost asks whatever auto-approve says; declined, nothing is sent', async () => {
    await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', true, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('setContext', 'vscode.chat.tools.global.autoApprove.testMode', true);
    try {
      server.control.clearRequestLog();
      let text = '';
      const ui = await withScript({}, async () => {
        const result = await lm!.invokeTool!('apphost_restart_app', { input: { app: 'storefront' }, toolInvocationToken: undefined });
        text = result.content.map((p) => String(p.value ?? '')).join('');
      });
      const [question] = asked(ui);
      assert.ok(question, JSON.stringify(ui.shown));
      assert.match(question.text, /Restart storefront\?$/);
      assert.match(text, /^Not done: the user declined\./);
      assert.deepEqual(writes(), []);
    } finally {
      await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a chat\'s call (its token) defers to VS Code\'s confirmation: AppHost asks nothing more', async () => {
    const never = new vscode.CancellationTokenSource().token;
    const input = { app: 'storefront' };
    await api.agentTools.prepare('apphost_restart_app', input, never);
    server.control.clearRequestLog();
    let text = '';
    const ui = await withScript({}, async () => {
      text = await api.agentTools.invoke('apphost_restart_app', input, never, 'chat');
    });
    assert.deepEqual(asked(ui), []);
    assert.match(text, /^storefront restarted\./);
    assert.deepEqual(writes(), [`POST /api/v1/apps/${server.control.findApp('storefront')!.id}/restart`]);
  });
});
