import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { adminRebateRates, rebateRatesUpdateBody } from '@casino/shared/schemas/vip-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { getRebateRates, updateRebateRates } from './rebates-admin.service.ts';

/** Back office: the rebate rate grid (DESIGN.md section 10). */
export const rebatesAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['back office'];
  const security = [{ bearer: [] }];

  app.get(
    API.admin.rebateRates,
    {
      preValidation: requireOperator(ctx, 'promotions.read'),
      schema: {
        tags,
        security,
        summary: 'Rebate rates by VIP level and game category, in basis points (30 = 0.30%)',
        response: { 200: envelopeSchema(adminRebateRates) },
      },
    },
    async (request) => ok(request, await getRebateRates(ctx)),
  );

  app.put(
    API.admin.rebateRates,
    {
      preValidation: requireOperator(ctx, 'promotions.manage'),
      schema: {
        tags,
        security,
        summary: 'Set rebate rates of some cells (level, category, rate_bp 0-1000); the next accruals use them; audited',
        body: rebateRatesUpdateBody,
        response: { 200: envelopeSchema(adminRebateRates) },
      },
    },
    async (request) => {
      const actor = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(request, await updateRebateRates(ctx, actor, request.body.rates), 'admin.rebate_rates_saved');
    },
  );
};
