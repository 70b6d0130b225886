// apphost_deploy_folder through vscode.lm.invokeTool: the confirmation names app, branch,
// commit and uncommitted changes; the push goes to the reference server's git gateway, the
// build is followed to its end, and the answer has the outcome and the build's last lines.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import type { RunningServer } from '../server';
import { extensionApi, startSignedIn, stopSignedIn, until } from './support/env';
import { closeFolders, makeRepo, openFolders, type TestRepo } from './support/gitRepos';
import { scriptUi } from './support/scriptedUi';
import { withScript } from './support/resourceTree';

const lm = (vscode as unknown as { lm?: { registerTool?: unknown; invokeTool?(name: string, o: { input: object; toolInvocationToken: undefined }): Thenable<{ content: { value?: unknown }[] }> } }).lm;

(typeof lm?.registerTool === 'function' ? describe : describe.skip)('agent tools: deploy the open folder', function () {
  this.timeout(90_000);
  let server: RunningServer;
  let api: AppHostTestApi;
  let shop: TestRepo;
  const never = new vscode.CancellationTokenSource().token;
  // Outside a chat (no token) AppHost asks itself: the tests answer as the user would.
  const invoke = async (input: object = {}) => {
    let text = '';
    await withScript({ buttons: [[/^Another extension or tool asked AppHost/, '*']] }, async () => {
      text = (await lm!.invokeTool!('apphost_deploy_folder', { input, toolInvocationToken: undefined })).content.map((p) => String(p.value ?? '')).join('');
    });
    return text;
  };
  const confirmation = async (input: object = {}) => {
    const prepared = await api.agentTools.prepare('apphost_deploy_folder', input, never);
    const message = prepared?.confirmationMessages?.message;
    return { title: prepared?.confirmationMessages?.title, message: typeof message === 'string' ? message : (message?.value ?? '') };
  };

  before(async () => {
    server = await startSignedIn(undefined, { actionDelayMs: 80 });
    api = await extensionApi();
    api.deploy.settleDelaysMs = [50, 100, 200];
    await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', true, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('setContext', 'vscode.chat.tools.global.autoApprove.testMode', true);
    shop = makeRepo(server, 'shop', { remote: 'git@git.apphost.example:storefront' });
    await openFolders(shop);
    await until('the folder is linked', () => api.deploy.links.linkOf(shop.uri), 20_000);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('chat.tools.global').update('autoApprove', undefined, vscode.ConfigurationTarget.Global);
    await closeFolders();
    await stopSignedIn(server);
  });

  it('confirms app, branch, commit and uncommitted changes, then pushes, follows the build and answers with its end', async () => {
    const commit = shop.commit('Agent: faster checkout');
    shop.write('notes.txt', 'not committed\n');
    const shown = await confirmation();
    assert.equal(shown.title, 'Deploy folder shop to storefront?');
    assert.match(shown.message, /^App \*\*storefront\*\* in workspace Personal, on http:\/\/127\.0\.0\.1:\d+\/api\/v1\./);
    assert.match(shown.message, new RegExp(`- Folder shop, branch \`main\`, commit \`${commit.slice(0, 7)}\` "Agent: faster checkout"`));
    assert.match(shown.message, /- Pushed to the app's branch `main` with `git push wokku`\./);
    assert.match(shown.message, /- ⚠ 1 uncommitted change\(s\), e\.g\. notes\.txt, will not be deployed/);
    const before = server.control.deploysOf('storefront').length;
    const ui = scriptUi();
    let text: string;
    try {
      // A chat's call (VS Code confirmed it): AppHost asks nothing more.
      text = await api.agentTools.invoke('apphost_deploy_folder', {}, never, 'chat');
    } finally {
      ui.restore();
    }
    assert.ok(!ui.shown.some((m) => /Deploy folder shop/.test(m.text)), `the warning confirmed in the chat is not asked again: ${JSON.stringify(ui.shown)}`);
    assert.match(text, new RegExp(`^Deployed storefront: commit ${commit.slice(0, 7)} "Agent: faster checkout", deploy \\S+ succeeded\\. The app runs the new code\\.\\nThe last \\d+ of \\d+ lines of the build:`));
    assert.equal(server.control.deploysOf('storefront').length, before + 1, 'one deploy');
    assert.equal(server.control.deploysOf('storefront')[0].status, 'succeeded');
  });

  it('answers a failed build with the reason and the build\'s last lines', async () => {
    shop.commit('Break the build', { FAIL_BUILD: 'src/cart.ts(12,3): error TS2304: Cannot find name \'totl\'.\n' });
    shop.git('stash', '-u');
    try {
      const text = await invoke();
      assert.match(text, /^The deploy of storefront failed.*Cannot find name 'totl'/s);
    } finally {
      shop.git('rm', '-q', 'FAIL_BUILD');
      shop.commit('Fix the build');
    }
  });

  it('deploys nothing when the folder moved to another commit after the confirmation', async () => {
    await confirmation();
    const moved = shop.commit('Another change');
    await until('the Git extension sees the new commit', () => api.deploy.links.repoOf(vscode.workspace.getWorkspaceFolder(shop.uri)!)?.state.HEAD?.commit === moved, 10_000);
    const before = server.control.deploysOf('storefront').length;
    const text = await api.agentTools.invoke('apphost_deploy_folder', {}, never, 'chat');
    assert.match(text, new RegExp(`^Not deployed: folder shop is now at commit ${moved.slice(0, 7)}, not the confirmed \\w{7}\\.`));
    assert.equal(server.control.deploysOf('storefront').length, before);
  });
});
