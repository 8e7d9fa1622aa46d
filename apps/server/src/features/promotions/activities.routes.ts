import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  ACTIVITY_TYPES,
  activityCheck,
  activityCheckBody,
  activityClaimBody,
  activityOverviewItem,
  claimResult,
} from '@casino/shared/schemas/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, ok, requestLang } from '../../lib/http.ts';
import { bearerToken, memberOf, requireMember } from '../../platform/auth/guards.ts';
import { authenticate } from '../../platform/auth/authenticate.ts';
import { resolveSite } from '../../platform/sites/resolve-site.ts';
import { activitiesOverview, checkActivity, claimActivity } from './activities.service.ts';

const tags = ['promotions'];
const security = [{ bearer: [] }];

/** POST /api/<type>/check and /api/<type>/claim for every activity, and the overview. */
export const activitiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = requireMember(ctx);
  const memberOnly = member;

  for (const type of ACTIVITY_TYPES) {
    app.post(
      API.activity(type, 'check'),
      {
        preValidation: memberOnly,
        schema: {
          tags,
          security,
          summary: `Activity ${type}: the member's eligibility and reward`,
          body: activityCheckBody,
          response: { 200: envelopeSchema(activityCheck) },
        },
      },
      async (request) => {
        const lang = requestLang(request);
        return ok(request, await checkActivity(ctx, memberOf(request).member, type, lang, request.body));
      },
    );
    app.post(
      API.activity(type, 'claim'),
      {
        preValidation: memberOnly,
        schema: {
          tags,
          security,
          summary: `Activity ${type}: claims the reward (idempotent: a second claim pays nothing)`,
          body: activityClaimBody,
          response: { 200: envelopeSchema(claimResult) },
        },
      },
      async (request) => {
        const lang = requestLang(request);
        return ok(request, await claimActivity(ctx, memberOf(request).member, type, lang, request.body), 'promo.claimed');
      },
    );
  }

  app.get(
    API.activitiesOverview,
    {
      schema: {
        tags,
        summary: "The site's activities with the caller's state (visitors: 'visitor')",
        querystring: z.object({ lang: z.string().max(8).optional(), site: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.array(activityOverviewItem)) },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      let viewer: Awaited<ReturnType<typeof authenticate>>['member'] | undefined;
      if (token) {
        try {
          viewer = (await authenticate(ctx, token)).member;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
        }
      }
      const site = await resolveSite(ctx.db, { site: request.query.site, requestHost: request.headers.host });
      return ok(request, await activitiesOverview(ctx, site, viewer, requestLang(request)));
    },
  );
};
