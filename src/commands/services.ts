// Several services side by side: Add, Remove and Rename Service, and Sign In / Sign Out on
// a chosen service. The first service's address is `apphost.baseUrl`; the others, with the
// display names, are `apphost.services` in user settings (a workspace cannot add one).
import * as vscode from 'vscode';
import type { Connection } from '../connection';
import { UserCancelled } from '../model';
import { pickService, pickServiceToSignIn } from '../servicePick';
import { findService, serviceId, withEntry, withoutEntry, type KnownService } from '../serviceList';
import type { Core, ServiceCore } from '../core';
import { saveUserSetting, settings } from '../settings';
import { toCommandTarget, serviceOfTarget } from '../tree/commandTarget';
import { confirm } from '../kit/prompts';
import { askTestedAddress, validateServiceUrl } from './serviceUrl';
import { notify } from '../notices';
import type { Action } from '../kit/action';

export const serviceActions: readonly Action[] = [
  { command: 'apphost.addService', needs: 'none', run: addService },
  // It asks the user itself, naming the service as AppHost's own list says.
  { command: 'apphost.removeService', consent: 'harmless', needs: 'none', run: removeService },
  { command: 'apphost.renameService', needs: 'none', run: renameService },
  // Not the session: a command's result reaches whoever ran it.
  { command: 'apphost.signIn', consent: 'harmless', needs: 'none', run: async (s: ServiceCore, arg?: unknown) => void (await s.auth.signIn(await connectionToSignIn(s, arg))) },
  { command: 'apphost.signOut', needs: 'none', run: async (s: ServiceCore, arg?: unknown) => {
    const connection = await connectionToSignOut(s, arg);
    if (connection) await s.auth.signOut(connection);
  } },
];

/** Asks for an address (tested), then an optional name; keeps the service and offers to sign in. */
async function addService(s: ServiceCore): Promise<void> {
  const allowHttp = settings.allowInsecureHttp();
  const known = s.connections.services();
  const url = await askTestedAddress(s, {
    title: vscode.l10n.t('AppHost: Add Service'),
    value: '',
    validate: (value) => {
      const problem = validateServiceUrl(value);
      if (problem) return problem;
      const same = known.find((k) => k.id === serviceId(value, allowHttp));
      return same && vscode.l10n.t('AppHost already knows this service: {0}.', same.name);
    },
  });
  const id = serviceId(url, allowHttp)!;
  const name = await askName(vscode.l10n.t('AppHost: Add Service'), new URL(id).host, '');
  // Without a first service, the new one becomes it: exactly what Set Service URL would have saved.
  if (!settings.baseUrl().trim()) await saveUserSetting('baseUrl', url);
  if (name || settings.baseUrl().trim() !== url) await saveUserSetting('services', withEntry(settings.services(), { url, name }, allowHttp));
  const service = s.connections.service(id);
  const label = service?.name ?? url;
  const signIn = vscode.l10n.t('Sign In');
  const choice = await notify('info', vscode.l10n.t('AppHost service {0} added. Sign in to it now?', label), signIn);
  if (choice === signIn) await s.auth.signIn(s.connections.of(id));
}

/** Signs out of the service (its token revoked as Sign Out does) and forgets it; the first service's address is its setting. */
async function removeService(s: Core, arg: unknown): Promise<void> {
  const service = await serviceOf(s, arg, s.connections.services(), vscode.l10n.t('Remove which service?'));
  const connection = s.connections.of(service.id);
  if (service.isBase) {
    await confirm(
      undefined,
      vscode.l10n.t('Sign out of {0}?', service.name),
      vscode.l10n.t('It is the first service: its address is the setting apphost.baseUrl, which stays. AppHost signs out of it (its API token is revoked).'),
      vscode.l10n.t('Sign Out'),
    );
    await s.auth.signOut(connection);
    return;
  }
  await confirm(
    undefined,
    vscode.l10n.t('Remove service {0}?', service.name),
    vscode.l10n.t('AppHost signs out of {0} (its API token is revoked) and forgets it. Nothing on the service changes.', service.url),
    vscode.l10n.t('Remove'),
  );
  await s.auth.signOut(connection);
  const allowHttp = settings.allowInsecureHttp();
  await saveUserSetting('services', withoutEntry(settings.services(), service.id, allowHttp));
  void notify('info', vscode.l10n.t('AppHost service {0} removed.', service.name));
}

