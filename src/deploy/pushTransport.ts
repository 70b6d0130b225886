// The way a push that carries AppHost's token travels (pure: git is run by the caller).
// The credential helper (credentialChannel.ts) answers only the service's origin, but git's
// configuration decides where the bytes go and who may read them, and any of its files may
// say so: the repository's .git/config (any tool, task or extension may write it), the
// user's ~/.gitconfig, the system's. For that one push AppHost therefore
// - refuses the settings below when they apply to the push's URL (`git config --get-urlmatch
//   http <url>`: what git uses for that exact URL, a URL-specific key beating a generic
//   one), naming each and its file;
// - pins what it can (transportPins): the same keys for that exact URL in git's command
//   scope, read after every file, so it wins a tie with any file's key for the URL. This
//   closes the moment between the check and the push; certificate authorities cannot be
//   reset to git's default, and are checked again right before the push.
//
// Refused:
//   http.proxy, remote.<name>.proxy  a proxy other than the one AppHost's own API requests use
//                                    for that URL (VS Code's http.proxy, else HTTPS_PROXY /
//                                    HTTP_PROXY, with their no-proxy lists). That one already
//                                    carries the token with every request, so a company proxy
//                                    keeps working; any other one sees what the push sends.
//   http.sslVerify=false             any certificate passes: anyone on the way reads the token.
//   http.sslCAInfo, http.sslCAPath   set by the repository (local or worktree scope): git would
//                                    trust a certificate of the repository's choosing. The
//                                    user's own (global) or the system's are honoured: a private
//                                    authority is a real need, and AppHost's advice for a
//                                    certificate git does not trust puts it there.
//   http.curloptResolve              connects to another address than the host's.
//   http.extraHeader                 headers AppHost does not choose (another Authorization).
// Not refused, as they change what git presents or accepts, not where the token goes:
// http.sslCert/sslKey (a client certificate), http.cookieFile, http.emptyAuth,
// http.followRedirects (curl never sends the credential on to another host),
// http.sslVersion/sslCipherList (the certificate is still checked).
import * as l10n from '@vscode/l10n';
import { isAbsolute, join } from 'node:path';
import { bypassesProxy, type ProxySettings } from '../api/dispatcher';

export type TransportProblemKind = 'proxy' | 'sslVerify' | 'certificateAuthority' | 'resolve' | 'extraHeader';

export interface TransportProblem {
  kind: TransportProblemKind;
  /** The key as git lists it, e.g. `http.proxy` or `http.https://git.example.com/.sslverify`. */
  key: string;
  /** The files that set it (absolute paths), when git tells. */
  files: string[];
}

/** One entry of `git config -z --show-scope --show-origin --get-regexp`. */
interface ConfigEntry {
  scope: string;
  origin: string;
  key: string;
  /** Undefined for a key written without `=` (a boolean true). */
  value: string | undefined;
}

/** Runs `git <args>` in the repository and gives its raw stdout, undefined when git failed. */
export type GitRun = (args: string[]) => Promise<string | undefined>;

const CHECKED: Record<string, TransportProblemKind> = {
  proxy: 'proxy',
  sslverify: 'sslVerify',
  sslcainfo: 'certificateAuthority',
  sslcapath: 'certificateAuthority',
  curloptresolve: 'resolve',
  extraheader: 'extraHeader',
};

/**
 * What refuses the push to `url` (through the remote `remote`); empty when nothing does.
 * `allowedProxy`: the proxy AppHost's own requests use for that URL (apiProxyFor).
 */
export async function transportProblems(git: GitRun, cwd: string, url: string, remote: string, allowedProxy: string | undefined): Promise<TransportProblem[]> {
  const effective = parseUrlmatch((await git(['config', '-z', '--get-urlmatch', 'http', url])) ?? '');
  const remoteProxy = `remote.${remote}.proxy`;
  const pattern = `^http\\.(.*\\.)?(${Object.keys(CHECKED).join('|')})$|^${regexQuoted(remoteProxy)}$`;
  // git 2.26 or later names the scope; without it, only the files stay unnamed.
  const entries = parseEntries((await git(['config', '-z', '--show-scope', '--show-origin', '--get-regexp', pattern])) ?? '', cwd);
  const problems: TransportProblem[] = [];
  for (const [name, kind] of Object.entries(CHECKED)) {
    if (!effective.has(name)) continue;
    const value = effective.get(name);
    const from = entries.filter((e) => e.key.startsWith('http.') && e.key.endsWith(`.${name}`) && e.value === value);
    const refused =
      kind === 'proxy' ? !!value && !sameProxy(value, allowedProxy)
      : kind === 'sslVerify' ? value !== undefined && /^(false|no|off|0*)$/i.test(value.trim())
      : kind === 'certificateAuthority' ? !!value && from.some((e) => e.scope === 'local' || e.scope === 'worktree')
      : !!value;
    if (!refused) continue;
    const shown = kind === 'certificateAuthority' ? from.filter((e) => e.scope === 'local' || e.scope === 'worktree') : from;
    problems.push({ kind, key: shown.at(-1)?.key ?? `http.${name}`, files: unique(shown.map((e) => e.origin)) });
  }
  // A remote's own proxy wins over http.proxy for that remote.
  const own = entries.filter((e) => e.key === remoteProxy).at(-1);
  if (own?.value && !sameProxy(own.value, allowedProxy)) problems.push({ kind: 'proxy', key: own.key, files: [own.origin] });
  return problems;
}

