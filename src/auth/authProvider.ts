import * as vscode from 'vscode';
import type { Connection } from '../connection';
import type { Connections, RefusedToken } from '../connections';
import type * as SignInFlows from './signIn';
import type { SessionStore, StoredSession } from './sessionStore';

export const AUTH_PROVIDER_ID = 'apphost';

function toAuthSession(s: StoredSession): vscode.AuthenticationSession {
  return { id: s.id, accessToken: s.token, account: { id: s.account.id, label: s.account.email }, scopes: [] };
}

/**
 * The AppHost account in VS Code's Accounts menu (the first service's), and signing in and
 * out of any known service. Sessions live in SecretStorage (see SessionStore) under their
 * service's API root; one session per service.
 */
export class AppHostAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known: StoredSession | undefined;
  private readonly disposables: vscode.Disposable[];
  /** The sessions a "session expired" prompt was already shown for (one per service at most). */
  private readonly expiredSessionIds = new Set<string>();
  /** The sign-in running for each service (by its connection). */
  private readonly signingIn = new Map<Connection, Promise<StoredSession>>();

  constructor(
    private readonly connections: Connections,
    private readonly store: SessionStore,
    private readonly log: vscode.LogOutputChannel,
    /** The sign-in flows, loaded when first needed (they are not needed to activate). */
    private readonly flows: () => typeof SignInFlows,
  ) {
    this.disposables = [vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'AppHost', this, { supportsMultipleAccounts: false })];
    // Sessions changed here, in another window, or a service URL changed.
    this.disposables.push(connections.onDidChange(() => void this.sync()));
    this.disposables.push(connections.onDidRefuseToken((refused) => void this.sessionExpired(refused)));
    void this.sync();
  }

  /** The first service's connection: the Accounts menu's account. */
  private get connection(): Connection {
    return this.connections.first;
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const session = await this.connection.session();
    return session ? [toAuthSession(session)] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    return toAuthSession(await this.signIn());
  }

  async removeSession(): Promise<void> {
    await this.signOut();
  }

  /** Runs the sign-in QuickPick for a service (once at a time per service) and stores the resulting API token. */
  signIn(connection: Connection = this.connection): Promise<StoredSession> {
    let running = this.signingIn.get(connection);
    if (!running) {
      running = this.doSignIn(connection).finally(() => this.signingIn.delete(connection));
      this.signingIn.set(connection, running);
    }
    return running;
  }

  private async doSignIn(connection: Connection): Promise<StoredSession> {
    const apiRoot = connection.apiRoot();
    if (!apiRoot) {
      await vscode.commands.executeCommand('apphost.setServiceUrl');
      if (!connection.apiRoot()) throw new Error(vscode.l10n.t('Set the AppHost service URL before signing in.'));
    }
    const api = connection.api();
    // Before asking anything: an address that does not answer, or whose certificate is not
    // trusted, is said now (with how to fix it), not after the user typed a password.
    await api.checkAddress();
    const created = await this.flows().signIn(api, this.log);
    const session: StoredSession = { ...created, id: globalThis.crypto.randomUUID(), apiRoot: connection.apiRoot()!, createdAt: new Date().toISOString() };
    const previous = await connection.session();
    await this.store.put(session);
    // Signing in again replaces the old token: revoke it, it has no other owner.
    if (previous?.tokenId && previous.tokenId !== session.tokenId) {
      api.auth.revokeToken(previous.tokenId, { token: session.token }).catch(() => undefined);
    }
    this.log.info(`Signed in to ${api.origin} as ${session.account.email} (${session.method})`);
    return session;
  }

  /**
   * Revokes the stored API token on the server, then forgets it locally whatever the
   * server said; the user is told when the server could not be reached.
   */
  async signOut(connection: Connection = this.connection): Promise<void> {
    const session = await connection.session();
    if (!session) return;
    let problem: string | undefined;
    if (session.tokenId) {
      try {
        await connection.api().auth.revokeToken(session.tokenId, { token: session.token });
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    await this.store.remove(session.apiRoot);
    this.log.info(`Signed out of ${session.apiRoot}`);
    if (problem) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Signed out of AppHost, but its API token "{0}" could not be revoked on the server ({1}). Revoke it from the AppHost dashboard.', this.flows().tokenName(), problem),
      );
    } else if (session.method === 'token') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Signed out of AppHost. The pasted API token is still valid on the server; revoke it with "AppHost: Manage API Tokens" if you no longer need it.'),
      );
    }
  }

  /**
   * A request was refused with 401: one prompt per lost session, however many requests
   * failed together. A late 401 for a token already replaced by a new sign-in is ignored.
   */
  private async sessionExpired({ connection, token }: RefusedToken): Promise<void> {
    const session = await connection.session();
    if (!session || session.token !== token || this.expiredSessionIds.has(session.id)) return;
    this.expiredSessionIds.add(session.id);
    if (connection === this.connection) await vscode.commands.executeCommand('setContext', 'apphost.sessionExpired', true);
    const signInAgain = vscode.l10n.t('Sign In');
    // With several services, the prompt says which one (the others keep working).
    const service = this.connections.nameWhenSeveral(session.apiRoot);
    const choice = await vscode.window.showWarningMessage(
      service
        ? vscode.l10n.t('Your AppHost session on {0} expired or was revoked ({1}). Sign in again to continue; your unsaved edits are kept.', service, session.account.email)
        : vscode.l10n.t('Your AppHost session expired or was revoked ({0}). Sign in again to continue; your unsaved edits are kept.', session.account.email),
      signInAgain,
    );
    if (choice === signInAgain) await vscode.commands.executeCommand('apphost.signIn', ...(service ? [session.apiRoot] : []));
  }

  /** Whether the session was refused by its server (the tree then offers to sign in). */
  isExpired(session: StoredSession | undefined): boolean {
    return !!session && this.expiredSessionIds.has(session.id);
  }

  private async sync(): Promise<void> {
    const current = await this.connection.session();
    const before = this.known;
    this.known = current;
    // Signed in to any known service: the view has rows, the commands that need a session show.
    const anySignedIn = !!current || (this.connections.several && (await this.connections.signedIn()).length > 0);
    await vscode.commands.executeCommand('setContext', 'apphost.signedIn', anySignedIn);
    // Sign In stays in the palette while another service is signed out.
    await vscode.commands.executeCommand('setContext', 'apphost.severalServices', this.connections.several);
    // The agent tools show while this is not set: before activation AppHost cannot know, and a call activates it.
    await vscode.commands.executeCommand('setContext', 'apphost.signedOut', !anySignedIn);
    await vscode.commands.executeCommand('setContext', 'apphost.isAdmin', current?.account.role === 'admin');
    await vscode.commands.executeCommand('setContext', 'apphost.sessionExpired', this.isExpired(current));
    if (before?.id === current?.id) return;
    this.changed.fire({
      added: current ? [toAuthSession(current)] : [],
      removed: before ? [toAuthSession(before)] : [],
      changed: [],
    });
  }

  dispose(): void {
    this.changed.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
