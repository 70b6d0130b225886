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

/** The command that opens the Settings editor on one setting. */
export function openSettingCommand(setting: string): vscode.Command {
  return { command: 'workbench.action.openSettings', title: vscode.l10n.t('Open Settings'), arguments: [setting] };
}
