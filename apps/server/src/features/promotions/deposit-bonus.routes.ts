import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { depositBonusOptions as depositBonusOptionsSchema } from '@casino/shared/schemas/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { depositBonusOptions } from './activities.service.ts';

/** GET /api/recharge/bonuses: what the recharge page offers to choose from (one bonus per deposit). */
export const depositBonusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.rechargeBonuses,
    {
      preValidation: requireMember(ctx),
      schema: {
        tags: ['promotions'],
        security: [{ bearer: [] }],
        summary: "The deposit bonuses a new deposit can fund, with their terms, and the site's bonus stacking",
        querystring: z.object({ lang: z.string().max(8).optional() }),
        response: { 200: envelopeSchema(depositBonusOptionsSchema) },
      },
    },
    async (request) => ok(request, await depositBonusOptions(ctx, memberOf(request).member, requestLang(request))),
  );
};
