// POST /auth/login, DELETE /auth/logout, GET /auth/whoami, and API tokens.

import { createToken, SESSION_TTL_MS } from '../auth';
import type { Context, PublicContext, RouteTable } from '../http/context';
import { badRequest, created, HttpError, invalid, message, notFound, unauthorized } from '../http/reply';
import { RATE_LIMIT_BODY } from '../rateLimit';
import type { ServiceState } from '../state';
import { hashPassword } from '../store';
import type { User } from '../types';
import { str } from '../validate';
import { tokenView, userView } from '../views';

export const INVALID_LOGIN = 'Invalid email or password';
export const OTP_REQUIRED = 'Invalid or missing OTP code. Provide otp_code parameter.';

/** Checks e-mail, password and OTP (shared with the device approval page). Applies the login rate limit. */
export function verifyCredentials(state: ServiceState, ip: string, email: string | undefined, password: string | undefined, otp: string | undefined): User {
  const decision = state.rateLimits.checkLogin(ip, email);
  if (!decision.ok) throw new HttpError(429, RATE_LIMIT_BODY, { 'Retry-After': String(decision.retryAfterSec) });
  if (!email || !password) throw badRequest('email and password are required');
  const user = state.store.userByEmail(email);
  if (!user || user.passwordHash !== hashPassword(user.email, password)) throw unauthorized(INVALID_LOGIN);
  if (user.otp !== null && otp !== user.otp) throw unauthorized(OTP_REQUIRED);
  return user;
}

function login(ctx: PublicContext) {
  const { state, body } = ctx;
  const user = verifyCredentials(state, ctx.ip, str(body, 'email'), str(body, 'password'), str(body, 'otp_code'));
  const name = str(body, 'name') || 'Session';
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS).toISOString();
  const { value } = createToken(state.store, user.id, name, expiresAt);
  state.store.recordActivity({
    workspaceId: state.store.personalWorkspace(user.id).id, userId: user.id, action: 'user.login',
    description: `${user.email} signed in (${name})`, targetName: user.email, targetType: 'User',
  });
  return created({ token: value, user: userView(user) });
}

function logout(ctx: Context) {
  const { store } = ctx.state;
  store.tokens.delete(ctx.token.id);
  store.recordActivity({
    workspaceId: store.personalWorkspace(ctx.user.id).id, userId: ctx.user.id, action: 'user.logout',
    description: `${ctx.user.email} signed out (${ctx.token.name})`, targetName: ctx.user.email, targetType: 'User',
  });
  return message('Logged out');
}

function listTokens(ctx: Context) {
  return [...ctx.state.store.tokens.values()]
    .filter((t) => t.userId === ctx.user.id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(tokenView);
}

function createApiToken(ctx: Context) {
  const name = str(ctx.body, 'name');
  const rawExpiry = ctx.body.expires_at;
  const errors: string[] = [];
  if (!name) errors.push("Name can't be blank");
  else if (name.length > 100) errors.push('Name is too long (maximum is 100 characters)');
  let expiresAt: string | null = null;
  if (rawExpiry !== undefined && rawExpiry !== null && rawExpiry !== '') {
    const ms = typeof rawExpiry === 'string' ? Date.parse(rawExpiry) : NaN;
    if (Number.isNaN(ms)) errors.push('Expires at is not a valid date');
    else if (ms <= Date.now()) errors.push('Expires at must be in the future');
    else expiresAt = new Date(ms).toISOString();
  }
  if (errors.length) throw invalid(...errors);
  const { token, value } = createToken(ctx.state.store, ctx.user.id, name!, expiresAt);
  ctx.state.store.recordActivity({
    workspaceId: ctx.state.store.personalWorkspace(ctx.user.id).id, userId: ctx.user.id, action: 'token.create',
    description: `API token "${token.name}" created`, targetName: token.name, targetType: 'ApiToken',
  });
  return created({ id: token.id, token: value, name: token.name });
}

function revokeToken(ctx: Context) {
  const { store } = ctx.state;
  const token = store.tokens.get(ctx.params.id);
  if (!token || token.userId !== ctx.user.id) throw notFound();
  store.tokens.delete(token.id);
  store.recordActivity({
    workspaceId: store.personalWorkspace(ctx.user.id).id, userId: ctx.user.id, action: 'token.revoke',
    description: `API token "${token.name}" revoked`, targetName: token.name, targetType: 'ApiToken',
  });
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
