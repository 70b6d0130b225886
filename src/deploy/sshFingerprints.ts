// Whether a local public key is one the service lists (pure, no vscode). Services
// print fingerprints differently: wokku stores the SHA-256 of the key blob in hex,
// OpenSSH prints `SHA256:<base64>`, older tools `MD5:aa:bb:…`. All are accepted.

import { createHash } from 'node:crypto';

/** The key blob of an OpenSSH public key line (`type base64 [comment]`). */
function blobOf(publicKey: string): Buffer | undefined {
  const [, data] = publicKey.trim().split(/\s+/);
  if (!data || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  return Buffer.from(data, 'base64');
}

/** Every way a fingerprint of this key may be written, normalised (see `normalizeFingerprint`). */
export function fingerprintsOf(publicKey: string): Set<string> {
  const blob = blobOf(publicKey);
  if (!blob) return new Set();
  const sha = createHash('sha256').update(blob).digest();
  const md5 = createHash('md5').update(blob).digest('hex');
  return new Set([`sha256:${sha.toString('base64').replace(/=+$/, '')}`, `sha256hex:${sha.toString('hex')}`, `md5:${md5}`]);
}

/** A fingerprint as the service wrote it, in the form `fingerprintsOf` uses; undefined if unreadable. */
export function normalizeFingerprint(value: string): string | undefined {
  const v = value.trim();
  const hex = v.replace(/^(SHA256|MD5):/i, '').replace(/:/g, '').toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) return `sha256hex:${hex}`;
  if (/^[0-9a-f]{32}$/.test(hex)) return `md5:${hex}`;
  // OpenSSH's SHA256:<43 base64 characters>.
  const sha = /^SHA256:([A-Za-z0-9+/]{43})=?$/i.exec(v);
  return sha ? `sha256:${sha[1]}` : undefined;
}

/** The first local key the service knows (by any of its fingerprints), if any. */
export function registeredKey<K extends { key: string }>(localKeys: readonly K[], serviceFingerprints: readonly (string | undefined)[]): K | undefined {
  const known = new Set(serviceFingerprints.flatMap((f) => (f ? (normalizeFingerprint(f) ?? []) : [])));
  return localKeys.find((k) => [...fingerprintsOf(k.key)].some((f) => known.has(f)));
}