/**
 * git configuration for the push (command scope, after every file): no proxy but AppHost's
 * own, certificates checked, no other address or header, and no submodule pushed first
 * (its hooks would run before git asks for the credential).
 */
export function transportPins(url: string, remote: string, proxy: string | undefined): [string, string][] {
  return [
    [`http.${url}.proxy`, proxy ?? ''],
    [`remote.${remote}.proxy`, proxy ?? ''],
    [`http.${url}.sslVerify`, 'true'],
    [`http.${url}.curloptResolve`, ''],
    [`http.${url}.extraHeader`, ''],
    ['push.recurseSubmodules', 'no'],
  ];
}

/**
 * The proxy AppHost's API client uses for `url` (api/dispatcher.ts): VS Code's http.proxy
 * unless a no-proxy list names the host, else the environment's; undefined for none.
 */
export function apiProxyFor(url: string, vscodeProxy: ProxySettings | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const host = new URL(url).hostname;
  const envNoProxy = envVar(env, 'no_proxy') ?? '';
  const explicit = vscodeProxy?.url?.trim();
  if (explicit) return bypassesProxy(host, [vscodeProxy?.noProxy ?? [], envNoProxy].flat().join(',')) ? undefined : explicit;
  const fromEnv = (url.startsWith('https:') ? envVar(env, 'https_proxy') : undefined) ?? envVar(env, 'http_proxy');
  return fromEnv && !bypassesProxy(host, envNoProxy) ? fromEnv : undefined;
}

/** The notice: what was refused, where it is set, and what to do. */
export function transportMessage(problems: TransportProblem[], url: string): string {
  const origin = safeOrigin(url);
  const lines = problems.map((p) => {
    const where = p.files.length ? l10n.t('{0} (in {1})', p.key, p.files.join(', ')) : p.key;
    return l10n.t('{0}: {1}.', where, WHY[p.kind]());
  });
  return l10n.t(
    'AppHost did not push: the push to {0} carries your AppHost token, and git\'s configuration for it would let others read it. {1} Remove the setting from that file (git config --file <file> --unset <key>), or deploy over SSH.',
    origin, lines.join(' '),
  );
}

const WHY: Record<TransportProblemKind, () => string> = {
  proxy: () => l10n.t('a proxy AppHost\'s own requests do not use'),
  sslVerify: () => l10n.t('certificate checks turned off'),
  certificateAuthority: () => l10n.t('certificate authorities chosen by the repository'),
  resolve: () => l10n.t('another address for the host'),
  extraHeader: () => l10n.t('extra headers AppHost does not choose'),
};

/** `git config -z --get-urlmatch <section> <url>`: key → value (undefined: written without `=`). */
export function parseUrlmatch(output: string): Map<string, string | undefined> {
  const values = new Map<string, string | undefined>();
  for (const record of output.split('\0').filter(Boolean)) {
    const nl = record.indexOf('\n');
    const key = nl < 0 ? record : record.slice(0, nl);
    values.set(key.replace(/^http\./, ''), nl < 0 ? undefined : record.slice(nl + 1));
  }
  return values;
}

/** `git config -z --show-scope --show-origin --get-regexp …`: scope, origin, then key and value. */
function parseEntries(output: string, cwd: string): ConfigEntry[] {
  const fields = output.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [scope, origin, record] = fields.slice(i, i + 3);
    const nl = record.indexOf('\n');
    const file = origin.replace(/^file:/, '');
    entries.push({
      scope,
      origin: origin.startsWith('file:') && !isAbsolute(file) ? join(cwd, file) : file,
      key: nl < 0 ? record : record.slice(0, nl),
      value: nl < 0 ? undefined : record.slice(nl + 1),
    });
  }
  return entries;
}

/** The same proxy, however written (`host:3128`, `http://host:3128/`). */
function sameProxy(configured: string, allowed: string | undefined): boolean {
  if (!allowed) return false;
  const norm = (p: string) => {
    const raw = p.trim();
    try {
      const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
      return `${u.protocol}//${u.hostname}:${u.port}`;
    } catch {
      return raw;
    }
  };
  return norm(configured) === norm(allowed);
}

function envVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name] || env[name.toUpperCase()] || undefined;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A literal for git's (POSIX extended) regular expressions. */
function regexQuoted(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
