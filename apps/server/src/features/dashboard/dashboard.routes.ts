import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import { dashboardQuery, dashboardResponse } from '@casino/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { dashboard } from './dashboard.service.ts';

/**
 * Back office: the landing dashboard. Any operator may open it; each section is filled only for a
 * role holding its report's permission (the others come back null or are left out).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    API.admin.dashboard,
    {
      preValidation: requireOperator(ctx),
      schema: {
        tags: ['back office'],
        security: [{ bearer: [] }],
        summary: "Today and the period's deposits, withdrawals, GGR by product, bonus cost, players; open queues and alerts",
        querystring: dashboardQuery,
        response: { 200: envelopeSchema(dashboardResponse) },
      },
    },
    async (request) => ok(request, await dashboard(ctx, operatorOf(request).operator.role, request.query)),
  );
};
