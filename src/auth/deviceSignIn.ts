import * as vscode from 'vscode';
import { CancelledError, type ApiClient, type Session } from '../api';
import { UserCancelled } from '../commands/errorReporting';

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
  const target = vscode.Uri.parse(code.verificationUriComplete ?? code.verificationUri);

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
        await sleep(intervalS * 1000, abort.signal);
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

/** Opens the approval page; the code stays one click away if the page was closed. */
async function offerBrowser(target: vscode.Uri, userCode: string): Promise<void> {
  await vscode.env.openExternal(target);
  const copy = vscode.l10n.t('Copy Code');
  const reopen = vscode.l10n.t('Open Browser Again');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Approve the sign-in in your browser with code {0}.', userCode),
    copy,
    reopen,
  );
  if (choice === copy) await vscode.env.clipboard.writeText(userCode);
  if (choice === reopen) await vscode.env.openExternal(target);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new UserCancelled());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new UserCancelled());
    }, { once: true });
  });
}
