import type * as vscode from 'vscode';
import type { AppEvents } from './appEvents';
import type { AppHostAuthProvider } from './auth/authProvider';
import type { SessionStore } from './auth/sessionStore';
import type { Workspaces } from './auth/workspaces';
import type { Connection } from './connection';
import type { TreeControl } from './tree/treeControl';

/** The long-lived objects built once in activate() and handed to every area. */
export interface Core {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly sessions: SessionStore;
  readonly connection: Connection;
  readonly auth: AppHostAuthProvider;
  readonly workspaces: Workspaces;
  /** What happened to apps (a deletion), for the areas holding on to one. */
  readonly events: AppEvents;
  /** The one door to the Resources view: show an app, reload a part, mark rows busy, refresh, reveal. */
  readonly tree: TreeControl;
}

/**
 * A place for an area built after activation (deploys, logs, config editing) that the
 * commands find from the Core they are given.
 */
export function areaSlot<T>(name: string): { set(s: Core, area: T): T; get(s: Core): T } {
  const areas = new WeakMap<Core, T>();
  return {
    set(s, area) {
      areas.set(s, area);
      return area;
    },
    get(s) {
      const area = areas.get(s);
      if (area === undefined) throw new Error(`${name} has not been built`);
      return area;
    },
  };
}
