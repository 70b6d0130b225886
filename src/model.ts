// The shared vocabulary every area may import: how an app is addressed, and the two
// outcomes every command knows. Plain TypeScript, no `vscode`: the bottom of the house.

/** Enough to address an app in every API call: its service, workspace, id and name. */
export interface AppRef {
  /** The service it lives on: its API root (serviceList.ts), what sessions and connections are keyed by. */
  readonly service: string;
  /** Team workspace slug; undefined = personal workspace. */
  readonly workspace: string | undefined;
  readonly id: string;
  readonly name: string;
}

export function isAppRef(value: unknown): value is AppRef {
  return !!value && typeof (value as AppRef).id === 'string' && typeof (value as AppRef).name === 'string' && 'workspace' in (value as object);
}

/**
 * The one app-name rule: wokku's model (`/\A[a-z][a-z0-9-]*\z/`): a lowercase letter, then
 * lowercase letters, digits and dashes. No length limit: wokku sets none, nor does Dokku,
 * whose own rule (`^[a-z0-9][^/:_A-Z]*$`) accepts every such name.
 */
export function isAppName(name: string): boolean {
  return /^[a-z][a-z0-9-]*$/.test(name);
}

/** Same app (by service, workspace and id), whatever name it carries. */
export function sameApp(a: AppRef, b: AppRef): boolean {
  return a.id === b.id && a.workspace === b.workspace && a.service === b.service;
}

/** A map key for an app: its service, workspace and id (names change, ids do not). */
export function appKey(app: AppRef): string {
  return `${app.service} ${app.workspace ?? ''}/${app.id}`;
}

/** Thrown (or recognised) when the user dismissed a prompt: never reported. */
export class UserCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'UserCancelled';
  }
}

/** A command needs a session and there is none: the command runner says "Sign in first" once. */
export class NotSignedIn extends Error {
  constructor() {
    super('Sign in to AppHost first.');
    this.name = 'NotSignedIn';
  }
}
