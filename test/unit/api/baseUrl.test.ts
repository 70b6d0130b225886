import { strict as assert } from 'node:assert';
import { ConfigurationError, dashboardUrl, isLoopbackHost, resolveBaseUrl } from '../../../src/api';

describe('api: base URL', () => {
  it('accepts https://host, a trailing slash and /api/v1', () => {
    for (const input of ['https://apphost.example.com', 'https://apphost.example.com/', 'https://apphost.example.com/api/v1', ' https://apphost.example.com/api/v1/ ', 'apphost.example.com']) {
      assert.deepEqual(resolveBaseUrl(input), { origin: 'https://apphost.example.com', apiRoot: 'https://apphost.example.com/api/v1' }, input);
    }
    assert.equal(resolveBaseUrl('https://h.example:8443/hosting/api/v1').apiRoot, 'https://h.example:8443/hosting/api/v1');
  });

  it('refuses plain http to a remote host unless allowed, with a clear message', () => {
    assert.throws(() => resolveBaseUrl('http://apphost.example.com'), (e: unknown) => {
      assert.ok(e instanceof ConfigurationError);
      assert.match((e as Error).message, /Refusing plain http:\/\/ for apphost\.example\.com: your token would be sent unencrypted.*apphost\.allowInsecureHttp/);
      return true;
    });
    assert.equal(resolveBaseUrl('http://apphost.example.com', { allowInsecureHttp: true }).origin, 'http://apphost.example.com');
  });

  it('allows http to loopback hosts', () => {
    for (const input of ['http://127.0.0.1:3000', 'http://127.8.9.10', 'http://localhost:8080/api/v1', 'http://[::1]:9000', 'http://app.localhost']) {
      assert.doesNotThrow(() => resolveBaseUrl(input), input);
    }
    assert.ok(isLoopbackHost('::ffff:127.0.0.1'));
    assert.ok(!isLoopbackHost('128.0.0.1'));
    assert.ok(!isLoopbackHost('localhost.example.com'));
    assert.ok(!isLoopbackHost('10.0.0.1'));
  });

  it('rejects garbage, other schemes and embedded credentials', () => {
    assert.throws(() => resolveBaseUrl(''), /empty/);
    assert.throws(() => resolveBaseUrl('https://'), /not a valid URL/);
    assert.throws(() => resolveBaseUrl('ftp://h.example'), /Unsupported URL scheme/);
    assert.throws(() => resolveBaseUrl('https://user:pw@h.example'), (e: unknown) => !(e as Error).message.includes('pw'));
  });

  it('derives the web dashboard\'s pages from the API root (wokku\'s routes), sub-path deployments too', () => {
    assert.equal(dashboardUrl('https://h.example/api/v1', { database: '0190-abc' }), 'https://h.example/dashboard/addons/0190-abc');
    assert.equal(dashboardUrl('https://h.example/hosting/api/v1', 'billing'), 'https://h.example/hosting/dashboard/billing');
    assert.equal(dashboardUrl('https://h.example/api/v1', { database: 'a/b?c' }), 'https://h.example/dashboard/addons/a%2Fb%3Fc');
  });
});
