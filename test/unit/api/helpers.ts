// Shared helpers of the API suite: MockAgent clients, a capturing logger, and the
// suite-wide secret scan (every error and log line produced is checked for token
// values in a root `after` hook).

import { inspect } from 'node:util';
import { strict as assert } from 'node:assert';
import { MockAgent } from 'undici';
import { ApiClient, type ApiClientOptions, RequestBudget } from '../../../src/api';

export const MOCK_ORIGIN = 'https://api.example.test';
export const MOCK_TOKEN = 'tok_mock_5f0c8e1d2b3a4c5d6e7f8091a2b3c4d5';

/** Every token value used anywhere in the suite. */
export const knownSecrets = new Set<string>([MOCK_TOKEN]);
/** Every log line any client wrote. */
export const logLines: string[] = [];
/** Every error a test observed (serialized with its cause chain and enumerable props). */
export const observedErrors: string[] = [];

export function capturingLogger(sink: string[] = []) {
  const line = (level: string) => (m: string) => {
    logLines.push(`${level} ${m}`);
    sink.push(m);
  };
  return { trace: line('trace'), debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}

/** A budget that never makes unit tests wait. */
export function freeBudget(): RequestBudget {
  return new RequestBudget({ perMinute: 1_000_000 });
}

export interface MockSetup {
  client: ApiClient;
  mock: MockAgent;
  pool: ReturnType<MockAgent['get']>;
  logs: string[];
}

export function mockClient(opts: Partial<ApiClientOptions> = {}): MockSetup {
  const mock = new MockAgent();
  mock.disableNetConnect();
  const logs: string[] = [];
  const client = new ApiClient({
    baseUrl: MOCK_ORIGIN,
    getToken: () => MOCK_TOKEN,
    budget: freeBudget(),
    dispatcher: mock,
    logger: capturingLogger(logs),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...opts,
  });
  return { client, mock, pool: mock.get(MOCK_ORIGIN), logs };
}

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Awaits a rejection, records the error for the secret scan and returns it. */
export async function rejects<E = Error>(promise: Promise<unknown>, type?: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (e) {
    recordError(e);
    if (type) assert.ok(e instanceof type, `expected ${type.name}, got ${inspect(e)}`);
    return e as E;
  }
  assert.fail('expected the call to fail');
}

export function recordError(e: unknown): void {
  const parts = [inspect(e, { depth: 6, showHidden: true })];
  if (e instanceof Error) {
    parts.push(e.message, String(e.stack));
    parts.push(JSON.stringify(e, Object.getOwnPropertyNames(e)));
    for (let c: unknown = e.cause, i = 0; c && i < 5; c = (c as Error).cause, i++) parts.push(inspect(c, { depth: 6, showHidden: true }));
  }
  observedErrors.push(parts.join('\n'));
}

export function findSecrets(texts: string[]): string[] {
  const hits: string[] = [];
  for (const text of texts) {
    for (const secret of knownSecrets) if (secret && text.includes(secret)) hits.push(text.slice(0, 300));
  }
  return hits;
}

after('secret scan: no token value in any error or log line of the suite', function () {
  const hits = findSecrets([...observedErrors, ...logLines]);
  assert.deepEqual(hits, [], `token value leaked into ${hits.length} error(s)/log line(s)`);
  // Visible in the run output, so a scan that saw nothing does not pass unnoticed.
  console.log(`      secret scan: ${observedErrors.length} errors and ${logLines.length} log lines, no token value found`);
});

