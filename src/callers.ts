// Who asks for an action, decided by the argument a command was given, never by its shape
// and never by what surrounds the call. Any extension can run any command with any
// argument: a plain object that looks like a row proves nothing. So "the user" is a
// capability AppHost mints: the rows the Resources view showed, and a fresh object per
// status bar item, button or nested call of its own, kept in a WeakSet. Nothing is
// inherited: a command another extension runs while a user's command is running (from a
// handler AppHost called, or a timer it started) is judged by its own argument.
// Never vouched for: an object VS Code also hands every other extension (a workspace
// folder's Uri, a document, a terminal); AppHost hands a fresh wrapper instead (handUri).
// No vscode here: the rule is unit-tested in plain Node.

/**
 * - user: a gesture in AppHost's own UI (a genuine row, a pick AppHost showed, the status
 *   bar, a notification button), or the palette (nothing: anyone can make that call, so a
 *   command that would act on nothing without a picker asks first, naming what it does);
 * - chat: a tool call of a chat agent (VS Code showed its own confirmation);
 * - other: anyone else (another extension's command with its own argument, a tool call
 *   outside a chat): AppHost asks first, with its own modal.
 */
export type Caller = 'user' | 'chat' | 'other';

const built = new WeakSet<object>();

/** A Uri AppHost hands one of its commands: a fresh wrapper, never the Uri itself (see handUri). */
export interface HandedUri<U extends object = object> {
  readonly uri: U;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return !!value && typeof value === 'object';
}

/** A vscode.Uri (by shape: this module imports no vscode). */
export function isUriLike(value: unknown): boolean {
  return isObject(value) && typeof value.scheme === 'string' && typeof value.authority === 'string' && typeof value.path === 'string' && typeof value.with === 'function';
}

/** What VS Code hands every extension alike: a Uri, a document, a workspace folder, a terminal. */
function sharedByVsCode(value: Loose): boolean {
  return isUriLike(value) || typeof value.getText === 'function' || typeof value.sendText === 'function' || (typeof value.index === 'number' && isUriLike(value.uri));
}

/** A row of a tree view by shape (an id and its command target): whether the view built it is `isVouched`'s question. */
export function isRowShaped(value: unknown): boolean {
  return isObject(value) && typeof value.id === 'string' && typeof value.commandTarget === 'function';
}

/** Marks an object AppHost built and hands to a command (a row, a fresh argument); refuses what VS Code shares with others. */
export function vouch<T>(value: T): T {
  if (!isObject(value)) return value;
  if (sharedByVsCode(value)) throw new TypeError('AppHost vouches only for objects it made: hand a Uri over with handUri');
  built.add(value);
  return value;
}

/** An object AppHost built itself (see vouch), not one a caller made up. */
export function isVouched(value: unknown): boolean {
  return isObject(value) && built.has(value);
}

/** A fresh, vouched wrapper of a Uri for one hand-over (a status bar item's argument, a nested call). */
export function handUri<U extends object>(uri: U): HandedUri<U> {
  return vouch(Object.freeze({ uri }));
}

/** The Uri of a wrapper AppHost handed over (undefined for anything else, a look-alike included). */
export function handedUri(value: unknown): object | undefined {
  return isVouched(value) && isObject((value as Loose).uri) && isUriLike((value as Loose).uri) ? ((value as Loose).uri as object) : undefined;
}

/**
 * What AppHost hands one of its own commands to run it for the user: nothing stays nothing,
 * a plain value stays itself (it proves nothing), an object already vouched for goes as it is,
 * a Uri goes in a fresh wrapper, a plain object as a fresh vouched copy (never an object
 * someone else may hold).
 */
export function handOver(target: unknown): unknown {
  if (!isObject(target) || isVouched(target)) return target;
  if (isUriLike(target)) return handUri(target);
  const proto = Object.getPrototypeOf(target);
  if (proto !== Object.prototype && proto !== null) throw new TypeError('AppHost hands its own commands plain objects, Uris or its rows');
  return vouch({ ...target });
}

/** Who a command runs for, from its arguments alone. */
export function commandCaller(args: readonly unknown[]): Caller {
  // From the palette (or a keybinding), VS Code passes nothing.
  if (args.every((arg) => arg === undefined)) return 'user';
  // A row's menu passes the row (and the selection: rows too); a button or nested call, what AppHost minted for it.
  return isVouched(args[0]) ? 'user' : 'other';
}
