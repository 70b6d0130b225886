// The sign-in address comes from the user, never from a folder (#34): `apphost.baseUrl` has
// machine scope, so a trusted workspace's settings naming another server are ignored. The
// integration window is a multi-root workspace: its window-scope settings come from the
// .code-workspace file (a single folder's from its .vscode/settings.json), written here as a repository would.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import type { RunningServer } from '../server';

describe('sign-in address: a folder cannot redirect sign-in', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let workspaceFile: string;
  let original: string;

  before(async () => {
    server = await startSignedIn();
    assert.ok(vscode.workspace.workspaceFile?.scheme === 'file', 'the integration window has a workspace file');
    workspaceFile = vscode.workspace.workspaceFile.fsPath;
    original = readFileSync(workspaceFile, 'utf8');
  });
  after(async () => {
    writeFileSync(workspaceFile, original);
    await until('the workspace settings are gone', () => vscode.workspace.getConfiguration('apphost').get('firstService') === '');
    await stopSignedIn(server);
  });

  it("ignores a workspace's apphost.baseUrl: the user's address stays the first service", async () => {
    // A sentinel of window scope shows when VS Code has read the file.
    const settings = { 'apphost.baseUrl': 'https://evil.example.com', 'apphost.firstService': 'sentinel' };
    writeFileSync(workspaceFile, JSON.stringify({ ...JSON.parse(original), settings }));
    const config = () => vscode.workspace.getConfiguration('apphost');
    await until('the workspace settings are read', () => config().get('firstService') === 'sentinel');
    assert.equal(config().get('baseUrl'), server.url, 'the effective address is the user\'s');
    const api = await extensionApi();
    assert.equal(api.connections.firstId(), serviceOf(server));
    assert.deepEqual(api.connections.services().map((s) => s.id), [serviceOf(server)], 'no service from the workspace');
    assert.ok(await api.connections.of(serviceOf(server)).session(), 'still signed in to the user\'s service');
  });
});
