import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type Authenticated, authenticate } from './auth.service.ts';

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

/** preHandler that requires a member session; the member id comes only from the session. */
export function requireMember(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(ctx, bearerToken(request));
  };
}

/** The authenticated member of a request that went through requireMember. */
export function memberOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('route is missing the requireMember preHandler');
  return request.auth;
}
