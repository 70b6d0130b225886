// What a route handler receives, and how route modules register themselves.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceState } from '../state';
import type { MemberRole, Token, User, Workspace } from '../types';
import type { JsonObject } from './body';

export interface PublicContext {
  state: ServiceState;
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Path below /api/v1, e.g. '/apps/shop/logs'. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  ip: string;
  /** Parsed JSON object body; {} for GET or an empty body. */
  body: JsonObject;
}

export interface Context extends PublicContext {
  user: User;
  token: Token;
  workspace: Workspace;
  /** The caller's role in the selected workspace ('admin' in the personal one). */
  role: MemberRole;
}

export type Handler<C> = (ctx: C) => unknown;

export type RouteEntry =
  | { auth: false; handler: Handler<PublicContext> }
  | { auth: true; handler: Handler<Context>; raw?: boolean };

export interface RouteTable {
  get(path: string, handler: Handler<Context>): void;
  post(path: string, handler: Handler<Context>): void;
  put(path: string, handler: Handler<Context>): void;
  del(path: string, handler: Handler<Context>): void;
  /** A POST whose body the handler reads itself from `ctx.req` (a stream, never parsed or buffered). */
  postRaw(path: string, handler: Handler<Context>): void;
  /** A route without authentication (login, device sign-in). */
  open(method: string, path: string, handler: Handler<PublicContext>): void;
}
