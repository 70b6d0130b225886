// POST /auth/login, DELETE /auth/logout, GET /auth/whoami, and API tokens.

import { createToken, SESSION_TTL_MS } from '../auth';
import type { Context, PublicContext, RouteTable } from '../http/context';
import { created, HttpError, invalid, message, notFound, unauthorized } from '../http/reply';
import { RATE_LIMIT_BODY } from '../rateLimit';
import type { ServiceState } from '../state';
import { hashPassword, localIso } from '../store';
import type { User } from '../types';
import { str } from '../validate';
import { tokenView, userView } from '../views';

export const INVALID_LOGIN = 'Invalid email or password';
export const OTP_REQUIRED = 'Invalid or missing OTP code. Provide otp_code parameter.';

/**
 * Checks e-mail, password and OTP (shared with the device approval page). Applies the
 * login rate limit; failures of the API login (`countFailures`) count towards an IP ban.
 */
export function verifyCredentials(
  state: ServiceState, ip: string, email: string | undefined, password: string | undefined, otp: string | undefined, countFailures = false,
): User {
  const decision = state.rateLimits.checkLogin(ip, email);
  if (!decision.ok) throw new HttpError(429, RATE_LIMIT_BODY, { 'Retry-After': String(decision.retryAfterSec) });
  const fail = (error: string): HttpError => {
    if (countFailures) state.rateLimits.loginFailed(ip);
    return unauthorized(error);
  };
  const user = email ? state.store.userByEmail(email) : undefined;
  if (!user || !password || user.passwordHash !== hashPassword(user.email, password)) throw fail(INVALID_LOGIN);
  if (user.otp !== null && otp !== user.otp) throw fail(OTP_REQUIRED);
  return user;
}

const unixSeconds = (): number => Math.floor(Date.now() / 1000);

function login(ctx: PublicContext) {
  const { state, body } = ctx;
  const user = verifyCredentials(state, ctx.ip, str(body, 'email'), str(body, 'password'), str(body, 'otp_code'), true);
  const name = str(body, 'name') || `cli-${unixSeconds()}`;
  const expiresAt = localIso(Date.now() + SESSION_TTL_MS);
  const { value } = createToken(state.store, user.id, name, expiresAt);
  return created({ token: value, user: userView(user) });
}

function logout(ctx: Context) {
  ctx.state.store.tokens.delete(ctx.token.id);
  return message('Logged out');
}

function listTokens(ctx: Context) {
  const now = Date.now();
  return [...ctx.state.store.tokens.values()]
    .filter((t) => t.userId === ctx.user.id && (t.expiresAt === null || Date.parse(t.expiresAt) > now))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(tokenView);
}

function createApiToken(ctx: Context) {
  // wokku: `params[:name] || "token-#{Time.current.to_i}"`.
  const name = str(ctx.body, 'name') || `token-${unixSeconds()}`;
  const rawExpiry = ctx.body.expires_at;
  const errors: string[] = [];
  if (name.length > 100) errors.push('Name is too long (maximum is 100 characters)');
  let expiresAt: string | null = null;
  if (rawExpiry !== undefined && rawExpiry !== null && rawExpiry !== '') {
    const ms = typeof rawExpiry === 'string' ? Date.parse(rawExpiry) : NaN;
    if (Number.isNaN(ms)) errors.push('Expires at is not a valid date');
    else if (ms <= Date.now()) errors.push('Expires at must be in the future');
    else expiresAt = localIso(ms);
  }
  if (errors.length) throw invalid(...errors);
  const { token, value } = createToken(ctx.state.store, ctx.user.id, name, expiresAt);
  return created({ id: token.id, token: value, name: token.name });
}

function revokeToken(ctx: Context) {
  const { store } = ctx.state;
  const token = store.tokens.get(ctx.params.id);
  if (!token || token.userId !== ctx.user.id) throw notFound();
  store.tokens.delete(token.id);
  return message('Token revoked');
}

export function authRoutes(r: RouteTable): void {
  r.open('POST', '/auth/login', login);
  r.del('/auth/logout', logout);
  r.get('/auth/whoami', (ctx) => userView(ctx.user));
  r.get('/auth/tokens', listTokens);
  r.post('/auth/tokens', createApiToken);
  r.del('/auth/tokens/:id', revokeToken);
}
