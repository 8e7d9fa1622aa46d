import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { type Authenticated, authenticate } from './authenticate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Authenticated;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i.exec(header.trim());
  return match?.[1];
}

/** A call that carries no credential at all: a visitor, not a lost session. */
export function isVisitor(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header !== 'string' || /^(Bearer)?\s*$/i.test(header.trim());
}

/**
 * The member guard, run as `preValidation` so a visitor hears 401 before any 422 about the body.
 * A visitor reads "Currently not logged in, please log in first" (spec section 6); a bad, expired
 * or revoked token reads "Unauthenticated." (with force_offline when an operator forced it off).
 * The member id comes only from the session.
 */
export function requireMember(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    if (isVisitor(request)) throw new AppError('NOT_LOGGED_IN');
    request.auth = await authenticate(ctx, bearerToken(request));
  };
}

/** The authenticated member of a request that went through requireMember. */
export function memberOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('route is missing the requireMember guard');
  return request.auth;
}
