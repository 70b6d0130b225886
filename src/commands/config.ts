// Config vars, health checks and app settings: opening them as editor tabs (the
// apphost: file system saves them), and the single-variable actions of the tree.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { documentUri } from '../editors/apphostUri';
import { configEditing } from '../editors/registerConfigEditing';
import type { DocumentKind } from '../configText/documentKinds';
import { ENV_KEY_PATTERN } from '../configText/envScanner';
import { parseEnvFile } from '../configText/envFile';
import { looksSecret, maskValue } from '../configText/secrets';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget, Row } from '../tree/commandTarget';
import { setRevealed } from '../tree/groups/config';
import { changed } from '../actions/configChanged';
import { configEnvFileActions } from './configEnvFile';
import { writeOrReadBack } from '../kit/outcome';
import { runAction, confirm } from '../kit/prompts';
import { itemOf, resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import { settings } from '../settings';
import type { Action } from '../kit/action';

export function validateEnvKey(value: string): string | undefined {
  return ENV_KEY_PATTERN.test(value.trim())
    ? undefined
    : vscode.l10n.t('Use letters, digits and underscores, not starting with a digit (e.g. "DATABASE_URL").');
}

export const configActions: readonly Action[] = [
  { command: 'apphost.config.edit', run: (s: ServiceCore, target?: CommandTarget) => openEditor(s, target, 'config') },
  { command: 'apphost.checks.edit', run: (s: ServiceCore, target?: CommandTarget) => openEditor(s, target, 'checks') },
  { command: 'apphost.app.editSettings', run: (s: ServiceCore, target?: CommandTarget) => openEditor(s, target, 'app') },
  { command: 'apphost.config.reveal', run: (s: ServiceCore, target?: CommandTarget) => reveal(s, target, true) },
  { command: 'apphost.config.hide', consent: 'harmless', run: (s: ServiceCore, target?: CommandTarget) => reveal(s, target, false) },
  { command: 'apphost.config.copyValue', run: copyValue },
  { command: 'apphost.config.editValue', run: editValue },
  { command: 'apphost.config.delete', run: deleteVar },
  { command: 'apphost.config.add', run: addVar },
  ...configEnvFileActions,
];

/** The documents this area opens (buildpacks: commands/buildpacks.ts). */
type ConfigDocument = Exclude<DocumentKind, 'buildpacks'>;

const PLACEHOLDERS: Record<ConfigDocument, () => string> = {
  config: () => vscode.l10n.t('Select the app whose config vars to edit'),
  checks: () => vscode.l10n.t('Select the app whose health checks to edit'),
  app: () => vscode.l10n.t('Select the app whose settings to edit'),
};

/** Opens config.env / checks.json / app.json of the app; from a config var row, at its line. */
async function openEditor(s: ServiceCore, target: CommandTarget | undefined, kind: ConfigDocument): Promise<void> {
  const app = await resolveApp(s, target, PLACEHOLDERS[kind]());
  const uri = configEditing(s).fileSystem.keys.lock(documentUri(app, kind));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  const row = kind === 'config' ? itemOf<string>(target, 'configVar') : undefined;
  if (!row) return;
  const entry = parseEnvFile(doc.getText()).entries.find((e) => e.key === row.key);
  if (!entry) return;
  const line = doc.lineAt(entry.line);
  const at = new vscode.Position(entry.line, line.firstNonWhitespaceCharacterIndex);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(line.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

function reveal(s: Core, target: CommandTarget | undefined, on: boolean): void {
  const row = itemOf<string>(target, 'configVar')?.row;
  if (!row) return;
  setRevealed(row, on);
  s.tree.refresh(row, { refetch: false });
}

interface ConfigVar {
  app: AppRef;
  key: string;
  value: string;
  node?: Row;
}

/** The variable a command acts on: its row, or (from the palette) one picked in an app. */
async function resolveVar(s: ServiceCore, target: CommandTarget | undefined): Promise<ConfigVar> {
  const row = itemOf<string>(target, 'configVar');
  if (row?.app) return { app: row.app, key: row.key, value: row.data, node: row.row };
  const app = await resolveApp(s, target, vscode.l10n.t('Select an app'));
  const items = s.connections.of(app.service).api().config.get(app.id, { workspace: app.workspace, priority: 'user' }).then((vars) => {
    const keys = Object.keys(vars).sort();
    if (!keys.length) throw new Error(vscode.l10n.t('{0} has no config vars.', app.name));
    return keys.map((key) => ({ label: key, description: looksSecret(key, vars[key]) ? maskValue(vars[key]) : vars[key], value: vars[key] }));
  });
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Config vars of {0}', app.name), placeHolder: vscode.l10n.t('Select a variable') });
  if (!picked) throw new UserCancelled();
  return { app, key: picked.label, value: picked.value };
}

async function copyValue(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const v = await resolveVar(s, target);
  await vscode.env.clipboard.writeText(v.value);
  void inform(s, vscode.l10n.t('Value of {0} copied.', v.key));
}

async function editValue(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const v = await resolveVar(s, target);
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Edit {0} of {1}', v.key, v.app.name),
    prompt: vscode.l10n.t('New value of {0}. Saving restarts {1}.', v.key, v.app.name),
    value: v.value,
    password: looksSecret(v.key, v.value) && settings.maskSecrets(),
  });
  if (value === undefined) throw new UserCancelled();
  if (value === v.value) return;
  const api = s.connections.of(v.app.service).api();
  const opts = { workspace: v.app.workspace, priority: 'user' as const };
  // The row may be stale: never overwrite a value someone else set meanwhile without asking.
  const now = valueOf(await api.config.get(v.app.id, opts), v.key);
  if (now !== undefined && now !== v.value && now !== value) {
    await confirm(s,
      vscode.l10n.t('{0} changed on the server since the list was loaded', v.key),
      vscode.l10n.t('Replace the current value with yours? The app restarts.'),
      vscode.l10n.t('Overwrite'),
    );
  }
  await runAction(s, v.node ?? s.tree.groupOf(target, 'config'), vscode.l10n.t('Setting {0} on {1}…', v.key, v.app.name), () =>
    writeOrReadBack(vscode.l10n.t('Setting {0} on {1}', v.key, v.app.name), () => api.config.set(v.app.id, { [v.key]: value }, opts),
      async () => valueOf(await api.config.get(v.app.id, opts), v.key) === value));
  changed(s, v.app);
  void inform(s, vscode.l10n.t('{0} updated on {1}; the app restarts.', v.key, v.app.name));
}

async function deleteVar(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const v = await resolveVar(s, target);
  await confirm(s,
    vscode.l10n.t('Delete {0} from {1}?', v.key, v.app.name),
    vscode.l10n.t('The variable is removed and the app restarts.'),
    vscode.l10n.t('Delete'),
  );
  const api = s.connections.of(v.app.service).api();
  const opts = { workspace: v.app.workspace, priority: 'user' as const };
  await runAction(s, v.node, vscode.l10n.t('Deleting {0} from {1}…', v.key, v.app.name), () =>
    writeOrReadBack(vscode.l10n.t('Deleting {0} from {1}', v.key, v.app.name), () => api.config.unset(v.app.id, [v.key], opts),
      async () => valueOf(await api.config.get(v.app.id, opts), v.key) === undefined));
  changed(s, v.app);
  void inform(s, vscode.l10n.t('{0} deleted from {1}; the app restarts.', v.key, v.app.name));
}

async function addVar(s: ServiceCore, target: CommandTarget | undefined): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to add a variable to'));
  const title = vscode.l10n.t('Add a config var to {0}', app.name);
  const key = await vscode.window.showInputBox({ title, prompt: vscode.l10n.t('Variable name'), placeHolder: 'DATABASE_URL', validateInput: validateEnvKey });
  if (key === undefined) throw new UserCancelled();
  const name = key.trim();
  const value = await vscode.window.showInputBox({ title, prompt: vscode.l10n.t('Value of {0}. Saving restarts {1}.', name, app.name), password: looksSecret(name) });
  if (value === undefined) throw new UserCancelled();
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  if (valueOf(await api.config.get(app.id, opts), name) !== undefined) {
    await confirm(s, vscode.l10n.t('{0} already exists on {1}', name, app.name), vscode.l10n.t('Replace its value? The app restarts.'), vscode.l10n.t('Replace'));
  }
  await runAction(s, s.tree.groupOf(target, 'config'), vscode.l10n.t('Adding {0} to {1}…', name, app.name), () =>
    writeOrReadBack(vscode.l10n.t('Adding {0} to {1}', name, app.name), () => api.config.set(app.id, { [name]: value }, opts),
      async () => valueOf(await api.config.get(app.id, opts), name) === value));
  changed(s, app);
  void inform(s, vscode.l10n.t('{0} added to {1}; the app restarts.', name, app.name));
}

/** A var's value, or undefined: only own keys count (a var named `constructor` is not Object's). */
function valueOf(vars: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(vars, key) ? vars[key] : undefined;
}
