import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Member, Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { authenticate } from '../auth/authenticate.ts';
import { bearerToken } from '../auth/guards.ts';
import { resolveSite } from './resolve-site.ts';
import { findSiteById } from './sites.repository.ts';

/** The caller's member when a live session comes with the request; a stale or missing one reads as a visitor. */
export async function optionalMember(ctx: AppContext, request: FastifyRequest): Promise<Member | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  try {
    return (await authenticate(ctx, token)).member;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** Who reads a public page and for which site: a member reads their own site, a visitor the request's. */
export async function viewerAndSite(
  ctx: AppContext,
  request: FastifyRequest,
  query: { site?: string | undefined; host?: string | undefined },
): Promise<{ site: Site; member: Member | undefined }> {
  const member = await optionalMember(ctx, request);
  const own = member ? await findSiteById(ctx.db, member.site_id) : undefined;
  return { site: own ?? (await resolveSite(ctx.db, { ...query, requestHost: request.hostname })), member };
}
