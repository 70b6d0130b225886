// The route table: every endpoint of service-spec.md plus the optional device sign-in.

import type { Context, Handler, PublicContext, RouteEntry, RouteTable } from '../http/context';
import { Router } from '../http/router';
import { activityRoutes } from './activities';
import { addonRoutes } from './addons';
import { appRoutes } from './apps';
import { authRoutes } from './auth';
import { backupRoutes, backupTransferRoutes } from './backups';
import { aiRoutes } from './ai';
import { buildpackRoutes } from './buildpacks';
import { githubRoutes } from './github';
import { runRoutes } from './run';
import { rebuildRoutes } from './rebuild';
import { configRoutes } from './config';
import { databaseRoutes, importRoutes } from './databases';
import { deviceRoutes } from './device';
import { domainRoutes } from './domains';
import { logDrainRoutes } from './logDrains';
import { logRoutes } from './logs';
import { notificationRoutes } from './notifications';
import { processRoutes } from './processes';
import { releaseRoutes } from './releases';
import { serverRoutes } from './servers';
import { sshKeyRoutes } from './sshKeys';
import { teamRoutes } from './teams';
import { templateRoutes } from './templates';

const MODULES: ((r: RouteTable) => void)[] = [
  authRoutes, deviceRoutes, serverRoutes, appRoutes, configRoutes, domainRoutes, releaseRoutes, processRoutes,
  logRoutes, addonRoutes, logDrainRoutes, templateRoutes, databaseRoutes, backupRoutes, sshKeyRoutes, teamRoutes,
  notificationRoutes, activityRoutes,
];

/** What wokku v0.1.0 serves beyond the specification (an older wokku answers 404 for these). */
const BEYOND_SPEC: ((r: RouteTable) => void)[] = [runRoutes, rebuildRoutes, buildpackRoutes, githubRoutes, backupTransferRoutes, importRoutes, aiRoutes];

export function buildRoutes(opts: { olderWokku?: boolean } = {}): Router<RouteEntry> {
  const router = new Router<RouteEntry>();
  const authed = (method: string) => (path: string, handler: Handler<Context>) => router.add(method, path, { auth: true, handler });
  const table: RouteTable = {
    get: authed('GET'),
    post: authed('POST'),
    put: authed('PUT'),
    del: authed('DELETE'),
    postRaw: (path: string, handler: Handler<Context>) => router.add('POST', path, { auth: true, handler, raw: true }),
    open: (method: string, path: string, handler: Handler<PublicContext>) => router.add(method, path, { auth: false, handler }),
  };
  for (const register of MODULES) register(table);
  if (!opts.olderWokku) for (const register of BEYOND_SPEC) register(table);
  return router;
}
