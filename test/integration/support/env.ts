// The extension under test and a reference server for it, inside the extension host.
import * as vscode from 'vscode';
import { resolveBaseUrl } from '../../../src/api/baseUrl';
import type { AppHostTestApi } from '../../../src/extension';
import { DEMO_USER, startServer, type RunningServer, type ServerOptions } from '../../server';
import { scriptUi } from './scriptedUi';

/** The integration suites' waiters are every suite's (test/support/wait.ts). */
export { sleep, until } from '../../support/wait';

/** The internals of the extension under test: exported only when VS Code runs it in test mode. */
/**
 * Makes a ref or Uri AppHost's own (what its status bar, buttons and rows hand a command):
 * the command then runs for the user, as from those doors. A Uri comes back wrapped, as
 * AppHost hands one (callers.ts, handUri): pass it to a command only. Needs the
 * extension active (every suite's setup activates it).
 */
export function asAppHost<T>(value: T): T {
  const api = vscode.extensions.getExtension<AppHostTestApi | undefined>('apphost.apphost')?.exports;
  if (!api) throw new Error('apphost.apphost is not active yet');
  return api.vouch(value);
}

export async function extensionApi(): Promise<AppHostTestApi> {
  const extension = vscode.extensions.getExtension<AppHostTestApi | undefined>('apphost.apphost');
  if (!extension) throw new Error('apphost.apphost is not loaded');
  const api = await extension.activate();
  if (!api) throw new Error('apphost.apphost exported nothing: it exports its internals only in ExtensionMode.Test (extensionDevelopmentPath with extensionTestsPath)');
  return api;
}

/** Starts a reference server (no rate limit, fast transitions) and points the extension at it. */
export async function useServer(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({ rateLimit: false, actionDelayMs: 20, logIntervalMs: 0, deviceIntervalSec: 1, ...options });
  const config = vscode.workspace.getConfiguration('apphost');
  await config.update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
  // Suites exercise features, not the budget (tested on its own): let them run at full speed.
  await config.update('requestsPerMinute', 6000, vscode.ConfigurationTarget.Global);
  return server;
}

/** The id of a reference server as a service (its API root): what AppRefs and rows carry. */
export function serviceOf(server: RunningServer): string {
  return resolveBaseUrl(server.url).apiRoot;
}

/** Signs in by pasting a token issued by the server (the quickest path, used by most suites). */
export async function signInWithIssuedToken(server: RunningServer, email: string): Promise<string> {
  const token = server.control.issueToken(email, 'integration test');
  const ui = scriptUi({ picks: ['Paste an API token'], inputs: [token] });
  try {
    await vscode.commands.executeCommand('apphost.signIn');
  } finally {
    ui.restore();
  }
  return token;
}

/** A suite's server with the extension signed in to it as `email` (the demo user by default). */
export async function startSignedIn(email = DEMO_USER.email, options: ServerOptions = {}): Promise<RunningServer> {
  const server = await useServer(options);
  await signInWithIssuedToken(server, email);
  return server;
}

/** The end of a `startSignedIn` suite. */
export async function stopSignedIn(server: RunningServer | undefined): Promise<void> {
  await signOutQuietly();
  await server?.close();
}

export async function signOutQuietly(): Promise<void> {
  // Sign Out with nothing named asks first, naming the service (as from the palette).
  const ui = scriptUi({ buttons: [[/^Sign out of /, 'Sign Out']] });
  try {
    await vscode.commands.executeCommand('apphost.signOut');
  } finally {
    ui.restore();
  }
}

