// Servers (admin-only writes: non-admins get 403).

import type { CallOptions, Requester } from '../callTypes';
import type { MessageResult, Server, ServerStatus } from '../models';
import { toMessage, toServer, toServerStatus } from '../modelReaders';
import { path } from './path';

export interface NewServer {
  name: string;
  host: string;
  port?: number;
  sshUser?: string;
  sshPrivateKey: string;
}

export function serverEndpoints(api: Requester) {
  return {
    /** GET /servers */
    async list(opts?: CallOptions): Promise<Server[]> {
      return (await api.requestList({ method: 'GET', path: '/servers' }, opts, ['servers'])).map(toServer);
    },
    /** GET /servers/:id */
    async get(serverId: string, opts?: CallOptions): Promise<Server> {
      return toServer((await api.request({ method: 'GET', path: path`/servers/${serverId}` }, opts)).body);
    },
    /** POST /servers (the private key goes up once and is never returned). */
    async create(input: NewServer, opts?: CallOptions): Promise<Server> {
      api.registerSecret(input.sshPrivateKey);
      const body = { name: input.name, host: input.host, port: input.port ?? 22, ssh_user: input.sshUser, ssh_private_key: input.sshPrivateKey };
      return toServer((await api.request({ method: 'POST', path: '/servers', body, slow: true }, opts)).body);
    },
    /** DELETE /servers/:id */
    async delete(serverId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/servers/${serverId}` }, opts)).body);
    },
    /** GET /servers/:id/status */
    async status(serverId: string, opts?: CallOptions): Promise<ServerStatus> {
      return toServerStatus((await api.request({ method: 'GET', path: path`/servers/${serverId}/status` }, opts)).body);
    },
  };
}
