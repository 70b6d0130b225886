import * as vscode from 'vscode';
import { resolveBaseUrl } from '../api';
import { UserCancelled } from '../model';
import { settings } from '../settings';

/** Returns why `value` is not an acceptable service address, or undefined when it is. */
export function validateServiceUrl(value: string): string | undefined {
  try {
    resolveBaseUrl(value, { allowInsecureHttp: settings.allowInsecureHttp() });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Asks for the service address (validated as the user types) and saves it. */
export async function setServiceUrl(): Promise<void> {
  const config = vscode.workspace.getConfiguration('apphost');
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('AppHost: Service URL'),
    prompt: vscode.l10n.t('Address of your AppHost service (the /api/v1 suffix is optional)'),
    placeHolder: 'https://apphost.example.com',
    value: settings.baseUrl(),
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
