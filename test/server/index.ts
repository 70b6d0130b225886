// The reference hosting service: startServer() for tests, `npm run server` for the demo.
// Speaks the dialect of shared/docs/api-contract.md over real HTTP.

import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ServerControl } from './control';
import type { ServerOptions } from './options';
import { servePage } from './pages';
import { createRequestHandler } from './pipeline';
import { buildRoutes } from './routes';
import { seed } from './seed';
import { ServiceState } from './state';

export { ADMIN_USER, DEMO_USER, OTHER_USERS, OTHER_USERS_PASSWORD } from './accounts';
export { ServerControl, type WorkspaceRef } from './control';
export type { CountRule, FailRule, RequestMatcher } from './faults';
export type { ServerOptions } from './options';
export type { RateLimitSettings } from './rateLimit';
export type { RequestLogEntry } from './requestLog';
export { API_PREFIX } from './pipeline';
export { makeTestPki, type KeyAndCert, type TestPki } from './testCertificates';

export interface RunningServer {
  /** Origin, e.g. http://127.0.0.1:43123 (https with `tls`); the API is at url + '/api/v1'. */
  url: string;
  close(): Promise<void>;
  control: ServerControl;
  /** https only: serve another certificate from now on (open connections are closed), e.g. one that expired. */
  setCertificate(tls: { key: string; cert: string }): void;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const state = new ServiceState(options);
  seed(state, options.seed ?? 'demo');
  const handler = createRequestHandler(state, buildRoutes({ olderWokku: state.settings.olderWokku }), servePage);
  const server: Server = options.tls ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, handler) : createServer(handler);
  server.keepAliveTimeout = 5000;
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  state.baseUrl = `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`;
  state.setLogInterval(state.settings.logIntervalMs);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      state.close();
      server.close(() => resolve());
      // Open streams and keep-alive sockets would otherwise hold close() forever.
      server.closeAllConnections();
    });
    return closing;
  };
  const setCertificate = (tls: { key: string; cert: string }): void => {
    if (!options.tls) throw new Error('setCertificate: this server speaks plain http');
    (server as unknown as import('node:tls').Server).setSecureContext(tls);
    server.closeAllConnections();
  };
  return { url: state.baseUrl, close, control: new ServerControl(state), setCertificate };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
