// OpenSSH public key parsing and fingerprints as wokku stores them: the SHA-256 of the
// key blob in lower-case hex (`OpenSSL::Digest::SHA256.hexdigest(key.to_blob)`), not
// OpenSSH's `SHA256:<base64>`.

import { createHash } from 'node:crypto';

const KEY_TYPES = new Set([
  'ssh-ed25519', 'ssh-rsa', 'ssh-dss', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com',
]);

/** The fingerprint (64 hex digits), or undefined when the text is not a well-formed public key. */
export function fingerprint(publicKey: string): string | undefined {
  const parts = publicKey.trim().split(/\s+/);
  if (parts.length < 2 || !KEY_TYPES.has(parts[0]) || !/^[A-Za-z0-9+/]+={0,2}$/.test(parts[1])) return undefined;
  const blob = Buffer.from(parts[1], 'base64');
  // The blob starts with the key type as an SSH string: uint32 length + bytes.
  if (blob.length < 4) return undefined;
  const len = blob.readUInt32BE(0);
  if (len !== parts[0].length || blob.length < 4 + len + 4 || blob.subarray(4, 4 + len).toString('latin1') !== parts[0]) return undefined;
  return createHash('sha256').update(blob).digest('hex');
}

/** A syntactically valid ed25519 public key derived from a seed string (for demo data and tests). */
export function makeEd25519PublicKey(seed: string, comment: string): string {
  const type = Buffer.from('ssh-ed25519');
  const key = createHash('sha256').update(seed).digest();
  const blob = Buffer.concat([u32(type.length), type, u32(key.length), key]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
