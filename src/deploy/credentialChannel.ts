// The API token for a push to the service's own HTTP gateway, handed to git without ever
// sitting where the repository's code, or another program of the user, can read it. git
// runs hooks (pre-push, husky's…) with its environment and configuration: a token passed
// as `GIT_CONFIG_VALUE_n` or `-c http.extraHeader=…` is theirs to read. Instead, for the
// push's origin only, git's credential helpers are replaced by one AppHost gives this push,
// and the user's own (a keychain, ~/.git-credentials) are reset for that origin, so git's
// "approve" after the push stores nothing.
//
// The credential itself travels on a pipe that git inherits as its file descriptor 3 (a
// socket pair: no file, no name, and /proc/<pid>/fd/3 cannot be opened by another process,
// even of the same user). AppHost writes it once and closes its end; the helper, a shell
// one-liner, copies it to git on the first `get`. git asks while it lists the remote's
// refs, before any hook runs: a hook that runs the helper afterwards finds the pipe empty.
//
// Windows: a descriptor beyond 2 does not reach git's helpers there, so the helper (a Node
// script) asks the extension over a named pipe with a one-time key, answered once.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';

export interface CredentialChannel {
  /** git configuration for this push only (`[key, value]`, in order), no secret. */
  readonly config: [string, string][];
  /** Hands the credential to the git just started (its stdio[3] must be a pipe). */
  attach(stdio3: Writable | null | undefined): void;
  /** Stops answering and removes what it made (after the push, whatever happened). */
  close(): void;
}

/** The user name git sends with the token as its password (the gateway takes any). */
const USER_NAME = 'apphost';

/** The helper on POSIX: drains git's request, answers `get` with what the pipe holds (once). */
const PIPE_HELPER = '!f() { test "$1" = get || exit 0; cat >/dev/null; cat <&3; }; f';

/** Opens the channel for one push to `origin` (e.g. `https://git.example.com`). */
export async function openCredentialChannel(origin: string, token: string): Promise<CredentialChannel> {
  // A line break would let the token add fields of its own to git's credential.
  if (/[\r\n\0]/.test(token)) throw new Error(l10n.t('The API token cannot be given to git: it holds a line break. Sign in again.'));
  if (process.platform === 'win32') return openNamedPipeChannel(origin, token);
  return {
    config: helperConfig(origin, PIPE_HELPER),
    attach: (stdio3) => {
      if (!stdio3) throw new Error('git was started without the credential pipe');
      stdio3.on('error', () => undefined); // git may end before it asks
      stdio3.end(`username=${USER_NAME}\npassword=${token}\n`);
    },
    close: () => undefined,
  };
}

/** An empty helper first resets the list: the user's helpers never see (or store) the token. */
function helperConfig(origin: string, helper: string): [string, string][] {
  return [
    [`credential.${origin}.helper`, ''],
    [`credential.${origin}.helper`, helper],
  ];
}

/** Windows: a named pipe with a random name, answered once to the helper that knows the key. */
async function openNamedPipeChannel(origin: string, token: string): Promise<CredentialChannel> {
  const dir = mkdtempSync(join(tmpdir(), 'apphost-git-')); // only this user
  const key = randomBytes(32).toString('hex');
  const address = `\\\\.\\pipe\\apphost-git-${randomBytes(16).toString('hex')}`;
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
  return {
    config: helperConfig(origin, `!ELECTRON_RUN_AS_NODE=1 ${shellQuoted(process.execPath)} ${shellQuoted(helper)}`),
    attach: (stdio3) => stdio3?.end(),
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
