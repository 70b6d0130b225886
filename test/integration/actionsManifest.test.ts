// The manifest follows the action descriptors (src/kit/action.ts, src/kit/appAction.ts): the
// test walks the descriptors the running extension built its commands, tools and tasks from,
// and checks package.json for each. A failure names the line to add. It runs inside VS Code
// because the descriptors are the extension's own objects (their texts are VS Code's l10n).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AppHostTestApi } from '../../src/extension';

const EXTENSION_ID = 'apphost.apphost';

type MenuEntry = { command?: string; when?: string; group?: string };

describe('actions: the manifest follows the descriptors', function () {
  let api: AppHostTestApi;
  let contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus: Record<string, MenuEntry[]>;
    languageModelTools: { name: string; displayName: string; userDescription: string; when?: string; inputSchema?: { properties?: Record<string, unknown> } }[];
    taskDefinitions: { type: string; properties: Record<string, { type: string; description: string }> }[];
  };
  let nls: Record<string, string>;

  before(async () => {
    const extension = vscode.extensions.getExtension<AppHostTestApi>(EXTENSION_ID)!;
    api = await extension.activate();
    // From the file: VS Code's packageJSON has its %placeholders% already replaced.
    contributes = JSON.parse(readFileSync(join(extension.extensionPath, 'package.json'), 'utf8')).contributes;
    nls = JSON.parse(readFileSync(join(extension.extensionPath, 'package.nls.json'), 'utf8'));
  });

  const key = (value: string) => /^%(.+)%$/.exec(value)?.[1];

  it('every action has its command in contributes.commands, titled through package.nls.json, and nothing else is contributed', () => {
    const declared = new Map<string, { command: string; title: string }>(contributes.commands.map((c) => [c.command, c]));
    const missing = api.actions.filter((a) => !declared.has(a.command))
      .map((a) => `add to contributes.commands: { "command": "${a.command}", "title": "%command.${a.command.replace(/^apphost\./, '')}.title%", "category": "%command.category%" }`);
    assert.deepEqual(missing, []);
    const ids = new Set<string>(api.actions.map((a) => a.command));
    assert.deepEqual(contributes.commands.filter((c) => !ids.has(c.command)).map((c) => `${c.command}: contributed, but no action declares it (src/actions/, src/commands/<area>.ts)`), []);
    const untitled = api.actions.map((a) => declared.get(a.command)!).filter((c) => !key(c.title) || typeof nls[key(c.title)!] !== 'string')
      .map((c) => `add to package.nls.json: "${key(c.title) ?? `command.${c.command.replace(/^apphost\./, '')}.title`}": "<title>"`);
    assert.deepEqual(untitled, []);
  });

  it('every menu entry runs an action; one that takes a selection is in the Resources view\'s item menu', () => {
    const ids = new Set<string>(api.actions.map((a) => a.command));
    const strays = Object.entries(contributes.menus).flatMap(([menu, entries]) => entries.filter((e) => e.command && !ids.has(e.command)).map((e) => `${menu}: ${e.command} has no action`));
    assert.deepEqual(strays, []);
    const itemMenu = new Set(contributes.menus['view/item/context'].map((e) => e.command));
    assert.deepEqual(api.actions.filter((a) => a.selection && !itemMenu.has(a.command)).map((a) => `${a.command} takes a selection: add it to menus["view/item/context"] with "when": "view == apphost.resources && viewItem =~ /^app(:|$)/"`), []);
  });

  it('an action on one app is on a row\'s menu of the Resources view (the app\'s, or one of its parts) and in the palette only while signed in', () => {
    const onRow = (e: MenuEntry) => /view == apphost\.resources/.test(e.when ?? '') && /viewItem =~ \/\^\w+/.test(e.when ?? '');
    const problems = api.appActions.flatMap((a) => {
      const rows = contributes.menus['view/item/context'].filter((e) => e.command === a.command);
      const palette = contributes.menus.commandPalette.filter((e) => e.command === a.command);
      return [
        ...(rows.some(onRow) ? [] : [`add to menus["view/item/context"]: { "command": "${a.command}", "when": "view == apphost.resources && viewItem =~ /^app(:|$)/", "group": "2_lifecycle" }`]),
        ...(palette.length && palette.every((e) => /apphost\.signedIn/.test(e.when ?? '')) ? [] : [`add to menus.commandPalette: { "command": "${a.command}", "when": "apphost.signedIn" }`]),
      ];
    });
    assert.deepEqual(problems, []);
  });

  it('an action that names a tool has its languageModelTools entry (texts in package.nls.json, an app input, off with the setting), and every tool is implemented', () => {
    const tools = new Map(contributes.languageModelTools.map((t) => [t.name, t]));
    const problems = api.appActions.filter((a) => a.tool).flatMap((a) => {
      const tool = tools.get(a.tool!);
      if (!tool) return [`add to contributes.languageModelTools: { "name": "${a.tool}", "displayName": "%lmTool.<name>.displayName%", "userDescription": "%lmTool.<name>.userDescription%", "modelDescription": "…", "when": "config.apphost.agentTools.enabled && !apphost.signedOut", "inputSchema": { "type": "object", "properties": { "app": …, "service": … } } }`];
      return [
        ...[tool.displayName, tool.userDescription].filter((t) => !key(t) || typeof nls[key(t)!] !== 'string').map((t) => `${a.tool}: add ${t} to package.nls.json`),
        ...(tool.inputSchema?.properties?.app ? [] : [`${a.tool}: its inputSchema needs "app" (the tool resolves the app it acts on)`]),
        ...(/config\.apphost\.agentTools\.enabled/.test(tool.when ?? '') ? [] : [`${a.tool}: its "when" needs config.apphost.agentTools.enabled`]),
      ];
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(contributes.languageModelTools.map((t) => t.name).filter((n) => !api.agentTools.names.includes(n)).map((n) => `${n} is contributed but not implemented`), []);
  });

  it('an action that names a task has its property in the apphost task definition', () => {
    const properties = contributes.taskDefinitions.find((d) => d.type === 'apphost')!.properties;
    const problems = api.appActions.filter((a) => a.task).flatMap((a) => {
      const property = properties[a.task!.property];
      if (!property) return [`add to taskDefinitions[apphost].properties: "${a.task!.property}": { "type": "boolean", "description": "%taskDefinitions.apphost.${a.task!.property}.description%" }`];
      return [
        ...(property.type === 'boolean' ? [] : [`${a.task!.property}: its type is "boolean" (the task sets it to true)`]),
        ...(key(property.description) && typeof nls[key(property.description)!] === 'string' ? [] : [`add ${property.description} to package.nls.json`]),
      ];
    });
    assert.deepEqual(problems, []);
  });

  it('runs for any caller without a question only what acts on nothing and reveals nothing (and Remove Service, which asks itself)', () => {
    // A change here is a change of who may act without the user: review it as one.
    const harmless = api.actions.filter((a) => a.consent === 'harmless').map((a) => a.command).sort();
    assert.deepEqual(harmless, [
      'apphost.activity.loadMore', 'apphost.activity.refresh', 'apphost.activity.showService', 'apphost.app.reveal',
      'apphost.apps.clearFilter', 'apphost.apps.filter', 'apphost.apps.hidePreviews', 'apphost.apps.showPreviews',
      'apphost.config.hide', 'apphost.domain.open', 'apphost.folder.actions', 'apphost.folder.link', 'apphost.folder.unlink',
      'apphost.github.openPullRequest', 'apphost.loadMore', 'apphost.logs.clearFilter', 'apphost.logs.filter', 'apphost.logs.stop',
      'apphost.logs.stopAll', 'apphost.logs.toggleTimestamps', 'apphost.refresh', 'apphost.refreshAll', 'apphost.removeService',
      'apphost.retryNow', 'apphost.server.checkStatus', 'apphost.showLog', 'apphost.signIn', 'apphost.tasks.forgetPermissions',
      'apphost.walkthrough.open',
    ]);
    assert.deepEqual(api.actions.filter((a) => a.consent && a.consent !== 'harmless' && a.consent !== 'asks').map((a) => `${a.command}: ${a.consent}`).sort(),
      ['apphost.config.push: asksAboutAFile', 'apphost.deploy.diagnose: aboutActiveTab']);
  });
});
