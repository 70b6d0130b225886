// code-server is a remote window (the extension host runs on the server, vscode.env.remoteName
// is set): the user's own choices must hold there (#43). The suite edits the User settings and
// the remote machine's settings files in code-server's user-data folder, as a user edits settings.json.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';
import { offerMachineSettings, strandedMachineSettings } from '../../src/machineSettingsOffer';
import { saveUserSetting } from '../../src/settings';
import { openSettingCommand } from '../../src/settingToFix';
import { readSettingsText } from '../../src/settingsText';
import { startServer, type RunningServer } from '../server';
import { extensionApi, serviceOf, until } from './support/env';
import { scriptUi } from './support/scriptedUi';

type Scope = 'User' | 'Machine';

describe('Remote window settings', function () {
  this.timeout(60_000);
  let api: AppHostTestApi;
  let server: RunningServer;
  const saved: Partial<Record<Scope, string>> = {};
  const file = (scope: Scope) => join(api.globalStorageUri.fsPath, '..', '..', '..', scope, 'settings.json');
  const read = (scope: Scope): Record<string, unknown> => (existsSync(file(scope)) ? readSettingsText(readFileSync(file(scope), 'utf8')) ?? {} : {});
  /** Sets (undefined: removes) these settings in the remote machine's settings file. */
  const editMachine = (values: Record<string, unknown>) => {
    mkdirSync(dirname(file('Machine')), { recursive: true });
    writeFileSync(file('Machine'), JSON.stringify({ ...read('Machine'), ...values }, null, 2));
  };
  /**
   * Writes the User settings file as a user editing settings.json does. VS Code does not notice a
   * write behind its back there, but reads the file again when it writes it itself: a marker goes
   * in with the values, and VS Code removes it.
   */
  const writeUser = async (values: Record<string, unknown>) => {
    writeFileSync(file('User'), JSON.stringify({ ...values, 'apphost.logs.showTimestamps': false }, null, 2));
    await config().update('logs.showTimestamps', undefined, vscode.ConfigurationTarget.Global);
  };
  /** Sets (undefined: removes) these User settings. */
  const editUser = (values: Record<string, unknown>) => writeUser({ ...read('User'), ...values });
  const config = () => vscode.workspace.getConfiguration('apphost');

  before(async () => {
    api = await extensionApi();
    assert.ok(vscode.env.remoteName, 'code-server is a remote window');
    for (const scope of ['User', 'Machine'] as const) if (existsSync(file(scope))) saved[scope] = readFileSync(file(scope), 'utf8');
    server = await startServer({ rateLimit: false });
  });

  after(async () => {
    await writeUser(readSettingsText(saved.User ?? '{}') ?? {});
    if (saved.Machine === undefined) rmSync(file('Machine'), { force: true });
    else writeFileSync(file('Machine'), saved.Machine);
    await api.context.globalState.update('machineSettingsOffered', undefined);
    await until('the settings as they were', () => api.agentToolRegistration.registered.length > 0 && config().get('maskSecrets') === true, 10_000);
    await server.close();
  });

  it("keeps agent tools turned off in User settings off, and uses the User settings' service URL", async () => {
    assert.ok(api.agentToolRegistration.registered.length > 0, 'the tools are registered to begin with');
    await editUser({ 'apphost.agentTools.enabled': false, 'apphost.baseUrl': server.url, 'apphost.logs.initialLines': 66 });
    assert.equal(config().get('logs.initialLines'), 66, 'VS Code read the User settings');
    const ignored = ['baseUrl', 'agentTools.enabled'].filter((key) => config().inspect(key)?.globalValue === undefined);
    assert.deepEqual(ignored, [], 'settings of the User settings.json that count for nothing in this remote window');
    await until('the tools unregistered', () => api.agentToolRegistration.registered.length === 0, 10_000);
    // What a chat or another extension gets: no AppHost tool answers (VS Code lists contributed tools either way).
    const lm = vscode.lm as unknown as { invokeTool(name: string, options: object): Thenable<unknown> };
    await assert.rejects(Promise.resolve(lm.invokeTool('apphost_list_apps', { input: {}, toolInvocationToken: undefined })), /does not have an implementation registered/);
    assert.equal(api.connection.apiRoot(), serviceOf(server), 'the first service is the User settings\' address');
  });

  it('opens a setting to fix where it counts: the User settings, the Remote tab only for the certificate files', () => {
    assert.equal(openSettingCommand('apphost.baseUrl').command, 'workbench.action.openSettings');
    assert.equal(openSettingCommand('apphost.tls.certificateAuthorities').command, 'workbench.action.openRemoteSettings');
  });

  it("offers once to move what the remote machine's settings still hold, never over the user's own choice", async () => {
    await editUser({ 'apphost.agentTools.enabled': false });
    // Left there while these settings were machine-scoped; VS Code no longer reads them there.
    // logs.initialLines (window scope, read there) tells when VS Code has read the file.
    editMachine({ 'apphost.maskSecrets': false, 'apphost.agentTools.enabled': true, 'apphost.logs.initialLines': 77 });
    await until('the machine settings read', () => config().get('logs.initialLines') === 77, 10_000);
    assert.equal(config().get('maskSecrets'), true, 'a machine value of an application-scoped setting counts for nothing');
    assert.deepEqual(await strandedMachineSettings(api.context), { maskSecrets: false }, 'the tools the user turned off are not offered');

    const ui = scriptUi({ buttons: [[/Move them to your User settings/, 'Move to User Settings']] });
    try {
      await offerMachineSettings(api.context);
    } finally {
      ui.restore();
    }
    const offers = ui.shown.filter((m) => /remote machine's settings/.test(m.text));
    assert.equal(offers.length, 1, JSON.stringify(ui.shown));
    assert.match(offers[0].text, /apphost\.maskSecrets = false/);
    assert.equal(config().get('maskSecrets'), false, 'moved: it counts now');
    assert.equal(read('User')['apphost.maskSecrets'], false);
    assert.equal(read('Machine')['apphost.maskSecrets'], undefined, 'gone from the machine settings');
    assert.equal(config().get('agentTools.enabled'), false, 'the user\'s own "off" holds');

    const again = scriptUi({ buttons: [[/./, 'Move to User Settings']] });
    try {
      await offerMachineSettings(api.context);
    } finally {
      again.restore();
    }
    assert.deepEqual(again.shown, [], 'nothing left to offer');
  });

  it('asks once when declined; a later write of that setting reaches the User settings all the same', async () => {
    editMachine({ 'apphost.allowInsecureHttp': true, 'apphost.logs.initialLines': 78 });
    await until('the machine settings read', () => config().get('logs.initialLines') === 78, 10_000);
    const offer = async (answer: string) => {
      const ui = scriptUi({ buttons: [[/./, answer]] });
      try {
        await offerMachineSettings(api.context);
      } finally {
        ui.restore();
      }
      return ui.shown;
    };
    assert.equal((await offer('Not Now')).length, 1);
    assert.deepEqual(await offer('Move to User Settings'), [], 'declined: not asked again');
    assert.equal(config().get('allowInsecureHttp'), false);
    // VS Code writes a key the machine settings hold into that file, where it counts for nothing.
    await saveUserSetting('allowInsecureHttp', false);
    assert.equal(config().inspect('allowInsecureHttp')?.globalValue, false);
    assert.equal(read('Machine')['apphost.allowInsecureHttp'], undefined);
    await saveUserSetting('allowInsecureHttp', undefined);
  });
});
