// /servers: platform infrastructure, like wokku's. Any signed-in user lists and shows
// every server (header mode: the selected workspace's); adding, removing and the live
// status check are for platform admins (403 "Not authorized" otherwise). The private
// key is optional and never shown.

import type { Context, RouteTable } from '../http/context';
import { created, message, platformError } from '../http/reply';
import { newId, nowIso } from '../store';
import type { ServerRecord } from '../types';
import { Errors, str } from '../validate';
import { serverDetailView, serverView } from '../views';
import { headerMode, requireAdmin, serverParam } from './lookup';

/** Documentation addresses and .invalid names never answer: such servers end up unreachable. */
const NEVER_ANSWERS = /^(192\.0\.2\.|198\.51\.100\.|203\.0\.113\.)|\.invalid$/;

function addServer(ctx: Context) {
  requireAdmin(ctx);
  const { body, state, workspace } = ctx;
  const name = str(body, 'name');
  const host = str(body, 'host');
  const errors = new Errors();
  // wokku's Server validations: name present and unique, host present, port a positive integer.
  const taken = [...state.store.servers.values()].some((s) => s.name === name && (!headerMode(ctx) || s.workspaceId === workspace.id));
  if (!name) errors.add("Name can't be blank");
  else if (taken) errors.add('Name has already been taken');
  if (!host) errors.add("Host can't be blank");
  const port = body.port === undefined || body.port === null || body.port === '' ? 22 : Number(body.port);
  if (!Number.isInteger(port)) errors.add('Port must be an integer');
  else if (port <= 0) errors.add('Port must be greater than 0');
  errors.check();

  const server: ServerRecord = {
    id: newId(), workspaceId: workspace.id, name: name!, host: host!, port, sshUser: str(body, 'ssh_user') || 'dokku',
    sshPrivateKey: str(body, 'ssh_private_key') || null, status: 'syncing', createdAt: nowIso(),
  };
  state.store.servers.set(server.id, server);
  // The platform connects and syncs in the background.
  state.scheduler.after(state.settings.actionDelayMs, () => {
    if (server.status === 'syncing') server.status = NEVER_ANSWERS.test(server.host) ? 'unreachable' : 'connected';
  });
  return created(serverDetailView(server));
}

function removeServer(ctx: Context) {
  const server = serverParam(ctx);
  requireAdmin(ctx);
  const { store } = ctx.state;
  const apps = [...store.apps.values()].filter((a) => a.serverId === server.id).length;
  const dbs = [...store.databases.values()].filter((d) => d.serverId === server.id).length;
  if (apps || dbs) {
    throw platformError(`Server ${server.name} still hosts ${apps} app(s) and ${dbs} database(s); remove them first`);
  }
  store.servers.delete(server.id);
  return message('Server removed');
}

function serverStatus(ctx: Context) {
  const server = serverParam(ctx);
  requireAdmin(ctx);
  return { status: server.status, connected: server.status === 'connected' };
}

function listServers(ctx: Context) {
  const { store } = ctx.state;
  const servers = headerMode(ctx) ? store.serversIn(ctx.workspace.id) : [...store.servers.values()];
  return servers.map(serverView);
}

export function serverRoutes(r: RouteTable): void {
  r.get('/servers', listServers);
  r.get('/servers/:id', (ctx) => serverDetailView(serverParam(ctx)));
  r.post('/servers', addServer);
  r.del('/servers/:id', removeServer);
  r.get('/servers/:id/status', serverStatus);
}
