import * as vscode from 'vscode';
import { CertificateError, resolveBaseUrl } from '../api';
import { checkedInput } from '../auth/checkedInput';
import { errorMessage } from '../connection';
import { UserCancelled } from '../model';
import type { ServiceCore } from '../core';
import { openSettingCommand, settingToFix } from '../settingToFix';
import { saveUserSetting, settings } from '../settings';
import { ask } from '../notices';
import { foreignCommand } from '../commandCalls';

/** Returns why `value` is not an acceptable service address, or undefined when it is. */
export function validateServiceUrl(value: string): string | undefined {
  try {
    resolveBaseUrl(value, { allowInsecureHttp: settings.allowInsecureHttp() });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Asks for the service address (validated as the user types), tests it (does it answer,
 * is its certificate trusted?) and saves it. When the test fails the user reads why and
 * chooses: fix the trust (the address is saved, the setting opens), edit the address
 * (what was typed comes back), or save it anyway; nothing is saved silently.
 */
export async function setServiceUrl(s: ServiceCore): Promise<void> {
  const value = await askTestedAddress(s, { title: vscode.l10n.t('AppHost: Service URL'), value: settings.baseUrl(), validate: validateServiceUrl });
  await save(value);
}

/**
 * The address question of Set Service URL and Add Service: validated as typed, tested on
 * Enter; after a failed test the user chooses (see afterFailedCheck). Resolves to the
 * cleaned address to keep.
 */
export async function askTestedAddress(s: ServiceCore, question: { title: string; value: string; validate: (value: string) => string | undefined }): Promise<string> {
  let value = question.value;
  for (;;) {
    let failure: unknown;
    value = await checkedInput({
      title: question.title,
      prompt: vscode.l10n.t('Address of your AppHost service (the /api/v1 suffix is optional)'),
      placeholder: 'https://apphost.example.com',
      value,
      validate: question.validate,
      check: async (typed) => {
        failure = undefined;
        await s.connections.of(s.service).checkAddress(cleaned(typed)).catch((error: unknown) => (failure = error));
        return undefined;
      },
    });
    if (failure === undefined || (await afterFailedCheck(failure)) === 'save') return cleaned(value);
  }
}

/** What the user chose after the test failed: save anyway, or edit the address again (Cancel throws). */
async function afterFailedCheck(failure: unknown): Promise<'save' | 'edit'> {
  // Only a certificate nobody here trusts is fixed in the settings; the address itself is right.
  const untrusted = failure instanceof CertificateError && (failure.problem.kind === 'unknownAuthority' || failure.problem.kind === 'selfSigned');
  const trust = untrusted ? settingToFix(failure) : undefined;
  const edit = vscode.l10n.t('Edit Address');
  const saveAnyway = vscode.l10n.t('Save Anyway');
  const saveAndOpen = vscode.l10n.t('Save and Open Settings');
  const choice = await ask('error',
    vscode.l10n.t('The address was tested before saving, and failed.'), errorMessage(failure),
    ...(trust ? [saveAndOpen, edit] : [edit, saveAnyway]));
  if (choice === edit) return 'edit';
  if (choice === saveAnyway) return 'save';
  if (choice === saveAndOpen && trust) {
    // The address is right; only the trust is missing: keep it, and open where trust is added.
    const open = openSettingCommand(trust);
    void foreignCommand(open.command, ...(open.arguments ?? []));
    return 'save';
  }
  throw new UserCancelled();
}

function cleaned(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

async function save(url: string): Promise<void> {
  // Application scope: only the user's own settings hold the address a token goes to.
  await saveUserSetting('baseUrl', url);
}
