// Local public keys against the fingerprints the service lists, in every notation.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprintsOf, normalizeFingerprint, registeredKey } from '../../../src/deploy/sshFingerprints';
import { fingerprint as serviceFingerprint, makeEd25519PublicKey } from '../../server/sshKey';

describe('deploy: SSH key fingerprints', () => {
  const key = makeEd25519PublicKey('laptop', 'me@laptop');
  const other = makeEd25519PublicKey('desktop', 'me@desktop');

  it('recognises a key by the reference server\'s fingerprint (wokku: hex SHA-256 of the blob)', () => {
    const fp = serviceFingerprint(key)!;
    assert.match(fp, /^[0-9a-f]{64}$/);
    assert.equal(registeredKey([{ path: 'id_other.pub', key: other }, { path: 'id_ed25519.pub', key }], [fp])?.path, 'id_ed25519.pub');
    assert.equal(registeredKey([{ path: 'id_other.pub', key: other }], [fp]), undefined);
  });

  it('agrees with ssh-keygen -l (SHA256:base64 and MD5:hex)', function () {
    const dir = mkdtempSync(join(tmpdir(), 'apphost-keys-'));
    try {
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test@unit', '-f', join(dir, 'id')]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      this.skip();
    }
    try {
      const pub = readFileSync(join(dir, 'id.pub'), 'utf8');
      const sha = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', join(dir, 'id.pub')], { encoding: 'utf8' }).split(' ')[1];
      const md5 = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', join(dir, 'id.pub')], { encoding: 'utf8' }).split(' ')[1];
      const mine = fingerprintsOf(pub);
      assert.ok(mine.has(normalizeFingerprint(sha)!), `${sha} in ${[...mine].join(', ')}`);
      assert.ok(mine.has(normalizeFingerprint(md5)!), md5);
      assert.ok(registeredKey([{ key: pub }], [sha]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads fingerprints written in any of the usual ways, and nothing else', () => {
    const hex = 'a'.repeat(64);
    assert.equal(normalizeFingerprint(hex), `sha256hex:${hex}`);
    assert.equal(normalizeFingerprint(`SHA256:${hex.toUpperCase()}`), `sha256hex:${hex}`);
    assert.equal(normalizeFingerprint('SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU'), 'sha256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU');
    assert.equal(normalizeFingerprint('MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48'), 'md5:1627aca576282d36631b564debdfa648');
    assert.equal(normalizeFingerprint('not a fingerprint'), undefined);
    assert.deepEqual([...fingerprintsOf('ssh-ed25519 not-base64!')], []);
  });
});
