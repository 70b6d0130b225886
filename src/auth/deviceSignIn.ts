import * as vscode from 'vscode';
import { CancelledError, sleep, systemClock, type ApiClient, type Session } from '../api';
import { UserCancelled } from '../model';
import { ask, notify } from '../notices';

/** RFC 8628: on `slow_down` the client adds 5 seconds to its polling interval. */
const SLOW_DOWN_STEP_S = 5;

/**
 * Browser sign-in: shows the one-time code, opens the server's approval page and polls
 * until the user approves there. Resolves to the session, or undefined when the server
 * does not offer device sign-in. Cancellable from the progress notification.
 */
export async function signInWithBrowser(api: ApiClient): Promise<Session | undefined> {
  const code = await api.auth.deviceCode();
  if (!code) return undefined;
  const link = code.verificationUriComplete ?? code.verificationUri;
  const target = await approvalPage(link, api.origin);

  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: vscode.l10n.t('Sign in to AppHost: enter code {0} in your browser', code.userCode),
      cancellable: true,
    },
    async (progress, cancellation) => {
      const abort = new AbortController();
      cancellation.onCancellationRequested(() => abort.abort());
      progress.report({ message: vscode.l10n.t('Waiting for approval at {0}…', code.verificationUri) });
      void offerBrowser(target, code.userCode);

      let intervalS = Math.max(1, code.intervalSec);
      const deadline = Date.now() + code.expiresInSec * 1000;
      while (Date.now() < deadline) {
        await sleep(systemClock, intervalS * 1000, abort.signal);
        if (abort.signal.aborted) throw new UserCancelled();
        let result;
        try {
          result = await api.auth.deviceToken(code.deviceCode, { signal: abort.signal });
        } catch (error) {
          if (error instanceof CancelledError) throw new UserCancelled();
          throw error;
        }
        switch (result.status) {
          case 'ok':
            return result.session;
          case 'slow_down':
            intervalS += SLOW_DOWN_STEP_S;
            break;
          case 'denied':
            throw new Error(vscode.l10n.t('Sign-in was denied in the browser. Run "AppHost: Sign In" to try again.'));
          case 'used':
            throw new Error(vscode.l10n.t('This sign-in code was already used, perhaps by another window. Run "AppHost: Sign In" to get a new one.'));
          case 'expired':
            throw new Error(vscode.l10n.t('The sign-in code expired before it was approved. Run "AppHost: Sign In" to get a new one.'));
          case 'pending':
            break;
        }
      }
      throw new Error(vscode.l10n.t('The sign-in code expired before it was approved. Run "AppHost: Sign In" to get a new one.'));
    },
  );
}

/**
 * The approval page to open: only an http(s) link on the service's own host is opened as
 * is. Anything else (another host, `file:`, `command:`…) is shown and the user decides;
 * declining ends the sign-in.
 */
export async function approvalPage(link: string, serviceOrigin: string): Promise<vscode.Uri> {
  if (isServiceLink(link, serviceOrigin)) return vscode.Uri.parse(link, true);
  const open = vscode.l10n.t('Open Link');
  const choice = await ask('warning',
    vscode.l10n.t('The service asks to open a sign-in page that is not on {0}', new URL(serviceOrigin).host), vscode.l10n.t('Link: {0}\n\nOpen it only if you trust it. Cancel stops signing in.', link.length > 300 ? `${link.slice(0, 300)}…` : link),
    open);
  if (choice !== open) throw new UserCancelled();
  return vscode.Uri.parse(link, true);
}

/** An http(s) URL on the service's host (same host name, any port). */
export function isServiceLink(link: string, serviceOrigin: string): boolean {
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname === new URL(serviceOrigin).hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Opens the approval page; the code stays one click away if the page was closed. */
async function offerBrowser(target: vscode.Uri, userCode: string): Promise<void> {
  await vscode.env.openExternal(target);
  const copy = vscode.l10n.t('Copy Code');
  const reopen = vscode.l10n.t('Open Browser Again');
  const choice = await notify('info',
    vscode.l10n.t('Approve the sign-in in your browser with code {0}.', userCode),
    copy,
    reopen,
  );
  if (choice === copy) await vscode.env.clipboard.writeText(userCode);
  if (choice === reopen) await vscode.env.openExternal(target);
}

