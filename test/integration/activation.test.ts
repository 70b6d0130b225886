import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';

const EXTENSION_ID = 'apphost.apphost';

describe('activation', () => {
  let server: Server;
  let requests = 0;

  before(async () => {
    // A service that counts what reaches it: activation must not call it.
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await vscode.workspace.getConfiguration('apphost').update('baseUrl', `http://127.0.0.1:${port}`, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.workspace.getConfiguration('apphost').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    server.close();
  });

  it('activates inside VS Code without any request to the service', async () => {
    const extension = vscode.extensions.getExtension<AppHostTestApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded in the development host`);
    const api = await extension.activate();
    assert.ok(extension.isActive);
    assert.ok(api.treeInsides.resources, 'the test API exposes the resources provider');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(requests, 0);
  });

  it('exports its internals only because VS Code runs it in test mode (installed, it exports nothing)', async () => {
    // extensionDevelopmentPath + extensionTestsPath: the one mode that gets the test API (the spy journey checks the installed .vsix).
    const api = await vscode.extensions.getExtension<AppHostTestApi>(EXTENSION_ID)!.activate();
    assert.equal(api.context.extensionMode, vscode.ExtensionMode.Test);
  });

  it('has no resources while signed out, so the welcome content shows', async () => {
    const api = await vscode.extensions.getExtension<AppHostTestApi>(EXTENSION_ID)!.activate();
    assert.deepEqual(await api.treeInsides.resources.getChildren(), []);
  });

  it('registers every contributed command at activation, and the features handle exactly those', async () => {
    const extension = vscode.extensions.getExtension<AppHostTestApi>(EXTENSION_ID)!;
    const contributed = (extension.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), [], 'every contributed command is registered');
    const api = await extension.activate();
    assert.deepEqual([...api.commandIds].sort(), contributed, 'the command table and package.json list the same commands');
  });

  it('a command the features handle runs through its stand-in (no "command not found")', async () => {
    // apphost.activity.refresh is handled by the features: it must work right away.
    await vscode.commands.executeCommand('apphost.activity.refresh');
  });
});
