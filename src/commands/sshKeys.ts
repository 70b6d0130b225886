import { basename } from 'node:path';
import * as vscode from 'vscode';
import { inform } from '../kit/notices';
import type { SshKey } from '../api';
import { relativeTime } from '../format';
import type { ServiceCore } from '../core';
import { signedIn } from '../kit/targets';
import { UserCancelled } from '../model';
import { confirm } from '../kit/prompts';
import { publicKeyFiles, validatePublicKey } from '../deploy/sshKeyFiles';
import type { Action } from '../kit/action';

export { validatePublicKey };

export function validateKeyName(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('Enter a name');
  return value.trim().length > 100 ? vscode.l10n.t('At most 100 characters') : undefined;
}

/** SSH keys of the account (not workspace-scoped): manage, add, remove. */
export const sshKeyActions: readonly Action[] = [
  { command: 'apphost.sshKeys.manage', run: manageSshKeys },
  { command: 'apphost.sshKey.add', run: addSshKey },
  { command: 'apphost.sshKey.remove', run: removeSshKey },
];

type KeyItem = vscode.QuickPickItem & { key?: SshKey; add?: true };

function keyItems(keys: SshKey[]): KeyItem[] {
  return [
    { label: `$(add) ${vscode.l10n.t('Add SSH Key…')}`, add: true, alwaysShow: true },
    { label: vscode.l10n.t('Keys'), kind: vscode.QuickPickItemKind.Separator },
    ...keys.map((k): KeyItem => ({
      label: `$(key) ${k.name}`,
      description: k.fingerprint,
      detail: k.createdAt && vscode.l10n.t('added {0} · select to remove', relativeTime(k.createdAt)!),
      key: k,
    })),
  ];
}

/** A list that comes back after each change, until Escape: add from the top, select a key to remove it. */
async function manageSshKeys(s: ServiceCore): Promise<void> {
  const session = await signedIn(s);
  for (;;) {
    const items = s.connections.of(s.service).api().sshKeys.list({ priority: 'user' }).then(keyItems);
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('SSH keys of {0}', session.account.email),
      placeHolder: vscode.l10n.t('Add a key, or select one to remove it'),
      matchOnDescription: true,
    });
    if (!picked) return;
    try {
      if (picked.add) await addSshKey(s);
      else if (picked.key) await removeSshKey(s, picked.key);
    } catch (error) {
      if (!(error instanceof UserCancelled)) throw error;
    }
  }
}

async function addSshKey(s: ServiceCore): Promise<SshKey> {
  await signedIn(s);
  const title = vscode.l10n.t('Add an SSH key');
  const files = await publicKeyFiles();
  type SourceItem = vscode.QuickPickItem & { file?: { path: string; key: string }; paste?: true };
  const sources: SourceItem[] = [
    ...files.map((f): SourceItem => ({ label: `$(file) ${basename(f.path)}`, description: f.key.split(/\s+/)[0], detail: f.path, file: f })),
    { label: `$(clippy) ${vscode.l10n.t('Paste a public key…')}`, paste: true },
  ];
  const source = files.length
    ? await vscode.window.showQuickPick(sources, { title, placeHolder: vscode.l10n.t('A public key file of ~/.ssh, or paste one') })
    : sources[0];
  if (!source) throw new UserCancelled();
  let publicKey = source.file?.key;
  if (!publicKey) {
    publicKey = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('The public key: one line "type base64 comment", as in a .pub file'),
      placeHolder: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… you@laptop',
      ignoreFocusOut: true,
      validateInput: validatePublicKey,
    });
    if (publicKey === undefined) throw new UserCancelled();
  }
  publicKey = publicKey.trim();
  // The key's comment (often user@host) or the file name is a good default name.
  const comment = publicKey.split(/\s+/).slice(2).join(' ');
  const name = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('A name that tells you which machine holds the key'),
    value: comment || (source.file ? basename(source.file.path, '.pub') : ''),
    ignoreFocusOut: true,
    validateInput: validateKeyName,
  });
  if (name === undefined) throw new UserCancelled();
  const key = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Adding SSH key {0}…', name.trim()) }, () =>
    s.connections.of(s.service).api().sshKeys.add({ name: name.trim(), publicKey: publicKey! }, { priority: 'user' }),
  );
  void inform(s, vscode.l10n.t('SSH key "{0}" added ({1}).', key.name || name.trim(), key.fingerprint ?? ''));
  return key;
}

async function removeSshKey(s: ServiceCore, key?: SshKey): Promise<void> {
  await signedIn(s);
  if (!key?.id) {
    const keys = s.connections.of(s.service).api().sshKeys.list({ priority: 'user' }).then((list) => list.map((k) => ({ label: `$(key) ${k.name}`, description: k.fingerprint, key: k })));
    const picked = await vscode.window.showQuickPick(keys, { title: vscode.l10n.t('Remove an SSH key'), placeHolder: vscode.l10n.t('Select the key to remove') });
    if (!picked) throw new UserCancelled();
    key = picked.key;
  }
  await confirm(s,
    vscode.l10n.t('Remove the SSH key "{0}"?', key.name),
    vscode.l10n.t('Pushes from the machine holding it ({0}) will be refused.', key.fingerprint ?? key.id),
  );
  await s.connections.of(s.service).api().sshKeys.remove(key.id, { priority: 'user' });
  void inform(s, vscode.l10n.t('SSH key "{0}" removed.', key.name));
}
