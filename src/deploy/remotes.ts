// Which git remotes of a folder point at an app of the service. Pure (no vscode): the
// matching only looks at remote names and URLs, so it costs no request.
//
// The service's remotes come in the forms git accepts:
//   git@wokku.cloud:storefront            (scp-like SSH, what `git_remote` says)
//   ssh://git@wokku.cloud[:2222]/storefront.git
//   https://wokku.cloud/git/storefront.git (an HTTP gateway; any path prefix)
// A remote is the service's when its host is one of the service's git hosts (the API's
// own host, and hosts learned from `git_remote` of app details already read), or when
// it has the name the service's push instructions use (`git remote add wokku …`).
// With several services, the one whose host (and port, for two on one machine) the
// remote names wins over one that only shares the remote's name (matchService).
// The app is the last path segment, without `.git`, and must be a valid app name.

import { isAppName } from '../model';

export interface ParsedRemote {
  protocol: 'ssh' | 'http' | 'https' | 'git';
  /** Lower-case host name, without port or brackets. */
  host: string;
  port?: string;
  user?: string;
  path: string;
  /** The app the URL names, when its last segment is a valid app name. */
  appName?: string;
}

export function parseRemoteUrl(raw: string): ParsedRemote | undefined {
  const url = raw.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme) {
    const protocol = scheme === 'ssh' || scheme === 'git+ssh' || scheme === 'ssh+git' ? 'ssh' : scheme === 'http' || scheme === 'https' || scheme === 'git' ? scheme : undefined;
    if (!protocol) return undefined; // file://, ext::… name no host of ours
    const rest = url.slice(scheme.length + 3);
    const slash = rest.indexOf('/');
    const authority = slash < 0 ? rest : rest.slice(0, slash);
    const path = slash < 0 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    const user = at >= 0 ? authority.slice(0, at).split(':')[0] : undefined;
    const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
    const hp = /^(\[[^\]]+\]|[^:]+)(?::(\d*))?$/.exec(hostPort);
    if (!hp || !hp[1]) return undefined;
    return withApp({ protocol, host: unbracket(hp[1]), port: hp[2] || undefined, user: user || undefined, path });
  }
  // scp-like: [user@]host:path — a colon before any slash (otherwise it is a local path).
  const scp = /^(?:([^@/:]+)@)?(\[[^\]]+\]|[^:/[\]]+):(.*)$/.exec(url);
  if (!scp || /^[a-z]$/i.test(scp[2])) return undefined; // C:\repo is a Windows path
  return withApp({ protocol: 'ssh', host: unbracket(scp[2]), user: scp[1] || undefined, path: scp[3] });
}

function unbracket(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase();
}

function withApp(remote: ParsedRemote): ParsedRemote {
  const last = remote.path.replace(/\/+$/, '').split('/').pop() ?? '';
  const name = last.replace(/\.git$/, '');
  return isAppName(name) ? { ...remote, appName: name } : remote;
}

/** What identifies the service's remotes (see the top of this file). */
export interface ServiceGit {
  /** Lower-case host names; `host:port` names the host only with that port (an API's own address). */
  hosts: readonly string[];
  /** Remote names the service's instructions use, e.g. `wokku`. */
  remoteNames: readonly string[];
}

