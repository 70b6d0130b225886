// Every setting AppHost reads, with its default, in one place: package.json declares them
// (scopes, ranges), docs/settings.md documents them, and the code reads them only from here.
//
// Scopes: what a folder must not set (where tokens go, plain http, the budget, masking, the
// agent tools) is `application`: only the user's own User settings hold it, in every window,
// local or remote, and no workspace, folder or remote machine's settings. `machine` only for
// what names files on the machine that runs AppHost (`tls.certificateAuthorities`): in a remote
// window the remote's own settings name the remote's files. `window` for what a folder may
// choose harmlessly (timeouts, refresh, log display, the first service), `resource` per folder.
import * as vscode from 'vscode';

const apphost = () => vscode.workspace.getConfiguration('apphost');

export const settings = {
  /** The first service's address (application scope: the service signed in to receives the token). */
  baseUrl: () => apphost().get<string>('baseUrl', ''),
  /** `apphost.services` as stored (application scope: a workspace cannot add a service that receives tokens); read by serviceList.ts. */
  services: (): unknown => apphost().get<unknown>('services', []),
  /** `apphost.firstService` (window scope): which known service a workspace shows first; read by serviceList.ts. */
  firstService: (): unknown => apphost().get<unknown>('firstService', ''),
  /** Plain http:// beyond this machine (application scope: the token would travel in clear). */
  allowInsecureHttp: () => apphost().get<boolean>('allowInsecureHttp', false),
  /** The request budget (application scope: a workspace cannot raise it). */
  requestsPerMinute: () => apphost().get<number>('requestsPerMinute', 60),
  /** Refresh interval of the visible views, in seconds (0: never; window scope, as the timeouts and log display). */
  autoRefreshSeconds: () => apphost().get<number>('autoRefreshSeconds', 60),
  /** Hide secret-looking values (config vars, webhook URLs, Show Details fields) until revealed (application scope: a workspace cannot turn it off). */
  maskSecrets: () => apphost().get<boolean>('maskSecrets', true),
  timeoutsMs: () => {
    const timeouts = vscode.workspace.getConfiguration('apphost.timeouts');
    return {
      connectMs: timeouts.get<number>('connect', 10) * 1000,
      readMs: timeouts.get<number>('read', 15) * 1000,
      slowMs: timeouts.get<number>('slow', 90) * 1000,
    };
  },
  logs: () => {
    const logs = vscode.workspace.getConfiguration('apphost.logs');
    return { initialLines: logs.get<number>('initialLines', 100), stream: logs.get<boolean>('stream', true) };
  },
  /** Whether tails and recent-lines tabs show each line's time. */
  showLogTimestamps: () => apphost().get<boolean>('logs.showTimestamps', true),
  /** `apphost.logs.sourceRoots` of a folder (resource scope: a repository may set it); read by its own reader. */
  sourceRoots: (folder: vscode.Uri): unknown => vscode.workspace.getConfiguration('apphost.logs', folder).get('sourceRoots'),
  /** `apphost.deploy.preDeployTask` of a folder (resource scope): the task to run before its deploys. */
  preDeployTask: (folder: vscode.Uri) => vscode.workspace.getConfiguration('apphost.deploy', folder).get<string>('preDeployTask', '').trim() || undefined,
  /** The language-model tools (application scope: a workspace cannot turn them on, and the user's "off" holds in remote windows). */
  agentToolsEnabled: () => apphost().get<boolean>('agentTools.enabled', true),
  /**
   * `apphost.tls.certificateAuthorities`. Its scope is "machine": VS Code ignores it in
   * workspace settings, so a repository cannot make AppHost trust a root of its choosing; and
   * its paths are files of the machine that runs AppHost, so a remote window reads the remote's.
   */
  certificateAuthorities: (): string[] => {
    const value = apphost().get<unknown>('tls.certificateAuthorities', []);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
  },
  /** VS Code's `http.systemCertificates`: trust the OS store too. */
  systemCertificates: () => vscode.workspace.getConfiguration('http').get<boolean>('systemCertificates', true),
  /** VS Code's own proxy settings, which AppHost honours. */
  proxy: () => {
    const http = vscode.workspace.getConfiguration('http');
    return { url: http.get<string>('proxy') || undefined, strictSSL: http.get<boolean>('proxyStrictSSL', true), noProxy: http.get<string[]>('noProxy') };
  },
};

/** Settings that change how requests are made: a change rebuilds the client. */
export const CLIENT_SETTINGS = [
  'apphost.baseUrl', 'apphost.allowInsecureHttp', 'apphost.timeouts', 'apphost.tls.certificateAuthorities',
  'http.proxy', 'http.proxyStrictSSL', 'http.noProxy', 'http.systemCertificates',
];

/**
 * Writes an application-scoped setting to the user's own settings. In a remote window VS Code
 * writes a key that the remote machine's settings still hold (from when it was machine-scoped)
 * into that file, where it now counts for nothing: then that entry goes and the value is written again.
 */
export async function saveUserSetting(key: string, value: unknown): Promise<void> {
  const target = vscode.ConfigurationTarget.Global;
  await apphost().update(key, value, target);
  if (JSON.stringify(apphost().inspect(key)?.globalValue) === JSON.stringify(value)) return;
  await apphost().update(key, undefined, target);
  await apphost().update(key, value, target);
}
