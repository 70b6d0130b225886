import * as vscode from 'vscode';
import type { ApiClient, ApiLogger, RequestBudget } from './api';
import { resolveBaseUrl } from './api/baseUrl';
import type { SessionStore, StoredSession } from './auth/sessionStore';
import { NotSignedIn } from './model';

/** Settings that change how requests are made: a change rebuilds the client. */
const CLIENT_SETTINGS = [
  'apphost.baseUrl', 'apphost.allowInsecureHttp', 'apphost.timeouts', 'apphost.tls.certificateAuthorities',
  'http.proxy', 'http.proxyStrictSSL', 'http.noProxy', 'http.systemCertificates',
];

/**
 * The link to the configured service: one ApiClient (one keep-alive pool) for the current
 * service URL, one request budget shared by everything, and the stored session's token.
 */
export class Connection implements vscode.Disposable {
  private shared: RequestBudget | undefined;
  private client: ApiClient | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The service URL, the proxy or the signed-in session changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly refused = new vscode.EventEmitter<string>();
  /** A request that carried the stored token got 401: the refused token value. */
  readonly onDidRefuseToken = this.refused.event;

  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: ApiLogger,
    private readonly userAgent: string,
    /** The client and budget classes, loaded with the first use (they are not needed to activate). */
    private readonly classes: () => { ApiClient: typeof ApiClient; RequestBudget: typeof RequestBudget },
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('apphost.requestsPerMinute')) this.shared?.setPerMinute(requestsPerMinute());
        if (CLIENT_SETTINGS.some((s) => e.affectsConfiguration(s))) {
          void this.client?.close();
          this.client = undefined;
          this.changed.fire();
        }
      }),
      sessions.onDidChange(() => this.changed.fire()),
    );
  }

  /** The one request budget every request of this window shares (built on first use). */
  get budget(): RequestBudget {
    this.shared ??= new (this.classes().RequestBudget)({ perMinute: requestsPerMinute() });
    return this.shared;
  }

  /** The service's API root, or undefined while the URL is unset or invalid. */
  apiRoot(): string | undefined {
    try {
      return resolveBaseUrl(setting('baseUrl', ''), { allowInsecureHttp: setting('allowInsecureHttp', false) }).apiRoot;
    } catch {
      return undefined;
    }
  }

  /** The client for the configured URL. Throws a clear ConfigurationError when the URL is unusable. */
  api(): ApiClient {
    if (!this.client) {
      this.client = this.clientFor(setting('baseUrl', ''), async () => (await this.session())?.token);
      if (this.client.insecureTls) this.warnInsecureTls();
    }
    return this.client;
  }

  /**
   * Whether `baseUrl` answers, with the route and trust requests would use (Set Service
   * URL asks before saving): throws what is wrong (CertificateError, NetworkError, …).
   */
  async checkAddress(baseUrl: string, signal?: AbortSignal): Promise<void> {
    const client = this.clientFor(baseUrl, () => undefined);
    try {
      await client.checkAddress(signal);
    } finally {
      void client.close();
    }
  }

  private clientFor(baseUrl: string, getToken: () => Promise<string | undefined> | undefined): ApiClient {
    const http = vscode.workspace.getConfiguration('http');
    const timeouts = vscode.workspace.getConfiguration('apphost.timeouts');
    return new (this.classes().ApiClient)({
      baseUrl,
      allowInsecureHttp: setting('allowInsecureHttp', false),
      getToken,
      budget: this.budget,
      timeouts: {
        connectMs: timeouts.get<number>('connect', 10) * 1000,
        readMs: timeouts.get<number>('read', 15) * 1000,
        slowMs: timeouts.get<number>('slow', 90) * 1000,
      },
      proxy: { url: http.get<string>('proxy') || undefined, strictSSL: http.get<boolean>('proxyStrictSSL', true), noProxy: http.get<string[]>('noProxy') },
      trust: { systemCertificates: http.get<boolean>('systemCertificates', true), files: certificateAuthorities() },
      userAgent: this.userAgent,
      logger: this.logger,
      onUnauthorized: (_error, token) => this.refused.fire(token),
    });
  }

  private warnedTls = false;

  /** http.proxyStrictSSL is false and requests go through a proxy: say once that certificates are not checked. */
  private warnInsecureTls(): void {
    this.logger.warn?.(`Certificate checks are off for requests through the proxy (http.proxyStrictSSL is false): ${this.client?.route}`);
    if (this.warnedTls) return;
    this.warnedTls = true;
    const open = vscode.l10n.t('Open Setting');
    void vscode.window.showWarningMessage(
      vscode.l10n.t('AppHost: certificate checks are off for requests through your proxy (http.proxyStrictSSL is false). Your token travels to whatever answers.'),
      open,
    ).then((choice) => choice === open && vscode.commands.executeCommand('workbench.action.openSettings', 'http.proxyStrictSSL'));
  }

  /** The signed-in session for the configured service, if any. */
  async session(): Promise<StoredSession | undefined> {
    const root = this.apiRoot();
    return root ? this.sessions.get(root) : undefined;
  }

  /**
   * The one door for commands: the signed-in session and its client, or NotSignedIn (which
   * the command runner reports as "Sign in to AppHost first.").
   */
  async signedIn(): Promise<{ session: StoredSession; api: ApiClient }> {
    const session = await this.session();
    if (!session) throw new NotSignedIn();
    return { session, api: this.api() };
  }

  dispose(): void {
    void this.client?.close();
    this.shared?.dispose();
    this.changed.dispose();
    this.refused.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** The text to show for an error: NotSignedIn in the user's language, others as they are. */
export function errorMessage(error: unknown): string {
  if (error instanceof NotSignedIn) return vscode.l10n.t('Sign in to AppHost first.');
  return error instanceof Error ? error.message : String(error);
}

/**
 * The request budget: the setting, bounded by what the service allows (60 per minute on
 * the hosted service). A service with another limit is declared by the environment
 * (`APPHOST_SERVICE_REQUESTS_PER_MINUTE`), which no workspace can change.
 */
export function requestsPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const declared = Number(env.APPHOST_SERVICE_REQUESTS_PER_MINUTE);
  const limit = Number.isFinite(declared) && declared >= 1 ? Math.floor(declared) : SERVICE_REQUESTS_PER_MINUTE;
  const wanted = setting('requestsPerMinute', SERVICE_REQUESTS_PER_MINUTE);
  return Math.max(1, Math.min(Number.isFinite(wanted) ? wanted : SERVICE_REQUESTS_PER_MINUTE, limit));
}

const SERVICE_REQUESTS_PER_MINUTE = 60;

/**
 * `apphost.tls.certificateAuthorities`. Its scope is "machine": VS Code ignores it in
 * workspace settings, so a repository cannot make AppHost trust a root of its choosing.
 */
function certificateAuthorities(): string[] {
  const value = setting<unknown>('tls.certificateAuthorities', []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

function setting<T>(key: string, fallback: T): T {
  return vscode.workspace.getConfiguration('apphost').get<T>(key, fallback);
}
