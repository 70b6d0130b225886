// Builds the one keep-alive undici dispatcher a connection uses: a plain Agent, a
// ProxyAgent for an explicit proxy (VS Code's `http.proxy`), or an
// EnvHttpProxyAgent when HTTPS_PROXY/HTTP_PROXY are set (it honours NO_PROXY).

import type { SecureContext } from 'node:tls';
import type { Dispatcher } from 'undici';
import { ConfigurationError } from './errors';
import { safeUrl } from './secrets';
import { undici } from './undici';

export interface ProxySettings {
  /** Explicit proxy URL (VS Code `http.proxy`); empty = use the environment. */
  url?: string;
  /**
   * VS Code `http.proxyStrictSSL`: verify TLS certificates of connections through a proxy
   * (default true). Direct connections are always verified; when off, the description says so.
   */
  strictSSL?: boolean;
  /** Hosts that bypass an explicit proxy (VS Code `http.noProxy`); NO_PROXY is also read. */
  noProxy?: string | string[];
}

export interface DispatcherChoice {
  dispatcher: Dispatcher;
  /** For the log: "direct", "proxy http://proxy:3128", "environment proxy". */
  description: string;
  /** Certificate checks are off for this connection (http.proxyStrictSSL false, through a proxy): tell the user. */
  insecureTls?: boolean;
}

const KEEP_ALIVE_MS = 30_000;

/** The roots a connection trusts (trustedRoots.ts); absent = Node's defaults (plain http, tests). */
export interface TrustOptions {
  ca: string[];
  secureContext: SecureContext;
}

export function createDispatcher(
  target: string,
  opts: { proxy?: ProxySettings; connectTimeoutMs: number; env?: NodeJS.ProcessEnv; trust?: TrustOptions },
): DispatcherChoice {
  const { Agent, EnvHttpProxyAgent, ProxyAgent } = undici();
  const env = opts.env ?? process.env;
  // http.proxyStrictSSL concerns the proxy (a TLS-intercepting corporate proxy): a direct
  // connection to the service always checks certificates, whatever the setting says.
  // The same roots for the service, for the service through a proxy's tunnel, and for an
  // https proxy itself. `ca` is given too: VS Code's own patch of tls.connect then stands aside.
  const roots = opts.trust ? { ca: opts.trust.ca, secureContext: opts.trust.secureContext } : {};
  const proxiedTls = { ...roots, timeout: opts.connectTimeoutMs, rejectUnauthorized: opts.proxy?.strictSSL !== false };
  const insecureTls = !proxiedTls.rejectUnauthorized || undefined;
  const off = insecureTls ? ' (certificate checks off: http.proxyStrictSSL is false)' : '';
  const tls = proxiedTls;
  const agentOptions = { keepAliveTimeout: KEEP_ALIVE_MS, connect: { ...roots, timeout: opts.connectTimeoutMs, rejectUnauthorized: true } };
  // https is always tunnelled (CONNECT); plain http (loopback dev servers) is forwarded
  // in absolute form, as curl does, which every HTTP proxy understands.
  const proxyTunnel = new URL(target).protocol === 'https:';
  const noProxy = [opts.proxy?.noProxy ?? [], envVar(env, 'no_proxy') ?? ''].flat().join(',');

  const explicit = opts.proxy?.url?.trim();
  if (explicit) {
    if (bypassesProxy(new URL(target).hostname, noProxy)) {
      return { dispatcher: new Agent(agentOptions), description: 'direct (no_proxy)' };
    }
    let proxyUrl: URL;
    try {
      proxyUrl = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(explicit) ? explicit : `http://${explicit}`);
    } catch {
      throw new ConfigurationError('The proxy setting (http.proxy) is not a valid URL');
    }
    const token = proxyUrl.username
      ? `Basic ${Buffer.from(`${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`).toString('base64')}`
      : undefined;
    const uri = safeUrl(proxyUrl.toString());
    return {
      dispatcher: new ProxyAgent({ ...agentOptions, uri, token, requestTls: tls, proxyTls: tls, proxyTunnel }),
      description: `proxy ${uri}${off}`,
      insecureTls,
    };
  }
  if (envVar(env, 'https_proxy') || envVar(env, 'http_proxy')) {
    return {
      dispatcher: new EnvHttpProxyAgent({
        ...agentOptions,
        httpProxy: envVar(env, 'http_proxy'),
        httpsProxy: envVar(env, 'https_proxy'),
        noProxy: envVar(env, 'no_proxy'),
        requestTls: tls,
        proxyTls: tls,
        proxyTunnel,
      }),
      description: `environment proxy (HTTPS_PROXY/HTTP_PROXY)${off}`,
      insecureTls,
    };
  }
  return { dispatcher: new Agent(agentOptions), description: 'direct' };
}

/** Whether a connection to `target` may meet TLS (the service or a proxy speaks https): the roots are read then. */
export function needsTrust(target: string, proxy: ProxySettings | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return [target, proxy?.url, envVar(env, 'https_proxy'), envVar(env, 'http_proxy')].some((u) => !!u && /^\s*https:/i.test(u));
}

/** Lower-case wins over upper-case, as curl and undici do. */
function envVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name] || env[name.toUpperCase()] || undefined;
}

/** NO_PROXY semantics: `*`, exact host, `.suffix` / `suffix` domain match, optional :port ignored. */
export function bypassesProxy(hostname: string, noProxy: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return noProxy
    .split(/[\s,]+/)
    .map((e) => e.trim().toLowerCase().replace(/:\d+$/, ''))
    .map((e) => (e === '*' ? e : e.replace(/^\*/, '')))
    .filter(Boolean)
    .some((entry) => entry === '*' || host === entry.replace(/^\./, '') || host.endsWith(entry.startsWith('.') ? entry : `.${entry}`));
}
