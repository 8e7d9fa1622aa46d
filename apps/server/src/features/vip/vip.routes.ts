import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { emptyBody } from '@casino/shared/schemas/auth';
import { vipHistoryBody, vipHistoryResponse, vipInfoResponse } from '@casino/shared/schemas/vip';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok } from '../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { vipHistory, vipInfo } from './vip.service.ts';

const tags = ['vip'];
const security = [{ bearer: [] }];

/** POST api/member/vip/info and api/member/vip/history (spec section 7): the caller's own VIP standing. */
export const vipRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = requireMember(ctx);
  const memberOnly = member;

  app.post(
    API.vipInfo,
    {
      preValidation: memberOnly,
      schema: {
        tags,
        security,
        summary: "The member's VIP, slot and live levels with progress to the next, and the level table with rebate rates",
        body: emptyBody,
        response: { 200: envelopeSchema(vipInfoResponse) },
      },
    },
    async (request) => ok(request, await vipInfo(ctx, memberOf(request).member.id)),
  );

  app.post(
    API.vipHistory,
    {
      preValidation: memberOnly,
      schema: {
        tags,
        security,
        summary: "The member's level climbs (VIP, slot, live) with the rewards paid, newest first",
        body: vipHistoryBody,
        response: { 200: envelopeSchema(vipHistoryResponse) },
      },
    },
    async (request) => ok(request, await vipHistory(ctx, memberOf(request).member.id, request.body.page, request.body.page_size)),
  );
};
