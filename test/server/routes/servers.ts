// /servers: anyone in the workspace may list them; adding, removing and the live
// status check are for platform admins (403 "Not authorized" otherwise).

import type { Context, RouteTable } from '../http/context';
import { conflict, created, message, platformError } from '../http/reply';
import { newId, nowIso } from '../store';
import type { ServerRecord } from '../types';
import { checkName, Errors, HOSTNAME_PATTERN, str } from '../validate';
import { serverView } from '../views';
import { activity, requireAdmin, serverParam } from './lookup';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** Documentation addresses and .invalid names never answer: such servers end up unreachable. */
const NEVER_ANSWERS = /^(192\.0\.2\.|198\.51\.100\.|203\.0\.113\.)|\.invalid$/;

function addServer(ctx: Context) {
  requireAdmin(ctx);
  const { body, state, workspace } = ctx;
  const name = str(body, 'name');
  const host = str(body, 'host');
  const key = str(body, 'ssh_private_key');
  const sshUser = str(body, 'ssh_user') || 'dokku';
  const errors = new Errors();
  checkName(errors, 'Name', name);
  if (!host) errors.add("Host can't be blank");
  else if (!HOSTNAME_PATTERN.test(host) && !(IPV4.test(host) && host.split('.').every((p) => Number(p) <= 255)) && host !== 'localhost') {
    errors.add('Host is not a valid hostname or IP address');
  }
  const port = body.port === undefined || body.port === null || body.port === '' ? 22 : Number(body.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.add('Port must be between 1 and 65535');
  if (!/^[a-z_][a-z0-9_-]*$/.test(sshUser)) errors.add('Ssh user is invalid');
  if (!key) errors.add("Ssh private key can't be blank");
  else if (!/^-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) errors.add('Ssh private key is not a PEM private key');
  errors.check();
  if (state.store.findServer(workspace.id, name!)) throw conflict('Server name already taken');

  const server: ServerRecord = {
    id: newId(), workspaceId: workspace.id, name: name!, host: host!, port, sshUser, sshPrivateKey: key!, status: 'syncing', createdAt: nowIso(),
  };
  state.store.servers.set(server.id, server);
  // The platform connects and syncs in the background.
  state.scheduler.after(state.settings.actionDelayMs, () => {
    if (server.status === 'syncing') server.status = NEVER_ANSWERS.test(server.host) ? 'unreachable' : 'connected';
  });
  activity(ctx, 'server.create', 'Server', server.name, `Server ${server.name} (${server.host}) added`);
  return created(serverView(server));
}

function removeServer(ctx: Context) {
  requireAdmin(ctx);
  const server = serverParam(ctx);
  const { store } = ctx.state;
  const apps = [...store.apps.values()].filter((a) => a.serverId === server.id).length;
  const dbs = [...store.databases.values()].filter((d) => d.serverId === server.id).length;
  if (apps || dbs) {
    throw platformError(`Server ${server.name} still hosts ${apps} app(s) and ${dbs} database(s); remove them first`);
  }
  store.servers.delete(server.id);
  activity(ctx, 'server.delete', 'Server', server.name, `Server ${server.name} removed`);
  return message('Server removed');
}

function serverStatus(ctx: Context) {
  requireAdmin(ctx);
  const server = serverParam(ctx);
  return { status: server.status, connected: server.status === 'connected' };
}

export function serverRoutes(r: RouteTable): void {
  r.get('/servers', (ctx) => ctx.state.store.serversIn(ctx.workspace.id).map(serverView));
  r.get('/servers/:id', (ctx) => serverView(serverParam(ctx)));
  r.post('/servers', addServer);
  r.del('/servers/:id', removeServer);
  r.get('/servers/:id/status', serverStatus);
}
