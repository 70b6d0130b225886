// What an ApiClient is built from (options, defaults) and what they set up before any
// request: the route requests leave by (dispatcher, proxy, trusted roots) and a logger
// whose every line is scrubbed.

import type { Dispatcher } from 'undici';
import type { Clock } from './clock';
import { createDispatcher, needsTrust, type ProxySettings } from './dispatcher';
import type { ApiError } from './errors';
import type { RequestBudget } from './requestBudget';
import type { RetryOptions } from './retry';
import type { SecretScrubber } from './secrets';
import { trustedRoots, type TrustSettings } from './trustedRoots';
import type { ApiLogger } from './transport';

export interface Timeouts {
  /** TCP/TLS connect (default 10 s). */
  connectMs: number;
  /** Ordinary requests, whole exchange (default 15 s). */
  readMs: number;
  /** Slow platform operations: lifecycle, create, deploy, rollback, SSL, config (default 90 s). */
  slowMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, readMs: 15_000, slowMs: 90_000 };

export interface ApiClientOptions {
  /** `https://host`, `https://host/` or `https://host/api/v1`. */
  baseUrl: string;
  /** Current token (from SecretStorage); undefined = not signed in. */
  getToken: () => Promise<string | undefined> | string | undefined;
  /** Shared budget; a connection-private one (60/min) is created when omitted. */
  budget?: RequestBudget;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryOptions>;
  /** VS Code `http.proxy` / `http.proxyStrictSSL` / `http.noProxy`; env proxies apply otherwise. */
  proxy?: ProxySettings;
  /** `apphost.allowInsecureHttp`: permit http:// to non-loopback hosts. */
  allowInsecureHttp?: boolean;
  userAgent?: string;
  logger?: ApiLogger;
  /** Upper bound on `Link: rel="next"` pages followed for one list (default 20). */
  maxPages?: number;
  /**
   * Which roots to trust for https (the OS store, NODE_EXTRA_CA_CERTS, PEM files; see
   * trustedRoots.ts), read on the first request. Default: the OS store, no files.
   */
  trust?: TrustSettings;
  /** Injected dispatcher (tests: undici MockAgent). Not closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Times the response timeouts and retry delays (tests: the budget's fake clock). */
  clock?: Clock;
  /**
   * Called on a 401 to a request that used the stored token (from getToken), i.e. the
   * session expired or was revoked. Not for explicit `opts.token` (a token being tried).
   * `token` is the refused value, so a late 401 for a replaced token can be ignored.
   */
  onUnauthorized?: (error: ApiError, token: string) => void;
}

export interface Route {
  /** How requests leave: "direct", "proxy http://…", "environment proxy …". */
  description: string;
  /** Certificates are not checked (through a proxy with http.proxyStrictSSL false). */
  insecureTls: boolean;
  /** The dispatcher; for https built on the first request, once the trusted roots are read. */
  dispatcher: () => Promise<Dispatcher>;
}

/** The route of a connection to `origin`: the injected dispatcher, or one built from the network settings. */
export function openRoute(origin: string, opts: ApiClientOptions, connectTimeoutMs: number, logger: ApiLogger | undefined): Route {
  const network = { proxy: opts.proxy, connectTimeoutMs };
  const choice = opts.dispatcher
    ? { dispatcher: opts.dispatcher, description: 'injected dispatcher' }
    : createDispatcher(origin, network);
  const route = { description: choice.description, insecureTls: 'insecureTls' in choice && choice.insecureTls === true };
  if (opts.dispatcher || !needsTrust(origin, opts.proxy)) {
    const ready = Promise.resolve(choice.dispatcher);
    return { ...route, dispatcher: () => ready };
  }
  // https: the same route, with the roots read on the first request (that plan held no connection).
  void choice.dispatcher.close();
  const trust = opts.trust ?? { systemCertificates: true, files: [] };
  let dispatcher: Promise<Dispatcher> | undefined;
  return {
    ...route,
    dispatcher: () => (dispatcher ??= trustedRoots(trust).then((roots) => {
      logger?.info?.(`TLS: trusting ${roots.description}`);
      return createDispatcher(origin, { ...network, trust: roots }).dispatcher;
    }).catch((error: unknown) => {
      dispatcher = undefined; // a fixed setting is read again by the next request
      throw error;
    })),
  };
}

/** Every line passes through the scrubber, whatever the caller's logger does with it. */
export function scrubbedLogger(logger: ApiLogger | undefined, scrubber: SecretScrubber): ApiLogger | undefined {
  if (!logger) return undefined;
  const wrap = (fn?: (m: string) => void) => (fn ? (m: string) => fn.call(logger, scrubber.scrub(m)) : undefined);
  return { trace: wrap(logger.trace), debug: wrap(logger.debug), info: wrap(logger.info), warn: wrap(logger.warn), error: wrap(logger.error) };
}
