// The QuickPick of a known service, shared by the service commands and the Accounts menu
// (src/auth cannot import src/commands).
import * as vscode from 'vscode';
import type { Connection } from './connection';
import type { Connections } from './connections';
import { UserCancelled } from './model';
import type { KnownService } from './serviceList';

/** Asks which of these services (each with its address and whether it is signed in). */
export async function pickService(list: readonly KnownService[], title: string, signedIn: ReadonlySet<string>): Promise<KnownService> {
  const picked = await vscode.window.showQuickPick(
    list.map((service) => ({
      label: `$(cloud) ${service.name}`,
      description: service.url,
      detail: signedIn.has(service.id) ? vscode.l10n.t('signed in') : vscode.l10n.t('signed out'),
      service,
    })),
    { title, placeHolder: vscode.l10n.t('Select a service') },
  );
  if (!picked) throw new UserCancelled();
  return picked.service;
}

/** "Sign in to which service?": every known service, the signed-out ones (the likely ones) first. */
export async function pickServiceToSignIn(connections: Connections): Promise<Connection> {
  const signedIn = new Set((await connections.signedIn()).map((k) => k.id));
  const list = [...connections.services()].sort((a, b) => Number(signedIn.has(a.id)) - Number(signedIn.has(b.id)));
  const service = await pickService(list, vscode.l10n.t('Sign in to which service?'), signedIn);
  return connections.of(service.id);
}

/** From the palette: the only signed-in service, else the one the user picks (undefined: the first). */
export async function askService(connections: Connections): Promise<string | undefined> {
  if (!connections.several) return undefined;
  const signedIn = await connections.signedIn();
  if (signedIn.length <= 1) return signedIn[0]?.id;
  const picked = await vscode.window.showQuickPick(
    signedIn.map((service) => ({ label: `$(cloud) ${service.name}`, description: service.url, service })),
    // Usually the first of several questions (the app, the database… come next): it stays
    // when focus moves, as every multi-step question here does.
    { title: vscode.l10n.t('AppHost: which service?'), placeHolder: vscode.l10n.t('Select the service to act on'), ignoreFocusOut: true },
  );
  if (!picked) throw new UserCancelled();
  return picked.service.id;
}
