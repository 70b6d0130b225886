// /apps/:id/ps (process report and scaling) and /apps/:id/checks (health checks).
// Both reports are flat string maps, as the platform tool prints them.

import type { Context, RouteTable } from '../http/context';
import { badRequest } from '../http/reply';
import { formatScaling } from '../operations';
import { sha256 } from '../store';
import type { AppRecord, HealthChecks } from '../types';
import { Errors, PROCESS_NAME_PATTERN } from '../validate';
import { activity, reachableApp } from './lookup';

const MAX_PER_TYPE = 20;

const CONTAINER_STATE: Record<string, string> = {
  running: 'running', deploying: 'restarting', crashed: 'exited', stopped: 'exited', sleeping: 'paused', created: 'missing',
};

export function processReport(app: AppRecord): Record<string, string> {
  const deployed = app.commitSha !== null;
  const total = Object.values(app.scaling).reduce((n, c) => n + c, 0);
  const report: Record<string, string> = {
    deployed: String(deployed),
    processes: String(deployed ? total : 0),
    ps_can_scale: 'true',
    ps_restart_policy: 'on-failure:10',
    restore: String(app.status !== 'stopped'),
    running: String(app.status === 'running'),
  };
  if (!deployed) return report;
  for (const [type, count] of Object.entries(app.scaling)) {
    for (let i = 1; i <= count; i++) {
      const cid = sha256(`${app.id}/${type}.${i}/${app.commitSha}`).slice(0, 12);
      report[`status_${type}_${i}`] = `${CONTAINER_STATE[app.status]} (CID: ${cid})`;
    }
  }
  return report;
}

function scale(ctx: Context) {
  const app = reachableApp(ctx);
  const scaling = ctx.body.scaling;
  if (scaling === null || typeof scaling !== 'object' || Array.isArray(scaling) || Object.keys(scaling).length === 0) {
    throw badRequest('scaling parameter required');
  }
  const errors = new Errors();
  const next: Record<string, number> = {};
  for (const [type, raw] of Object.entries(scaling as Record<string, unknown>)) {
    const count = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (!PROCESS_NAME_PATTERN.test(type)) errors.add(`Invalid process type: ${type}`);
    else if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > MAX_PER_TYPE) {
      errors.add(`Quantity for ${type} must be an integer between 0 and ${MAX_PER_TYPE}`);
    } else next[type] = count;
  }
  errors.check();
  Object.assign(app.scaling, next);
  activity(ctx, 'ps.scale', 'App', app.name, `Scaled ${app.name} to ${formatScaling(app.scaling)}`);
  return { message: 'Scaling updated', scaling: { ...app.scaling } };
}

export const checksReport = (c: HealthChecks): Record<string, string> => ({
  enabled: String(c.enabled), path: c.path, wait: String(c.wait), timeout: String(c.timeout), attempts: String(c.attempts),
});

const NUMERIC_CHECKS: [keyof HealthChecks & ('wait' | 'timeout' | 'attempts'), number, number][] = [
  ['wait', 0, 300],
  ['timeout', 1, 600],
  ['attempts', 1, 20],
];

function updateChecks(ctx: Context) {
  const app = reachableApp(ctx);
  const { body } = ctx;
  const given = ['enabled', 'path', 'wait', 'timeout', 'attempts'].filter((k) => body[k] !== undefined);
  if (given.length === 0) throw badRequest('No health check settings given (enabled, path, wait, timeout, attempts)');
  const errors = new Errors();
  const next: HealthChecks = { ...app.checks };
  if (body.enabled !== undefined) {
    const e = body.enabled;
    if (e === true || e === 'true') next.enabled = true;
    else if (e === false || e === 'false') next.enabled = false;
    else errors.add('Enabled must be true or false');
  }
  if (body.path !== undefined) {
    if (typeof body.path !== 'string' || !/^\/\S*$/.test(body.path)) errors.add('Path must start with /');
    else next.path = body.path;
  }
  for (const [key, min, max] of NUMERIC_CHECKS) {
    if (body[key] === undefined) continue;
    const n = typeof body[key] === 'string' ? Number(body[key]) : body[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      errors.add(`${key[0].toUpperCase()}${key.slice(1)} must be an integer between ${min} and ${max}`);
    } else next[key] = n;
  }
  errors.check();
  app.checks = next;
  activity(ctx, 'checks.update', 'App', app.name, `Health checks of ${app.name} updated (${given.join(', ')})`);
  return { message: 'Health check settings updated' };
}

export function processRoutes(r: RouteTable): void {
  r.get('/apps/:id/ps', (ctx) => ({ processes: processReport(reachableApp(ctx)) }));
  r.put('/apps/:id/ps', scale);
  r.get('/apps/:id/checks', (ctx) => ({ checks: checksReport(reachableApp(ctx).checks) }));
  r.put('/apps/:id/checks', updateChecks);
}
