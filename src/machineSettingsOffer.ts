// The settings that were machine-scoped and are now application-scoped (apphost.baseUrl,
// apphost.agentTools.enabled…; src/settings.ts says why). In a remote window they used to be
// read from the remote machine's settings only; VS Code now ignores them there (inspect() does
// not show them either), so a value set there before would be lost without a word. On first
// use in a remote window, AppHost reads that file itself and offers once to move what it
// holds to the User settings. Values the User settings already hold are left alone: the
// user's own choice wins (their agent tools turned off stay off).
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { notify } from './notices';
import { saveUserSetting } from './settings';
import { readSettingsText } from './settingsText';

/** globalState: the values last offered and declined (a hash), so the same offer comes once. */
const OFFERED = 'machineSettingsOffered';

type Manifest = { contributes?: { configuration?: { properties?: Record<string, { scope?: string }> } } };

/**
 * The remote machine's settings file, in a remote window: `<data>/Machine/settings.json`
 * beside `<data>/User/globalStorage/<extension>`, this extension's global storage there
 * (VS Code Server, code-server). Undefined in a local window or another layout.
 */
export function machineSettingsFile(context: Pick<vscode.ExtensionContext, 'globalStorageUri'>): vscode.Uri | undefined {
  if (vscode.env.remoteName === undefined) return undefined;
  const user = vscode.Uri.joinPath(context.globalStorageUri, '..', '..');
  if (!user.path.endsWith('/User')) return undefined;
  return vscode.Uri.joinPath(user, '..', 'Machine', 'settings.json');
}

/** The application-scoped values the remote machine's settings hold that the User settings do not. */
export async function strandedMachineSettings(context: vscode.ExtensionContext): Promise<Record<string, unknown>> {
  const file = machineSettingsFile(context);
  if (!file) return {};
  let text: string;
  try {
    text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  } catch {
    return {}; // no such file: nothing was ever set there
  }
  const values = readSettingsText(text) ?? {};
  const properties = (context.extension.packageJSON as Manifest).contributes?.configuration?.properties ?? {};
  const config = vscode.workspace.getConfiguration('apphost');
  const stranded: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const name = key.slice('apphost.'.length);
    if (property.scope === 'application' && values[key] !== undefined && config.inspect(name)?.globalValue === undefined) stranded[name] = values[key];
  }
  return stranded;
}

/** A value as the offer shows it: short, and an address without its user name or password. */
function shown(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(/^(\w+:\/\/)[^/@\s]*@/, '$1…@') : v));
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Offers once to move the stranded values to the User settings; resolves when answered. */
export async function offerMachineSettings(context: vscode.ExtensionContext): Promise<void> {
  const stranded = await strandedMachineSettings(context);
  const entries = Object.entries(stranded);
  if (!entries.length) return;
  const offer = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
  if (context.globalState.get(OFFERED) === offer) return;
  const list = entries.map(([name, value]) => `apphost.${name} = ${shown(value)}`).join(', ');
  const move = vscode.l10n.t('Move to User Settings');
  const choice = await notify('info',
    vscode.l10n.t("AppHost reads these settings only from your User settings now, so that your choice holds in every window: {0}. This remote machine's settings still hold them, where they no longer count. Move them to your User settings?", list),
    move, vscode.l10n.t('Not Now'));
  if (choice !== move) {
    await context.globalState.update(OFFERED, offer);
    return;
  }
  for (const [name, value] of entries) await saveUserSetting(name, value);
}
