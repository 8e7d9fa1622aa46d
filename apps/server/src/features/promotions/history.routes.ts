import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { coverHistoryBody, coverHistoryResponse } from '@casino/shared/schemas/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLang } from '../../lib/http.ts';
import { memberOf, requireMember } from '../../platform/auth/guards.ts';
import { coverHistory, promotionHistory } from './history.service.ts';

/** POST /api/cover/history (every bonus credited) and POST /api/promotion/history (activity claims). */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preValidation: requireMember(ctx) };
  const tags = ['promotions'];
  const security = [{ bearer: [] }];

  app.post(
    API.coverHistory,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Every bonus credited to the member: source, amount, wagering and status, newest first',
        body: coverHistoryBody,
        response: { 200: envelopeSchema(coverHistoryResponse) },
      },
    },
    async (request) => ok(request, await coverHistory(ctx, memberOf(request).member, request.body, requestLang(request))),
  );

  app.post(
    API.promotionHistory,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "The member's activity claims, newest first (today, 3 or 7 days)",
        body: coverHistoryBody,
        response: { 200: envelopeSchema(coverHistoryResponse) },
      },
    },
    async (request) => ok(request, await promotionHistory(ctx, memberOf(request).member, request.body, requestLang(request))),
  );
};
