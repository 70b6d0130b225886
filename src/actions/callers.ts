// Who asks for an action, decided by where the request came from, never by the shape of
// an argument. Any extension can run any command with any argument: a plain object that
// looks like a row proves nothing. So AppHost keeps the objects it built itself (the rows
// the Resources view showed, the arguments it gave its status bar items and buttons) in a
// WeakSet, and remembers, for the time a command or tool runs, that it runs for the user:
// what that run starts (a nested command, a button of its notice) acts for the user too.
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * - user: a gesture in AppHost's own UI (a genuine row, a pick AppHost showed, the status
 *   bar, a notification button, the palette with no argument);
 * - chat: a tool call of a chat agent (VS Code showed its own confirmation);
 * - other: anyone else (another extension's command with its own argument, a tool call
 *   outside a chat): AppHost asks first, with its own modal.
 */
export type Caller = 'user' | 'chat' | 'other';

const built = new WeakSet<object>();
const running = new AsyncLocalStorage<Caller>();

/** Marks objects AppHost built and hands to a command (a row, a status bar item's argument). */
export function vouch<T>(value: T): T {
  if (value && typeof value === 'object') built.add(value);
  return value;
}

/** An object AppHost built itself (see vouch), not one a caller made up. */
export function isVouched(value: unknown): boolean {
  return !!value && typeof value === 'object' && built.has(value);
}

/** Who a command runs for: the run it was started from, else its arguments. */
export function commandCaller(args: readonly unknown[]): Caller {
  const within = running.getStore();
  if (within) return within;
  // From the palette (or a keybinding), VS Code passes nothing.
  if (args.every((arg) => arg === undefined)) return 'user';
  // A row's menu passes the row (and the selection: rows too); a button, what AppHost gave it.
  return isVouched(args[0]) ? 'user' : 'other';
}

/** Who the current run is for (undefined: outside any command or tool run). */
export function currentCaller(): Caller | undefined {
  return running.getStore();
}

/** Runs `work` for `caller`: what it starts is asked for by the same caller. */
export function runFor<T>(caller: Caller, work: () => T): T {
  return running.run(caller, work);
}
