// Server management: add, remove, check status. The service allows these to platform
// admins only, so the menus hide them for everyone else (`apphost.isAdmin`, and the
// `:admin` flag of server rows) and a 403 that still happens is explained in words.
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { inform, warn } from '../kit/notices';
import { ApiError, type Server } from '../api';
import type { ServiceCore } from '../core';
import type { CommandTarget, Row } from '../tree/commandTarget';
import { runAction, confirm } from '../kit/prompts';
import { pickServer, activeWorkspace, resolveWorkspace, serverOf } from '../kit/targets';
import { UserCancelled } from '../model';
import type { Action } from '../kit/action';

const NAME = /^[a-z][a-z0-9-]*$/;
const NAME_MAX = 40;
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^\[?[0-9a-f:]*:[0-9a-f:.]*\]?$/i;
const SSH_USER = /^[a-z_][a-z0-9_-]*$/;
const PEM = /^-----BEGIN ([A-Z0-9 ]*PRIVATE KEY)-----([\s\S]*?)-----END \1-----$/;

export function validateServerName(value: string): string | undefined {
  const name = value.trim();
  if (!name) return vscode.l10n.t('Enter a name');
  if (name.length > NAME_MAX || !NAME.test(name) || name.endsWith('-')) {
    return vscode.l10n.t('Use lowercase letters, digits and dashes, starting with a letter (e.g. "eu-west-1"); at most {0} characters.', NAME_MAX);
  }
  return undefined;
}

export function validateHost(value: string): string | undefined {
  const host = value.trim();
  if (!host) return vscode.l10n.t('Enter a hostname or IP address');
  if (/^\d+(\.\d+){3}$/.test(host)) return IPV4.test(host) ? undefined : vscode.l10n.t('Not a valid IPv4 address');
  if (HOSTNAME.test(host) || IPV6.test(host)) return undefined;
  return vscode.l10n.t('Not a valid hostname or IP address (e.g. "203.0.113.7" or "host1.example.com")');
}

export function validatePort(value: string): string | undefined {
  const port = Number(value.trim());
  return /^\d+$/.test(value.trim()) && port >= 1 && port <= 65535 ? undefined : vscode.l10n.t('Enter a port between 1 and 65535');
}

export function validateSshUser(value: string): string | undefined {
  return SSH_USER.test(value.trim()) ? undefined : vscode.l10n.t('Not a valid user name (lowercase letters, digits, "_" and "-")');
}

/**
 * A pasted private key in PEM form. Input boxes are single-line, so a pasted key often
 * arrives with its line breaks turned into spaces: rebuild the lines of the base64 body.
 */
export function normalizePrivateKey(text: string): string | undefined {
  const match = PEM.exec(text.trim());
  if (!match) return undefined;
  const [, label, body] = match;
  if (body.includes('\n')) return `${text.trim()}\n`;
  return [`-----BEGIN ${label}-----`, ...body.split(/\s+/).filter(Boolean), `-----END ${label}-----`, ''].join('\n');
}

