// The walk (test/support/walk.ts) knows AppHost's internals by their shape, wherever a
// neighbour reaches them: the integration suite `neighbourReach` and the spy journey mean
// something only because it finds them here, and does not mistake a class's methods (what
// module exports show) for a live object.
import assert from 'node:assert/strict';
import { walk } from '../../support/walk';

const TOKEN = 'ah_5be17c0d2a';

/** Stand-ins with the shapes of core.ts, connection.ts, connections.ts, api/apiClient.ts and vscode.ExtensionContext. */
class ApiClient {
  readonly apiRoot = 'https://wokku.example/api/v1';
  readonly apps = { list: async () => [] };
  readonly config = { get: async () => ({}) };
}
class Connection {
  #token = TOKEN;
  api() { return new ApiClient(); }
  async session() { return { token: this.#token }; }
}
class Connections {
  readonly first = new Connection();
  of() { return this.first; }
  firstId() { return 'https://wokku.example/api/v1'; }
}
function core() {
  const context = { secrets: { get: async () => TOKEN, store: async () => undefined, delete: async () => undefined }, globalState: { get: () => undefined } };
  return { context, sessions: {}, connections: new Connections() };
}

/** The pseudoterminal as RunTerminal was: a class whose private field held the Core. */
class RunTerminalAsItWas {
  constructor(private readonly s: ReturnType<typeof core>) {}
  open() { return this.s; }
}

describe('walk: AppHost\'s internals by their shape', () => {
  it('finds the Core, its connections, an API client and the extension\'s context behind a pseudoterminal\'s field', async () => {
    const terminal = { creationOptions: { name: 'storefront: ls', pty: new RunTerminalAsItWas(core()) } };
    const report = await walk([terminal], 'window.terminals', { secret: TOKEN, call: false });
    const at = (kind: string) => report.findings.filter((f) => f.kind === kind).map((f) => f.path);
    assert.deepEqual(at('core'), ['window.terminals["0"].creationOptions.pty.s']);
    assert.deepEqual(at('extensionContext'), ['window.terminals["0"].creationOptions.pty.s.context']);
    assert.deepEqual(at('secretStorage'), ['window.terminals["0"].creationOptions.pty.s.context.secrets']);
    assert.deepEqual(at('connection'), ['window.terminals["0"].creationOptions.pty.s.connections', 'window.terminals["0"].creationOptions.pty.s.connections.first']);
    assert.deepEqual(at('token'), [], 'the token itself sits behind a private field and a method not called');
  });

  it('calling what it reaches, finds the API client and the token a method returns', async () => {
    const report = await walk({ connection: new Connection() }, 'x', { secret: TOKEN, call: true });
    assert.ok(report.findings.some((f) => f.kind === 'apiClient' && f.path === 'x.connection.__proto__.api()'), JSON.stringify(report.findings));
    assert.ok(report.findings.some((f) => f.kind === 'token' && f.path === '(await x.connection.__proto__.session()).token'), JSON.stringify(report.findings));
  });

  it('finds nothing in a pseudoterminal of closures, nor in classes as module exports show them', async () => {
    const s = core();
    const closures = { onDidWrite: () => ({ dispose() {} }), open: () => void s, close: () => undefined };
    const report = await walk({ pty: closures, modules: { ApiClient, Connection, Connections, RunTerminalAsItWas } }, 'x', { secret: TOKEN, call: false });
    assert.deepEqual(report.findings, []);
    assert.ok(report.reached > 10, `reached ${report.reached}`);
  });
});
