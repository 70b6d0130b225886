// The route table: every endpoint of service-spec.md plus the optional device sign-in.

import type { Context, Handler, PublicContext, RouteEntry, RouteTable } from '../http/context';
import { Router } from '../http/router';
import { authRoutes } from './auth';
import { deviceRoutes } from './device';

const MODULES: ((r: RouteTable) => void)[] = [authRoutes, deviceRoutes];

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
