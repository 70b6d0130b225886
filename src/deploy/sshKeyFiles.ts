// The user's public SSH keys: what the service accepts, and the files of ~/.ssh that hold
// one (the deploy's preflight and the SSH key commands both read them).
import { readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';

const KEY_TYPES = [
  'ssh-ed25519', 'ssh-rsa', 'ssh-dss', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com',
];

/**
 * Checks an OpenSSH public key line (`type base64 [comment]`) as the service will: known
 * type, base64 blob that starts with the same type. Catches a pasted private key early.
 */
export function validatePublicKey(text: string): string | undefined {
  const value = text.trim();
  if (!value) return vscode.l10n.t('Paste a public key, e.g. the content of ~/.ssh/id_ed25519.pub');
  if (/PRIVATE KEY/.test(value)) return vscode.l10n.t('This is a private key: paste the public one (the .pub file)');
  const [type, blob] = value.split(/\s+/);
  if (!KEY_TYPES.includes(type)) return vscode.l10n.t('Starts with the key type: {0}…', 'ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256');
  if (!blob || !/^[A-Za-z0-9+/]+={0,2}$/.test(blob)) return vscode.l10n.t('After the key type comes the key itself, in base64');
  const bytes = Buffer.from(blob, 'base64');
  const len = bytes.length >= 4 ? bytes.readUInt32BE(0) : -1;
  if (len !== type.length || bytes.subarray(4, 4 + len).toString('latin1') !== type) return vscode.l10n.t('The key data does not match its type {0}', type);
  return undefined;
}

/** The public key files of a directory (default ~/.ssh) with the key they hold; unreadable or invalid files are skipped. */
export async function publicKeyFiles(dir = join(homedir(), '.ssh')): Promise<{ path: string; key: string }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.pub')).sort();
  } catch {
    return [];
  }
  const files = await Promise.all(
    names.map(async (n) => {
      const key = (await readFile(join(dir, n), 'utf8').catch(() => '')).trim();
      return { path: join(dir, n), key };
    }),
  );
  return files.filter((f) => validatePublicKey(f.key) === undefined);
}

