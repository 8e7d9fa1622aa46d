import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  adminWithdrawal,
  adminWithdrawalPage,
  adminWithdrawalQuery,
  rejectWithdrawalBody,
  withdrawalIdParams,
} from '@casino/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { adminWithdrawals, approveWithdrawal, rejectWithdrawal } from './withdrawals.service.ts';

export const withdrawalsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reviewer = { preValidation: requireOperator(ctx, 'withdrawals.review') };
  const tags = ['back office'];
  const security = [{ bearer: [] }];
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.withdrawals,
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: 'Withdrawals to review, newest first (full PIX keys)',
        querystring: adminWithdrawalQuery,
        response: { 200: envelopeSchema(adminWithdrawalPage) },
      },
    },
    async (request) => ok(request, await adminWithdrawals(ctx, request.query)),
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: 'Approve a withdrawal and pay it through the PSP',
        params: withdrawalIdParams,
        response: { 200: envelopeSchema(adminWithdrawal) },
      },
    },
    async (request) => ok(request, await approveWithdrawal(ctx, actorOf(request), request.params.id), 'money.withdrawal_approved'),
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      ...reviewer,
      schema: {
        tags,
        security,
        summary: 'Reject a withdrawal with a reason (the money goes back to the member)',
        params: withdrawalIdParams,
        body: rejectWithdrawalBody,
        response: { 200: envelopeSchema(adminWithdrawal) },
      },
    },
    async (request) =>
      ok(request, await rejectWithdrawal(ctx, actorOf(request), request.params.id, request.body.reason), 'money.withdrawal_rejected'),
  );
};
