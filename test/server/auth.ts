// Tokens and request authentication. Token values are random 64-hex strings shown
// once; only their sha256 is stored. Login tokens and API tokens are the same kind.

import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { forbidden, unauthorized } from './http/reply';
import { newId, nowIso, sha256, type Store } from './store';
import type { MemberRole, Token, User, Workspace } from './types';

export const MISSING_TOKEN = 'Missing authorization token';
export const INVALID_TOKEN = 'Invalid or expired token';
/** Session tokens from POST /auth/login live this long. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export function createToken(store: Store, userId: string, name: string, expiresAt: string | null): { token: Token; value: string } {
  const value = randomBytes(32).toString('hex');
  const token: Token = { id: newId(), userId, name, hash: sha256(value), createdAt: nowIso(), lastUsedAt: null, expiresAt };
  store.tokens.set(token.id, token);
  return { token, value };
}

/** The bearer value, '' when the header is present but empty, undefined when absent. */
export function bearerValue(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^\s*Bearer\s*(.*)$/i.exec(header);
  return (match ? match[1] : header).trim();
}

export function authenticate(store: Store, req: IncomingMessage): { user: User; token: Token } {
  const value = bearerValue(req);
  if (!value) throw unauthorized(MISSING_TOKEN);
  const token = store.tokenByValue(value);
  if (!token || (token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now())) throw unauthorized(INVALID_TOKEN);
  const user = store.users.get(token.userId);
  if (!user) throw unauthorized(INVALID_TOKEN);
  token.lastUsedAt = nowIso();
  return { user, token };
}

/**
 * The workspace a request applies to. By default, like wokku, the header is ignored: the
 * user's first team, where new records go. With the header option: no header (or an empty
 * one) = the personal workspace; a slug the user is not a member of = 403.
 */
export function resolveWorkspace(store: Store, user: User, slug: string | undefined, honourHeader: boolean): { workspace: Workspace; role: MemberRole } {
  const wanted = honourHeader ? slug?.trim() : undefined;
  if (!wanted) return { workspace: store.personalWorkspace(user.id), role: 'admin' };
  const workspace = store.workspaceBySlug(wanted);
  const membership = workspace && store.membership(workspace.id, user.id);
  if (!workspace || !membership) throw forbidden();
  return { workspace, role: membership.role };
}
