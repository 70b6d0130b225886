// Suites with two reference servers at once (#28): A, the first service (apphost.baseUrl),
// and B, added in apphost.services.
import * as vscode from 'vscode';
import type { RunningServer } from '../../server';
import { serviceOf, stopSignedIn } from './env';
import { withScript } from './resourceTree';

/** The end of a two-service suite: B removed (signed out, its token revoked, forgotten), then A signed out; both servers closed. */
export async function stopTwoServices(a: RunningServer | undefined, b: RunningServer | undefined): Promise<void> {
  if (b) await withScript({ buttons: [[/Remove service/, 'Remove']] }, () => vscode.commands.executeCommand('apphost.removeService', serviceOf(b))).catch(() => undefined);
  await vscode.workspace.getConfiguration('apphost').update('services', undefined, vscode.ConfigurationTarget.Global);
  await stopSignedIn(a);
  await b?.close();
}
