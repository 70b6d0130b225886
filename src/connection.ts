import * as vscode from 'vscode';
import type { ApiClient, ApiLogger, RequestBudget } from './api';
import { resolveBaseUrl } from './api/baseUrl';
import type { SessionStore, StoredSession } from './sessionStore';
import { NotSignedIn } from './model';
import { ServiceOffers } from './serviceOffers';
import { CLIENT_SETTINGS, settings } from './settings';
import { notify } from './notices';
import { foreignCommand } from './commandCalls';

/**
 * The link to one service: one ApiClient (one keep-alive pool) for its URL, one request
 * budget shared by everything sent to it (the limit is per instance), and its stored
 * session's token. The first service's address is `apphost.baseUrl` (read each time, it
 * may change); the others' are fixed (src/connections.ts builds one per known service).
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
  /** The endpoints beyond the specification this service was found not to offer. */
  readonly offers = new ServiceOffers();
  /** The API root `offers` describes. */
  private offersOf: string | undefined;

  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: ApiLogger,
    private readonly userAgent: string,
    /** The client and budget classes, loaded with the first use (they are not needed to activate). */
    private readonly classes: () => { ApiClient: typeof ApiClient; RequestBudget: typeof RequestBudget },
    /** The service's address: `apphost.baseUrl` for the first service. */
    private readonly address: () => string = settings.baseUrl,
  ) {
    this.offersOf = this.apiRoot();
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('apphost.requestsPerMinute')) this.shared?.setPerMinute(requestsPerMinute());
        if (CLIENT_SETTINGS.some((s) => e.affectsConfiguration(s))) {
          void this.client?.close();
          this.client = undefined;
          this.forgetOffersIfMoved();
          this.changed.fire();
        }
      }),
      sessions.onDidChange(() => this.changed.fire()),
    );
  }

  /** The one request budget every request of this window to this service shares (built on first use). */
  get budget(): RequestBudget {
    this.shared ??= new (this.classes().RequestBudget)({ perMinute: requestsPerMinute() });
    return this.shared;
  }

  /** The service's API root, or undefined while the URL is unset or invalid. */
  apiRoot(): string | undefined {
    try {
      return resolveBaseUrl(this.address(), { allowInsecureHttp: settings.allowInsecureHttp() }).apiRoot;
    } catch {
      return undefined;
    }
  }

  /** Another address is another service: what the old one lacked says nothing of it. */
  private forgetOffersIfMoved(): void {
    const root = this.apiRoot();
    if (root === this.offersOf) return;
    this.offersOf = root;
    this.offers.clear();
  }

  /** The client for the configured URL. Throws a clear ConfigurationError when the URL is unusable. */
  api(): ApiClient {
    if (!this.client) {
      this.client = this.clientFor(this.address(), async () => (await this.session())?.token);
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
    return new (this.classes().ApiClient)({
      baseUrl,
      allowInsecureHttp: settings.allowInsecureHttp(),
      getToken,
      budget: this.budget,
      timeouts: settings.timeoutsMs(),
      proxy: settings.proxy(),
      trust: { systemCertificates: settings.systemCertificates(), files: settings.certificateAuthorities() },
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
    void notify('warning',
      vscode.l10n.t('AppHost: certificate checks are off for requests through your proxy (http.proxyStrictSSL is false). Your token travels to whatever answers.'),
      open,
    ).then((choice) => choice === open && foreignCommand('workbench.action.openSettings', 'http.proxyStrictSSL'));
  }

  /** The signed-in session for this service, if any. */
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
  const wanted = settings.requestsPerMinute();
  return Math.max(1, Math.min(Number.isFinite(wanted) ? wanted : SERVICE_REQUESTS_PER_MINUTE, limit));
}

const SERVICE_REQUESTS_PER_MINUTE = 60;
