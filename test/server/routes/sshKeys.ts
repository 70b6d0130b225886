// /ssh_keys: the caller's own deploy keys (not workspace-scoped).

import type { Context, RouteTable } from '../http/context';
import { created, message, notFound } from '../http/reply';
import { fingerprint } from '../sshKey';
import { newId, nowIso } from '../store';
import type { SshKey } from '../types';
import { Errors, str } from '../validate';
import { sshKeyView } from '../views';

const keysOf = (ctx: Context): SshKey[] => [...ctx.state.store.sshKeys.values()].filter((k) => k.userId === ctx.user.id);

function addKey(ctx: Context) {
  const name = str(ctx.body, 'name');
  const publicKey = str(ctx.body, 'public_key');
  const errors = new Errors();
  if (!name) errors.add("Name can't be blank");
  else if (name.length > 100) errors.add('Name is too long (maximum is 100 characters)');
  const fp = publicKey ? fingerprint(publicKey) : undefined;
  if (!publicKey) errors.add("Public key can't be blank");
  else if (!fp) errors.add('Public key is not a valid OpenSSH public key');
  else if ([...ctx.state.store.sshKeys.values()].some((k) => k.fingerprint === fp)) errors.add('Fingerprint has already been taken');
  errors.check();
  const key: SshKey = { id: newId(), userId: ctx.user.id, name: name!, publicKey: publicKey!, fingerprint: fp!, createdAt: nowIso() };
  ctx.state.store.sshKeys.set(key.id, key);
  return created(sshKeyView(key));
}

function removeKey(ctx: Context) {
  const key = ctx.state.store.sshKeys.get(ctx.params.id);
  if (!key || key.userId !== ctx.user.id) throw notFound();
  ctx.state.store.sshKeys.delete(key.id);
  return message('SSH key removed');
}

export function sshKeyRoutes(r: RouteTable): void {
  r.get('/ssh_keys', (ctx) => keysOf(ctx).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(sshKeyView));
  r.post('/ssh_keys', addKey);
  r.del('/ssh_keys/:id', removeKey);
}
