// What a hostile extension does with whatever AppHost hands it, or VS Code hands every
// extension: walks the value as deep as JavaScript lets it (own and inherited properties,
// symbols, getters, Map and Set entries, promises) and, when asked, calls every function it
// reaches and walks what comes back. It reports the token and AppHost's internals by their
// shape. Pure (no vscode): the spy extension runs it in code-server, the integration suite
// `neighbourReach` on what VS Code's API shows, the unit tests on stand-ins.

export type FindingKind =
  /** The signed-in token itself, anywhere: a value, a key, a result, an error message. */
  | 'token'
  /** Something shaped like vscode.SecretStorage (get, store and delete). */
  | 'secretStorage'
  /** Something shaped like an authentication session (an accessToken). */
  | 'session'
  /** AppHost's Core (core.ts): its connections beside the sessions or the extension's context. */
  | 'core'
  /** A Connection (api() and session() or signedIn()) or the Connections (of() and firstId()). */
  | 'connection'
  /** An API client (apiClient.ts): an apiRoot beside the endpoints. */
  | 'apiClient'
  /** Something shaped like vscode.ExtensionContext (secrets and globalState). */
  | 'extensionContext';

export interface Finding {
  kind: FindingKind;
  /** How the spy got there, e.g. `exports.context.secrets`. */
  path: string;
}

export interface WalkReport {
  /** Objects and functions reached. */
  reached: number;
  /** Functions called (only when calls are on). */
  called: number;
  /** The walk stopped at its node or time limit. */
  truncated: boolean;
  findings: Finding[];
}

export interface WalkOptions {
  /** The token the spy hunts for (the journey knows it; a real spy would look for anything token-like). */
  secret: string;
  /**
   * Call every function reached, with no arguments, and walk the results; except those whose
   * names say they end or delete something: a spy wants to stay unnoticed.
   */
  call: boolean;
  maxDepth?: number;
  maxNodes?: number;
  /** How long a returned promise may take before the spy moves on. */
  settleMs?: number;
  /** How long the whole walk may take. */
  timeLimitMs?: number;
}

const NOTICEABLE = /^(dispose|sign_?out|log_?out|delete|remove|clear|revoke|reset|close|kill|stop|deactivate|destroy|abort|cancel)/i;

/** Objects the engine shares with everyone: nothing AppHost put there. */
const BUILT_IN_PROTOTYPES = new Set<unknown>([
  Object.prototype, Function.prototype, Array.prototype, Map.prototype, Set.prototype, Promise.prototype,
  Error.prototype, RegExp.prototype, Date.prototype, String.prototype, Number.prototype, Boolean.prototype,
  Symbol.prototype, WeakMap.prototype, WeakSet.prototype, ArrayBuffer.prototype, Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype), Object.getPrototypeOf(async function () {}),
  Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {}),
]);

/** A class's prototype (its methods), as module exports show it: a shape of no instance. */
function isPrototype(object: object): boolean {
  try {
    const own = Object.getOwnPropertyDescriptor(object, 'constructor')?.value as { prototype?: unknown } | undefined;
    return typeof own === 'function' && own.prototype === object;
  } catch {
    return false;
  }
}

/** What an object is by its shape, if it is one of AppHost's internals. */
function internalShape(object: Record<PropertyKey, unknown>): FindingKind | undefined {
  const fn = (key: string) => { try { return typeof object[key] === 'function'; } catch { return false; } };
  const has = (key: string) => { try { return key in object; } catch { return false; } };
  if (has('connections') && (has('sessions') || has('context'))) return 'core';
  if ((fn('api') && (fn('session') || fn('signedIn'))) || (fn('of') && fn('firstId'))) return 'connection';
  if (has('apiRoot') && has('apps') && has('config')) return 'apiClient';
  if (has('secrets') && has('globalState')) return 'extensionContext';
  return undefined;
}

