// Failures of the service in words that name the action: a 422's validation messages,
// a refusal by one of the service's policies, the plan's app limit, an upload the proxy in
// front refused (413), an unreachable host (503).
import * as vscode from 'vscode';
import { ApiError, isAppLimit, policyRefusal, summarizeMessages } from '../api';
import { byteSize } from '../format';

const MB = 1024 * 1024;

export interface ExplainOptions {
  /** An upload: its size, for a 413 (`atLeast`: what was sent when it was refused, of a body of unknown size). */
  upload?: { bytes: number; atLeast?: boolean };
}

/**
 * Rewords what the service said so that it names the action: the validation messages of
 * a 422 (`{errors:[...]}` or the platform's stderr; the first few, the full list stays in
 * the cause for Show Details), what to do about an unreachable host (503), a refusal wokku
 * rescued into a 422 (a permission), the app limit (preview apps count), an upload over
 * the front's limit (413: its HTML page is never shown). Other errors pass through unchanged.
 */
export function explainApiError(error: unknown, action: string, options: ExplainOptions = {}): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 413) return new Error(uploadRefusedText(action, options.upload), { cause: error });
  if (policyRefusal(error)) {
    return new Error(vscode.l10n.t('{0}: your account is not allowed to do this on this service (it refused: "{1}"). Ask an administrator of the service.', action, error.message), { cause: error });
  }
  if (isAppLimit(error)) {
    return new Error(vscode.l10n.t('{0}: {1}. Preview apps count toward this limit: delete the previews you no longer need, or upgrade the plan.', action, error.message), { cause: error });
  }
  if (error.status === 422) return new Error(vscode.l10n.t('{0}: {1}', action, summarizeMessages(error.messages)), { cause: error });
  if (error.status === 503) {
    return new Error(vscode.l10n.t('{0}: the app\'s server cannot be reached ({1}). Try again when it is back.', action, error.message), { cause: error });
  }
  return error;
}

/** A 413 is the proxy in front (Dokku's nginx, kamal-proxy, Thruster), never the service: what it refused, and the operator's fix. */
function uploadRefusedText(action: string, upload: ExplainOptions['upload']): string {
  const size = upload && byteSize(upload.bytes);
  const refused = !size
    ? vscode.l10n.t('the proxy in front of the service refuses uploads over its size limit (413)')
    : upload?.atLeast
      ? vscode.l10n.t('the proxy in front of the service refuses uploads over its size limit, and it refused this one after {0} (413)', size)
      : vscode.l10n.t('the proxy in front of the service refuses uploads over its size limit, and this one ({0}) is over it (413)', size);
  // A limit with room to spare, in nginx's syntax.
  const limit = upload ? `${Math.ceil((upload.bytes * 1.2) / MB)}m` : '<size>';
  return vscode.l10n.t('{0}: {1}. The service never saw it, and AppHost did not send it again. The service\'s operator can raise the limit: on Dokku, `dokku nginx:set <app> client-max-body-size {2}` then `dokku proxy:build-config <app>`; behind Kamal, the proxy\'s `max_request_body` (kamal-proxy) or `MAX_REQUEST_BODY` (Thruster).', action, refused, limit);
}

/** Runs a call and rewords its failure with `explainApiError`. */
export async function explained<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw explainApiError(error, action);
  }
}