async function renameService(s: Core, arg: unknown): Promise<void> {
  const service = await serviceOf(s, arg, s.connections.services(), vscode.l10n.t('Rename which service?'));
  const host = new URL(service.id).host;
  const name = await askName(vscode.l10n.t('AppHost: Rename {0}', service.name), host, service.named ? service.name : '');
  const allowHttp = settings.allowInsecureHttp();
  await saveUserSetting('services', withEntry(settings.services(), { url: service.url, name }, allowHttp));
}

/** The optional display name ('' = the host). */
async function askName(title: string, host: string, value: string): Promise<string> {
  const name = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Display name of the service in the AppHost view (optional; empty shows its host, {0})', host),
    placeHolder: vscode.l10n.t('e.g. Acme production'),
    value,
    ignoreFocusOut: true,
  });
  if (name === undefined) throw new UserCancelled();
  return name.trim();
}

/** Sign In on a service row or a Sign In row under one, a service named by id, else (several services) the one picked. */
async function connectionToSignIn(s: Core, arg: unknown): Promise<Connection | undefined> {
  const named = namedService(s, arg);
  if (named) return s.connections.of(named.id);
  if (!s.connections.several) return undefined; // the first service, as always
  return pickServiceToSignIn(s.connections);
}

/**
 * Sign Out of the service of the row, else of the one picked, else (nothing to pick from)
 * of the only signed-in one after a question naming it; undefined when none is signed in.
 */
async function connectionToSignOut(s: Core, arg: unknown): Promise<Connection | undefined> {
  const named = namedService(s, arg);
  if (named) return s.connections.of(named.id);
  if (!s.connections.several) return confirmSignOut(s, s.connections.first);
  const signedIn = await s.connections.signedIn();
  if (signedIn.length <= 1) return signedIn[0] && confirmSignOut(s, s.connections.of(signedIn[0].id));
  const service = await pickService(signedIn, vscode.l10n.t('Sign out of which service?'), new Set(signedIn.map((k) => k.id)));
  return s.connections.of(service.id);
}

/** Nothing named and nothing picked (the palette, or anyone's call with no argument): asked, naming the account and the service. */
async function confirmSignOut(s: Core, connection: Connection): Promise<Connection | undefined> {
  const session = await connection.session();
  if (!session) return undefined;
  const service = s.connections.service(session.apiRoot);
  const where = service && service.name !== service.url ? `${service.name} (${service.url})` : (service?.url ?? session.apiRoot);
  await confirm(undefined, vscode.l10n.t('Sign out of {0}?', where),
    vscode.l10n.t('Account {0}. AppHost forgets its API token on this machine (and revokes it on the service when AppHost created it).', session.account.email),
    vscode.l10n.t('Sign Out'));
  return connection;
}

/** The known service an argument names: a row's (any row carries its service), or an id or address given by a caller. */
function namedService(s: Core, arg: unknown): KnownService | undefined {
  if (typeof arg === 'string') return findService(s.connections.services(), arg, settings.allowInsecureHttp());
  return s.connections.service(serviceOfTarget(toCommandTarget(arg)));
}

async function serviceOf(s: Core, arg: unknown, list: readonly KnownService[], title: string): Promise<KnownService> {
  const named = namedService(s, arg);
  if (named) return named;
  if (!list.length) throw new Error(vscode.l10n.t('AppHost knows no service yet: add one with "AppHost: Add Service…".'));
  return pickService(list, title, new Set((await s.connections.signedIn()).map((k) => k.id)));
}