/** A remote as the Git extension reports it. */
export interface RemoteLike {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

export interface RemoteMatch {
  /** The remote's name, e.g. `wokku`. */
  remote: string;
  /** The URL pushes go to. */
  url: string;
  appName: string;
  /** Matched by the service's remote name only (its host is not known to be the service's). */
  byName: boolean;
  /** Its host and port are the service's own (`host:port` in ServiceGit.hosts). */
  byAddress?: boolean;
}

/** The remotes of a repository that point at an app of the service, best first. */
export function serviceRemotes(remotes: readonly RemoteLike[], service: ServiceGit): RemoteMatch[] {
  const hosts = new Set(service.hosts.map((h) => h.toLowerCase()));
  const names = new Set(service.remoteNames);
  const matches: RemoteMatch[] = [];
  for (const remote of remotes) {
    const url = remote.pushUrl || remote.fetchUrl;
    const parsed = url ? parseRemoteUrl(url) : undefined;
    if (!url || !parsed?.appName) continue;
    const byAddress = !!parsed.port && hosts.has(`${parsed.host}:${parsed.port}`);
    const byHost = byAddress || hosts.has(parsed.host);
    if (!byHost && !names.has(remote.name)) continue;
    matches.push({ remote: remote.name, url, appName: parsed.appName, byName: !byHost, ...(byAddress ? { byAddress } : {}) });
  }
  // Remotes on a known host of the service first, the one named as its instructions say
  // ahead of the others; remotes matched by name only (host not known yet) last.
  const rank = (m: RemoteMatch) => (names.has(m.remote) ? 0 : 1) + (m.byName ? 2 : 0);
  return matches.sort((a, b) => rank(a) - rank(b) || a.remote.localeCompare(b.remote));
}

/** How surely a remote is a service's: its address, its host, or only its remote's name. */
function certainty(m: RemoteMatch): number {
  return m.byAddress ? 2 : m.byName ? 0 : 1;
}

/**
 * The service a repository's remotes point at, and its best remote: the service whose
 * address or git host the remote names; by remote name only, the first service (in the
 * order given) that uses that name. Undefined when no remote is any service's.
 */
export function matchService<Id>(remotes: readonly RemoteLike[], services: readonly { id: Id; git: ServiceGit }[]): { service: Id; match: RemoteMatch } | undefined {
  if (services.length === 1) {
    const match = serviceRemotes(remotes, services[0].git)[0];
    return match && { service: services[0].id, match };
  }
  let best: { service: Id; match: RemoteMatch } | undefined;
  for (const { id, git } of services) {
    // The surest of the service's remotes (the first of its rank among equals).
    const match = serviceRemotes(remotes, git).reduce<RemoteMatch | undefined>((a, m) => (!a || certainty(m) > certainty(a) ? m : a), undefined);
    if (match && (!best || certainty(match) > certainty(best.match))) best = { service: id, match };
  }
  return best;
}

/**
 * The remote of the repository for this app: one whose URL is the app's `git_remote`
 * (when known), or a service remote naming the app.
 */
export function remoteForApp(remotes: readonly RemoteLike[], appName: string, service: ServiceGit, gitRemote?: string): RemoteMatch | undefined {
  const wanted = gitRemote && normalizeUrl(gitRemote);
  if (wanted) {
    for (const r of remotes) {
      const url = r.pushUrl || r.fetchUrl;
      if (url && normalizeUrl(url) === wanted) return { remote: r.name, url, appName, byName: false };
    }
  }
  return serviceRemotes(remotes, service).find((m) => m.appName === appName);
}

/** The same remote written with or without `.git`, a trailing slash or a different case of host. */
function normalizeUrl(url: string): string {
  const parsed = parseRemoteUrl(url);
  if (!parsed) return url.trim();
  const path = parsed.path.replace(/\/+$/, '').replace(/\.git$/, '').replace(/^\/+/, '');
  return `${parsed.protocol}://${parsed.user ?? ''}@${parsed.host}:${parsed.port ?? ''}/${path}`;
}

/** A free remote name for the app: the instructions' name, else `<name>-<app>`. */
export function newRemoteName(taken: readonly RemoteLike[], preferred: string, appName: string): string {
  const names = new Set(taken.map((r) => r.name));
  if (!names.has(preferred)) return preferred;
  const candidate = `${preferred}-${appName}`;
  if (!names.has(candidate)) return candidate;
  for (let i = 2; ; i++) if (!names.has(`${candidate}-${i}`)) return `${candidate}-${i}`;
}

/** What the service's details teach about its remotes: the git host and the remote name of its instructions. */
export function learnFromDetails(details: { gitRemote?: string; pushInstructions?: string }): { host?: string; remoteName?: string } {
  const host = details.gitRemote ? parseRemoteUrl(details.gitRemote)?.host : undefined;
  const remoteName = /\bgit\s+remote\s+add\s+([\w.-]+)\s/.exec(details.pushInstructions ?? '')?.[1];
  return { host, remoteName };
}

/** Whether the URL travels over SSH (its keys are then the credentials). */
export function isSshUrl(url: string): boolean {
  return parseRemoteUrl(url)?.protocol === 'ssh';
}

/**
 * The GitHub repository (`owner/name`) a remote URL names, in the forms git accepts
 * (`https://github.com/owner/name.git`, `git@github.com:owner/name.git`,
 * `ssh://git@github.com/owner/name`), or undefined for any other host.
 */
export function githubRepoOfRemote(url: string): string | undefined {
  const remote = parseRemoteUrl(url);
  if (!remote || (remote.host !== 'github.com' && remote.host !== 'www.github.com')) return undefined;
  const m = /^\/?([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+?)(?:\.git)?\/*$/.exec(remote.path);
  return m ? `${m[1]}/${m[2]}` : undefined;
}
