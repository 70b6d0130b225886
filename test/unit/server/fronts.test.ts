import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { request } from 'undici';
import type { RunningServer, ServerOptions } from '../../server';
import { parseSize } from '../../server/front';
import { until } from '../../support/wait';
import { demoClient, start } from './helpers';

const MB = 1024 * 1024;

/** A raw POST of `body` (a Buffer: with Content-Length; a stream: chunked) to the import of storefront-db. */
async function importBody(server: RunningServer, body: Buffer | Readable): Promise<{ status: number; type: string; text: string }> {
  const token = server.control.issueToken('demo@apphost.dev');
  const res = await request(`${server.url}/api/v1/databases/storefront-db/import`, {
    method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', accept: 'application/json' },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), text: await res.body.text() };
}

/** `total` bytes, 64 KB at a time, each after `pauseMs`. */
function slowBody(total: number, pauseMs = 0): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      sent += 64 * 1024;
      setTimeout(() => this.push(Buffer.alloc(64 * 1024, 0x50)), pauseMs);
    },
  });
}

describe('server: the proxy in front (--front)', () => {
  let server: RunningServer | undefined;
  const open = async (options: ServerOptions) => (server = await start(options));
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('none (the default) cuts nothing: a 3 MB import and a slow restore are answered by the service', async () => {
    const srv = await open({ actionDelayMs: 300 });
    assert.equal((await importBody(srv, Buffer.alloc(3 * MB, 0x50))).status, 200);
    const api = demoClient(srv);
    const [backup] = (await api.get('/databases/storefront-db/backups')).body as { id: string }[];
    assert.equal((await api.post(`/databases/storefront-db/backups/${backup.id}/restore`)).status, 200);
    assert.deepEqual(srv.control.state.frontCuts, []);
  });

  describe('dokku-nginx (wokku\'s Procfile on Dokku)', () => {
    it('refuses a declared body over 1 MB with 413 and Dokku\'s 4xx page: the service never sees it', async () => {
      const srv = await open({ front: 'dokku-nginx' });
      const res = await importBody(srv, Buffer.alloc(MB + 1, 0x50));
      assert.equal(res.status, 413);
      assert.match(res.type, /text\/html/);
      assert.match(res.text, /<title>The page you were looking for cannot be served \(4xx\)<\/title>/);
      assert.deepEqual(srv.control.imports, [], 'Rails never had the request');
      assert.deepEqual(srv.control.state.frontCuts.map((c) => [c.status, c.bytes, c.path]), [[413, MB + 1, '/api/v1/databases/storefront-db/import']]);
      assert.equal(srv.control.requestLog.at(-1)?.status, 413);
      assert.equal((await importBody(srv, Buffer.alloc(MB, 0x50))).status, 200, 'exactly 1 MB passes');
    });

    it('a body without Content-Length is cut once it passes the limit: the import never completes', async () => {
      const srv = await open({ front: 'dokku-nginx' });
      const res = await importBody(srv, slowBody(3 * MB));
      assert.equal(res.status, 413);
      await until('the service\'s read fails', () => srv.control.imports.length === 1);
      assert.ok(!srv.control.imports.some((r) => r.done || r.loaded), JSON.stringify(srv.control.imports));
    });

    it('--body-limit raises the limit, as `dokku nginx:set wokku client-max-body-size 50m` does', async () => {
      const srv = await open({ front: 'dokku-nginx', bodyLimitBytes: parseSize('50m') });
      assert.equal((await importBody(srv, Buffer.alloc(3 * MB, 0x50))).status, 200);
      assert.equal(srv.control.imports.at(-1)?.loaded, true);
    });

    it('an answer slower than the read timeout gets 504 with Dokku\'s 5xx page; the restore runs on to its end', async () => {
      const srv = await open({ front: 'dokku-nginx', frontTimeoutMs: 300, actionDelayMs: 900 });
      const api = demoClient(srv);
      const [backup] = (await api.get('/databases/storefront-db/backups')).body as { id: string }[];
      const started = Date.now();
      const res = await api.post(`/databases/storefront-db/backups/${backup.id}/restore`);
      assert.equal(res.status, 504);
      assert.match(res.text, /<title>We're sorry, but something went wrong \(500\)<\/title>/);
      assert.ok(Date.now() - started < 850, 'the front did not wait for the service');
      assert.deepEqual(srv.control.restores, [], 'not done yet');
      await until('the restore completes behind the cut', () => srv.control.restores.length === 1);
      assert.deepEqual(srv.control.state.frontCuts.map((c) => c.status), [504]);
    });

    it('the timeout counts from the end of the upload, not the start', async () => {
      const srv = await open({ front: 'dokku-nginx', frontTimeoutMs: 400, bodyLimitBytes: 10 * MB, actionDelayMs: 0 });
      const res = await importBody(srv, slowBody(MB, 30));
      assert.equal(res.status, 200, 'a 500 ms upload, answered at once');
    });

    it('the git gateway and the object store are other hosts: no limit, no timeout', async () => {
      const srv = await open({ front: 'dokku-nginx', frontTimeoutMs: 1 });
      const id = srv.control.addBackup('storefront-db', 3 * MB);
      const { url } = (await demoClient(srv).get(`/databases/storefront-db/backups/${id}/download`)).body as { url: string };
      const file = await fetch(url);
      assert.equal((await file.arrayBuffer()).byteLength, 3 * MB);
    });
  });

  describe('thruster (wokku\'s Dockerfile under Kamal: kamal-proxy, then Thruster)', () => {
    it('lets any size through by default; 504 with wokku\'s kamal-errors page after its timeout', async () => {
      const srv = await open({ front: 'thruster', frontTimeoutMs: 300, actionDelayMs: 0 });
      assert.equal((await importBody(srv, Buffer.alloc(3 * MB, 0x50))).status, 200);
      srv.control.setActionDelay(900);
      const api = demoClient(srv);
      const [backup] = (await api.get('/databases/storefront-db/backups')).body as { id: string }[];
      const res = await api.post(`/databases/storefront-db/backups/${backup.id}/restore`);
      assert.equal(res.status, 504);
      assert.match(res.text, /<title>504 — Wokku<\/title>[\s\S]*<h1>Gateway timeout<\/h1>/);
      await until('the restore completes behind the cut', () => srv.control.restores.length === 1);
    });

    it('with a body limit (kamal-proxy\'s --max-request-body): 413 and kamal-proxy\'s own page', async () => {
      const srv = await open({ front: 'thruster', bodyLimitBytes: MB });
      const res = await importBody(srv, Buffer.alloc(2 * MB, 0x50));
      assert.equal(res.status, 413);
      assert.match(res.text, /<title>413 — Content Too Large<\/title>/);
    });

    it('an upload slower than Thruster\'s read timeout fails with 502: the service never gets it whole', async () => {
      const srv = await open({ front: 'thruster', frontTimeoutMs: 300 });
      const res = await importBody(srv, slowBody(2 * MB, 30));
      assert.equal(res.status, 502);
      assert.match(res.text, /<title>502 — Wokku<\/title>/);
      await until('the service\'s read fails', () => srv.control.imports.length === 1);
      assert.ok(!srv.control.imports[0].done, 'never read whole');
    });
  });

  it('sizes in nginx\'s syntax', () => {
    assert.deepEqual(['1m', '500k', '2g', '1024'].map(parseSize), [MB, 500 * 1024, 2048 * MB, 1024]);
    assert.throws(() => parseSize('1 MB'), /size/);
  });
});
