// Domain operations shared by routes and the test control API (which changes state
// "behind the client's back" exactly as another user of the service would).

import { cannotConnect } from './http/reply';
import type { ServiceState } from './state';
import { newId, nowIso } from './store';
import type { AppRecord, Release, ServerRecord, Workspace } from './types';

/** Why each non-connected server state cannot be reached (the SSH error the platform reports). */
const CONNECT_ERRORS: Record<string, (s: ServerRecord) => string> = {
  unreachable: (s) => `ssh: connect to host ${s.host} port ${s.port}: Connection timed out`,
  auth_failed: (s) => `${s.sshUser}@${s.host}: Permission denied (publickey)`,
  syncing: (s) => `${s.host} is still being set up, try again in a moment`,
};

/** Throws the contract's 503 when the server hosting this app or database cannot be reached. */
export function requireReachable(state: ServiceState, serverId: string): ServerRecord {
  const server = state.store.servers.get(serverId);
  if (!server) throw cannotConnect('server record missing');
  const describe = CONNECT_ERRORS[server.status];
  if (describe) throw cannotConnect(describe(server));
  return server;
}

/**
 * A new release. Its commit is the one its deploy records (wokku rolls back to that): none
 * for a config change or a git push, so a rollback to it is refused.
 */
export function createRelease(state: ServiceState, app: AppRecord, description: string, opts: { deployId?: string | null; commitSha?: string | null } = {}): Release {
  const version = (state.store.releasesOf(app.id)[0]?.version ?? 0) + 1;
  const release: Release = {
    id: newId(),
    appId: app.id,
    version,
    description,
    deployId: opts.deployId ?? null,
    commitSha: opts.commitSha ?? null,
    createdAt: nowIso(),
  };
  state.store.releases.set(release.id, release);
  return release;
}

/**
 * Appends an activity about a record of `workspace`. `teamId` is the feed it shows in by
 * default (the actor's first team for API actions); without it, the record's own team.
 */
export function record(
  state: ServiceState, workspace: Workspace | string, userId: string | null, action: string, targetType: string, targetName: string | null, teamId?: string,
): void {
  const workspaceId = typeof workspace === 'string' ? workspace : workspace.id;
  state.store.recordActivity({ workspaceId, teamId, userId, action, targetType, targetName });
}

/**
 * Sets and/or removes config vars. Like `dokku config:set`, every change creates a
 * release and restarts a running app. Returns the keys that were set or removed.
 * Callers record the activity (wokku tracks `config.updated` for PUT only).
 */
export function changeConfig(state: ServiceState, app: AppRecord, change: { set?: Record<string, string>; unset?: string[] }): string[] {
  const keys: string[] = [];
  for (const [k, v] of Object.entries(change.set ?? {})) {
    // Defined, not assigned: a var named `__proto__` is a var like any other (Ruby hashes keep it).
    Object.defineProperty(app.config, k, { value: v, enumerable: true, writable: true, configurable: true });
    keys.push(k);
  }
  for (const k of change.unset ?? []) {
    delete app.config[k];
    keys.push(k);
  }
  const setKeys = Object.keys(change.set ?? {});
  const verb = setKeys.length ? `Set ${setKeys.join(', ')}` : `Unset ${(change.unset ?? []).join(', ')}`;
  createRelease(state, app, `${verb} config vars`);
  state.lifecycle.restartForChange(app, 'config');
  return keys;
}
