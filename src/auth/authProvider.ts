import * as vscode from 'vscode';
import type { Connection } from '../connection';
import type { Connections, RefusedToken } from '../connections';
import type * as SignInFlows from './signIn';
import type { SessionStore, StoredSession } from '../sessionStore';
import { pickServiceToSignIn } from '../servicePick';
import { notify } from '../notices';
import { foreignCommand, ownCommand } from '../commandCalls';

export const AUTH_PROVIDER_ID = 'apphost';

/** What newer VS Code passes with a request for one account (not yet in the types of the oldest VS Code AppHost supports). */
interface SessionOptions {
  readonly account?: { readonly label: string };
}

/** A signed-in service: its connection, its stored session, and that session as the Accounts menu shows it. */
interface Account {
  readonly connection: Connection;
  readonly session: StoredSession;
  readonly auth: vscode.AuthenticationSession;
}

/**
 * The session as VS Code's Accounts menu and other extensions see it. With several services
 * the account's label names its service ("ann@example.com (Staging)"): VS Code groups
 * sessions, and remembers which extension may use them, by that label, so the same e-mail
 * on two services must be two accounts; with one service it is the e-mail, as always.
 */
function toAuthSession(s: StoredSession, serviceName: string | undefined): vscode.AuthenticationSession {
  const account = serviceName
    ? { id: `${s.apiRoot}#${s.account.id}`, label: vscode.l10n.t('{0} ({1})', s.account.email, serviceName) }
    : { id: s.account.id, label: s.account.email };
  return { id: s.id, accessToken: s.token, account, scopes: [] };
}

function sameAccount(a: vscode.AuthenticationSession | undefined, b: vscode.AuthenticationSession): boolean {
  return !!a && a.id === b.id && a.account.id === b.account.id && a.account.label === b.account.label && a.accessToken === b.accessToken;
}

/**
 * Every signed-in service's account in VS Code's Accounts menu (one session per service),
 * and signing in and out of any known service. Sessions live in SecretStorage (see
 * SessionStore) under their service's API root.
 *
 * It registers with `supportsMultipleAccounts`: when another extension asks for an AppHost
 * session and several services are signed in, VS Code lets the user pick the account (each
 * labelled with its service) and remembers the choice for that extension, and a silent
 * request gets a session only when exactly one is allowed to it: never one service's token
 * handed over in place of another's.
 */
