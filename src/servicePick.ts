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
