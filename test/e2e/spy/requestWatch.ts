// Did the spy get AppHost to send an authenticated request? Node publishes every request
// it creates on process-wide diagnostics channels, undici's (AppHost's client bundles
// undici) and node:http's, whoever's module made it. The spy listens while it runs its
// probes; an AsyncLocalStorage tells the requests its own calls caused from the ones
// AppHost sends meanwhile (a tree refresh).
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';

export interface SentRequest {
  /** What the spy was doing, e.g. `exports.connection.api().apps.list()`. */
  during: string;
  target: string;
}

interface UndiciCreate { request: { origin?: unknown; path?: string; headers?: unknown } }
interface HttpStart { request: { host?: string; path?: string; getHeader?(name: string): unknown } }

export class RequestWatch {
  private readonly context = new AsyncLocalStorage<string>();
  /** Requests carrying the secret that the spy's own calls created. */
  readonly sent: SentRequest[] = [];
  private readonly onUndici = (message: unknown) => {
    const { request } = message as UndiciCreate;
    this.check(JSON.stringify(request.headers ?? ''), `${String(request.origin ?? '')}${request.path ?? ''}`);
  };
  private readonly onHttp = (message: unknown) => {
    const { request } = message as HttpStart;
    this.check(String(request.getHeader?.('authorization') ?? ''), `${request.host ?? ''}${request.path ?? ''}`);
  };

  constructor(private readonly secret: string) {
    diagnostics.subscribe('undici:request:create', this.onUndici);
    diagnostics.subscribe('http.client.request.start', this.onHttp);
  }

  /** Runs a probe; requests created in its async context count as the spy's. */
  run<T>(during: string, probe: () => Promise<T>): Promise<T> {
    return this.context.run(during, probe);
  }

  private check(headers: string, target: string): void {
    const during = this.context.getStore();
    if (during !== undefined && this.secret && headers.includes(this.secret)) this.sent.push({ during, target });
  }

  dispose(): void {
    diagnostics.unsubscribe('undici:request:create', this.onUndici);
    diagnostics.unsubscribe('http.client.request.start', this.onHttp);
  }
}
