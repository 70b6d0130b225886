// Throwaway certificates for serving the reference server over https in tests: a private
// certificate authority made at test time, a server certificate it signs for this
// machine's loopback names, and the broken ones AppHost must explain (expired, issued to
// another name, self-signed). Nothing here is kept after the process.

import selfsigned from 'selfsigned';

export interface KeyAndCert {
  key: string;
  cert: string;
}

export interface TestPki {
  /** The private authority: its certificate is what a user adds to apphost.tls.certificateAuthorities. */
  ca: KeyAndCert;
  /** Signed by `ca`, for 127.0.0.1, ::1 and localhost, valid for a day. */
  server: KeyAndCert;
  /** Signed by `ca`, for 127.0.0.1 and localhost, expired yesterday. */
  expired: KeyAndCert;
  /** Signed by `ca`, for another host (wrong.apphost.test) only. */
  wrongHost: KeyAndCert;
  /** Signs itself, for 127.0.0.1 and localhost. */
  selfSigned: KeyAndCert;
}

const DAY = 86_400_000;
const LOOPBACK = [{ type: 2 as const, value: 'localhost' }, { type: 7 as const, ip: '127.0.0.1' }, { type: 7 as const, ip: '::1' }];
const LEAF = [
  { name: 'basicConstraints' as const, cA: false },
  { name: 'keyUsage' as const, digitalSignature: true, keyEncipherment: true },
  { name: 'extKeyUsage' as const, serverAuth: true },
];

export async function makeTestPki(name = 'AppHost Test CA'): Promise<TestPki> {
  const now = Date.now();
  const caPems = await selfsigned.generate([{ name: 'commonName', value: `${name} ${now}` }, { name: 'organizationName', value: 'AppHost tests' }], {
    keyType: 'ec', algorithm: 'sha256', notBeforeDate: new Date(now - DAY), notAfterDate: new Date(now + 2 * DAY),
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }],
  });
  const ca = { key: caPems.private, cert: caPems.cert };
  const leaf = async (cn: string, altNames: typeof LOOPBACK, from: number, to: number): Promise<KeyAndCert> => {
    const pems = await selfsigned.generate([{ name: 'commonName', value: cn }], {
      keyType: 'ec', algorithm: 'sha256', notBeforeDate: new Date(from), notAfterDate: new Date(to), ca,
      extensions: [...LEAF, { name: 'subjectAltName', altNames }],
    });
    return { key: pems.private, cert: pems.cert };
  };
  const selfPems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec', algorithm: 'sha256', notBeforeDate: new Date(now - DAY), notAfterDate: new Date(now + DAY),
    extensions: [...LEAF, { name: 'subjectAltName', altNames: LOOPBACK }],
  });
  return {
    ca,
    server: await leaf('localhost', LOOPBACK, now - DAY, now + DAY),
    expired: await leaf('localhost', LOOPBACK, now - 3 * DAY, now - DAY),
    wrongHost: await leaf('wrong.apphost.test', [{ type: 2, value: 'wrong.apphost.test' }], now - DAY, now + DAY),
    selfSigned: { key: selfPems.private, cert: selfPems.cert },
  };
}
