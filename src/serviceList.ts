// The services AppHost knows, from the settings' raw values: `apphost.baseUrl` (the first
// service, as it always was), `apphost.services` (further ones, machine scope) and
// `apphost.firstService` (which known one a workspace shows first). Pure: unit-tested in Node.
import { resolveBaseUrl } from './api/baseUrl';

/** One service AppHost can sign in to. */
export interface KnownService {
  /** Its API root (`https://host/api/v1`): what sessions, manual workspaces and rows are keyed by. */
  readonly id: string;
  /** The address as configured (what requests are built from). */
  readonly url: string;
  /** The display name: the one given, else the host. */
  readonly name: string;
  /** Whether the user gave the name (Rename Service shows it, Remove keeps nothing). */
  readonly named: boolean;
  /** `apphost.baseUrl`: its address lives in that setting, not in `apphost.services`. */
  readonly isBase: boolean;
  /** A `charts.*` theme colour id, from a hash of the id: the same service has the same colour everywhere. */
  readonly color: string;
}

/** An entry of `apphost.services` as stored. */
export interface ServiceEntry {
  url: string;
  name?: string;
}

export const SERVICE_COLORS = ['charts.blue', 'charts.green', 'charts.orange', 'charts.purple', 'charts.red', 'charts.yellow'] as const;

/** FNV-1a of the id: stable across machines and sessions, unlike an index in the list. */
export function serviceColor(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return SERVICE_COLORS[hash % SERVICE_COLORS.length];
}

/**
 * A badge of one or two letters per service (editor tabs of several services), by id:
 * from its name, distinct between the services where their names allow. Each name offers
 * badges from most to least telling (initials, first letters, first and last); services
 * whose badges clash move on to their next together, so `localhost:3001` and
 * `localhost:3002` become `L1` and `L2` while `Acme production` keeps `AP`.
 */
export function serviceBadges(services: readonly Pick<KnownService, 'id' | 'name'>[]): Map<string, string> {
  const offers = services.map((s) => badgeOffers(s.name));
  const depth = services.map(() => 0);
  const badge = (i: number) => offers[i][Math.min(depth[i], offers[i].length - 1)];
  for (;;) {
    const holders = new Map<string, number[]>();
    services.forEach((_, i) => holders.set(badge(i), [...(holders.get(badge(i)) ?? []), i]));
    // A clash of names that are all the same cannot be helped: they keep their first badge.
    const hopeless = (group: number[]) => new Set(group.map((i) => services[i].name)).size === 1;
    const movable = [...holders.values()].filter((group) => group.length > 1 && !hopeless(group)).flat().filter((i) => depth[i] < offers[i].length - 1);
    if (!movable.length) break;
    for (const i of movable) depth[i]++;
  }
  return new Map(services.map((s, i) => [s.id, badge(i)]));
}

/** A name's badges, most telling first (never empty: `?` for a name without a letter or digit). */
function badgeOffers(name: string): string[] {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => Array.from(w));
  const chars = words.flat();
  if (!chars.length) return ['?'];
  const first = chars[0].toUpperCase();
  const offers = [
    words.length > 1 ? first + words[1][0].toUpperCase() : undefined,
    chars.length > 1 ? first + chars[1].toLowerCase() : undefined,
    first,
    chars.length > 1 ? first + chars[chars.length - 1].toLowerCase() : undefined,
    ...chars.slice(1).map((c) => first + c.toLowerCase()),
  ];
  // Repeats kept: two names of the same shape stay aligned, offer by offer.
  return offers.filter((o): o is string => !!o);
}

/** The service id (API root) of an address, or undefined when it is not a usable address. */
export function serviceId(url: string, allowInsecureHttp: boolean): string | undefined {
  try {
    return resolveBaseUrl(url, { allowInsecureHttp }).apiRoot;
  } catch {
    return undefined;
  }
}

/** The entries of `apphost.services` that have a url; anything else in the setting is ignored. */
export function readEntries(raw: unknown): ServiceEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: ServiceEntry[] = [];
  for (const item of raw) {
    const url = typeof item === 'string' ? item : (item as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || !url.trim()) continue;
    const name = typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name.trim() : '';
    entries.push(name ? { url: url.trim(), name } : { url: url.trim() });
  }
  return entries;
}

export interface RawServiceSettings {
  baseUrl: string;
  services: unknown;
  firstService: unknown;
  allowInsecureHttp: boolean;
}

/**
 * The known services, each once (by id): the base URL's first, then the entries of
 * `apphost.services` in their order; an entry with the base URL's address only names it.
 * Unusable addresses are left out. `apphost.firstService` (an address or a name of a known
 * service) moves that one to the front; an unknown value is ignored.
 */
export function knownServices(raw: RawServiceSettings): KnownService[] {
  const entries = readEntries(raw.services);
  const byId = new Map<string, KnownService>();
  const add = (url: string, isBase: boolean, name: string | undefined) => {
    const id = serviceId(url, raw.allowInsecureHttp);
    if (!id) return;
    const known = byId.get(id);
    if (known) {
      if (!known.named && name) byId.set(id, { ...known, name, named: true });
      return;
    }
    byId.set(id, { id, url, name: name || hostOf(id), named: !!name, isBase, color: serviceColor(id) });
  };
  if (raw.baseUrl.trim()) add(raw.baseUrl.trim(), true, undefined);
  for (const entry of entries) add(entry.url, false, entry.name);
  const list = [...byId.values()];
  const first = typeof raw.firstService === 'string' ? findService(list, raw.firstService, raw.allowInsecureHttp) : undefined;
  return first ? [first, ...list.filter((s) => s !== first)] : list;
}

/** The known service a user's words name: its address (in any spelling) or its display name. */
export function findService(list: readonly KnownService[], words: string, allowInsecureHttp: boolean): KnownService | undefined {
  const text = words.trim();
  if (!text) return undefined;
  const id = serviceId(text, allowInsecureHttp);
  return list.find((s) => s.id === id) ?? list.find((s) => s.name.toLowerCase() === text.toLowerCase());
}

/** `apphost.services` after adding (or renaming) the service at `url`; other entries as they were. */
export function withEntry(raw: unknown, entry: ServiceEntry, allowInsecureHttp: boolean): ServiceEntry[] {
  const id = serviceId(entry.url, allowInsecureHttp);
  const entries = readEntries(raw);
  const at = entries.findIndex((e) => serviceId(e.url, allowInsecureHttp) === id);
  const next = entry.name ? { url: entry.url, name: entry.name } : { url: entry.url };
  if (at < 0) return [...entries, next];
  return entries.map((e, i) => (i === at ? { ...next, url: e.url } : e));
}

/** `apphost.services` without the entries of the service `id`. */
export function withoutEntry(raw: unknown, id: string, allowInsecureHttp: boolean): ServiceEntry[] {
  return readEntries(raw).filter((e) => serviceId(e.url, allowInsecureHttp) !== id);
}

function hostOf(id: string): string {
  try {
    return new URL(id).host;
  } catch {
    return id;
  }
}
