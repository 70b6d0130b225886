// Auth: login/logout/whoami, API tokens, and the optional device sign-in.

import type { CallOptions, Requester } from '../callTypes';
import { ApiError } from '../errors';
import type { ApiToken, CreatedApiToken, DeviceCode, DeviceTokenResult, MessageResult, Session, User } from '../models';
import { toApiToken, toCreatedApiToken, toDeviceCode, toMessage, toSession, toUser } from '../modelReaders';
import { isRecord, str } from '../normalize';
import { path } from './path';

export interface LoginInput {
  email: string;
  password: string;
  /** One-time code, for accounts that need it (see `needsOtp`). */
  otpCode?: string;
  /** Optional session label. */
  name?: string;
}

export function authEndpoints(api: Requester) {
  const withSecret = <T extends { token: string }>(v: T): T => {
    api.registerSecret(v.token);
    return v;
  };
  return {
    /** POST /auth/login → session token + user. Sent without Authorization. */
    async login(input: LoginInput, opts?: CallOptions): Promise<Session> {
      api.registerSecret(input.password);
      const body = { email: input.email, password: input.password, otp_code: input.otpCode || undefined, name: input.name };
      const secrets = [input.password, input.otpCode ?? ''];
      const res = await api.request({ method: 'POST', path: '/auth/login', body, anonymous: true, secrets }, opts);
      return withSecret(toSession(res.body));
    },

    /** DELETE /auth/logout: revokes the token used for the call. */
    async logout(opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: '/auth/logout' }, opts)).body);
    },

    /** GET /auth/whoami: also the way to check that a token still works. */
    async whoami(opts?: CallOptions): Promise<User> {
      return toUser((await api.request({ method: 'GET', path: '/auth/whoami' }, opts)).body);
    },

    /** GET /auth/tokens */
    async listTokens(opts?: CallOptions): Promise<ApiToken[]> {
      return (await api.requestList({ method: 'GET', path: '/auth/tokens' }, opts, ['tokens', 'api_tokens'])).map(toApiToken);
    },

    /** POST /auth/tokens: the value is returned only here. Pass the session token in `opts.token`. */
    async createToken(input: { name?: string; expiresAt?: string }, opts?: CallOptions): Promise<CreatedApiToken> {
      const res = await api.request({ method: 'POST', path: '/auth/tokens', body: { name: input.name, expires_at: input.expiresAt } }, opts);
      return withSecret(toCreatedApiToken(res.body));
    },

    /** DELETE /auth/tokens/:id */
    async revokeToken(tokenId: string, opts?: CallOptions): Promise<MessageResult> {
      return toMessage((await api.request({ method: 'DELETE', path: path`/auth/tokens/${tokenId}` }, opts)).body);
    },

    /** POST /auth/device/code (not in the spec): undefined when the server has no device sign-in. */
    async deviceCode(opts?: CallOptions): Promise<DeviceCode | undefined> {
      try {
        const res = await api.request({ method: 'POST', path: '/auth/device/code', anonymous: true }, opts);
        const code = toDeviceCode(res.body);
        return code.deviceCode ? code : undefined;
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 405 || e.status === 501)) return undefined;
        throw e;
      }
    },

    /** POST /auth/device/token: one poll; `pending`/`slow_down` mean "ask again later". */
    async deviceToken(deviceCode: string, opts?: CallOptions): Promise<DeviceTokenResult> {
      try {
        const res = await api.request({ method: 'POST', path: '/auth/device/token', body: { device_code: deviceCode }, anonymous: true, secrets: [deviceCode] }, opts);
        const err = isRecord(res.body) ? str(res.body.error) : undefined;
        if (res.status === 202 || err) return deviceState(err ?? 'authorization_pending') ?? deviceState('authorization_pending')!;
        return { status: 'ok', session: withSecret(toSession(res.body)) };
      } catch (e) {
        if (e instanceof ApiError && [400, 403, 410, 428].includes(e.status)) {
          const state = deviceState(e.code ?? e.messages[0] ?? '', e.status);
          if (state) return state;
        }
        throw e;
      }
    },
  };
}

/** RFC 8628 error codes → poll state; undefined for anything else (a real error). */
function deviceState(code: string, status?: number): Extract<DeviceTokenResult, { message: string }> | undefined {
  const c = code.toLowerCase();
  if (c.includes('slow_down')) return { status: 'slow_down', message: 'Polling too fast' };
  if (c.includes('access_denied') || status === 403) return { status: 'denied', message: 'Sign-in was denied' };
  // wokku: a second fetch after approval (another window, or a retried poll) is a 410 too.
  if (c.includes('already_retrieved')) return { status: 'used', message: 'The sign-in code was already used' };
  if (c.includes('expired') || status === 410) return { status: 'expired', message: 'The sign-in code expired' };
  if (c.includes('authorization_pending')) return { status: 'pending', message: 'Waiting for approval in the browser' };
  return undefined;
}

/** The login failed because the account needs a one-time code (ask for it and retry). */
export function needsOtp(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.messages.some((m) => /otp|one-time|two-factor|2fa/i.test(m));
}
