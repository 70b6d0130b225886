// Releases, logs, deploys and templates: what runs and how it got there.

import type { CallOptions, Requester } from '../callTypes';
import type { Deploy, Logs, Release, Template, TemplateDeployment, TemplateList } from '../models';
import { toDeploy, toRelease, toTemplate, toTemplateDeployment, toTemplateList } from '../modelReaders';
import { type LogFollow, logFollowFrom } from '../logStream';
import { readLogLines } from '../normalize';
import { path } from './path';

export function deliveryEndpoints(api: Requester) {
  const releases = {
    /** GET /apps/:id/releases (newest first) */
    async list(appId: string, opts?: CallOptions): Promise<Release[]> {
      return (await api.requestList({ method: 'GET', path: path`/apps/${appId}/releases` }, opts, ['releases'])).map(toRelease);
    },
    /** GET /apps/:id/releases/:rid */
    async get(appId: string, releaseId: string, opts?: CallOptions): Promise<Release> {
      return toRelease((await api.request({ method: 'GET', path: path`/apps/${appId}/releases/${releaseId}` }, opts)).body);
    },
    /** POST /apps/:id/releases/:rid/rollback → the NEW release (422 when the target has no commit). */
    async rollback(appId: string, releaseId: string, opts?: CallOptions): Promise<Release> {
      const spec = { method: 'POST' as const, path: path`/apps/${appId}/releases/${releaseId}/rollback`, slow: true };
      return toRelease((await api.request(spec, opts)).body);
    },
  };

  const logs = {
    /**
     * GET /apps/:id/logs?lines=N → the last N lines (no follow/cursor in the canonical API;
     * log tailing polls this with priority `background`).
     */
    async get(appId: string, query: { lines?: number } = {}, opts?: CallOptions): Promise<Logs> {
      const res = await api.request({ method: 'GET', path: path`/apps/${appId}/logs`, query: { lines: query.lines } }, opts);
      const lines = readLogLines(res.body);
      return { lines, text: lines.join('\n') };
    },
    /**
     * GET /apps/:id/logs?follow=1 — only some deployments stream. Check `streaming`:
     * false means one window came back and the caller should poll `get` instead.
     * `idleMs` (default 120 s) ends a silent stream so the caller reconnects.
     */
    async follow(appId: string, query: { lines?: number; idleMs?: number } = {}, opts?: CallOptions): Promise<LogFollow> {
      const spec = { method: 'GET' as const, path: path`/apps/${appId}/logs`, query: { lines: query.lines, follow: 1 } };
      const res = await api.openStream(spec, opts);
      return logFollowFrom(res, query.idleMs ?? 120_000, opts?.signal);
    },
  };

  const deploys = {
    /** GET /apps/:id/deploys (last 20, newest first) */
    async list(appId: string, opts?: CallOptions): Promise<Deploy[]> {
      return (await api.requestList({ method: 'GET', path: path`/apps/${appId}/deploys` }, opts, ['deploys'])).map(toDeploy);
    },
    /** GET /apps/:id/deploys/:did (+ build log) */
    async get(appId: string, deployId: string, opts?: CallOptions): Promise<Deploy> {
      return toDeploy((await api.request({ method: 'GET', path: path`/apps/${appId}/deploys/${deployId}` }, opts)).body);
    },
  };

  const templates = {
    /** GET /templates?q=&category= → templates + categories */
    async list(query: { q?: string; category?: string } = {}, opts?: CallOptions): Promise<TemplateList> {
      const res = await api.request({ method: 'GET', path: '/templates', query: { q: query.q, category: query.category } }, opts);
      return toTemplateList(res.body);
    },
    /** GET /templates/:slug */
    async get(slug: string, opts?: CallOptions): Promise<Template> {
      return toTemplate((await api.request({ method: 'GET', path: path`/templates/${slug}` }, opts)).body);
    },
    /** POST /templates/deploy — sends `app_name` and the variant `name`. */
    async deploy(input: { slug: string; serverId: string; appName: string }, opts?: CallOptions): Promise<TemplateDeployment> {
      const body = { slug: input.slug, server_id: input.serverId, app_name: input.appName, name: input.appName };
      return toTemplateDeployment((await api.request({ method: 'POST', path: '/templates/deploy', body, slow: true }, opts)).body);
    },
  };

  return { releases, logs, deploys, templates };
}
