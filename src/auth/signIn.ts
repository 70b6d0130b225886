import { hostname } from 'node:os';
import * as vscode from 'vscode';
import { ApiError, AppHostError, CertificateError, needsOtp, type ApiClient, type Session, type User } from '../api';
import { checkedInput } from './checkedInput';
import { signInWithBrowser } from './deviceSignIn';
import type { SignInMethod, StoredSession } from '../sessionStore';
import { UserCancelled } from '../model';
import { notify } from '../notices';

type NewSession = Omit<StoredSession, 'id' | 'apiRoot' | 'createdAt'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Offers the three ways to sign in and runs the chosen one. */
export async function signIn(api: ApiClient, log: vscode.LogOutputChannel): Promise<NewSession> {
  const items: (vscode.QuickPickItem & { method: SignInMethod })[] = [
    {
      method: 'browser',
      label: `$(globe) ${vscode.l10n.t('Sign in with your browser')}`,
      detail: vscode.l10n.t('Approve this editor on the AppHost website with a one-time code.'),
    },
    {
      method: 'password',
      label: `$(mail) ${vscode.l10n.t('Sign in with e-mail and password')}`,
      detail: vscode.l10n.t('Creates an API token named "{0}"; your password is not stored.', tokenName()),
    },
    {
      method: 'token',
      label: `$(key) ${vscode.l10n.t('Paste an API token')}`,
      detail: vscode.l10n.t('Use a token you created in the AppHost dashboard or CLI.'),
    },
  ];
  const choice = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Sign in to AppHost ({0})', new URL(api.origin).host),
    placeHolder: vscode.l10n.t('How do you want to sign in?'),
    ignoreFocusOut: true,
  });
  if (!choice) throw new UserCancelled();
  switch (choice.method) {
    case 'browser': {
      const session = await signInWithBrowser(api);
      if (session) return exchangeForApiToken(api, session, 'browser', log);
      void notify('info',
        vscode.l10n.t('This AppHost server does not offer browser sign-in; sign in with your e-mail and password instead.'),
      );
      return signInWithPassword(api, log);
    }
    case 'password':
      return signInWithPassword(api, log);
    case 'token':
      return signInWithToken(api);
  }
}

/** "VS Code on <machine>": how the token shows in the account's token list. */
export function tokenName(): string {
  return `VS Code on ${hostname()}`;
}

/** A failure the user can fix in the open input box, as a short sentence; other errors propagate. */
function describe(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const seconds = Math.ceil((error.retryAfterMs ?? 60_000) / 1000);
    return vscode.l10n.t('Too many sign-in attempts. Wait {0} seconds and try again.', seconds);
  }
  // A certificate nobody here trusts is not fixed in this box: the notification says how (Open Settings).
  if (error instanceof AppHostError && !(error instanceof CertificateError)) return error.message;
  throw error;
}

async function signInWithPassword(api: ApiClient, log: vscode.LogOutputChannel): Promise<NewSession> {
  const title = vscode.l10n.t('Sign in to AppHost');
  const email = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('E-mail address of your AppHost account'),
    placeHolder: 'you@example.com',
    ignoreFocusOut: true,
    validateInput: (v) => (EMAIL.test(v.trim()) ? undefined : vscode.l10n.t('Enter an e-mail address like you@example.com')),
  });
  if (email === undefined) throw new UserCancelled();

  let session: Session | undefined;
  let otpRequired = false;
  const password = await checkedInput({
    title,
    prompt: vscode.l10n.t('Password for {0}', email.trim()),
    password: true,
    validate: (v) => (v ? undefined : vscode.l10n.t('Enter your password')),
    check: async (value) => {
      try {
        session = await api.auth.login({ email: email.trim(), password: value });
        return undefined;
      } catch (error) {
        if (needsOtp(error)) {
          otpRequired = true;
          return undefined;
        }
        return describe(error);
      }
    },
  });
  if (otpRequired) {
    await checkedInput({
      title,
      prompt: vscode.l10n.t('This account needs a one-time code from your authenticator app'),
      placeholder: '123456',
      validate: (v) => (/^\s*\d{6,8}\s*$/.test(v) ? undefined : vscode.l10n.t('Enter the 6-digit code')),
      check: async (code) => {
        try {
          session = await api.auth.login({ email: email.trim(), password, otpCode: code.trim() });
          return undefined;
        } catch (error) {
          return needsOtp(error) ? vscode.l10n.t('That code was not accepted. Check your authenticator app and try again.') : describe(error);
        }
      },
    });
  }
  return exchangeForApiToken(api, session!, 'password', log);
}

/**
 * Turns a short-lived session token into a long-lived API token named after this machine,
 * then logs the session out: only the API token is kept, and it can be revoked by id.
 */
async function exchangeForApiToken(api: ApiClient, session: Session, method: SignInMethod, log: vscode.LogOutputChannel): Promise<NewSession> {
  const created = await api.auth.createToken({ name: tokenName() }, { token: session.token });
  api.auth.logout({ token: session.token }).catch((e) => log.warn(`Could not end the sign-in session: ${(e as Error).message}`));
  return { token: created.token, tokenId: created.id, account: accountOf(session.user), method };
}

async function signInWithToken(api: ApiClient): Promise<NewSession> {
  let user: User | undefined;
  const token = await checkedInput({
    title: vscode.l10n.t('Sign in to AppHost'),
    prompt: vscode.l10n.t('Paste an API token of your AppHost account'),
    password: true,
    validate: (v) => (v.trim() ? undefined : vscode.l10n.t('Paste the token')),
    check: async (value) => {
      try {
        user = await api.auth.whoami({ token: value.trim() });
        return undefined;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return vscode.l10n.t('This token is not valid (expired, revoked or mistyped).');
        return describe(error);
      }
    },
  });
  return { token: token.trim(), account: accountOf(user!), method: 'token' };
}

function accountOf(user: User): StoredSession['account'] {
  return { id: user.id, email: user.email, role: user.role, workspaces: user.workspaces.length ? user.workspaces : undefined };
}
