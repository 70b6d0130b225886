// The route table: every endpoint of service-spec.md plus the optional device sign-in.

import type { Context, Handler, PublicContext, RouteEntry, RouteTable } from '../http/context';
import { Router } from '../http/router';
import { activityRoutes } from './activities';
import { addonRoutes } from './addons';
import { appRoutes } from './apps';
import { authRoutes } from './auth';
import { backupRoutes } from './backups';
import { configRoutes } from './config';
import { databaseRoutes } from './databases';
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

export function buildRoutes(): Router<RouteEntry> {
  const router = new Router<RouteEntry>();
  const authed = (method: string) => (path: string, handler: Handler<Context>) => router.add(method, path, { auth: true, handler });
  const table: RouteTable = {
    get: authed('GET'),
    post: authed('POST'),
    put: authed('PUT'),
    del: authed('DELETE'),
    open: (method: string, path: string, handler: Handler<PublicContext>) => router.add(method, path, { auth: false, handler }),
  };
  for (const register of MODULES) register(table);
  return router;
}
