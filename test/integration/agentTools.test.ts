// The agent tools in a real VS Code: registered and listed (vscode.lm.tools), called the way
// the chat calls them (vscode.lm.invokeTool: prepare, confirmation, invoke) against the
// reference server. On a VS Code without the tools API (1.90) only the first test runs.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { extensionApi, signInWithIssuedToken, signOutQuietly, startSignedIn, stopSignedIn, until } from './support/env';
import { nodeAt, withScript } from './support/resourceTree';

interface ToolInfo { name: string; inputSchema?: object }
interface LmApi {
  registerTool?: unknown;
  tools?: readonly ToolInfo[];
  invokeTool?(name: string, options: { input: object; toolInvocationToken: undefined }, token?: vscode.CancellationToken): Thenable<{ content: { value?: unknown }[] }>;
}
const lm = (vscode as unknown as { lm?: LmApi }).lm;
const hasToolsApi = typeof lm?.registerTool === 'function';
const contributed = (): string[] =>
  (vscode.extensions.getExtension('apphost.apphost')!.packageJSON.contributes.languageModelTools as { name: string }[]).map((t) => t.name);

describe('agent tools: registration', () => {
  it('registers every contributed tool where VS Code has the tools API, and none (activation unaffected) where it has not', async () => {
    const api = await extensionApi();
    if (!hasToolsApi) {
      assert.deepEqual(api.agentToolRegistration.registered, [], 'VS Code before 1.95: nothing registered, nothing failed');
      assert.ok(api.commandIds.length > 0, 'the rest of the extension works');
      return;
    }
    assert.deepEqual([...api.agentToolRegistration.registered].sort(), contributed().sort());
    assert.deepEqual([...api.agentTools.names].sort(), contributed().sort(), 'an implementation for every contributed tool, and no other');
  });
});

