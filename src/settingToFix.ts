// Which setting fixes an error, for the "Open Settings" button of a notification and the
// click of a tree row: the certificate authorities for a certificate nobody here trusts,
// the service URL for a certificate issued to another name, the setting a
// ConfigurationError names.
import * as vscode from 'vscode';
import { CERTIFICATE_AUTHORITIES_SETTING, CertificateError, ConfigurationError } from './api';

export function settingToFix(error: unknown): string | undefined {
  if (error instanceof CertificateError) return error.problem.kind === 'hostMismatch' ? 'apphost.baseUrl' : CERTIFICATE_AUTHORITIES_SETTING;
  if (error instanceof ConfigurationError) return error.setting;
  return undefined;
}

/**
 * The command that opens the Settings editor on one setting. In a remote window (SSH,
 * containers, code-server) the extension runs on the remote, and the one machine-scoped
 * setting, the certificate files (paths on that machine), lives in its Remote tab: the User
 * tab would show "No Settings Found". The others (application scope) are User settings.
 */
export function openSettingCommand(setting: string): vscode.Command {
  const title = vscode.l10n.t('Open Settings');
  return vscode.env.remoteName && setting === CERTIFICATE_AUTHORITIES_SETTING
    ? { command: 'workbench.action.openRemoteSettings', title, arguments: [{ query: setting }] }
    : { command: 'workbench.action.openSettings', title, arguments: [setting] };
}
