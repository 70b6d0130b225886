// Turns what the user typed into the origin and API root the client uses.
// Accepts `https://host`, `https://host/`, `https://host/api/v1` (and a sub-path
// deployment like `https://host/hosting/api/v1`). Plain http is refused unless the
// host is loopback or the user explicitly allowed it, because the bearer token
// would travel in clear text.

import * as l10n from '@vscode/l10n';
import { ConfigurationError } from './errors';

export interface ResolvedBaseUrl {
  /** `https://host[:port]` — used in user-facing messages. */
  origin: string;
  /** `https://host[:port][/prefix]/api/v1` — no trailing slash. */
  apiRoot: string;
}

const API_SUFFIX = /\/api\/v1\/?$/;

export function resolveBaseUrl(input: string, opts: { allowInsecureHttp?: boolean } = {}): ResolvedBaseUrl {
  const text = input.trim();
  if (!text) throw new ConfigurationError(l10n.t('The service URL is empty. Enter an address like https://apphost.example.com'));
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new ConfigurationError(l10n.t('"{0}" is not a valid URL. Enter an address like https://apphost.example.com', text));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(l10n.t('Unsupported URL scheme "{0}" — use https://', url.protocol));
  }
  if (url.username || url.password) {
    throw new ConfigurationError(l10n.t('Do not put credentials in the service URL; sign in instead'));
  }
  if (url.protocol === 'http:' && !opts.allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      l10n.t('Refusing plain http:// for {0}: your token would be sent unencrypted. Use https://, or enable the "apphost.allowInsecureHttp" setting if you really mean it.', url.host),
    );
  }
  const prefix = url.pathname.replace(API_SUFFIX, '').replace(/\/+$/, '');
  return { origin: url.origin, apiRoot: `${url.origin}${prefix}/api/v1` };
}

/** 127.0.0.0/8, localhost (and *.localhost), ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\./.test(h)) return true;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return !!m && Number(m[1]) === 127 && m.slice(2).every((o) => Number(o) <= 255);
}

/**
 * Pages of the service's web dashboard, beside its API (`<root>/api/v1` → `<root>/dashboard/…`),
 * as wokku routes them (config/routes.rb): a database's page (`/dashboard/addons/:id`, where
 * its plan, "tier", is changed) and the account's billing page.
 */
export function dashboardUrl(apiRoot: string, page: { database: string } | 'billing'): string {
  const root = apiRoot.replace(API_SUFFIX, '').replace(/\/+$/, '');
  return page === 'billing' ? `${root}/dashboard/billing` : `${root}/dashboard/addons/${encodeURIComponent(page.database)}`;
}
