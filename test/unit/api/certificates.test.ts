// Private certificate authorities: the reference server over https with a throwaway CA
// made now. Which roots the client trusts (the setting's files, NODE_EXTRA_CA_CERTS, the
// OS store), through a proxy too, and every certificate failure as a CertificateError
// that names the host, the reason and the fix (never "turn checks off").

import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, CertificateError, ConfigurationError } from '../../../src/api';
import { certificateMessage, certificateProblemOf, gitCertificateMessage, gitCertificateProblem, type CertificateProblem } from '../../../src/api/certificateProblems';
import { pemBlocks, trustedRoots } from '../../../src/api/trustedRoots';
import { pushOutcome } from '../../../src/deploy/pushOutput';
import { DEMO_USER, makeTestPki, startServer, type KeyAndCert, type RunningServer, type TestPki } from '../../server';
import { type CountingProxy, startCountingProxy } from './countingProxy';
import { capturingLogger, freeBudget, rejects } from './helpers';

const NO_OS_STORE = { systemCertificates: false, files: [] as string[] };

describe('api: private certificate authorities (https reference server)', function () {
  this.timeout(20_000);
  let pki: TestPki;
  let dir: string;
  let caFile: string;
  const servers: RunningServer[] = [];

  before(async () => {
    pki = await makeTestPki();
    dir = mkdtempSync(join(tmpdir(), 'apphost-ca-test-'));
    caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, pki.ca.cert);
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(tls: KeyAndCert): Promise<RunningServer> {
    const server = await startServer({ seed: 'demo', tls, rateLimit: false, logIntervalMs: 0 });
    servers.push(server);
    return server;
  }

  function client(server: RunningServer, trust = NO_OS_STORE, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
    return new ApiClient({
      baseUrl: server.url, getToken: () => server.control.issueToken(DEMO_USER.email), budget: freeBudget(), logger: capturingLogger(),
      retry: { maxAttempts: 1 }, trust, ...extra,
    });
  }

  it('serves https when given a key and certificate', async () => {
    const server = await serve(pki.server);
    assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('without the authority: a CertificateError naming the host, "unknown authority" and the setting', async () => {
    const server = await serve(pki.server);
    const c = client(server);
    const e = await rejects(c.apps.list(), CertificateError);
    assert.equal(e.problem.kind, 'unknownAuthority');
    assert.equal(e.problem.host, '127.0.0.1');
    assert.match(e.message, /does not trust the certificate of 127\.0\.0\.1/);
    assert.match(e.message, /apphost\.tls\.certificateAuthorities/);
    assert.match(e.message, /trust store/);
    assert.doesNotMatch(e.message, /strictSSL|rejectUnauthorized|disable|turn off|insecure/i);
    assert.equal(e.outcomeUnknown, false);
    await c.close();
  });

  it('with the authority in apphost.tls.certificateAuthorities: requests succeed', async () => {
    const server = await serve(pki.server);
    const c = client(server, { systemCertificates: false, files: [caFile] });
    assert.ok((await c.apps.list()).some((a) => a.name === 'storefront'));
    await c.close();
  });

  it('adds the setting\'s authorities to the roots and never replaces them', async () => {
    const roots = await trustedRoots({ systemCertificates: false, files: [caFile] }, {});
    const caPem = pemBlocks(pki.ca.cert)[0];
    assert.ok(roots.ca.includes(caPem), 'the file\'s authority');
    const tls = await import('node:tls');
    assert.ok(tls.rootCertificates.every((r) => roots.ca.includes(r.trim())), 'all of Node\'s roots stay');
    assert.match(roots.description, /apphost\.tls\.certificateAuthorities 1/);
  });

  it('trusts NODE_EXTRA_CA_CERTS, as Node does for its default roots', async () => {
    const roots = await trustedRoots({ systemCertificates: false, files: [] }, { NODE_EXTRA_CA_CERTS: caFile });
    assert.ok(roots.ca.includes(pemBlocks(pki.ca.cert)[0]));
  });

  it('reads the operating system\'s store when http.systemCertificates is on', async () => {
    const on = await trustedRoots({ systemCertificates: true, files: [] });
    const off = await trustedRoots({ systemCertificates: false, files: [] }, {});
    assert.match(on.description, /operating system \d+ \((Node's reader|system-ca)\)/);
    assert.match(off.description, /operating system off/);
    assert.ok(on.ca.length >= off.ca.length);
  });

  it('an unusable setting says which file and why (missing, relative, not PEM)', async () => {
    const server = await serve(pki.server);
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    for (const [file, why] of [[join(dir, 'missing.pem'), /does not exist/], ['ca.pem', /not an absolute path/], [notPem, /holds no certificate/]] as const) {
      const c = client(server, { systemCertificates: false, files: [file] });
      const e = await rejects(c.apps.list(), ConfigurationError);
      assert.match(e.message, why);
      assert.ok(e.message.includes(file));
      assert.equal(e.setting, 'apphost.tls.certificateAuthorities');
      await c.close();
    }
  });

  it('an expired certificate is explained (renew it, or check the clock)', async () => {
    const server = await serve(pki.expired);
    const c = client(server, { systemCertificates: false, files: [caFile] });
    const e = await rejects(c.apps.list(), CertificateError);
    assert.equal(e.problem.kind, 'expired');
    assert.match(e.message, /The certificate of 127\.0\.0\.1 has expired\. Its administrator must renew it/);
    assert.match(e.message, /date and time/);
    await c.close();
  });

  it('a certificate for another name is explained with the names it is for', async () => {
    const server = await serve(pki.wrongHost);
    const c = client(server, { systemCertificates: false, files: [caFile] });
    const e = await rejects(c.apps.list(), CertificateError);
    assert.equal(e.problem.kind, 'hostMismatch');
    assert.match(e.message, /The certificate of 127\.0\.0\.1 is for another name \(wrong\.apphost\.test\)/);
    assert.match(e.summary, /certificate is for another name/);
    await c.close();
  });

  it('a self-signed certificate is explained as such', async () => {
    const server = await serve(pki.selfSigned);
    const c = client(server);
    const e = await rejects(c.apps.list(), CertificateError);
    assert.equal(e.problem.kind, 'selfSigned');
    assert.match(e.message, /it is self-signed/);
    await c.close();
  });

  it('checkAddress: any answer passes; a certificate failure throws', async () => {
    const good = await serve(pki.server);
    await client(good, { systemCertificates: false, files: [caFile] }).checkAddress();
    await rejects(client(good).checkAddress(), CertificateError);
  });

  describe('through a proxy', () => {
    let proxy: CountingProxy;
    before(async () => (proxy = await startCountingProxy()));
    after(() => proxy.close());

    it('the roots apply to the service reached through the proxy\'s tunnel (http.proxy)', async () => {
      const server = await serve(pki.server);
      const tunnels = proxy.tunnels.length;
      const trusted = client(server, { systemCertificates: false, files: [caFile] }, { proxy: { url: proxy.url, strictSSL: true } });
      assert.ok((await trusted.apps.list()).length > 0);
      assert.equal(proxy.tunnels.length - tunnels, 1);
      const untrusted = client(server, NO_OS_STORE, { proxy: { url: proxy.url, strictSSL: true } });
      assert.equal((await rejects(untrusted.apps.list(), CertificateError)).problem.kind, 'unknownAuthority');
      await Promise.all([trusted.close(), untrusted.close()]);
    });

    it('and through HTTPS_PROXY from the environment', async () => {
      const server = await serve(pki.server);
      const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
      process.env.HTTPS_PROXY = proxy.url;
      delete process.env.NO_PROXY;
      delete process.env.no_proxy;
      try {
        const tunnels = proxy.tunnels.length;
        const c = client(server, { systemCertificates: false, files: [caFile] });
        assert.match(c.route, /environment proxy/);
        assert.ok((await c.apps.list()).length > 0);
        assert.equal(proxy.tunnels.length - tunnels, 1);
        await c.close();
      } finally {
        for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
      }
    });
  });
});

describe('api: certificate problems in words (pure)', () => {
  const problem = (kind: CertificateProblem['kind'], extra: Partial<CertificateProblem> = {}): CertificateProblem => ({ kind, host: 'apphost.corp.example', reason: 'X', ...extra });

  it('classifies Node\'s codes, looking through undici\'s cause chain', () => {
    const wrapped = (code: string, more: object = {}) => Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('tls'), { code, ...more }) });
    assert.equal(certificateProblemOf(wrapped('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), 'h')?.kind, 'unknownAuthority');
    assert.equal(certificateProblemOf(wrapped('SELF_SIGNED_CERT_IN_CHAIN'), 'h')?.kind, 'unknownAuthority');
    assert.equal(certificateProblemOf(wrapped('DEPTH_ZERO_SELF_SIGNED_CERT'), 'h')?.kind, 'selfSigned');
    assert.equal(certificateProblemOf(wrapped('CERT_HAS_EXPIRED'), 'h')?.kind, 'expired');
    assert.equal(certificateProblemOf(wrapped('CERT_NOT_YET_VALID'), 'h')?.kind, 'notYetValid');
    assert.equal(certificateProblemOf(wrapped('CERT_REVOKED'), 'h')?.kind, 'other');
    const mismatch = certificateProblemOf(wrapped('ERR_TLS_CERT_ALTNAME_INVALID', { host: 'proxy.corp', cert: { subjectaltname: 'DNS:a.example, IP Address:10.0.0.1' } }), 'h');
    assert.deepEqual([mismatch?.kind, mismatch?.host, mismatch?.names], ['hostMismatch', 'proxy.corp', ['a.example', '10.0.0.1']]);
    assert.equal(certificateProblemOf(wrapped('ECONNREFUSED'), 'h'), undefined);
    assert.equal(certificateProblemOf(new Error('plain'), 'h'), undefined);
  });

  it('each kind says what happened and what to do, and never to turn checks off', () => {
    const texts = (['unknownAuthority', 'selfSigned', 'expired', 'notYetValid', 'hostMismatch', 'other'] as const)
      .flatMap((k) => [certificateMessage(problem(k)), gitCertificateMessage(problem(k))]);
    for (const t of texts) {
      assert.ok(t.includes('apphost.corp.example'), t);
      assert.doesNotMatch(t, /sslVerify|strictSSL|rejectUnauthorized|NODE_TLS_REJECT_UNAUTHORIZED|disable|turn (it |them )?off|insecure/i, t);
    }
    assert.match(certificateMessage(problem('unknownAuthority')), /private certificate authority.*apphost\.tls\.certificateAuthorities.*trust store/s);
    assert.match(certificateMessage(problem('expired', { validTo: 'Jan  1 00:00:00 2026 GMT' })), /has expired \(on Jan {2}1 00:00:00 2026 GMT\)/);
    assert.match(certificateMessage(problem('hostMismatch', { names: ['a', 'b', 'c', 'd', 'e'] })), /another name \(a, b, c, d, …\)/);
  });

  it('reads git\'s certificate sentences (curl with OpenSSL or GnuTLS, schannel)', () => {
    const cases: [string, CertificateProblem['kind']][] = [
      ["unable to access 'https://h/git/a.git/': SSL certificate problem: unable to get local issuer certificate", 'unknownAuthority'],
      ["unable to access 'https://h/git/a.git/': server certificate verification failed. CAfile: none CRLfile: none", 'unknownAuthority'],
      ["unable to access 'https://h/': SSL certificate problem: self-signed certificate in certificate chain", 'unknownAuthority'],
      ["unable to access 'https://h/': SSL certificate problem: self signed certificate", 'selfSigned'],
      ["unable to access 'https://h/': SSL certificate problem: certificate has expired", 'expired'],
      ["unable to access 'https://h/': SSL: no alternative certificate subject name matches target host name 'h'", 'hostMismatch'],
    ];
    for (const [line, kind] of cases) {
      assert.equal(gitCertificateProblem(line, 'h')?.kind, kind, line);
      assert.equal(pushOutcome(128, [`fatal: ${line}`], 'apphost').problem, 'certificate', line);
    }
    assert.equal(gitCertificateProblem('Connection refused', 'h'), undefined);
    // git's keys match the port exactly: the fix names the address git could not reach.
    const withPort = gitCertificateProblem("unable to access 'https://git.corp.example:8443/git/a/': SSL certificate problem: unable to get local issuer certificate", 'remote-host')!;
    assert.equal(withPort.host, 'git.corp.example');
    assert.match(gitCertificateMessage(withPort), /"git config --global http\.https:\/\/git\.corp\.example:8443\/\.sslCAInfo <path to the PEM file>"/);
    assert.match(gitCertificateMessage(gitCertificateProblem('server certificate verification failed', 'git.corp.example')!), /http\.https:\/\/git\.corp\.example\/\.sslCAInfo/);
  });
});