export class AppHostAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** The sessions last announced to VS Code, by session id. */
  private known = new Map<string, vscode.AuthenticationSession>();
  /** The context keys last sent (what the menus' `when` clauses see). */
  private keys: Readonly<Record<string, boolean>> = {};
  /** The session reads started, and the latest one applied (see sync). */
  private reads = 0;
  private applied = 0;
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
    this.disposables = [vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'AppHost', this, { supportsMultipleAccounts: true })];
    // Sessions changed here, in another window, or a service was added, removed or renamed.
    this.disposables.push(connections.onDidChange(() => void this.sync()));
    this.disposables.push(connections.onDidRefuseToken((refused) => void this.sessionExpired(refused)));
    void this.sync();
  }

  /** Every signed-in service's session, the first service's first; an account asked for: its session only. */
  async getSessions(_scopes?: readonly string[], options?: SessionOptions): Promise<vscode.AuthenticationSession[]> {
    const sessions = (await this.accounts()).map((a) => a.auth);
    const wanted = options?.account;
    return wanted ? sessions.filter((s) => s.account.label === wanted.label) : sessions;
  }

  /**
   * Asked by VS Code for another extension (or "Sign in again" on an account): the service
   * of that account, else with several services the one the user picks.
   */
  async createSession(_scopes: readonly string[], options?: SessionOptions): Promise<vscode.AuthenticationSession> {
    const again = options?.account && (await this.accounts()).find((a) => a.auth.account.label === options.account!.label);
    const connection = again?.connection ?? (this.connections.several ? await pickServiceToSignIn(this.connections) : this.connections.first);
    const session = await this.signIn(connection);
    return toAuthSession(session, this.connections.nameWhenSeveral(session.apiRoot));
  }

  /** Sign Out of an account in the Accounts menu: that service only, its token revoked as Sign Out does. */
  async removeSession(sessionId: string): Promise<void> {
    const account = (await this.accounts()).find((a) => a.session.id === sessionId);
    if (account) await this.signOut(account.connection);
  }

  /** The signed-in services, in the order of the known services (the first's first). */
  private async accounts(): Promise<Account[]> {
    const connections = this.connections.all();
    const sessions = await Promise.all(connections.map((c) => c.session()));
    return connections.flatMap((connection, i) => {
      const session = sessions[i];
      return session ? [{ connection, session, auth: toAuthSession(session, this.connections.nameWhenSeveral(session.apiRoot)) }] : [];
    });
  }

  /** Runs the sign-in QuickPick for a service (once at a time per service) and stores the resulting API token. */
  signIn(connection: Connection = this.connections.first): Promise<StoredSession> {
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
      await ownCommand('apphost.setServiceUrl');
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
  async signOut(connection: Connection = this.connections.first): Promise<void> {
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
    // With several services, the message names the one signed out of (the others stay signed in).
    const service = this.connections.nameWhenSeveral(session.apiRoot);
    const named = (message: string) => (service ? vscode.l10n.t('{0}: {1}', service, message) : message);
    if (problem) {
      void notify('warning', named(
        vscode.l10n.t('Signed out of AppHost, but its API token "{0}" could not be revoked on the server ({1}). Revoke it from the AppHost dashboard.', this.flows().tokenName(), problem),
      ));
    } else if (session.method === 'token') {
      void notify('info', named(
        vscode.l10n.t('Signed out of AppHost. The pasted API token is still valid on the server; revoke it with "AppHost: Manage API Tokens" if you no longer need it.'),
      ));
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
    void this.sync();
    const signInAgain = vscode.l10n.t('Sign In');
    // With several services, the prompt says which one (the others keep working).
    const service = this.connections.nameWhenSeveral(session.apiRoot);
    const choice = await notify('warning',
      service
        ? vscode.l10n.t('Your AppHost session on {0} expired or was revoked ({1}). Sign in again to continue; your unsaved edits are kept.', service, session.account.email)
        : vscode.l10n.t('Your AppHost session expired or was revoked ({0}). Sign in again to continue; your unsaved edits are kept.', session.account.email),
      signInAgain,
    );
    if (choice === signInAgain) await ownCommand('apphost.signIn', service ? session.apiRoot : undefined);
  }

  /** Whether the session was refused by its server (the tree then offers to sign in). */
  isExpired(session: StoredSession | undefined): boolean {
    return !!session && this.expiredSessionIds.has(session.id);
  }

  /** The context keys set last, for the extension's own tests (menus cannot be read back). */
  get contextKeys(): Readonly<Record<string, boolean>> {
    return this.keys;
  }

  /**
   * Reads every service's session at once (a change is seen as it happens, however many
   * follow) and announces the difference; a read that ends after a newer one was applied is
   * dropped, so a late answer never undoes a newer one.
   */
  private async sync(): Promise<void> {
    const mine = ++this.reads;
    let accounts: Account[];
    try {
      accounts = await this.accounts();
    } catch (error) {
      this.log.error(`Sessions: ${String(error)}`);
      return;
    }
    if (mine < this.applied) return;
    this.applied = mine;
    const now = new Map(accounts.map((a) => [a.auth.id, a.auth]));
    // A service renamed, or a second one added, changes an account's label: removed, then added again.
    const added = [...now.values()].filter((s) => !sameAccount(this.known.get(s.id), s));
    const removed = [...this.known.values()].filter((s) => !sameAccount(now.get(s.id), s));
    this.known = now;
    if (added.length || removed.length) this.changed.fire({ added, removed, changed: [] });
    const anySignedIn = accounts.length > 0;
    const isAdmin = accounts.some((a) => a.session.account.role === 'admin');
    const sessionExpired = accounts.some((a) => this.isExpired(a.session));
    this.keys = {
      'apphost.signedIn': anySignedIn, 'apphost.severalServices': this.connections.several, 'apphost.signedOut': !anySignedIn,
      'apphost.isAdmin': isAdmin, 'apphost.sessionExpired': sessionExpired,
    };
    // Sent in order, not awaited: a newer sync's keys always land last.
    // Signed in to any known service: the view has rows, the commands that need a session show.
    void foreignCommand('setContext', 'apphost.signedIn', anySignedIn);
    // Sign In stays in the palette while another service is signed out.
    void foreignCommand('setContext', 'apphost.severalServices', this.connections.several);
    // The agent tools show while this is not set: before activation AppHost cannot know, and a call activates it.
    void foreignCommand('setContext', 'apphost.signedOut', !anySignedIn);
    // Menus are not per service: admin commands show when one account is an admin; on a
    // service where it is not, the command says so (servers.ts) and names the service.
    void foreignCommand('setContext', 'apphost.isAdmin', isAdmin);
    // Sign In shows in the palette while a session was refused (each service's row says which).
    void foreignCommand('setContext', 'apphost.sessionExpired', sessionExpired);
  }

  dispose(): void {
    this.changed.dispose();
    this.disposables.forEach((d) => d.dispose());
  }
}
