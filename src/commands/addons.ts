// Addons of an app: services provisioned for it alone (add: pick a service type, name it
// or take the default; remove: confirmed). The service creates them asynchronously.
import * as vscode from 'vscode';
import { sleep, systemClock, type Addon } from '../api';
import type { Services } from '../services';
import type { CommandTarget } from '../tree/commandTarget';
import { explained, resolveItem } from './appParts';
import { DATABASE_TYPES, validateDatabaseName } from './databases';
import type { CommandTable } from './commandTypes';
import { runAction } from './progress';
import { resolveApp } from './targets';
import { UserCancelled } from '../model';
import { confirm } from './prompts';

/** Statuses of an addon still being set up. */
const UNFINISHED = new Set(['creating', 'pending', 'provisioning']);
/** Short and bounded: addons of the platform are usually up within seconds. */
const POLL_DELAYS_MS = [500, 1000, 1500, 2000, 2000, 3000, 3000];

/** Empty means "let the service name it" (`<app>-<type>`). */
export function validateAddonName(value: string): string | undefined {
  return value.trim() ? validateDatabaseName(value) : undefined;
}

export function addonCommands(s: Services): CommandTable {
  return {
    'apphost.addon.add': (target?: CommandTarget) => addAddon(s, target),
    'apphost.addon.remove': (target?: CommandTarget) => removeAddon(s, target),
  };
}


async function addAddon(s: Services, target?: CommandTarget): Promise<void> {
  const app = await resolveApp(s, target, vscode.l10n.t('Select the app to add an addon to'));
  const title = vscode.l10n.t('Add an addon to {0}', app.name);
  const type = await vscode.window.showQuickPick(
    DATABASE_TYPES.map((t) => ({ label: t.type, description: t.description(), type: t.type })),
    { title, placeHolder: vscode.l10n.t('Service type'), matchOnDescription: true },
  );
  if (!type) throw new UserCancelled();
  const name = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Name of the addon (optional; empty = {0})', `${app.name}-${type.type}`),
    placeHolder: `${app.name}-${type.type}`,
    ignoreFocusOut: true,
    validateInput: validateAddonName,
  });
  if (name === undefined) throw new UserCancelled();
  const api = s.connection.api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  const addon = await runAction(s, undefined, vscode.l10n.t('Adding {0} to {1}…', type.type, app.name), async () => {
    const created = await explained(vscode.l10n.t('Cannot add a {0} addon to {1}', type.type, app.name), () =>
      api.addons.add(app.id, { serviceType: type.type, name: name.trim() || undefined }, opts),
    );
    s.treeService.reloadPart(app, 'addons');
    // Provisioning goes on after the 201: watch it briefly, so the row turns "running" by itself.
    let last: Addon = created;
    for (const delay of POLL_DELAYS_MS) {
      if (!UNFINISHED.has(last.status ?? '')) break;
      await sleep(systemClock, delay);
      const fresh = (await api.addons.list(app.id, { workspace: app.workspace, priority: 'background' })).find((a) => a.id === created.id);
      if (!fresh) break;
      if (fresh.status !== last.status) s.treeService.reloadPart(app, 'addons');
      last = fresh;
    }
    return last;
  });
  if (UNFINISHED.has(addon.status ?? '')) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} is still being created; it shows as running under Addons when ready.', addon.name));
  } else {
    void vscode.window.showInformationMessage(vscode.l10n.t('Addon {0} ({1}) added to {2}: {3}.', addon.name, addon.serviceType || type.type, app.name, addon.status ?? '?'));
  }
}

async function removeAddon(s: Services, target?: CommandTarget): Promise<void> {
  const { app, item: addon, node } = await resolveItem<Addon>(
    s,
    target,
    'addon',
    {
      appPlaceHolder: vscode.l10n.t('Select the app to remove an addon from'),
      title: (a) => vscode.l10n.t('Addons of {0}', a.name),
      placeHolder: vscode.l10n.t('Addon to remove'),
      empty: (a) => vscode.l10n.t('{0} has no addons.', a.name),
    },
    (a) => s.connection.api().addons.list(a.id, { workspace: a.workspace, priority: 'user' }),
    (a) => ({ label: a.name, description: [a.serviceType, a.status].filter(Boolean).join(' · ') }),
  );
  await confirm(
    vscode.l10n.t('Remove the addon {0} from {1}?', addon.name, app.name),
    vscode.l10n.t('The {0} service and its data are destroyed.', addon.serviceType),
    vscode.l10n.t('Remove'),
  );
  await runAction(s, node, vscode.l10n.t('Removing {0}…', addon.name), () =>
    explained(vscode.l10n.t('Cannot remove {0}', addon.name), () => s.connection.api().addons.remove(app.id, addon.id, { workspace: app.workspace })),
  );
  s.treeService.reloadPart(app, 'addons');
  void vscode.window.showInformationMessage(vscode.l10n.t('Addon {0} removed from {1}.', addon.name, app.name));
}