const isClass = (f: (...a: unknown[]) => unknown) => /^class[\s{]/.test(Function.prototype.toString.call(f));
const label = (key: PropertyKey) => (typeof key === 'symbol' ? `[${key.description ?? 'symbol'}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${key}` : `[${JSON.stringify(key)}]`);

function settle(value: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([value.then((v) => v, (e: unknown) => e), late]).finally(() => clearTimeout(timer));
}

export async function walk(root: unknown, rootName: string, options: WalkOptions): Promise<WalkReport> {
  const { secret, call, maxDepth = 12, maxNodes = 50_000, settleMs = 500, timeLimitMs = 20_000 } = options;
  const report: WalkReport = { reached: 0, called: 0, truncated: false, findings: [] };
  const deadline = Date.now() + timeLimitMs;
  const found = (kind: FindingKind, path: string) => {
    if (!report.findings.some((f) => f.kind === kind && f.path === path)) report.findings.push({ kind, path });
  };
  const seen = new WeakSet<object>();
  // As `instance.method()` would: a prototype's properties are read on the instance it
  // belongs to (`receiver`), and a function is called on the object it was read from (`owner`).
  interface Step { value: unknown; path: string; depth: number; receiver?: object; owner?: object; name?: PropertyKey }
  const queue: Step[] = [{ value: root, path: rootName, depth: 0 }];
  const visit = (value: unknown, path: string, depth: number, links: Pick<Step, 'receiver' | 'owner' | 'name'> = {}) => queue.push({ value, path, depth, ...links });

  while (queue.length) {
    if (report.reached >= maxNodes || Date.now() > deadline) {
      report.truncated = true;
      break;
    }
    const { value, path, depth, receiver, owner, name } = queue.shift()!;
    if (typeof value === 'string') {
      if (secret && value.includes(secret)) found('token', path);
      continue;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    if (seen.has(value) || BUILT_IN_PROTOTYPES.has(value) || depth > maxDepth) continue;
    seen.add(value);
    report.reached++;
    const object = value as Record<PropertyKey, unknown>;
    const fn = (key: string) => { try { return typeof object[key] === 'function'; } catch { return false; } };
    if (fn('get') && fn('store') && fn('delete')) found('secretStorage', path);
    try {
      if ('accessToken' in object) found('session', path);
    } catch { /* a revoked proxy */ }
    const shape = isPrototype(value) ? undefined : internalShape(object);
    if (shape) found(shape, path);

    if (value instanceof Promise) {
      visit(await settle(value, settleMs), `(await ${path})`, depth + 1);
      continue;
    }
    try {
      if (value instanceof Map) for (const [k, v] of value) { visit(k, `${path}.keys()`, depth + 1); visit(v, `${path}.get(${typeof k === 'string' ? JSON.stringify(k) : '…'})`, depth + 1); }
      if (value instanceof Set) for (const v of value) visit(v, `${path}.values()`, depth + 1);
      if (value instanceof Error && secret && String(value.message).includes(secret)) found('token', `${path}.message`);
    } catch { /* a prototype of one of these: its methods refuse it as `this` */ }

    let keys: PropertyKey[] = [];
    try {
      keys = Reflect.ownKeys(value);
    } catch { /* a proxy that refuses */ }
    for (const key of keys) {
      if (typeof key === 'string' && secret && key.includes(secret)) found('token', `${path} (a key)`);
      let child: unknown;
      try {
        // Getters run: whatever a caller can read, the spy reads.
        child = Reflect.get(value, key, receiver ?? value);
      } catch (error) {
        child = error;
      }
      visit(child, `${path}${label(key)}`, depth + 1, { owner: receiver ?? value, name: key });
    }
    try {
      visit(Object.getPrototypeOf(value), `${path}.__proto__`, depth + 1, { receiver: receiver ?? value });
    } catch { /* no prototype to see */ }

    if (call && typeof value === 'function' && !isClass(value as (...a: unknown[]) => unknown) && !NOTICEABLE.test(String(name ?? ''))) {
      report.called++;
      let result: unknown;
      try {
        result = (value as (...a: unknown[]) => unknown).call(owner);
      } catch (error) {
        result = error;
      }
      visit(result, `${path}()`, depth + 1);
    }
  }
  return report;
}
