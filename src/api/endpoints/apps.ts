// Apps and their lifecycle. Lifecycle POSTs are synchronous and slow (up to ~30 s
// on the platform), so they use the slow timeout; like every POST they are never
// retried automatically.

import type { CallOptions, Requester } from '../callTypes';
import { ApiError } from '../errors';
import type { App, GithubConnection, MessageResult, RebuildStarted, RunResult } from '../models';
import { isRunOutcome, toApp, toGithubConnection, toMessage, toRebuildStarted, toRunResult } from '../modelReaders';
import { path } from './path';

/**
 * How long AppHost waits for a one-off command's answer. wokku itself sets no limit (its
 * `timeout: 60` is never used); the proxy in front does (60 s on Dokku's nginx, 30 s under
 * Kamal, unless its operator changed them), so AppHost waits a little longer than the usual ones.
 */
export const RUN_TIMEOUT_MS = 75_000;

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

    /**
     * POST /apps/:id/run `{command}`: a one-off command in a fresh container; answers when it
     * ends. A command that exits non-zero is a result (`ok: false`, wokku's 422 with
     * `exit_code`), not an error; "Missing command" (422), 503 (server unreachable) and the
     * rest throw. Never sent twice (a POST), waited for at least RUN_TIMEOUT_MS.
     */
    async run(appId: string, command: string, opts?: CallOptions): Promise<RunResult> {
      const spec = { method: 'POST' as const, path: path`/apps/${appId}/run`, body: { command }, minTimeoutMs: RUN_TIMEOUT_MS };
      try {
        return toRunResult((await api.request(spec, opts)).body);
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && isRunOutcome(e.details)) return toRunResult(e.details);
        throw e;
      }
    },
    /**
     * POST /apps/:id/deploy (wokku, beyond the spec): rebuilds the app from what was last
     * pushed (`dokku ps:rebuild`); 202 `{message, deploy_id, release_id}` at once, the build
     * follows as that deploy. Never sent twice (a POST).
     */
    async rebuild(appId: string, opts?: CallOptions): Promise<RebuildStarted> {
      return toRebuildStarted((await api.request({ method: 'POST', path: path`/apps/${appId}/deploy` }, opts)).body);
    },
    /** POST /apps/:id/github_connect `{repo, branch}` (branch: the service's default "main" when omitted). */
    async githubConnect(appId: string, input: { repo: string; branch?: string }, opts?: CallOptions): Promise<GithubConnection> {
      const spec = { method: 'POST' as const, path: path`/apps/${appId}/github_connect`, body: { repo: input.repo, branch: input.branch } };
      return toGithubConnection((await api.request(spec, opts)).body);
    },
    /** DELETE /apps/:id/github_disconnect */
    async githubDisconnect(appId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/apps/${appId}/github_disconnect` }, opts)).body);
    },
  };
}