(hasToolsApi ? describe : describe.skip)('agent tools: calls through vscode.lm.invokeTool', function () {
  let server: RunningServer;
  let api: AppHostTestApi;
  const tokens: string[] = [];
  const answers: string[] = [];
  const never = new vscode.CancellationTokenSource().token;

  /** Calls the tool as the chat does (prepare, the confirmation, invoke); the text the model reads. */
  const invoke = async (name: string, input: object = {}): Promise<string> => {
    // Outside a chat (no token) AppHost asks itself before an act tool runs: answered as the user would.
    let result: { content: { value?: unknown }[] } = { content: [] };
    await withScript({ buttons: [[/^Another extension or tool asked AppHost/, '*']] }, async () => {
      result = await lm!.invokeTool!(name, { input, toolInvocationToken: undefined }, never);
    });
    const text = result.content.map((p) => String(p.value ?? '')).join('');
    answers.push(text);
    return text;
  };
  /** The confirmation VS Code would show for the call (its prepareInvocation). */
  const confirmation = async (name: string, input: object) => {
    const prepared = await api.agentTools.prepare(name, input, never);
    const message = prepared?.confirmationMessages?.message;
    return prepared?.confirmationMessages && { title: prepared.confirmationMessages.title, message: typeof message === 'string' ? message : message?.value ?? '' };
  };
  const requests = () => server.control.requestLog.map((e) => `${e.method} ${e.path}`);
  /** A chat's call of an act tool: VS Code prepares it (its confirmation, approved), then invokes with the chat's token. */
  const chatInvoke = async (name: string, input: object): Promise<string> => {
    await api.agentTools.prepare(name, input, never);
    const text = await api.agentTools.invoke(name, input, never, 'chat');
    answers.push(text);
    return text;
  };

  before(async () => {
    server = await startSignedIn();
    api = await extensionApi();
    tokens.push((await api.connection.session())!.token);
    // Outside a chat, VS Code confirms with a modal dialog; tests approve as a user's "always allow" would.
    await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', true, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('setContext', 'vscode.chat.tools.global.autoApprove.testMode', true);
  });
  afterEach(() => server.control.clearFaults());
  after(async () => {
    await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', undefined, vscode.ConfigurationTarget.Global);
    for (const text of answers) for (const token of tokens) assert.ok(!text.includes(token), 'no answer carries the token');
    // What the model read, for a look (test-results/ is not committed).
    if (process.env.APPHOST_TEST_OUTPUT) writeFileSync(join(dirname(process.env.APPHOST_TEST_OUTPUT), 'agent-answers.txt'), answers.join('\n\n=====\n\n'));
    await stopSignedIn(server);
  });

  // vscode.lm.tools lists tools whatever their `when` clause (the chat applies it): the clause is checked in the unit tests.
  it('lists every tool in vscode.lm.tools, with its input schema', async () => {
    const names = await until('the tools listed', () => {
      const listed = new Set(lm!.tools!.map((t) => t.name));
      return contributed().every((n) => listed.has(n)) && listed;
    }, 10_000);
    assert.ok(names);
    for (const tool of lm!.tools!.filter((t) => t.name.startsWith('apphost_'))) assert.equal((tool.inputSchema as { type?: string }).type, 'object', tool.name);
  });

  it('lists apps with workspace, server, state and the other workspaces (three requests)', async () => {
    server.control.clearRequestLog();
    const text = await invoke('apphost_list_apps');
    assert.match(text, /^Workspace: Personal \(the active one\)\./m);
    assert.match(text, /^Other workspaces \(pass "workspace" to list theirs\): Acme Corp, OSS Collective\.$/m);
    assert.match(text, /^- storefront — status running · server \S+/m);
    assert.doesNotMatch(text, /^- acme-api/m, 'another team\'s apps are not the personal workspace\'s');
    assert.match(text, /Open folders:/);
    assert.ok(requests().length <= 3, requests().join(', '));
    const acme = await invoke('apphost_list_apps', { workspace: 'Acme Corp' });
    assert.match(acme, /^- acme-api — /m);
    assert.match(acme, /^Other workspaces \(pass "workspace" to list theirs\): Personal, OSS Collective\.$/m);
  });

  it('reads an app\'s process report and recent deploys, and the tree shows the state it found', async () => {
    const row = await nodeAt('Personal', 'Apps', 'mailer');
    const text = await invoke('apphost_get_app_status', { app: 'mailer' });
    assert.match(text, /^App mailer \(workspace Personal\)\./m);
    assert.match(text, /Process report \(the true state of its containers\): stopped\./);
    assert.match(text, /Recent deploys \(newest first, \d+ of \d+\):\n- deploy \S+: succeeded/);
    const item = await row.getTreeItem();
    assert.match(String(item.description), /stopped/i, 'the row shows the process report\'s state');
  });

  it('answers the chat an unknown app with the apps that exist, and no open folder is linked here; a caller outside a chat gets no names', async () => {
    const text = await api.agentTools.invoke('apphost_get_app_status', { app: 'nope' }, never, 'chat');
    assert.match(text, /^No app named "nope" in workspace Personal\. Apps there: .*storefront/);
    const unnamed = await api.agentTools.invoke('apphost_get_logs', {}, never, 'chat');
    assert.match(unnamed, /^No app was named and no open folder is linked to an AppHost app: name the app\. Apps there: /);
    const outside = await invoke('apphost_get_app_status', { app: 'nope' });
    assert.match(outside, /^Not read: AppHost found no app or workspace of that name/);
    assert.ok(!outside.includes('storefront'), outside);
  });

  describe('a read outside a chat (no toolInvocationToken)', () => {
    /** Calls the tool as another extension does, answering AppHost's question with `answer` (undefined: declined). */
    const invokeOutside = async (name: string, input: object, answer?: string) => {
      let text = '';
      const ui = await withScript({ buttons: answer ? [[/^Another extension or tool asked AppHost/, answer]] : [] }, async () => {
        const result = await lm!.invokeTool!(name, { input, toolInvocationToken: undefined }, never);
        text = result.content.map((p) => String(p.value ?? '')).join('');
      });
      answers.push(text);
      return { text, asked: ui.shown.filter((m) => /^Another extension or tool asked AppHost/.test(m.text)) };
    };

    it('apphost_get_logs asks, naming the app as the service names it and what it reads; declined, no log line and no log request', async () => {
      const marker = `neighbour-probe-${Date.now()}`;
      server.control.appendLogs('storefront', [`checkout ok ${marker}`]);
      server.control.clearRequestLog();
      // The caller's spelling of the name; the question shows the service's.
      const { text, asked } = await invokeOutside('apphost_get_logs', { app: 'STOREFRONT', lines: 1000 });
      assert.equal(asked.length, 1, 'one question');
      assert.equal(asked[0].text, 'Another extension or tool asked AppHost to: Read storefront: its last 1000 log lines');
      assert.match(asked[0].detail ?? '', /^App storefront in workspace Personal, on /);
      assert.ok(!asked[0].text.includes('STOREFRONT') && !(asked[0].detail ?? '').includes('STOREFRONT'), 'the caller\'s spelling is never shown');
      assert.match(text, /^Not read: the user declined/);
      assert.ok(!text.includes(marker) && !text.includes('checkout'), text);
      assert.deepEqual(requests().filter((r) => /\/logs/.test(r)), [], 'the logs were never read');
    });

    it('apphost_get_config asks; declined, no value, no key and no config request; allowed, the values masked as always', async () => {
      server.control.clearRequestLog();
      const { text, asked } = await invokeOutside('apphost_get_config', { app: 'storefront' });
      assert.equal(asked.length, 1);
      assert.equal(asked[0].text, 'Another extension or tool asked AppHost to: Read storefront: its config values (the secret-looking ones masked)');
      assert.match(text, /^Not read: the user declined/);
      for (const [key, value] of Object.entries(server.control.getConfig('storefront'))) {
        assert.ok(!text.includes(key) && !text.includes(value), `nothing of ${key}`);
      }
      assert.deepEqual(requests().filter((r) => /\/config/.test(r)), [], 'the config was never read');
      const allowed = await invokeOutside('apphost_get_config', { app: 'storefront' }, 'Allow Reading');
      assert.equal(allowed.asked.length, 1);
      assert.match(allowed.text, /^LOG_LEVEL="info"$/m);
      assert.match(allowed.text, /^SESSION_SECRET=\[masked\]$/m);
    });

    it('every read tool asks, and the apps\' list names the workspace; a chat\'s call (VS Code confirmed) is not asked again', async () => {
      for (const [name, input, what] of [
        ['apphost_list_apps', {}, /^Read the list of your apps in workspace Personal, and which open folders are linked to them$/],
        ['apphost_get_app_status', { app: 'storefront' }, /^Read storefront: its process report and recent deploys$/],
        ['apphost_get_deploy_log', { app: 'storefront', lines: 5 }, /^Read storefront: the last 5 lines of the build log of its latest deploy$/],
        ['apphost_list_releases', { app: 'storefront' }, /^Read storefront: its releases$/],
        ['apphost_get_activity', {}, /^Read your recent AppHost activity \(20 entries at most\)$/],
      ] as const) {
        const { text, asked } = await invokeOutside(name, input);
        assert.equal(asked.length, 1, name);
        assert.match(asked[0].text.replace(/^Another extension or tool asked AppHost to: /, ''), what);
        assert.match(text, /^Not read: the user declined/, name);
      }
      const ui = await withScript({}, () => api.agentTools.invoke('apphost_get_logs', { app: 'storefront', lines: 5 }, never, 'chat'));
      assert.deepEqual(ui.shown.filter((m) => /^Another extension or tool asked AppHost/.test(m.text)), []);
    });
  });

  it('reads recent logs per container, merged by time, without escape codes, bounded and filtered', async () => {
    const text = await invoke('apphost_get_logs', { app: 'storefront', lines: 30 });
    assert.match(text, /^Logs of storefront: the last 30 of \d+ lines read/);
    assert.match(text, /^Containers: .*web\.1/m);
    assert.match(text, /^They span \S+ to \S+\.$/m);
    assert.ok(!text.includes(String.fromCharCode(27)), 'no escape codes');
    const lines = text.split('\n\n')[1].split('\n');
    assert.equal(lines.length, 30);
    const stamps = lines.map((l) => l.split(' ')[0]);
    assert.deepEqual([...stamps].sort(), stamps, 'merged by time');
    const web = await invoke('apphost_get_logs', { app: 'storefront', container: 'web.1', lines: 10 });
    assert.ok(web.split('\n\n')[1].split('\n').every((l) => l.includes('[web.1]')), web);
  });

  it('masks the app\'s own config values in its logs, by key, and credential shapes, also against a filter', async () => {
    const secret = server.control.getConfig('storefront').SESSION_SECRET;
    assert.ok(secret && secret.length >= 8, 'the demo app has a long secret');
    const stripe = `sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`;
    server.control.appendLogs('storefront', [`booting with session secret ${secret}`, `charging with ${stripe}`]);
    server.control.clearRequestLog();
    const text = await invoke('apphost_get_logs', { app: 'storefront', lines: 50 });
    assert.ok(!text.includes(secret) && !text.includes(stripe), 'neither value reaches the model');
    assert.match(text, /booting with session secret \[masked SESSION_SECRET\]$/m);
    assert.match(text, /charging with \[masked\]$/m);
    assert.equal(requests().filter((r) => r.endsWith('/config')).length, 1, 'the config is read once');
    const probe = await invoke('apphost_get_logs', { app: 'storefront', lines: 50, filter: secret });
    assert.match(probe, /No line matches\./, 'a filter on the value finds nothing');
  });

  it('reads config vars with secret-looking values masked, never invented', async () => {
    const text = await invoke('apphost_get_config', { app: 'storefront' });
    assert.match(text, /^LOG_LEVEL="info"$/m);
    assert.match(text, /^SESSION_SECRET=\[masked\]$/m);
    assert.match(text, /5 of them look like secrets: their values are masked \(shown as \[masked\], setting apphost\.maskSecrets\) and not given to you\./);
    for (const [key, value] of Object.entries(server.control.getConfig('storefront'))) {
      if (/SECRET|DSN/.test(key)) assert.ok(!text.includes(value), `${key}'s value is not in the answer`);
    }
  });

  it('reads the latest deploy\'s log with its outcome, the releases and the activity', async () => {
    const log = await invoke('apphost_get_deploy_log', { app: 'storefront', lines: 5 });
    assert.match(log, /^Deploy of storefront: deploy \S+: (succeeded|failed)/);
    assert.match(log, /Build log, the last \d+ of \d+ lines:|The build log is empty/);
    const releases = await invoke('apphost_list_releases', { app: 'storefront', limit: 3 });
    assert.match(releases, /newest first, 3 of \d+/);
    assert.match(releases, /^- v\d+ \(current\)/m);
    const activity = await invoke('apphost_get_activity', { limit: 5 });
    assert.match(activity, /newest first:\n- \S+ /);
  });

  it('confirms a config change as KEY: old → new with secrets masked, and applies it through the merge', async () => {
    server.control.setConfig('analytics', { RETENTION_DAYS: '400', API_TOKEN: 'tok_live_agent_1234567890' });
    await invoke('apphost_get_config', { app: 'analytics' });
    const input = { app: 'analytics', set: { RETENTION_DAYS: '30', API_TOKEN: 'tok_live_agent_new_0987654321' }, unset: [] };
    const shown = await confirmation('apphost_update_config', input);
    assert.equal(shown?.title, 'Change config vars of analytics?');
    assert.match(shown!.message, /- `RETENTION_DAYS`: `400` → `30`/);
    assert.match(shown!.message, /- `API_TOKEN`: •••••••• → ••••••••/);
    assert.ok(!shown!.message.includes('tok_live_agent'), 'secret values masked in the confirmation');
    assert.match(shown!.message, /The service restarts analytics to apply the change/);
    server.control.clearRequestLog();
    const text = await invoke('apphost_update_config', input);
    assert.match(text, /^Done on analytics: set API_TOKEN \(\[masked\] → \[masked\]\); set RETENTION_DAYS \("400" → "30"\)\./);
    assert.equal(server.control.getConfig('analytics').RETENTION_DAYS, '30');
    assert.equal(server.control.getConfig('analytics').API_TOKEN, 'tok_live_agent_new_0987654321');
    assert.deepEqual(requests().filter((r) => /config$/.test(r)).map((r) => r.split(' ')[0]), ['GET', 'GET', 'PUT'], 'confirmation read, merge read, one write');
  });

  it('reports a key changed on the server since the model read it as a conflict, and overwrites nothing', async () => {
    server.control.setConfig('analytics', { RETENTION_DAYS: '400' });
    await invoke('apphost_get_config', { app: 'analytics' });
    server.control.setConfig('analytics', { RETENTION_DAYS: '365' }); // someone else, meanwhile
    const text = await chatInvoke('apphost_update_config', { app: 'analytics', set: { RETENTION_DAYS: '30' } });
    assert.match(text, /^Not changed: RETENTION_DAYS changed on the server since you last read the config \(now RETENTION_DAYS="365"\)\. Nothing was overwritten\./);
    // Outside a chat, the conflict's values (and whether a guess equals them) are not told.
    for (const guess of ['30', '365']) {
      const outside = await invoke('apphost_update_config', { app: 'analytics', set: { RETENTION_DAYS: guess } });
      assert.match(outside, /^Not done: nothing to do, or AppHost could not plan it\. Outside a chat, AppHost gives no reason/);
      assert.ok(!outside.includes('365'), outside);
    }
    assert.equal(server.control.getConfig('analytics').RETENTION_DAYS, '365');
    // Changed between the confirmation and the write: also a conflict.
    await invoke('apphost_get_config', { app: 'analytics' });
    const input = { app: 'analytics', set: { RETENTION_DAYS: '30' } };
    assert.ok(await confirmation('apphost_update_config', input));
    server.control.setConfig('analytics', { RETENTION_DAYS: '90' });
    const late = await api.agentTools.invoke('apphost_update_config', input, never, 'chat');
    assert.match(late, /^Not changed: RETENTION_DAYS changed on the server after the user confirmed \(now RETENTION_DAYS="90"\)/);
    assert.equal(server.control.getConfig('analytics').RETENTION_DAYS, '90');
  });

  it('restarts an app after a confirmation naming app, workspace and service; the answer carries the new process report', async () => {
    const shown = await confirmation('apphost_restart_app', { app: 'storefront' });
    assert.equal(shown?.title, 'Restart storefront?');
    assert.match(shown!.message, new RegExp(`App \\*\\*storefront\\*\\* in workspace Personal, on ${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/v1\\.`));
    server.control.clearRequestLog();
    const text = await invoke('apphost_restart_app', { app: 'storefront' });
    assert.match(text, /^storefront restarted\.\nProcess report \(the true state of its containers\): running\./);
    assert.ok(requests().some((r) => /^POST .*\/restart$/.test(r)) && requests().some((r) => /^GET .*\/ps$/.test(r)), requests().join(', '));
  });

  it('scales a process type after confirming old → new counts', async () => {
    const shown = await confirmation('apphost_scale_processes', { app: 'analytics', scaling: 'worker=2' });
    assert.match(shown!.message, /- worker: 1 → 2/);
    const text = await invoke('apphost_scale_processes', { app: 'analytics', scaling: 'worker=2' });
    assert.match(text, /^analytics scaled: .*worker=2/);
    const same = await chatInvoke('apphost_scale_processes', { app: 'analytics', scaling: 'worker=2' });
    assert.match(same, /^Nothing to change: analytics already runs worker=2\./);
    const bad = await chatInvoke('apphost_scale_processes', { app: 'analytics', scaling: 'Web=two' });
    assert.match(bad, /is not a process type/);
  });

  it('rolls back to a release named as the list shows it, after confirming now → back to', async () => {
    const releases = server.control.state.store.releasesOf(server.control.findApp('storefront')!.id);
    const versions = releases.map((r) => r.version);
    // wokku rolls back only to a release with a recorded commit (not a config change or a git push).
    const target = releases.slice(1).find((r) => r.commitSha)!.version;
    const shown = await confirmation('apphost_rollback_release', { app: 'storefront', release: `v${target}` });
    assert.match(shown!.message, new RegExp(`Now: v${versions[0]}\\. Back to: v${target}`));
    const text = await invoke('apphost_rollback_release', { app: 'storefront', release: `v${target}` });
    assert.match(text, new RegExp(`^storefront rolled back to v${target}: its new release is v\\d+\\.`));
    const current = await chatInvoke('apphost_rollback_release', { app: 'storefront', release: 'v9999' });
    assert.match(current, /^storefront has no release "v9999"\. Its releases, newest first: v\d+/);
  });

  it('says until when the service is limiting requests, without waiting and without acting', async () => {
    server.control.failNext({ method: 'GET', path: /\/ps$/, status: 429, retryAfter: 3 });
    const text = await invoke('apphost_get_app_status', { app: 'analytics' });
    assert.match(text, /^Rate limited: the AppHost service accepts no more requests until \d\d:\d\d:\d\d \(in \d+ s\)\. Nothing was changed\./);
    const before = server.control.requestLog.length;
    const again = await invoke('apphost_restart_app', { app: 'analytics' });
    assert.match(again, /^Rate limited/);
    assert.ok(!server.control.requestLog.slice(before).some((e) => e.method === 'POST'), 'nothing sent while limited');
    await until('the limit over', () => api.connection.budget.snapshot().pausedForMs === 0, 10_000);
  });

  it('tells the model to sign in when signed out; the off switch unregisters the tools and turns them back on', async () => {
    await signOutQuietly();
    try {
      const text = await invoke('apphost_list_apps');
      assert.match(text, /^Not signed in to AppHost\. Ask the user to sign in/);
    } finally {
      tokens.push(await signInWithIssuedToken(server, 'demo@apphost.dev'));
    }
    const setting = vscode.workspace.getConfiguration('apphost');
    await setting.update('agentTools.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      await until('the tools unregistered', () => api.agentToolRegistration.registered.length === 0);
    } finally {
      await setting.update('agentTools.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    await until('the tools registered again', () => api.agentToolRegistration.registered.length === contributed().length);
  });
});
