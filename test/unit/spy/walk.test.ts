// The spy's tools (test/e2e/spy/) find what the old test API leaked: the spy journey's
// "nothing found" means something only because of this.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { RequestWatch } from '../../e2e/spy/requestWatch';
import { walk } from '../../support/walk';

const TOKEN = 'ah_3f9c2e7d1b';

/** The shape of what activate() returned before: services holding the secrets and a client. */
function oldTestApi(url: string) {
  class Secrets {
    private readonly data = new Map<string, string>([['apphost.session', JSON.stringify({ token: TOKEN })]]);
    readonly onDidChange = () => ({ dispose() {} });
    async get(key: string) { return this.data.get(key); }
    async store(key: string, value: string) { this.data.set(key, value); }
    async delete(key: string) { this.data.delete(key); }
  }
  class Client {
    constructor(private readonly headers: Record<string, string>) {}
    async listApps(): Promise<number> {
      const res = await request(`${url}/api/v1/apps`, { headers: this.headers });
      await res.body.dump();
      return res.statusCode;
    }
  }
  class Connection {
    #token = TOKEN;
    api() { return new Client({ authorization: `Bearer ${this.#token}` }); }
  }
  const secrets = new Secrets();
  return { get context() { return { secrets }; }, connection: new Connection() };
}

describe('spy: the walk and the request watch', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((_req, res) => res.end('[]'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('finds the SecretStorage, the token it holds and the authenticated request a called method sends', async () => {
    const watch = new RequestWatch(TOKEN);
    try {
      const report = await watch.run('exports', () => walk(oldTestApi(url), 'exports', { secret: TOKEN, call: true }));
      const at = (kind: string) => report.findings.filter((f) => f.kind === kind).map((f) => f.path);
      assert.ok(at('secretStorage').includes('exports.context.secrets'), JSON.stringify(report.findings));
      assert.ok(at('token').some((p) => p.startsWith('exports.context.secrets.data.get(')), JSON.stringify(report.findings));
      assert.ok(at('token').some((p) => p.startsWith('exports.connection.__proto__.api().headers')), JSON.stringify(report.findings));
      assert.ok(report.called > 0);
      assert.deepEqual(watch.sent.map((s) => s.during), ['exports']);
      assert.match(watch.sent[0].target, /\/api\/v1\/apps$/);
    } finally {
      watch.dispose();
    }
  });

  it('reaches nothing in what AppHost exports now', async () => {
    const report = await walk(undefined, 'exports', { secret: TOKEN, call: true });
    assert.deepEqual(report, { reached: 0, called: 0, truncated: false, findings: [] });
  });

  it('counts only requests its own calls caused, not those sent meanwhile', async () => {
    const watch = new RequestWatch(TOKEN);
    try {
      const res = await request(`${url}/x`, { headers: { authorization: `Bearer ${TOKEN}` } });
      await res.body.dump();
      assert.deepEqual(watch.sent, []);
    } finally {
      watch.dispose();
    }
  });
});
