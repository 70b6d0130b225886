import * as vscode from 'vscode';
import { UserCancelled } from './errorReporting';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Returns why `value` is not an acceptable service address, or undefined when it is. */
export function validateServiceUrl(value: string): string | undefined {
  const text = value.trim();
  if (!text) return vscode.l10n.t('Enter the address of your AppHost service.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return vscode.l10n.t('"{0}" is not a URL. Example: https://apphost.example.com', text);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return vscode.l10n.t('The address must start with https:// (http:// only for this machine).');
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    return vscode.l10n.t('Plain http:// would send your token unencrypted; use https:// (http:// is allowed only for localhost).');
  }
  if (url.username || url.password) return vscode.l10n.t('Leave credentials out of the address; you sign in separately.');
  return undefined;
}

/** Asks for the service address (validated as the user types) and stores it globally. */
export async function setServiceUrl(): Promise<void> {
  const config = vscode.workspace.getConfiguration('apphost');
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('AppHost: Service URL'),
    prompt: vscode.l10n.t('Address of your AppHost service (the /api/v1 suffix is optional)'),
    placeHolder: 'https://apphost.example.com',
    value: config.get<string>('baseUrl') ?? '',
    ignoreFocusOut: true,
    validateInput: validateServiceUrl,
  });
  if (value === undefined) throw new UserCancelled();
  // Write where the effective value comes from, so a workspace value cannot shadow the change.
  const inspected = config.inspect<string>('baseUrl');
  const target = inspected?.workspaceFolderValue !== undefined
    ? vscode.ConfigurationTarget.WorkspaceFolder
    : inspected?.workspaceValue !== undefined
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await config.update('baseUrl', value.trim().replace(/\/+$/, ''), target);
}
