// Addons of an app: its database services, provisioned for it (add: pick a service type,
// name it or take the default) or linked to it from Databases. Remove destroys the
// database (confirmed); Unlink keeps it. The service may create them asynchronously.
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import { sleep, systemClock, type Addon } from '../api';
import type { Core, ServiceCore } from '../core';
import type { CommandTarget } from '../tree/commandTarget';
import { explained } from '../kit/apiErrors';
import { resolveItem, resolveApp } from '../kit/targets';
import { DATABASE_TYPES, refreshLinkedApp, validateDatabaseName } from './databases';
import { runAction, confirm } from '../kit/prompts';
import { type AppRef, UserCancelled } from '../model';
import type { Action } from '../kit/action';

/** Statuses of an addon still being set up. */
const UNFINISHED = new Set(['creating', 'pending', 'provisioning']);
/** Short and bounded: addons of the platform are usually up within seconds. */
const POLL_DELAYS_MS = [500, 1000, 1500, 2000, 2000, 3000, 3000];

/** Empty means "let the service name it" (`<app>-<type>`). */
export function validateAddonName(value: string): string | undefined {
  return value.trim() ? validateDatabaseName(value) : undefined;
}

export const addonActions: readonly Action[] = [
  { command: 'apphost.addon.add', run: addAddon },
  { command: 'apphost.addon.remove', run: (s: ServiceCore, target?: CommandTarget) => actOnAddon(s, target, ADDON_ACTIONS.remove) },
  { command: 'apphost.addon.unlink', run: (s: ServiceCore, target?: CommandTarget) => actOnAddon(s, target, ADDON_ACTIONS.unlink) },
];

async function addAddon(s: ServiceCore, target?: CommandTarget): Promise<void> {
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
  const api = s.connections.of(app.service).api();
  const opts = { workspace: app.workspace, priority: 'user' as const };
  const addon = await runAction(s, undefined, vscode.l10n.t('Adding {0} to {1}…', type.type, app.name), async () => {
    const created = await explained(vscode.l10n.t('Cannot add a {0} addon to {1}', type.type, app.name), () =>
      api.addons.add(app.id, { serviceType: type.type, name: name.trim() || undefined }, opts),
    );
    s.tree.reloadPart(app, 'addons');
    // Provisioning goes on after the 201: watch it briefly, so the row turns "running" by itself.
    let last: Addon = created;
    for (const delay of POLL_DELAYS_MS) {
      if (!UNFINISHED.has(last.status ?? '')) break;
      await sleep(systemClock, delay);
      const fresh = (await api.addons.list(app.id, { workspace: app.workspace, priority: 'background' })).find((a) => a.id === created.id);
      if (!fresh) break;
      if (fresh.status !== last.status) s.tree.reloadPart(app, 'addons');
      last = fresh;
    }
    return last;
  });
  if (UNFINISHED.has(addon.status ?? '')) {
    void inform(s, vscode.l10n.t('{0} is still being created; it shows as running under Addons when ready.', addon.name));
  } else {
    void inform(s, vscode.l10n.t('Addon {0} ({1}) added to {2}: {3}.', addon.name, addon.serviceType || type.type, app.name, addon.status ?? '?'));
  }
}

/** The addon a command acts on: its row, or (from the palette) the app and then one of its addons. */
function resolveAddon(s: ServiceCore, target: CommandTarget | undefined, verb: { app: string; addon: string }) {
  return resolveItem<Addon>(
    s,
    target,
    'addon',
    {
      appPlaceHolder: verb.app,
      title: (a) => vscode.l10n.t('Addons of {0}', a.name),
      placeHolder: verb.addon,
      empty: (a) => vscode.l10n.t('{0} has no addons.', a.name),
    },
    (a) => s.connections.of(a.service).api().addons.list(a.id, { workspace: a.workspace, priority: 'user' }),
    (a) => ({ label: a.name, description: [a.serviceType, a.status].filter(Boolean).join(' · ') }),
  );
}

/** What differs between removing and unlinking an addon: the words and the call. */
interface AddonAction {
  pick: () => { app: string; addon: string };
  ask: (addon: Addon, app: AppRef) => [message: string, detail: string, button: string];
  busy: (addon: Addon, app: AppRef) => string;
  failed: (addon: Addon, app: AppRef) => string;
  call: (s: Core, addon: Addon, app: AppRef) => Promise<unknown>;
  done: (addon: Addon, app: AppRef) => string;
}

/**
 * wokku's addons are the app's database services, including databases linked to it from
 * the Databases list: removing one destroys the database (for every app using it), and
 * unlinking keeps it. Either way the app loses its <ALIAS>_URL: even a refused removal,
 * as the service unlinks first.
 */
const ADDON_ACTIONS: Record<'remove' | 'unlink', AddonAction> = {
  remove: {
    pick: () => ({ app: vscode.l10n.t('Select the app to remove an addon from'), addon: vscode.l10n.t('Addon to remove') }),
    ask: (addon, app) => [
      vscode.l10n.t('Remove the addon {0} from {1}?', addon.name, app.name),
      vscode.l10n.t('The service destroys the {0} database {1} and its data, for every app that uses it. To keep it, choose Unlink Addon from App instead.', addon.serviceType, addon.name),
      vscode.l10n.t('Remove'),
    ],
    busy: (addon) => vscode.l10n.t('Removing {0}…', addon.name),
    failed: (addon) => vscode.l10n.t('Cannot remove {0}', addon.name),
    call: (s, addon, app) => s.connections.of(app.service).api().addons.remove(app.id, addon.id, { workspace: app.workspace }),
    done: (addon, app) => vscode.l10n.t('Addon {0} removed from {1}.', addon.name, app.name),
  },
  unlink: {
    pick: () => ({ app: vscode.l10n.t('Select the app to unlink an addon from'), addon: vscode.l10n.t('Addon to unlink') }),
    ask: (addon, app) => [
      vscode.l10n.t('Unlink {0} from {1}?', addon.name, app.name),
      vscode.l10n.t('{0} loses the connection URL config var of {1} and restarts. The database and its data stay.', app.name, addon.name),
      vscode.l10n.t('Unlink'),
    ],
    busy: (addon, app) => vscode.l10n.t('Unlinking {0} from {1}…', app.name, addon.name),
    failed: (addon, app) => vscode.l10n.t('Cannot unlink {0} from {1}', addon.name, app.name),
    call: (s, addon, app) => s.connections.of(app.service).api().databases.unlink(addon.id, app.id, { workspace: app.workspace }),
    done: (addon, app) => vscode.l10n.t('{0} unlinked from {1}.', app.name, addon.name),
  },
};

async function actOnAddon(s: ServiceCore, target: CommandTarget | undefined, action: AddonAction): Promise<void> {
  const { app, item: addon, node } = await resolveAddon(s, target, action.pick());
  await confirm(s, ...action.ask(addon, app));
  try {
    await runAction(s, node, action.busy(addon, app), () => explained(action.failed(addon, app), () => action.call(s, addon, app)));
  } finally {
    refreshLinkedApp(s, app);
  }
  void inform(s, action.done(addon, app));
}
