// Per-app collections: config vars, domains, processes, health checks, add-ons and
// log drains. Config writes restart the app on the platform, hence `slow`.

import type { CallOptions, Requester } from '../callTypes';
import type { Addon, ConfigChange, ConfigVars, Domain, HealthCheckSettings, LogDrain, MessageResult, PlatformReport, ScaleResult } from '../models';
import { toAddon, toConfigChange, toDomain, toLogDrain, toMessage, toScaleResult } from '../modelReaders';
import { readConfig, readFlatStringMap } from '../normalize';
import { path } from './path';

export function appResourceEndpoints(api: Requester) {
  const config = {
    /** GET /apps/:id/config → `{KEY: value}` (wrapped or bare on the wire). */
    async get(appId: string, opts?: CallOptions): Promise<ConfigVars> {
      return readConfig((await api.request({ method: 'GET', path: path`/apps/${appId}/config` }, opts)).body);
    },
    /** PUT /apps/:id/config `{vars}`: merges; only the keys sent change. Each call restarts the app: batch. */
    async set(appId: string, vars: ConfigVars, opts?: CallOptions): Promise<ConfigChange> {
      // The values may be secrets and the service's 422 echoes them: never shown, however short.
      const res = await api.request({ method: 'PUT', path: path`/apps/${appId}/config`, body: { vars }, slow: true, secrets: Object.values(vars) }, opts);
      return toConfigChange(res.body, Object.keys(vars));
    },
    /** DELETE /apps/:id/config with JSON body `{keys}`. */
    async unset(appId: string, keys: string[], opts?: CallOptions): Promise<ConfigChange> {
      const res = await api.request({ method: 'DELETE', path: path`/apps/${appId}/config`, body: { keys }, slow: true }, opts);
      return toConfigChange(res.body, keys);
    },
  };

  const domains = {
    /** GET /apps/:id/domains */
    async list(appId: string, opts?: CallOptions): Promise<Domain[]> {
      return (await api.requestList({ method: 'GET', path: path`/apps/${appId}/domains` }, opts, ['domains'])).map(toDomain);
    },
    /** POST /apps/:id/domains — sends `hostname` and the variant `domain`. */
    async add(appId: string, hostname: string, opts?: CallOptions): Promise<Domain> {
      const res = await api.request({ method: 'POST', path: path`/apps/${appId}/domains`, body: { hostname, domain: hostname }, slow: true }, opts);
      const d = toDomain(res.body);
      return d.hostname ? d : { ...d, hostname };
    },
    /** DELETE /apps/:id/domains/:did */
    async remove(appId: string, domainId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/apps/${appId}/domains/${domainId}`, slow: true }, opts)).body);
    },
    /** POST /apps/:id/domains/:did/ssl (certificate issuance: slow). */
    async enableSsl(appId: string, domainId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'POST', path: path`/apps/${appId}/domains/${domainId}/ssl`, slow: true }, opts)).body);
    },
  };

  const processes = {
    /** GET /apps/:id/ps → flat string report (`"running": "true"`, `"status_web_1": ...`). */
    async get(appId: string, opts?: CallOptions): Promise<PlatformReport> {
      return readFlatStringMap((await api.request({ method: 'GET', path: path`/apps/${appId}/ps` }, opts)).body, 'processes');
    },
    /** PUT /apps/:id/ps `{scaling: {web: 2}}` */
    async scale(appId: string, scaling: Record<string, number>, opts?: CallOptions): Promise<ScaleResult> {
      const res = await api.request({ method: 'PUT', path: path`/apps/${appId}/ps`, body: { scaling }, slow: true }, opts);
      const result = toScaleResult(res.body);
      return Object.keys(result.scaling).length ? result : { ...result, scaling: { ...scaling } };
    },
  };

  const checks = {
    /** GET /apps/:id/checks → flat string report. */
    async get(appId: string, opts?: CallOptions): Promise<PlatformReport> {
      return readFlatStringMap((await api.request({ method: 'GET', path: path`/apps/${appId}/checks` }, opts)).body, 'checks');
    },
    /** PUT /apps/:id/checks `{enabled?, path?, wait?, timeout?, attempts?}` */
    async update(appId: string, settings: HealthCheckSettings, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'PUT', path: path`/apps/${appId}/checks`, body: settings, slow: true }, opts)).body);
    },
  };

  const addons = {
    /** GET /apps/:id/addons */
    async list(appId: string, opts?: CallOptions): Promise<Addon[]> {
      return (await api.requestList({ method: 'GET', path: path`/apps/${appId}/addons` }, opts, ['addons'])).map(toAddon);
    },
    /** POST /apps/:id/addons `{service_type, name?}` */
    async add(appId: string, input: { serviceType: string; name?: string }, opts?: CallOptions): Promise<Addon> {
      const body = { service_type: input.serviceType, name: input.name };
      return toAddon((await api.request({ method: 'POST', path: path`/apps/${appId}/addons`, body, slow: true }, opts)).body);
    },
    /** DELETE /apps/:id/addons/:aid */
    async remove(appId: string, addonId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/apps/${appId}/addons/${addonId}`, slow: true }, opts)).body);
    },
  };

  const logDrains = {
    /** GET /apps/:id/log_drains */
    async list(appId: string, opts?: CallOptions): Promise<LogDrain[]> {
      return (await api.requestList({ method: 'GET', path: path`/apps/${appId}/log_drains` }, opts, ['log_drains', 'drains'])).map(toLogDrain);
    },
    /** POST /apps/:id/log_drains `{url, drain_type}` (syslog:// or http(s)://; type syslog | https). */
    async add(appId: string, input: { url: string; drainType?: 'syslog' | 'https' }, opts?: CallOptions): Promise<LogDrain> {
      const body = { url: input.url, drain_type: input.drainType ?? (/^syslog/i.test(input.url) ? 'syslog' : 'https') };
      return toLogDrain((await api.request({ method: 'POST', path: path`/apps/${appId}/log_drains`, body }, opts)).body);
    },
    /** DELETE /apps/:id/log_drains/:did */
    async remove(appId: string, drainId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/apps/${appId}/log_drains/${drainId}` }, opts)).body);
    },
  };

  return { config, domains, processes, checks, addons, logDrains };
}
