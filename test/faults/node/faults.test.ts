// The fault suite, plain Node part: the API layer and the pure cores against the
// reference server's fault injection (real HTTP) and hostile inputs. One named case per
// point of the reliability audit (docs/reliability.md); the VS Code part is in
// ../vscode, the journeys with screenshots in ../e2e. Every error and log line is
// scanned for token values at the end (test/unit/api/helpers.ts).

import { strict as assert } from 'node:assert';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { DEMO_USER, type RunningServer, startServer } from '../../server';
import { ApiClient, type ApiClientOptions, ApiError, CertificateError, InvalidIdError, MAX_RETRY_AFTER_MS, NetworkError, RequestBudget } from '../../../src/api';
import { createDispatcher } from '../../../src/api/dispatcher';
import { LineSplitter } from '../../../src/api/logStream';
import { MAX_LINE_CHARS } from '../../../src/api/normalize';
import { parseRetryAfter } from '../../../src/api/retry';
import { applyChangeSet, diffMaps } from '../../../src/configText/configDiff';
import { parseEnvFile, renderEnvFile } from '../../../src/configText/envFile';
import { maskSecretFields, maskUrl } from '../../../src/configText/secrets';
import { threeWayMerge } from '../../../src/configText/threeWayMerge';
import { codeSpan, escapeMarkdown } from '../../../src/format';
import { capturingLogger, freeBudget, knownSecrets, logLines, recordError, rejects } from '../../unit/api/helpers';
import { startCountingProxy } from '../../unit/api/countingProxy';
import { SELF_SIGNED_CERT, SELF_SIGNED_KEY } from './selfSigned';
import { sleep } from '../../support/wait';
import { FakeClock } from '../../support/fakeClock';

