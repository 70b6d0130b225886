// The API token for a push to the service's own HTTP gateway, handed to git without ever
// sitting where the repository's code can read it. git runs hooks (pre-push, husky's…)
// with its environment and configuration: a token passed as `GIT_CONFIG_VALUE_n` or
// `-c http.extraHeader=…` is theirs to read. Instead, for the push's origin only, git's
// credential helpers are replaced by a tiny helper AppHost writes for this push: it asks
// the extension over a local socket (a Unix socket in a private folder, a named pipe on
// Windows) with a random one-time key, and the extension answers git's first `get` only,
// then stops listening. git asks while it lists the remote's refs, before any hook runs;
// a hook that runs the helper afterwards finds nobody answering. Nothing is stored: the
// user's own helpers (a keychain, ~/.git-credentials) are reset for this origin, so git's
// "approve" after the push reaches only AppHost's helper, which ignores it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CredentialChannel {
  /** What git's environment gets: configuration for this run only, no secret. */
  readonly env: Record<string, string>;
  /** Stops answering and removes the helper (after the push, whatever happened). */
  close(): void;
}

/** The user name git sends with the token as its password (the gateway takes any). */
const USER_NAME = 'apphost';

/**
 * Opens the channel for one push to `origin` (e.g. `https://git.example.com`), adding its
 * configuration to `base` (an environment that may already carry `GIT_CONFIG_COUNT` entries).
 */
export async function openCredentialChannel(origin: string, token: string, base: NodeJS.ProcessEnv): Promise<CredentialChannel> {
  const dir = mkdtempSync(join(tmpdir(), 'apphost-git-')); // 0700: only this user
  const key = randomBytes(32).toString('hex');
  const address = process.platform === 'win32' ? `\\\\.\\pipe\\apphost-git-${randomBytes(16).toString('hex')}` : join(dir, 'socket');
  let answered = false;
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!received.includes('\n')) {
        if (received.length > 200) socket.destroy();
        return;
      }
      if (answered || received.slice(0, received.indexOf('\n')) !== key) {
        socket.destroy();
        return;
      }
      answered = true;
      socket.end(JSON.stringify({ username: USER_NAME, password: token }));
      // One answer: nobody asks again, not even with the key.
      server.close();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => resolve());
  });
  const helper = join(dir, 'credential-helper.js');
  writeFileSync(helper, helperSource(address, key), { mode: 0o600 });
  const n = Number.parseInt(base.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  // An empty helper first resets the list: the user's helpers never see (or store) the token.
  const entries: [string, string][] = [
    [`credential.${origin}.helper`, ''],
    [`credential.${origin}.helper`, `!ELECTRON_RUN_AS_NODE=1 ${shellQuoted(process.execPath)} ${shellQuoted(helper)}`],
  ];
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(n + entries.length) };
  entries.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${n + i}`] = k;
    env[`GIT_CONFIG_VALUE_${n + i}`] = v;
  });
  return {
    env,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The helper git runs (`<helper> get|store|erase`, the request on stdin): it answers `get` from the channel. */
function helperSource(address: string, key: string): string {
  return `// Written by AppHost for one git push; removed when it ends.
if (process.argv[2] !== 'get') process.exit(0);
process.stdin.resume();
process.stdin.on('end', () => {
  const socket = require('node:net').connect(${JSON.stringify(address)});
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(${JSON.stringify(`${key}\n`)}));
  socket.on('data', (chunk) => { reply += chunk; });
  socket.on('error', () => process.exit(0));
  socket.on('close', () => {
    try {
      const { username, password } = JSON.parse(reply);
      process.stdout.write('username=' + username + '\\npassword=' + password + '\\n');
    } catch {}
  });
});
`;
}

/** A word for git's shell (`sh -c`), whatever it holds. */
function shellQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
