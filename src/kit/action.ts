// An action is one descriptor: its command id, what it may do for a caller other than the
// user, where it acts, whether it takes a multi-selection, and its run. The command runner
// (running.ts), the service routing (commands/serviceRouting.ts) and AppHost's question
// (actions/consent.ts) read these fields; no list of ids is kept anywhere else. An action on
// one app shared with the agent and the `apphost` task is an AppAction (appAction.ts), from
// which its command, tool and task are built.
import type { ServiceCore } from '../core';

/**
 * What a caller other than the user (another extension, a tool outside a chat) meets:
 * - asks (the default): AppHost's own question first, naming the action and the app as the
 *   service names it; the caller's argument never reaches the run;
 * - harmless: acts on nothing and reveals nothing (refresh, a filter, showing a row): runs;
 * - asksAboutAFile: given a file's Uri (the Explorer's menu, an editor title), it asks the
 *   user for everything else in its own pickers, naming the app as the service lists it;
 * - aboutActiveTab: given the address of the tab the user has in front of them, its only
 *   effect is shown beside that tab.
 */
export type Consent = 'asks' | 'harmless' | 'asksAboutAFile' | 'aboutActiveTab';

/**
 * Where it acts, from the palette:
 * - service (the default): the row's service, else the one the user picks when several are
 *   signed in;
 * - folder: the open folder's link names the service (deploy/deployTarget.ts);
 * - none: no service, or it asks for one itself (sign-in, the service commands, log tails).
 */
export type Needs = 'service' | 'folder' | 'none';

export interface Action {
  readonly command: `apphost.${string}`;
  readonly consent?: Consent;
  readonly needs?: Needs;
  /** Acts on every selected row: its run receives `(s, clicked, selected[])`. */
  readonly selection?: boolean;
  /** Receives the ServiceCore of the service it acts on, its target (a CommandTarget, a Uri, nothing) and the rest. */
  readonly run: (s: ServiceCore, ...args: never[]) => unknown;
}

/** The actions by command id; two with one id are a mistake caught at build time of the table. */
export function actionsById(actions: readonly Action[]): ReadonlyMap<string, Action> {
  const byId = new Map<string, Action>();
  for (const action of actions) {
    if (byId.has(action.command)) throw new Error(`Two actions for ${action.command}`);
    byId.set(action.command, action);
  }
  return byId;
}
