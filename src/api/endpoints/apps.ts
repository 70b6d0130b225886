// Apps and their lifecycle. Lifecycle POSTs are synchronous and slow (up to ~30 s
// on the platform), so they use the slow timeout; like every POST they are never
// retried automatically.

import type { CallOptions, Requester } from '../callTypes';
import type { App, MessageResult } from '../models';
import { toApp, toMessage } from '../modelReaders';
import { path } from './path';

export interface AppListQuery {
  /** Name substring filter. */
  q?: string;
  includePreviews?: boolean;
}

export interface NewApp {
  name: string;
  serverId: string;
  deployBranch?: string;
}

export function appEndpoints(api: Requester) {
  const lifecycle = async (appId: string, action: 'restart' | 'stop' | 'start', opts?: CallOptions): Promise<MessageResult> =>
    toMessage((await api.request({ method: 'POST', path: path`/apps/${appId}/${action}`, slow: true }, opts)).body);

  return {
    /** GET /apps?q=&include_previews=1 */
    async list(query: AppListQuery = {}, opts?: CallOptions): Promise<App[]> {
      const spec = { method: 'GET' as const, path: '/apps', query: { q: query.q, include_previews: query.includePreviews ? 1 : undefined } };
      return (await api.requestList(spec, opts, ['apps'])).map(toApp);
    },
    /** GET /apps/:id (adds git_remote, push_instructions) */
    async get(appId: string, opts?: CallOptions): Promise<App> {
      return toApp((await api.request({ method: 'GET', path: path`/apps/${appId}` }, opts)).body);
    },
    /** POST /apps */
    async create(input: NewApp, opts?: CallOptions): Promise<App> {
      const body = { name: input.name, server_id: input.serverId, deploy_branch: input.deployBranch };
      return toApp((await api.request({ method: 'POST', path: '/apps', body, slow: true }, opts)).body);
    },
    /** PUT /apps/:id (rename, deploy branch) */
    async update(appId: string, changes: { name?: string; deployBranch?: string }, opts?: CallOptions): Promise<App> {
      const body = { name: changes.name, deploy_branch: changes.deployBranch };
      return toApp((await api.request({ method: 'PUT', path: path`/apps/${appId}`, body, slow: true }, opts)).body);
    },
    /** DELETE /apps/:id */
    async delete(appId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/apps/${appId}`, slow: true }, opts)).body);
    },
    /** POST /apps/:id/restart */
    restart: (appId: string, opts?: CallOptions) => lifecycle(appId, 'restart', opts),
    /** POST /apps/:id/stop */
    stop: (appId: string, opts?: CallOptions) => lifecycle(appId, 'stop', opts),
    /** POST /apps/:id/start */
    start: (appId: string, opts?: CallOptions) => lifecycle(appId, 'start', opts),
  };
}
