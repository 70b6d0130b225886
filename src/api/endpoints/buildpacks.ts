// An app's buildpacks (wokku: /apps/:app_id/buildpacks, a singular resource over Dokku's
// `buildpacks:*`). Every call answers the list as it is afterwards, in order, without
// Dokku's header line. Writes run Dokku commands over SSH: the slow timeout.

import type { CallOptions, Requester } from '../callTypes';
import { readBuildpacks } from '../modelReaders';
import { path } from './path';

export function buildpackEndpoints(api: Requester) {
  const at = (appId: string) => path`/apps/${appId}/buildpacks`;
  return {
    /** GET /apps/:app_id/buildpacks */
    async list(appId: string, opts?: CallOptions): Promise<string[]> {
      return readBuildpacks((await api.request({ method: 'GET', path: at(appId) }, opts)).body);
    },
    /** POST /apps/:app_id/buildpacks `{url, index?}`: index 1 = first; none = last. */
    async add(appId: string, url: string, input: { index?: number } = {}, opts?: CallOptions): Promise<string[]> {
      const spec = { method: 'POST' as const, path: at(appId), body: { url, index: input.index }, slow: true };
      return readBuildpacks((await api.request(spec, opts)).body);
    },
    /** PUT /apps/:app_id/buildpacks `{urls: [...]}`: the whole list, in order (empty = clear). */
    async set(appId: string, urls: readonly string[], opts?: CallOptions): Promise<string[]> {
      return readBuildpacks((await api.request({ method: 'PUT', path: at(appId), body: { urls }, slow: true }, opts)).body);
    },
    /** DELETE /apps/:app_id/buildpacks?url=…: removes one. */
    async remove(appId: string, url: string, opts?: CallOptions): Promise<string[]> {
      return readBuildpacks((await api.request({ method: 'DELETE', path: at(appId), query: { url }, slow: true }, opts)).body);
    },
    /** DELETE /apps/:app_id/buildpacks: removes them all (the next build detects one). */
    async clear(appId: string, opts?: CallOptions): Promise<string[]> {
      return readBuildpacks((await api.request({ method: 'DELETE', path: at(appId), slow: true }, opts)).body);
    },
  };
}
