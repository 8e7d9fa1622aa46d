import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { drawingBody, withdrawal, withdrawalListBody, withdrawalListResponse } from '@casino/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { memberWithdrawals, requestWithdrawal } from './withdrawals.service.ts';

export const withdrawalsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const member = { preHandler: requireMember(ctx) };
  const tags = ['withdrawals'];
  const security = [{ bearer: [] }];

  app.post(
    API.drawing,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'Ask to withdraw to one of the member’s PIX keys (the money leaves cash at once)',
        body: drawingBody,
        response: { 200: envelopeSchema(withdrawal) },
      },
    },
    async (request) => ok(request, await requestWithdrawal(ctx, memberOf(request).member, request.body), 'money.withdrawal_submitted'),
  );

  app.post(
    API.drawingList,
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'The member’s withdrawals, newest first',
        body: withdrawalListBody,
        response: { 200: envelopeSchema(withdrawalListResponse) },
      },
    },
    async (request) => {
      const page = request.body?.page ?? 1;
      const pageSize = request.body?.page_size ?? 20;
      return ok(request, await memberWithdrawals(ctx, memberOf(request).member.id, page, pageSize));
    },
  );
};
