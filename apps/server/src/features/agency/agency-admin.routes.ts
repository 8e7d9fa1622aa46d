import { API } from '@casino/shared/api-paths';
import { envelopeSchema } from '@casino/shared/envelope';
import {
  agencyCommissionsPage,
  agencyCommissionsQuery,
  agencyRatesBody,
  agencyRatesResponse,
  agencySettleBody,
  agencySettleResponse,
  agencySettlementsPage,
  agencySettlementsQuery,
} from '@casino/shared/schemas/agency-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { operatorOf, requireOperator } from '../../platform/auth/operator-guard.ts';
import { agencyCommissions, agencyRates, agencySettlements, saveAgencyRates, settleDayByOperator } from './agency-admin.service.ts';

const tags = ['back office'];
const security = [{ bearer: [] }];

/** The back office's agency: commission rates, daily settlements and the commissions paid (agency.manage). */
export const agencyAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const manager = { preValidation: requireOperator(ctx, 'agency.manage') };
  const actorOf = (request: Parameters<typeof operatorOf>[0]) => ({ operatorId: operatorOf(request).operator.id, ip: request.ip });

  app.get(
    API.admin.agencyRates,
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: 'Agency commission rates by level (basis points of recharge and valid bets)',
        querystring: z.object({ lang: z.string().max(8).optional() }),
        response: { 200: envelopeSchema(agencyRatesResponse) },
      },
    },
    async (request) => ok(request, await agencyRates(ctx)),
  );

  app.put(
    API.admin.agencyRates,
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: 'Saves the rates of every level (later settlements and pending figures use them)',
        body: agencyRatesBody,
        response: { 200: envelopeSchema(agencyRatesResponse) },
      },
    },
    async (request) => ok(request, await saveAgencyRates(ctx, actorOf(request), request.body), 'agency.rates_saved'),
  );

  app.get(
    API.admin.agencySettlements,
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: 'Daily settlements, newest day first',
        querystring: agencySettlementsQuery,
        response: { 200: envelopeSchema(agencySettlementsPage) },
      },
    },
    async (request) => ok(request, await agencySettlements(ctx, request.query)),
  );

  app.post(
    API.admin.agencySettle,
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: 'Settles one finished São Paulo day (again: pays only what is still unpaid)',
        body: agencySettleBody,
        response: { 200: envelopeSchema(agencySettleResponse) },
      },
    },
    async (request) => ok(request, await settleDayByOperator(ctx, actorOf(request), request.body.day), 'agency.day_settled'),
  );

  app.get(
    API.admin.agencyCommissions,
    {
      ...manager,
      schema: {
        tags,
        security,
        summary: 'Commissions paid, newest first (filters: agent, day)',
        querystring: agencyCommissionsQuery,
        response: { 200: envelopeSchema(agencyCommissionsPage) },
      },
    },
    async (request) => ok(request, await agencyCommissions(ctx, request.query)),
  );
};
