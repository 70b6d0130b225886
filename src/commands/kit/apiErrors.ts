// Failures of the service in words that name the action: a 422's validation messages,
// an unreachable host (503).
import * as vscode from 'vscode';
import { ApiError, summarizeMessages } from '../../api';

/**
 * Rewords what the service said so that it names the action: the validation messages of
 * a 422 (`{errors:[...]}` or the platform's stderr; the first few, the full list stays in
 * the cause for Show Details), and what to do about an unreachable host (503). Other
 * errors pass through unchanged.
 */
export function explainApiError(error: unknown, action: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.status === 422) return new Error(vscode.l10n.t('{0}: {1}', action, summarizeMessages(error.messages)), { cause: error });
  if (error.status === 503) {
    return new Error(vscode.l10n.t('{0}: the app\'s server cannot be reached ({1}). Try again when it is back.', action, error.message), { cause: error });
  }
  return error;
}

/** Runs a call and rewords its failure with `explainApiError`. */
export async function explained<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw explainApiError(error, action);
  }
}
