// One health-check setting changed through a quick input (the whole set is edited as
// checks.json by the editors area). One PUT with just that setting, then the Health
// Checks group is fetched again.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import type { HealthCheckSettings } from '../api';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { explained } from '../kit/apiErrors';
import { runAction } from '../kit/prompts';
import { itemOf, resolveApp } from '../kit/targets';
import { type AppRef, UserCancelled } from '../model';
import type { Action } from '../kit/action';

type Setting = keyof HealthCheckSettings;
const SETTINGS: readonly Setting[] = ['enabled', 'path', 'wait', 'timeout', 'attempts'];
/** Lowest sensible value of each number (the service may cap them: it says so on 422). */
const MINIMUM: Record<'wait' | 'timeout' | 'attempts', number> = { wait: 0, timeout: 1, attempts: 1 };

function describe(setting: Setting): string {
  switch (setting) {
    case 'enabled': return vscode.l10n.t('Run health checks before routing traffic to a new release');
    case 'path': return vscode.l10n.t('URL path requested on each process, e.g. /health');
    case 'wait': return vscode.l10n.t('Seconds to wait before the first check');
    case 'timeout': return vscode.l10n.t('Seconds before one check counts as failed');
    case 'attempts': return vscode.l10n.t('Checks tried before the deploy is marked failed');
  }
}

export function validateCheckValue(setting: Setting, value: string): string | undefined {
  const v = value.trim();
  if (setting === 'enabled') return v === 'true' || v === 'false' ? undefined : vscode.l10n.t('Enter true or false');
  if (setting === 'path') {
    if (!v.startsWith('/')) return vscode.l10n.t('The path starts with "/", e.g. /health');
    if (/\s/.test(v)) return vscode.l10n.t('The path cannot contain spaces');
    return undefined;
  }
  const min = MINIMUM[setting];
  if (!/^\d+$/.test(v) || Number(v) < min) return vscode.l10n.t('Enter a whole number, {0} or more', min);
  return undefined;
}

export const checkSettingActions: readonly Action[] = [
  { command: 'apphost.checks.change', run: changeSetting },
];

/** The settings as shown: from the loaded group (no request) or one GET. */
async function currentChecks(s: Core, app: AppRef, target: CommandTarget | undefined): Promise<Record<string, string>> {
  const rows = s.tree.shownItems<string>(s.tree.groupOf(target, 'checks'), 'check')?.items;
  if (rows?.length) return Object.fromEntries(rows.map((r) => [r.key, String(r.data)]));
  return explained(vscode.l10n.t('Cannot read the health checks of {0}', app.name), () =>
    s.connections.of(app.service).api().checks.get(app.id, { workspace: app.workspace, priority: 'user' }),
  );
}

async function changeSetting(s: ServiceCore, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app whose health checks to change'));
  const row = itemOf<string>(target, 'check');
  const current = row ? { [row.key]: String(row.data) } : await currentChecks(s, app, target);
  let setting: Setting;
  if (row) {
    if (!SETTINGS.includes(row.key as Setting)) throw new Error(vscode.l10n.t('"{0}" is reported by the platform but cannot be changed here.', row.key));
    setting = row.key as Setting;
  } else {
    const picked = await vscode.window.showQuickPick(
      SETTINGS.map((k) => ({ label: k, description: current[k] ?? '', detail: describe(k), setting: k })),
      { title: vscode.l10n.t('Health checks of {0}', app.name), placeHolder: vscode.l10n.t('Setting to change') },
    );
    if (!picked) throw new UserCancelled();
    setting = picked.setting;
  }
  const value = setting === 'enabled' ? await askEnabled(app, current.enabled) : await askValue(app, setting, current[setting]);
  const update: HealthCheckSettings = setting === 'enabled' ? { enabled: value === 'true' } : setting === 'path' ? { path: value } : { [setting]: Number(value) };
  await runAction(s, row?.row, vscode.l10n.t('Setting {0} of {1} to {2}…', setting, app.name, value), () =>
    explained(vscode.l10n.t('Cannot change {0} of {1}', setting, app.name), () => s.connections.of(app.service).api().checks.update(app.id, update, { workspace: app.workspace })),
  );
  s.tree.reloadPart(app, 'checks');
  void inform(s, vscode.l10n.t('Health checks of {0}: {1} is now {2}.', app.name, setting, value));
}

/** A toggle: the two states, the current one marked. */
async function askEnabled(app: AppRef, current: string | undefined): Promise<string> {
  const on = current === 'true';
  const picked = await vscode.window.showQuickPick(
    [
      { label: vscode.l10n.t('Enabled'), description: on ? vscode.l10n.t('current') : undefined, value: 'true' },
      { label: vscode.l10n.t('Disabled'), description: on ? undefined : vscode.l10n.t('current'), value: 'false' },
    ],
    { title: vscode.l10n.t('Health checks of {0}', app.name), placeHolder: describe('enabled') },
  );
  if (!picked) throw new UserCancelled();
  return picked.value;
}

async function askValue(app: AppRef, setting: Exclude<Setting, 'enabled'>, current: string | undefined): Promise<string> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Health checks of {0}: {1}', app.name, setting),
    prompt: describe(setting),
    value: current,
    ignoreFocusOut: true,
    validateInput: (v) => validateCheckValue(setting, v),
  });
  if (value === undefined) throw new UserCancelled();
  return value.trim();
}
