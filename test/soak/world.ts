// The soak's world on the driver side: the reference server (wokku's defaults: 60
// requests/min in fixed windows, 2 s actions), a git repository linked to the busy
// app, and an SSH key of the demo user registered with the server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER, startServer, type RunningServer } from '../server';
import { fingerprint, makeEd25519PublicKey } from '../server/sshKey';
import { newId, nowIso } from '../server/store';
import { linkedRepo as linkedSampleRepo } from '../tools/sampleRepo';

export async function startSoakServer(): Promise<RunningServer> {
  // The log generator is off: the soak's own traffic (load.ts) is the whole truth.
  return startServer({ logIntervalMs: 0 });
}

/** A folder with `<name>.pub`, the key registered for the demo user (the deploy's SSH key check passes). */
export function registeredSshDir(server: RunningServer, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const publicKey = makeEd25519PublicKey('apphost-soak', 'dana@soak');
  writeFileSync(join(dir, 'id_ed25519.pub'), `${publicKey}\n`);
  const { store } = server.control.state;
  const user = store.userByEmail(DEMO_USER.email)!;
  const id = newId();
  store.sshKeys.set(id, { id, userId: user.id, name: 'dana@soak', publicKey, fingerprint: fingerprint(publicKey)!, createdAt: nowIso() });
  return dir;
}

/** A git repository whose `wokku` remote is the app (wokku's SSH form, sent to the gateway by insteadOf). */
export function linkedRepo(server: RunningServer, dir: string, app: string): string {
  linkedSampleRepo(dir, server, app).commit('Initial commit', {
    'server.js': "require('node:http').createServer((q, s) => s.end('hi')).listen(process.env.PORT);\n",
    'SOAK.md': 'soak\n',
  });
  return dir;
}
