import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  rebatesClaimResponse,
  rebatesDetailsBody,
  rebatesDetailsResponse,
  rebatesListBody,
  rebatesListResponse,
} from '@casino/shared/schemas/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { claimRebates, rebateDetails, rebatesList } from './rebates.service.ts';

const tags = ['rebates'];
const security = [{ bearer: [] }];

/** POST /api/games/rebates/list, /details (spec section 7) and /claim (ours): the caller's own rebates. */
export const rebatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = requireMember(ctx);
  const memberOnly = member;

  app.post(
    API.rebates.list,
    {
      preValidation: memberOnly,
      schema: {
        tags,
        security,
        summary: 'Rebate rates by VIP level and category, and the member’s fs_money, pending rebate and total claimed',
        body: rebatesListBody,
        response: { 200: envelopeSchema(rebatesListResponse) },
      },
    },
    async (request) => ok(request, await rebatesList(ctx, memberOf(request).member.id)),
  );

  app.post(
    API.rebates.details,
    {
      preValidation: memberOnly,
      schema: {
        tags,
        security,
        summary: 'Valid bets and accrued rebate per day and category (days: 1, 3 or 7), newest first',
        body: rebatesDetailsBody,
        response: { 200: envelopeSchema(rebatesDetailsResponse) },
      },
    },
    async (request) => ok(request, await rebateDetails(ctx, memberOf(request).member.id, request.body)),
  );

  app.post(
    API.rebates.claim,
    {
      preValidation: memberOnly,
      schema: {
        tags,
        security,
        summary: 'Moves the whole accrued rebate (fs_money) to cash with a 1x turnover requirement; pays once',
        body: rebatesListBody,
        response: { 200: envelopeSchema(rebatesClaimResponse) },
      },
    },
    async (request) => ok(request, await claimRebates(ctx, memberOf(request).member.id), 'promo.claimed'),
  );
};
