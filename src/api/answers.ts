// What a failure says about the service's answer, beyond its status: an answer the proxy in
// front cut or lost (the work may go on behind it), and a refusal wokku rescued into a 422.

import { ApiError, AppHostError, TimeoutError } from './errors';

/**
 * Why a write's answer never came: the proxy in front stopped waiting (504) or lost the
 * answer (502), the connection dropped after the request left, or AppHost stopped waiting.
 * In each case the service may have done it, or be doing it still: it is never sent again.
 */
export type LostAnswer = 'gatewayTimeout' | 'badGateway' | 'dropped' | 'timedOut';

export function lostAnswer(error: unknown): LostAnswer | undefined {
  if (error instanceof ApiError) return error.status === 504 ? 'gatewayTimeout' : error.status === 502 ? 'badGateway' : undefined;
  if (!(error instanceof AppHostError) || !error.outcomeUnknown) return undefined;
  return error instanceof TimeoutError ? 'timedOut' : 'dropped';
}

/**
 * wokku's actions that end in `rescue => e` answer Pundit's refusal as 422
 * `{"error":"not allowed to ServerPolicy#update? this Server"}`: the policy, the question
 * and the record it refused, or undefined for any other failure.
 */
export function policyRefusal(error: unknown): { policy: string; query: string; record: string } | undefined {
  if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 403)) return undefined;
  for (const message of [error.message, ...error.messages]) {
    const m = /not allowed to (\w+)#(\w+\??)(?: this (\w+))?/.exec(message);
    if (m) return { policy: m[1], query: m[2], record: m[3] ?? '' };
  }
  return undefined;
}

/** The plan's app limit (402 "App limit reached for your plan (N)"). */
export function isAppLimit(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402 && /app limit/i.test([error.message, ...error.messages].join('\n'));
}
