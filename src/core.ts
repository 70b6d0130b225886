import type * as vscode from 'vscode';
import type { AppEvents } from './appEvents';
import type { AppHostAuthProvider } from './auth/authProvider';
import type { SessionStore } from './sessionStore';
import type { Workspaces } from './auth/workspaces';
import type { Connections } from './connections';
import type { TreeControl } from './tree/treeControl';

/** The long-lived objects built once in activate() and handed to every area. */
export interface Core {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly sessions: SessionStore;
  /** Every known service with its own connection (no connection here: see ServiceCore). */
  readonly connections: Connections;
  readonly auth: AppHostAuthProvider;
  readonly workspaces: Workspaces;
  /** What happened to apps (a deletion), for the areas holding on to one. */
  readonly events: AppEvents;
  /** The one door to the Resources view: show an app, reload a part, mark rows busy, refresh, reveal. */
  readonly tree: TreeControl;
}

/**
 * A Core acting for one service, `service` (its id, the API root; '' is the first service
 * while its address is unset). Core itself names no connection, so nothing reaches "a"
 * service without saying which: code acting for an app, database or server takes its
 * ref's, `s.connections.of(ref.service)`; a routed command (serviceRouting.ts) and what it
 * hands on act for the service its route chose, `s.connections.of(s.service)`; code acting
 * for no ref and no route names the first service (`s.connections.first`, `firstId()`).
 */
export interface ServiceCore extends Core {
  readonly service: string;
}

/** The Core acting for this service. */
export function onService(s: Core, service: string): ServiceCore {
  return { ...s, service };
}

/**
 * A place for an area built after activation (deploys, logs, config editing) that the
 * commands find from the Core they are given. Kept by the extension's context, which every
 * service's Core shares (a command gets the Core of its service, serviceRouting.ts).
 */
export function areaSlot<T>(name: string): { set(s: Core, area: T): T; get(s: Core): T } {
  const areas = new WeakMap<vscode.ExtensionContext, T>();
  return {
    set(s, area) {
      areas.set(s.context, area);
      return area;
    },
    get(s) {
      const area = areas.get(s.context);
      if (area === undefined) throw new Error(`${name} has not been built`);
      return area;
    },
  };
}
