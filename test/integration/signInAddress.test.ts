// The sign-in address comes from the user, never from a folder (#34): `apphost.baseUrl` has
// machine scope, so a trusted folder's .vscode/settings.json naming another server is ignored.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, serviceOf, startSignedIn, stopSignedIn, until } from './support/env';
import type { RunningServer } from '../server';

describe('sign-in address: a folder cannot redirect sign-in', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let settingsDir: string;

  before(async () => {
    server = await startSignedIn();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration window has a folder');
    settingsDir = join(folder.uri.fsPath, '.vscode');
  });
  after(async () => {
    rmSync(settingsDir, { recursive: true, force: true });
    await stopSignedIn(server);
  });

  it("ignores a folder's apphost.baseUrl: the user's address stays the first service, nothing is asked", async () => {
    mkdirSync(settingsDir, { recursive: true });
    // A sentinel of window scope shows when VS Code has read the file.
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ 'apphost.baseUrl': 'https://evil.example.com', 'apphost.firstService': 'sentinel' }));
    const config = () => vscode.workspace.getConfiguration('apphost');
    await until('the folder settings are read', () => config().get('firstService') === 'sentinel');
    assert.equal(config().get('baseUrl'), server.url, 'the effective address is the user\'s');
    const api = await extensionApi();
    assert.equal(api.connections.firstId(), serviceOf(server));
    assert.deepEqual(api.connections.services().map((s) => s.id), [serviceOf(server)], 'no service from the folder');
    assert.ok(await api.connections.of(serviceOf(server)).session(), 'still signed in to the user\'s service');
  });
});