/** Files of a folder (normally ~/.ssh) that start like an unencrypted-format private key. */
export async function findPrivateKeys(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const skip = /\.pub$|^known_hosts|^authorized_keys|^config$|^environment$/;
  const keys = await Promise.all(
    names.filter((n) => !skip.test(n)).map(async (name) => {
      const path = join(dir, name);
      try {
        const info = await stat(path);
        if (!info.isFile() || info.size > 64 * 1024) return undefined;
        return /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test((await readFile(path, 'utf8')).trimStart()) ? path : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return keys.filter((k): k is string => !!k).sort();
}

/** The message shown instead of a raw 403 (and before asking anything, for non-admins). */
export function onlyAdminsMessage(): string {
  return vscode.l10n.t('Only AppHost admins can manage servers. Ask an admin of your AppHost service to add, remove or check servers.');
}

/** Runs a server call, turning a 403 into the admin-only explanation. */
async function asAdmin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw new Error(onlyAdminsMessage(), { cause: error });
    throw error;
  }
}

/** Refuses early (before any prompt) when the signed-in account is not an admin. */
async function requireAdmin(s: ServiceCore): Promise<void> {
  const { session } = await s.connections.of(s.service).signedIn();
  if (session.account.role !== 'admin') throw new Error(onlyAdminsMessage());
}

export const serverActions: readonly Action[] = [
  { command: 'apphost.server.add', run: addServer },
  { command: 'apphost.server.remove', run: removeServer },
  { command: 'apphost.server.checkStatus', consent: 'harmless', run: checkStatus },
];

/** The server a command acts on: its row, or one picked in the active workspace. */
async function resolveServer(s: ServiceCore, target: CommandTarget | undefined, title: string): Promise<{ server: Server; workspace: string | undefined; node?: Row }> {
  const row = serverOf(target);
  if (row) return { server: row.server, workspace: row.workspace, node: row.row };
  const { slug: workspace } = await activeWorkspace(s);
  return { server: await pickServer(s, workspace, title), workspace };
}

async function ask(options: vscode.InputBoxOptions): Promise<string> {
  const value = await vscode.window.showInputBox({ ignoreFocusOut: true, ...options });
  if (value === undefined) throw new UserCancelled();
  return value.trim();
}

async function addServer(s: ServiceCore, target?: CommandTarget): Promise<void> {
  await requireAdmin(s);
  // From a workspace or its Servers group.
  const { slug: workspace } = await resolveWorkspace(s, target, { from: ['workspace', 'servers'] });
  const title = vscode.l10n.t('Add an AppHost server');
  const name = await ask({ title, prompt: vscode.l10n.t('Name of the server'), placeHolder: 'eu-west-1', validateInput: validateServerName });
  const host = await ask({ title, prompt: vscode.l10n.t('Hostname or IP address of {0}', name), placeHolder: 'host1.example.com', validateInput: validateHost });
  const port = Number(await ask({ title, prompt: vscode.l10n.t('SSH port of {0}', host), value: '22', validateInput: validatePort }));
  const sshUser = await ask({ title, prompt: vscode.l10n.t('SSH user on {0}', host), value: 'dokku', validateInput: validateSshUser });
  const sshPrivateKey = await pickPrivateKey(title, name);
  const server = await runAction(s, undefined, vscode.l10n.t('Adding server {0}…', name), () =>
    asAdmin(() => s.connections.of(s.service).api().servers.create({ name, host, port, sshUser, sshPrivateKey }, { workspace })),
  );
  const group = s.tree.listOf(s.service, workspace, 'servers');
  if (group) s.tree.refresh(group);
  void inform(s,
    vscode.l10n.t('Server {0} added ({1}). The platform connects to it in the background: check its status in a moment.', server.name, server.status ?? '?'),
  );
}

/**
 * Asks for the SSH private key: a key file of ~/.ssh, another file, or a pasted key.
 * The key is only read here and sent once; it is never logged or shown.
 */
async function pickPrivateKey(title: string, serverName: string): Promise<string> {
  type Item = vscode.QuickPickItem & { path?: string; action?: 'paste' | 'browse' };
  const sshDir = join(homedir(), '.ssh');
  const items: Item[] = [
    ...(await findPrivateKeys(sshDir)).map((path) => ({ label: `$(key) ${path.slice(sshDir.length + 1)}`, description: path, path })),
    { label: `$(clippy) ${vscode.l10n.t('Paste a private key…')}`, action: 'paste' },
    { label: `$(folder-opened) ${vscode.l10n.t('Choose a key file…')}`, action: 'browse' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: vscode.l10n.t('SSH private key the platform uses to reach {0}', serverName),
    ignoreFocusOut: true,
  });
  if (!picked) throw new UserCancelled();
  let path = picked.path;
  if (picked.action === 'browse') {
    const chosen = await vscode.window.showOpenDialog({ canSelectMany: false, defaultUri: vscode.Uri.file(sshDir), title, openLabel: vscode.l10n.t('Use Key') });
    if (!chosen?.length) throw new UserCancelled();
    path = chosen[0].fsPath;
  }
  if (path) {
    const key = normalizePrivateKey(await readFile(path, 'utf8'));
    if (!key) throw new Error(vscode.l10n.t('{0} is not a PEM private key.', path));
    return key;
  }
  const pasted = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('Paste the SSH private key (PEM, "-----BEGIN … PRIVATE KEY-----")'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (normalizePrivateKey(v) ? undefined : vscode.l10n.t('Not a PEM private key: it must start with "-----BEGIN" and end with "PRIVATE KEY-----"')),
  });
  if (pasted === undefined) throw new UserCancelled();
  return normalizePrivateKey(pasted)!;
}

async function removeServer(s: ServiceCore, target?: CommandTarget): Promise<void> {
  await requireAdmin(s);
  const { server, workspace, node } = await resolveServer(s, target, vscode.l10n.t('Remove an AppHost server'));
  await confirm(s,
    vscode.l10n.t('Remove server {0}?', server.name),
    vscode.l10n.t('AppHost forgets {0} ({1}). Apps and databases on it must be deleted first; the machine itself is not touched.', server.name, server.host ?? '?'),
  );
  try {
    await runAction(s, node, vscode.l10n.t('Removing server {0}…', server.name), () =>
      asAdmin(() => s.connections.of(s.service).api().servers.delete(server.id, { workspace })),
    );
  } catch (error) {
    // 422: the platform refuses while apps or databases still live on the server.
    if (error instanceof ApiError && error.status === 422) {
      throw new Error(vscode.l10n.t('Cannot remove server {0}: it still hosts apps or databases. Delete them first. ({1})', server.name, error.message), { cause: error });
    }
    throw error;
  }
  const group = node?.parent ?? s.tree.listOf(s.service, workspace, 'servers');
  if (group) s.tree.refresh(group);
  void inform(s, vscode.l10n.t('Server {0} removed.', server.name));
}

async function checkStatus(s: ServiceCore, target?: CommandTarget): Promise<void> {
  await requireAdmin(s);
  const { server, workspace, node } = await resolveServer(s, target, vscode.l10n.t('Check an AppHost server'));
  const status = await runAction(s, node, vscode.l10n.t('Checking {0}…', server.name), () =>
    asAdmin(() => s.connections.of(s.service).api().servers.status(server.id, { workspace, priority: 'user' })),
  );
  // Update the row in place: the status call told us all the row shows.
  if (node) s.tree.showServer(node, { status: status.status });
  const say = status.connected
    ? inform(s, vscode.l10n.t('Server {0} is connected.', server.name))
    : warn(s, vscode.l10n.t('Server {0} is {1}: apps on it cannot be managed until it is connected.', server.name, status.status));
  void say;
}