describe('faults (node)', function () {
  this.timeout(60_000);
  let srv: RunningServer;
  let token: string;
  const clients: ApiClient[] = [];
  const make = (extra: Partial<ApiClientOptions> = {}) => {
    const c = new ApiClient({ baseUrl: srv.url, getToken: () => token, budget: freeBudget(), logger: capturingLogger(), retry: { baseDelayMs: 10, maxDelayMs: 20 }, ...extra });
    clients.push(c);
    return c;
  };
  const log = (from: number, method?: string) => srv.control.requestLog.slice(from).filter((e) => !method || e.method === method);

  before(async () => {
    srv = await startServer({ seed: 'demo', actionDelayMs: 10, rateLimit: false, logIntervalMs: 0, follow: true });
    token = srv.control.issueToken(DEMO_USER.email);
    knownSecrets.add(token);
  });
  afterEach(() => {
    srv.control.clearFaults();
    srv.control.setRateLimit(false);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await srv.close();
  });

  describe('rate limits', () => {
    it('R1 429 storm (other clients spent the budget): views fail fast, a user read waits and goes out once the window allows', async () => {
      // The real service: fixed windows, Retry-After = the period (here 2 s), refused calls count too.
      const windowMs = 2_000;
      srv.control.setRateLimit({ perMinute: 5, windowMs });
      const budget = new RequestBudget({ perMinute: 6000, windowMs });
      const c = make({ budget });
      // Another client of the same user (the CLI) spends the window.
      await sleep(windowMs - (Date.now() % windowMs) + 10);
      for (let i = 0; i < 6; i++) await fetch(`${srv.url}/api/v1/apps`, { headers: { authorization: `Bearer ${token}` } });
      const t0 = Date.now();
      const view = await rejects(c.apps.list({}, { priority: 'view' }), ApiError);
      assert.equal(view.status, 429);
      assert.ok(Date.now() - t0 < 500, 'the view did not wait');
      assert.ok(budget.isThrottled());
      const second = await rejects(c.servers.list({ priority: 'view' }), ApiError);
      assert.equal(second.code, 'throttled', 'a second view call is not even sent while throttled');
      const from = srv.control.requestLog.length;
      const apps = await c.apps.list({}, { priority: 'user' });
      assert.ok(apps.length > 0);
      const nextWindow = Math.ceil(t0 / windowMs) * windowMs;
      assert.ok(Date.now() >= nextWindow, 'went out in the next window');
      assert.ok(Date.now() - nextWindow < windowMs / 12 + 600, `healed ${Date.now() - nextWindow} ms after the window opened`);
      assert.ok(!budget.isThrottled(), 'the answer ended the throttle');
      // Probes only: one per twelfth of the window (5 s for the real minute), plus the answer.
      assert.ok(log(from).length <= 14, `${log(from).length} requests while waiting (probes only)`);
      budget.dispose();
    });

    it('R2 absurd Retry-After (3600, 2^31+ ms, junk) is capped: no hour-long hold, no timer firing every millisecond', async () => {
      assert.equal(parseRetryAfter('3600'), MAX_RETRY_AFTER_MS);
      assert.equal(parseRetryAfter('99999999999'), MAX_RETRY_AFTER_MS);
      assert.equal(parseRetryAfter('1e400'), undefined);
      const clock = new FakeClock();
      const budget = new RequestBudget({ perMinute: 60, clock });
      budget.pauseFor(2 ** 33);
      assert.ok(budget.snapshot().pausedForMs <= MAX_RETRY_AFTER_MS);
      let granted = 0;
      const waiting = budget.acquire('user').then(() => granted++);
      await clock.advance(10);
      assert.ok(clock.pendingTimers <= 1, `${clock.pendingTimers} timers`);
      await clock.advance(MAX_RETRY_AFTER_MS);
      await waiting;
      assert.equal(granted, 1);
      // Over the wire: a 429 saying 3600 holds a view for the cap at most.
      const c = make({ budget: new RequestBudget({ perMinute: 6000 }) });
      srv.control.failNext({ status: 429, retryAfter: '3600', path: '/apps' });
      const e = await rejects(c.apps.list({}, { priority: 'view' }), ApiError);
      assert.equal(e.retryAfterMs, MAX_RETRY_AFTER_MS);
      c.budget.dispose();
      budget.dispose();
    });

    it('R3 "Retry Now" releases waiting requests at once', async () => {
      const budget = new RequestBudget({ perMinute: 60 });
      budget.pauseFor(MAX_RETRY_AFTER_MS);
      const t0 = Date.now();
      const waiting = budget.acquire('user');
      budget.resume();
      await waiting;
      assert.ok(Date.now() - t0 < 100);
      budget.dispose();
    });
  });

  describe('data safety', () => {
    it('D1 a config PUT whose connection resets after the service applied it is not sent again (one restart), and says the outcome is unknown', async () => {
      const c = make();
      const from = srv.control.requestLog.length;
      srv.control.resetAfterNext({ method: 'PUT', path: /\/config$/ });
      const e = await rejects(c.config.set('storefront', { FAULT_D1: 'x' }), NetworkError);
      assert.equal(e.outcomeUnknown, true);
      assert.equal(log(from, 'PUT').length, 1);
      assert.equal(srv.control.getConfig('storefront').FAULT_D1, 'x', 'the service did apply it');
    });

    it('D2 a DELETE whose connection resets after the service applied it is not sent again (no "Not found")', async () => {
      const c = make();
      srv.control.setConfig('storefront', { FAULT_D2: 'y' });
      const from = srv.control.requestLog.length;
      srv.control.resetAfterNext({ method: 'DELETE', path: /\/config$/ });
      const e = await rejects(c.config.unset('storefront', ['FAULT_D2']), NetworkError);
      assert.equal(e.outcomeUnknown, true);
      assert.equal(log(from, 'DELETE').length, 1);
      // A GET after a reset is still retried: reading twice is harmless.
      srv.control.resetNext({ method: 'GET', path: /\/config$/ });
      assert.equal((await c.config.get('storefront')).FAULT_D2, undefined);
    });

    it('D3 config vars named __proto__, constructor, toString, hasOwnProperty round-trip (API, .env file, diff and merge)', async () => {
      // JSON.parse makes "__proto__" an own key, as the wire does.
      const vars = JSON.parse('{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":"h","valueOf":"v"}') as Record<string, string>;
      assert.equal(Object.keys(vars).length, 5);
      const c = make();
      await c.config.set('storefront', vars);
      const back = await c.config.get('storefront');
      for (const k of Object.keys(vars)) assert.equal(Object.hasOwn(back, k) && back[k], vars[k], k);
      const file = renderEnvFile(back);
      assert.match(file.text, /^__proto__=p$/m);
      const parsed = parseEnvFile(file.text);
      assert.deepEqual(parsed.problems, []);
      for (const k of Object.keys(vars)) assert.equal(Object.hasOwn(parsed.values, k) && parsed.values[k], vars[k], k);
      const mine = { ...parsed.values, ['__proto__']: 'p2' };
      const diff = diffMaps(parsed.values, mine);
      assert.deepEqual(Object.keys(diff.set), ['__proto__']);
      const merge = threeWayMerge(parsed.values, mine, back);
      assert.equal(merge.kind, 'merged');
      if (merge.kind === 'merged') assert.equal(Object.hasOwn(merge.merged, '__proto__') && merge.merged.__proto__, 'p2');
      assert.equal(applyChangeSet(back, diff).__proto__, 'p2');
      srv.control.deleteConfig('storefront', Object.keys(vars));
    });
  });

  describe('hostile input', () => {
    it('H1 ids ".", "..", "", with a slash or control characters are refused before anything is sent', async () => {
      const c = make();
      const from = srv.control.requestLog.length;
      for (const id of ['..', '.', '', 'a/b', '..%2f', 'x\u0007', 'a\\b']) {
        const e: unknown = await rejects(c.apps.restart(id), id === '..%2f' ? undefined : InvalidIdError);
        if (id === '..%2f') assert.equal((e as unknown as ApiError).status, 404, 'percent signs are encoded: a name, not a path');
        else assert.match((e as Error).message, /Refusing to use/);
      }
      assert.equal(log(from).length, 1, 'only the harmless "..%2f" went out, encoded');
      assert.equal(log(from)[0].path, '/api/v1/apps/..%252f/restart');
      assert.ok(srv.control.findApp('storefront'), 'nothing was deleted or restarted elsewhere');
    });

    it('H2 a streamed log line that never ends is parsed in linear time, cut at the cap with a marker', async () => {
      // 64 MiB of one line, in 64 KiB chunks, as the endless-line fault sends it.
      const splitter = new LineSplitter();
      const chunk = 'y'.repeat(64 * 1024);
      const t0 = process.hrtime.bigint();
      const heap0 = process.memoryUsage().heapUsed;
      let lines: string[] = [];
      for (let i = 0; i < 1024; i++) lines.push(...splitter.push(chunk));
      lines.push(...splitter.push('\nnext\n'));
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      assert.ok(ms < 3_000, `${ms} ms for 64 MiB`);
      assert.ok(process.memoryUsage().heapUsed - heap0 < 64 * 1024 * 1024, 'the line is not kept whole');
      assert.equal(lines.length, 2);
      assert.equal(lines[0].length < MAX_LINE_CHARS + 80, true);
      assert.match(lines[0], /… \[line cut: 67,092,480 more characters\]$/);
      assert.equal(lines[1], 'next');
      // Over the wire: the follow stream of the reference server sends one endless line.
      const c = make();
      srv.control.hostileBodyNext({ kind: 'endless-line', path: /\/logs$/, bytes: 8 * 1024 * 1024 });
      const follow = await c.logs.follow('storefront', { lines: 1, idleMs: 10_000 });
      lines = [];
      for await (const batch of follow.batches) lines.push(...batch);
      assert.equal(lines.length, 1);
      assert.match(lines[0], /line cut/);
    });

    it('H3 huge response bodies (JSON and text) are refused with a clear error, not held in memory', async () => {
      const c = make({ retry: { maxAttempts: 1 } });
      for (const kind of ['huge-json', 'huge-text'] as const) {
        srv.control.hostileBodyNext({ kind, path: /\/logs$/, bytes: 50 * 1024 * 1024 });
        const heap0 = process.memoryUsage().heapUsed;
        const e = await rejects(c.logs.get('storefront', { lines: 100 }), ApiError);
        assert.equal(e.code, 'response_too_large');
        assert.match(e.message, /too large/);
        assert.ok(process.memoryUsage().heapUsed - heap0 < 60 * 1024 * 1024, kind);
      }
    });

    it('H4 deeply nested JSON gives an error message, not a crash', async () => {
      const c = make({ retry: { maxAttempts: 1 } });
      srv.control.hostileBodyNext({ kind: 'deep-json', path: '/apps', depth: 200_000 });
      const e = await rejects(c.apps.list(), ApiError);
      assert.equal(e.code, 'invalid_response');
      assert.match(e.message, /nested deeper than 64 levels/);
    });

    it('H5 server text in markdown tooltips cannot become links, images or code breaks', () => {
      const hostile = '[click](https://evil.example) ![](http://tracker.example/p.png) <img src=x> **bold**';
      const escaped = escapeMarkdown(hostile);
      assert.doesNotMatch(escaped, /(^|[^\\])\[/);
      assert.doesNotMatch(escaped, /(^|[^\\])[<>]/);
      assert.equal(codeSpan('a`b'), '``a`b``');
    });
  });

  describe('secrets', () => {
    it('S1 values echoed in a 422 (Dokku shell command) are masked whatever their length, in the error and the log', async () => {
      const sink: string[] = [];
      const c = make({ logger: capturingLogger(sink) });
      srv.control.echoErrorNext({ method: 'PUT', path: /\/config$/ });
      const values = { PIN: '4711', SHORT: 'abc', SPACED: 'a b$c', LONG_SECRET: 'sk_live_0123456789abcdef' };
      const e = await rejects(c.config.set('storefront', values), ApiError);
      assert.equal(e.status, 422);
      // Only Dokku's own words are kept: the command line, values included, is dropped.
      assert.equal(e.message, 'The command exited with status 1');
      const texts = [e.message, ...e.messages, ...sink, ...logLines];
      for (const v of ['4711', 'abc', 'a\\ b\\$c', 'sk_live_0123456789abcdef']) {
        assert.ok(!texts.some((t) => new RegExp(`(^|[^\\w])${v.replace(/[\\$]/g, '\\$&')}([^\\w]|$)`).test(t)), `${v} leaked`);
      }
    });

    it('S2 a long 422 list shows the first few, the rest in the details', async () => {
      const c = make();
      const errors = Array.from({ length: 12 }, (_, i) => `Problem number ${i + 1}`);
      srv.control.failNext({ status: 422, method: 'POST', path: '/apps', body: { errors } });
      const e = await rejects(c.apps.create({ name: 'x', serverId: 's' }), ApiError);
      assert.equal(e.message, 'Problem number 1; Problem number 2; Problem number 3 (and 9 more)');
      assert.equal(e.messages.length, 12);
    });

    it('S10 credentials the request carried, echoed back, are masked however short: a pasted token, a password, a one-time code', async () => {
      const sink: string[] = [];
      const c = make({ logger: capturingLogger(sink) });
      const pasted = 'Ab3$xyz';
      knownSecrets.add(pasted);
      srv.control.failNext({ status: 401, path: '/auth/whoami', body: { error: `Invalid token ${pasted}` } });
      const bad = await rejects(c.auth.whoami({ token: pasted }), ApiError);
      assert.equal(bad.message, 'Invalid token [redacted]');
      srv.control.failNext({ status: 401, method: 'POST', path: '/auth/login', body: { error: 'Invalid email or password (got "hunter2")', hint: 'code 246810 expired' } });
      const login = await rejects(c.auth.login({ email: DEMO_USER.email, password: 'hunter2', otpCode: '246810' }), ApiError);
      assert.equal(login.message, 'Invalid email or password (got "[redacted]")');
      assert.equal(login.hint, 'code [redacted] expired');
      for (const text of [bad.message, ...bad.messages, login.message, ...login.messages, ...sink, ...logLines]) {
        assert.ok(![pasted, 'hunter2', '246810'].some((secret) => text.includes(secret)), text);
      }
    });

    it('S3 webhook URLs and secret-looking fields of Show Details are masked (pure part)', () => {
      assert.equal(maskUrl('https://hooks.slack.com/services/T000/B000/XXXX'), 'https://hooks.slack.com/••••••••');
      const { masked, count } = maskSecretFields({ name: 'shop', github_webhook_secret: 'whsec_1', nested: { bot_token: '1:abc', port: 3000 }, list: [{ api_key: 'k' }] });
      assert.deepEqual(masked, { name: 'shop', github_webhook_secret: '••••••••', nested: { bot_token: '••••••••', port: 3000 }, list: [{ api_key: '••••••••' }] });
      assert.equal(count, 3);
    });

    it('S4 http.proxyStrictSSL false does not turn off certificate checks for direct connections; through a proxy it is said', async () => {
      const tls = createHttpsServer({ cert: SELF_SIGNED_CERT, key: SELF_SIGNED_KEY }, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
      });
      await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
      const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
      try {
        const direct = make({ baseUrl: url, proxy: { strictSSL: false }, retry: { maxAttempts: 1 } });
        assert.equal(direct.insecureTls, false);
        // Refused, and said in words: the certificate is self-signed (not a bare network error).
        const e = await rejects(direct.apps.list(), CertificateError);
        assert.equal(e.problem.kind, 'selfSigned');
        assert.match(e.message, /does not trust the certificate of 127\.0\.0\.1/);
        const proxy = await startCountingProxy();
        try {
          const choice = createDispatcher(url, { proxy: { url: proxy.url, strictSSL: false }, connectTimeoutMs: 2_000 });
          assert.equal(choice.insecureTls, true);
          assert.match(choice.description, /certificate checks off/);
          const proxied = make({ baseUrl: url, dispatcher: choice.dispatcher });
          assert.deepEqual(await proxied.apps.list(), [], 'through the proxy the user chose to accept it');
          await choice.dispatcher.close();
        } finally {
          proxy.close();
        }
      } finally {
        tls.close();
      }
    });
  });
});

// Errors observed by plain assertions are scanned too.
afterEach(function () {
  const err = this.currentTest?.err;
  if (err) recordError(err);
});
